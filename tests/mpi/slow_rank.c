/* A rank that computes, then sleeps, for several deadlock periods while every other rank waits for it in
 * MPI_Bcast: it is not blocked in MPI, so Weft must not report a deadlock (run with WEFT_DEADLOCK_SECONDS=1). */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <time.h>

#include "mpitest.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int value = 0;
  if (rank == 0) {
    volatile double sum = 0;
    double start = MPI_Wtime();
    while (MPI_Wtime() - start < 1.5) sum += 1.0;
    struct timespec pause = {1, 500000000};
    nanosleep(&pause, NULL);
    value = 42;
  }
  MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  CHECK(value == 42, "rank %d got %d", rank, value);
  /* And once more with the slow rank last: everyone else waits for it in a receive. */
  if (rank == size - 1) {
    double start = MPI_Wtime();
    while (MPI_Wtime() - start < 1.5) {
    }
  }
  if (rank == 0 && size > 1)
    MPI_Recv(&value, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  else if (rank == size - 1 && size > 1)
    MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("slow_rank: ok\n");
  MPI_Finalize();
  return 0;
}
