/* Wrong arguments of the neighbourhood collectives return their error classes under MPI_ERRORS_RETURN:
 * a communicator without a topology (the world, a duplicate of it), negative counts, NULL arrays where
 * there are neighbours, MPI_IN_PLACE, MPI_DATATYPE_NULL, a NULL request. Every rank sees each error
 * before the collective starts, so none takes part. A block larger than its room is MPI_ERR_TRUNCATE on
 * the rank that copies it, the room filled and no more, from the blocking call or from the wait of the
 * nonblocking one. A correct call works afterwards. */
#include "mpitest.h"

enum { NEIGHBOURS = 4 };

static void no_topology(void) {
  int value = 1, received[NEIGHBOURS];
  expect_error(MPI_Neighbor_allgather(&value, 1, MPI_INT, received, 1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_TOPOLOGY,
               "MPI_Neighbor_allgather on MPI_COMM_WORLD");
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Request request;
  expect_error(MPI_Ineighbor_alltoall(&value, 1, MPI_INT, received, 1, MPI_INT, dup, &request), MPI_ERR_TOPOLOGY,
               "MPI_Ineighbor_alltoall on a duplicate of MPI_COMM_WORLD");
  MPI_Comm_free(&dup);
}

/* On a periodic 2-D grid of all ranks: four neighbours each. */
static void wrong_arguments(MPI_Comm grid) {
  int sent[NEIGHBOURS] = {0}, received[NEIGHBOURS];
  int counts[NEIGHBOURS] = {1, 1, 1, 1}, displs[NEIGHBOURS] = {0, 1, 2, 3};
  MPI_Aint bytes[NEIGHBOURS] = {0, sizeof(int), 2 * sizeof(int), 3 * sizeof(int)};
  MPI_Datatype types[NEIGHBOURS] = {MPI_INT, MPI_INT, MPI_INT, MPI_INT};
  MPI_Request request;
  expect_error(MPI_Neighbor_allgather(sent, -1, MPI_INT, received, 1, MPI_INT, grid), MPI_ERR_COUNT,
               "MPI_Neighbor_allgather with sendcount -1");
  expect_error(MPI_Ineighbor_alltoall(sent, 1, MPI_INT, received, -3, MPI_INT, grid, &request), MPI_ERR_COUNT,
               "MPI_Ineighbor_alltoall with recvcount -3");
  int negative[NEIGHBOURS] = {1, -1, 1, 1};
  expect_error(MPI_Neighbor_alltoallv(sent, counts, displs, MPI_INT, received, negative, displs, MPI_INT, grid),
               MPI_ERR_COUNT, "MPI_Neighbor_alltoallv with recvcounts[1] = -1");
  expect_error(MPI_Neighbor_alltoallw(sent, negative, bytes, types, received, counts, bytes, types, grid),
               MPI_ERR_COUNT, "MPI_Neighbor_alltoallw with sendcounts[1] = -1");
  expect_error(MPI_Neighbor_alltoallv(sent, NULL, displs, MPI_INT, received, counts, displs, MPI_INT, grid),
               MPI_ERR_ARG, "MPI_Neighbor_alltoallv with NULL sendcounts");
  expect_error(MPI_Neighbor_allgatherv(sent, 1, MPI_INT, received, counts, NULL, MPI_INT, grid), MPI_ERR_ARG,
               "MPI_Neighbor_allgatherv with NULL displs");
  expect_error(MPI_Ineighbor_alltoallw(sent, counts, bytes, types, received, counts, bytes, NULL, grid, &request),
               MPI_ERR_ARG, "MPI_Ineighbor_alltoallw with NULL recvtypes");
  expect_error(MPI_Neighbor_alltoall(MPI_IN_PLACE, 1, MPI_INT, received, 1, MPI_INT, grid), MPI_ERR_BUFFER,
               "MPI_Neighbor_alltoall with MPI_IN_PLACE");
  expect_error(MPI_Neighbor_allgather(sent, 1, MPI_DATATYPE_NULL, received, 1, MPI_INT, grid), MPI_ERR_TYPE,
               "MPI_Neighbor_allgather with MPI_DATATYPE_NULL");
  expect_error(MPI_Ineighbor_allgather(sent, 1, MPI_INT, received, 1, MPI_INT, grid, NULL), MPI_ERR_ARG,
               "MPI_Ineighbor_allgather with a NULL request");
}

/* Two ints into rooms of one: each receive block gets the first int of its block, the next room the next
 * block's. */
static void truncation(MPI_Comm grid, int nonblocking) {
  int rank, sent[2 * NEIGHBOURS], received[NEIGHBOURS + 1];
  MPI_Comm_rank(grid, &rank);
  for (int j = 0; j < 2 * NEIGHBOURS; j++) sent[j] = rank * 100 + j;
  for (int i = 0; i <= NEIGHBOURS; i++) received[i] = -1;
  int code;
  if (nonblocking) {
    MPI_Request request;
    MPI_Ineighbor_alltoall(sent, 2, MPI_INT, received, 1, MPI_INT, grid, &request);
    code = MPI_Wait(&request, MPI_STATUS_IGNORE);
  } else {
    code = MPI_Neighbor_alltoall(sent, 2, MPI_INT, received, 1, MPI_INT, grid);
  }
  expect_error(code, MPI_ERR_TRUNCATE,
               nonblocking ? "MPI_Wait of a truncating MPI_Ineighbor_alltoall" : "a truncating MPI_Neighbor_alltoall");
  int source[NEIGHBOURS];
  for (int d = 0; d < 2; d++) MPI_Cart_shift(grid, d, 1, &source[2 * d], &source[2 * d + 1]);
  for (int i = 0; i < NEIGHBOURS; i++) /* the block sent the opposite way, 2 ints a block */
    CHECK(received[i] == source[i] * 100 + 2 * (i ^ 1), "truncated block %d: %d", i, received[i]);
  CHECK(received[NEIGHBOURS] == -1, "a truncated alltoall wrote past its last room");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); /* inherited by the grid */
  no_topology();
  int dims[2] = {0, 0}, periods[2] = {1, 1};
  MPI_Dims_create(size, 2, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  wrong_arguments(grid);
  truncation(grid, 0);
  truncation(grid, 1);
  int rank, mine, gathered[NEIGHBOURS];
  MPI_Comm_rank(grid, &rank);
  mine = rank;
  CHECK(MPI_Neighbor_allgather(&mine, 1, MPI_INT, gathered, 1, MPI_INT, grid) == MPI_SUCCESS,
        "a correct call after the errors failed");
  int source, destination;
  MPI_Cart_shift(grid, 0, 1, &source, &destination);
  CHECK(gathered[0] == source && gathered[1] == destination, "after the errors: %d and %d", gathered[0], gathered[1]);
  MPI_Comm_free(&grid);
  report_ok("neighborhood_errors");
  MPI_Finalize();
  return 0;
}
