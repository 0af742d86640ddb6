/* Random per-rank delays for tests of synchronization: nothing, a sleep that holds the rank's whole worker
 * (the other worker's ranks run ahead), or a few yields (the ranks of this worker run ahead). Seeded per
 * rank, so a run is reproducible in what each rank draws. Needs _POSIX_C_SOURCE 200809L before any
 * include. */
#ifndef WEFT_TESTS_RANDOM_DELAY_H
#define WEFT_TESTS_RANDOM_DELAY_H

#include <mpi.h>
#include <stdlib.h>
#include <time.h>

static inline void random_delay(unsigned* state) {
  unsigned r = (unsigned)rand_r(state) % 8;
  if (r == 0) {
    struct timespec pause = {0, (long)((unsigned)rand_r(state) % 200) * 1000};
    nanosleep(&pause, NULL);
  } else if (r == 1) {
    for (int i = rand_r(state) % 20; i > 0; i--) {
      int flag; /* a probe that finds nothing yields */
      MPI_Iprobe(MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
  }
}

#endif /* WEFT_TESTS_RANDOM_DELAY_H */
