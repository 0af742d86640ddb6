/* A profiling layer intercepts MPI calls by defining MPI_ names and calling the PMPI_ ones: the library's
 * MPI_ names are weak. This program is such a layer and its own test: every send and receive must pass
 * through the wrappers below, and still work. */
#include "mpitest.h"

static int sends, receives;

int MPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  sends++;
  return PMPI_Send(buf, count, datatype, dest, tag, comm);
}

int MPI_Recv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status* status) {
  receives++;
  return PMPI_Recv(buf, count, datatype, source, tag, comm, status);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* Only rank 0 counts: globals are shared by the ranks of a process until privatization lands. */
  if (rank == 0) {
    for (int peer = 1; peer < size; peer++) {
      int value = -1;
      MPI_Recv(&value, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      CHECK(value == peer, "received %d from rank %d", value, peer);
      MPI_Send(&value, 1, MPI_INT, peer, 1, MPI_COMM_WORLD);
    }
    CHECK(receives == size - 1 && sends == size - 1, "wrappers saw %d receives and %d sends, expected %d each",
          receives, sends, size - 1);
  } else {
    int echo = -1;
    PMPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    PMPI_Recv(&echo, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(echo == rank, "echo %d", echo);
  }
  report_ok("pmpi");
  MPI_Finalize();
  return 0;
}
