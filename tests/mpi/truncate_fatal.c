/* A truncated receive under the default error handler, MPI_ERRORS_ARE_FATAL: the job must end with a
 * non-zero status and a line naming the rank, MPI_Recv and MPI_ERR_TRUNCATE, although every other rank is
 * blocked in a barrier that can never complete. Rank 0 sends 100 bytes; the last rank (rank 0 itself
 * when alone) offers room for 10. */
#include "mpitest.h"

enum { SENT = 100, ROOM = 10 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char out[SENT] = {0}, in[ROOM];
  MPI_Request req = MPI_REQUEST_NULL;

  if (rank == 0) MPI_Isend(out, SENT, MPI_BYTE, size - 1, 0, MPI_COMM_WORLD, &req);
  if (rank == size - 1) {
    MPI_Recv(in, ROOM, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    /* Reached only if the error was not fatal; the abort keeps the other ranks from waiting forever. */
    fprintf(stderr, "rank %d: a truncated receive returned under MPI_ERRORS_ARE_FATAL\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 99);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
