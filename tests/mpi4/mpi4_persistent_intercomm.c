/* Persistent collectives on an intercommunicator between the even and the odd ranks (MPI-4.1, 7.13):
 * MPI_Allreduce_init (each side gets the other side's sum), MPI_Bcast_init from a root of the even side
 * (MPI_ROOT, MPI_PROC_NULL) and MPI_Barrier_init, each started several times with new data, the two sides'
 * requests started in opposite orders. Needs 2 ranks or more. */
#include "../mpi/mpitest.h"

enum { ROUNDS = 5 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(size >= 2, "needs 2 ranks or more, has %d", size);
  int color = rank % 2, local_rank;
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, color, rank, &half);
  MPI_Comm_rank(half, &local_rank);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 7, &inter);

  int in = 0, sum = -1, value = -1;
  int root = color == 0 ? (local_rank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
  MPI_Request requests[3];
  MPI_Allreduce_init(&in, &sum, 1, MPI_INT, MPI_SUM, inter, MPI_INFO_NULL, &requests[0]);
  MPI_Bcast_init(&value, 1, MPI_INT, root, inter, MPI_INFO_NULL, &requests[1]);
  MPI_Barrier_init(inter, MPI_INFO_NULL, &requests[2]);
  for (int round = 0; round < ROUNDS; round++) {
    in = rank * (round + 1);
    value = root == MPI_ROOT ? 1000 + round : -1;
    if (color == 0)
      MPI_Startall(3, requests);
    else
      for (int i = 2; i >= 0; i--) MPI_Start(&requests[i]);
    MPI_Waitall(3, requests, MPI_STATUSES_IGNORE);
    int remote_sum = 0;
    for (int r = 1 - color; r < size; r += 2) remote_sum += r * (round + 1);
    CHECK(sum == remote_sum, "round %d: the allreduce gave %d, expected the other side's sum %d", round, sum,
          remote_sum);
    if (color == 1) CHECK(value == 1000 + round, "round %d: the broadcast gave %d", round, value);
  }
  for (int i = 0; i < 3; i++) MPI_Request_free(&requests[i]);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  if (rank == 0) printf("mpi4_persistent_intercomm: ok\n");
  MPI_Finalize();
  return 0;
}
