/* A put past the end of its target window under the default error handler, MPI_ERRORS_ARE_FATAL: the job
 * must end with a non-zero status and a line naming the rank, MPI_Put, MPI_ERR_RMA_RANGE and the argument
 * target_disp, although every other rank is blocked in a barrier that can never complete. The last rank
 * (rank 0 itself when alone) puts at displacement 4 of rank 0's window of 4 ints. The window covers half of
 * its buffer, so that an MPI which does not check the range (MPICH 4.0.2 and Open MPI 4.1.4 do not: this
 * test is for Weft) writes into memory of the program's own and the test fails cleanly. */
#include "mpitest.h"

enum { WINDOW_INTS = 4 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *buffer = calloc(2 * WINDOW_INTS, sizeof(int)), value = 1;
  MPI_Win win;
  MPI_Win_create(buffer, WINDOW_INTS * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

  if (rank == size - 1) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Put(&value, 1, MPI_INT, 0, WINDOW_INTS, 1, MPI_INT, win);
    MPI_Win_unlock(0, win);
    /* Reached only if the error was not fatal; the abort keeps the other ranks from waiting forever. */
    fprintf(stderr, "rank %d: a put past the window's end returned under MPI_ERRORS_ARE_FATAL\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 99);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  free(buffer);
  MPI_Finalize();
  return 0;
}
