/* CPU used by ranks that wait. Every rank but 0 reports its pid to rank 0 and blocks in MPI_Recv; rank 0
 * then waits --seconds (10 by default, 2 with --quick) with MPI_Wtime and nanosleep, measuring the
 * process's CPU time with getrusage(RUSAGE_SELF), and finally releases the others. getrusage covers rank
 * 0's process only, so the result means "the whole job" only when every rank runs in that process, as in
 * Weft; otherwise (a process-based MPI with more than one rank) a '#' line says so instead.
 *
 *   RESULT idle_cpu_percent <ranks> <percent of one core> % */
/* bench_common.h first: it chooses the POSIX features the system headers then declare. */
#include "bench_common.h"
/* The system. */
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

enum { TAG_WAITING = 1, TAG_RELEASE = 2 };

static double process_cpu_seconds(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

static void sleep_until(double deadline) {
  for (double left; (left = deadline - MPI_Wtime()) > 0;) {
    struct timespec pause = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
    nanosleep(&pause, NULL);
  }
}

static int release_value(int rank) { return 3 * rank + 1; }

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  double seconds = o.seconds > 0 ? o.seconds : o.quick ? 2 : 10;
  int rank = bench_rank(), nranks = bench_size();

  if (rank != 0) {
    long pid = (long)getpid();
    int released = -1;
    MPI_Send(&pid, 1, MPI_LONG, 0, TAG_WAITING, MPI_COMM_WORLD);
    MPI_Recv(&released, 1, MPI_INT, 0, TAG_RELEASE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (released != release_value(rank))
      bench_fail("idle_cpu: released with %d, expected %d", released, release_value(rank));
  } else {
    /* Once a rank's pid is here, that rank is on its way into MPI_Recv. */
    int shared = 1;
    for (int r = 1; r < nranks; r++) {
      long pid = 0;
      MPI_Recv(&pid, 1, MPI_LONG, MPI_ANY_SOURCE, TAG_WAITING, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      shared = shared && pid == (long)getpid();
    }
    double cpu = process_cpu_seconds(), start = MPI_Wtime();
    sleep_until(start + seconds);
    double percent = (process_cpu_seconds() - cpu) / (MPI_Wtime() - start) * 100;
    for (int r = 1; r < nranks; r++) {
      int value = release_value(r);
      MPI_Send(&value, 1, MPI_INT, r, TAG_RELEASE, MPI_COMM_WORLD);
    }
    if (shared)
      bench_result("idle_cpu_percent", (size_t)nranks, percent, "%");
    else
      bench_comment(
          "idle_cpu_percent is measured for single-process jobs only (Weft): the ranks of this job "
          "run in several processes, and getrusage covers rank 0's alone");
  }

  MPI_Finalize();
  return 0;
}
