/* Every rank but rank 0 waits in MPI_Recv while rank 0 sleeps for a second, then rank 0 releases them one
 * by one. Waiting ranks must park rather than spin forever, so that the worker runs rank 0 again, and each
 * must wake when its message comes. (sleep() blocks rank 0's whole worker thread; that is fine here. How
 * much CPU the waiting costs is measured by a benchmark, not here.) */
#define _POSIX_C_SOURCE 200809L

#include <unistd.h>

#include "mpitest.h"

enum { WAITING = 1, RELEASE = 2 };

static int release_value(int rank) { return rank * 3 + 1; }

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  if (rank == 0) {
    /* Once a rank's WAITING is here, that rank goes straight into its receive. */
    for (int r = 1; r < size; r++)
      MPI_Recv(NULL, 0, MPI_INT, MPI_ANY_SOURCE, WAITING, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    double start = MPI_Wtime();
    sleep(1);
    for (int r = 1; r < size; r++) {
      int v = release_value(r);
      MPI_Send(&v, 1, MPI_INT, r, RELEASE, MPI_COMM_WORLD);
    }
    CHECK(MPI_Wtime() - start >= 0.99, "MPI_Wtime measured %.3f s across sleep(1)", MPI_Wtime() - start);
  } else {
    MPI_Request waiting;
    int v = -1;
    MPI_Isend(NULL, 0, MPI_INT, 0, WAITING, MPI_COMM_WORLD, &waiting);
    MPI_Recv(&v, 1, MPI_INT, 0, RELEASE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(v == release_value(rank), "released with %d, expected %d", v, release_value(rank));
    MPI_Wait(&waiting, MPI_STATUS_IGNORE);
  }

  report_ok("idle");
  MPI_Finalize();
  return 0;
}
