/* Time on CLOCK_MONOTONIC, which all processes of a machine share, so that tests compare times taken on
 * different node processes (mpirun --nodes runs them on one machine). A program including this defines
 * _POSIX_C_SOURCE 200809L before any header. */
#ifndef WEFT_TESTS_MACHINE_CLOCK_H
#define WEFT_TESTS_MACHINE_CLOCK_H

#include <time.h>

static inline double machine_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Busy until `seconds` have passed, calling nothing of MPI: the rank's worker runs nothing else meanwhile. */
static inline void busy_for(double seconds) {
  double until = machine_now() + seconds;
  while (machine_now() < until) {
  }
}

#endif
