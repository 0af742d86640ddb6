/* Wrong arguments to the data-movement collectives return their error classes under MPI_ERRORS_RETURN:
 * bad roots, negative counts, null and uncommitted datatypes, missing arrays, MPI_IN_PLACE where the call
 * does not take it. An argument that matters only at some ranks is wrong only there: those ranks call
 * alone and return at once. A block larger than the room for it is MPI_ERR_TRUNCATE on the rank that
 * copies it, which writes nothing past the room. A correct call afterwards still works. */
#include "mpitest.h"
#include "same_node.h"

enum { GUARD = 0x5A5A5A5A };

static void wrong_arguments(int rank, int size) {
  MPI_Comm world = MPI_COMM_WORLD;
  int *send = calloc(4 * size, sizeof(int)), *recv = calloc(4 * size, sizeof(int));
  int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int));
  MPI_Datatype* types = malloc(size * sizeof(MPI_Datatype));
  for (int r = 0; r < size; r++) counts[r] = 1, displs[r] = r, types[r] = MPI_INT;
  int root = size / 2;

  expect_error(MPI_Gather(send, 1, MPI_INT, recv, 1, MPI_INT, -1, world), MPI_ERR_ROOT, "Gather root -1");
  expect_error(MPI_Gatherv(send, 1, MPI_INT, recv, counts, displs, MPI_INT, size, world), MPI_ERR_ROOT,
               "Gatherv root size");
  expect_error(MPI_Scatter(send, 1, MPI_INT, recv, 1, MPI_INT, size, world), MPI_ERR_ROOT, "Scatter root size");
  expect_error(MPI_Scatterv(send, counts, displs, MPI_INT, recv, 1, MPI_INT, -2, world), MPI_ERR_ROOT,
               "Scatterv root -2");

  expect_error(MPI_Gather(send, -1, MPI_INT, recv, 1, MPI_INT, root, world), MPI_ERR_COUNT, "Gather sendcount -1");
  expect_error(MPI_Allgather(send, -1, MPI_INT, recv, 1, MPI_INT, world), MPI_ERR_COUNT, "Allgather sendcount -1");
  expect_error(MPI_Alltoall(send, 1, MPI_INT, recv, -3, MPI_INT, world), MPI_ERR_COUNT, "Alltoall recvcount -3");
  counts[size - 1] = -1;
  expect_error(MPI_Allgatherv(send, 1, MPI_INT, recv, counts, displs, MPI_INT, world), MPI_ERR_COUNT,
               "Allgatherv with a negative recvcounts[]");
  expect_error(MPI_Alltoallv(send, counts, displs, MPI_INT, recv, counts, displs, MPI_INT, world), MPI_ERR_COUNT,
               "Alltoallv with a negative sendcounts[]");
  counts[size - 1] = 1;

  MPI_Datatype uncommitted;
  MPI_Type_contiguous(2, MPI_INT, &uncommitted);
  expect_error(MPI_Allgather(send, 1, MPI_DATATYPE_NULL, recv, 1, MPI_INT, world), MPI_ERR_TYPE,
               "Allgather sendtype MPI_DATATYPE_NULL");
  expect_error(MPI_Scatter(send, 1, MPI_INT, recv, 1, MPI_DATATYPE_NULL, root, world), MPI_ERR_TYPE,
               "Scatter recvtype MPI_DATATYPE_NULL");
  expect_error(MPI_Alltoall(send, 1, uncommitted, recv, 2, MPI_INT, world), MPI_ERR_TYPE,
               "Alltoall with an uncommitted sendtype");
  types[0] = MPI_DATATYPE_NULL;
  expect_error(MPI_Alltoallw(send, counts, displs, types, recv, counts, displs, types, world), MPI_ERR_TYPE,
               "Alltoallw with MPI_DATATYPE_NULL in sendtypes[]");
  types[0] = MPI_INT;
  MPI_Type_free(&uncommitted);

  expect_error(MPI_Alltoallv(send, counts, NULL, MPI_INT, recv, counts, displs, MPI_INT, world), MPI_ERR_ARG,
               "Alltoallv sdispls NULL");
  expect_error(MPI_Alltoallw(send, counts, displs, types, recv, counts, displs, NULL, world), MPI_ERR_ARG,
               "Alltoallw recvtypes NULL");
  if (rank == root)
    expect_error(MPI_Gatherv(send, 1, MPI_INT, recv, NULL, displs, MPI_INT, root, world), MPI_ERR_ARG,
                 "Gatherv recvcounts NULL at the root");

  expect_error(MPI_Allgather(send, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, world), MPI_ERR_BUFFER,
               "Allgather recvbuf MPI_IN_PLACE");
  expect_error(MPI_Allgatherv(send, 1, MPI_INT, MPI_IN_PLACE, counts, displs, MPI_INT, world), MPI_ERR_BUFFER,
               "Allgatherv recvbuf MPI_IN_PLACE");
  expect_error(MPI_Alltoall(MPI_IN_PLACE, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, world), MPI_ERR_BUFFER,
               "Alltoall recvbuf MPI_IN_PLACE");
  if (rank != root) {
    expect_error(MPI_Gather(MPI_IN_PLACE, 1, MPI_INT, recv, 1, MPI_INT, root, world), MPI_ERR_BUFFER,
                 "Gather sendbuf MPI_IN_PLACE away from the root");
    expect_error(MPI_Scatter(send, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, root, world), MPI_ERR_BUFFER,
                 "Scatter recvbuf MPI_IN_PLACE away from the root");
  } else {
    expect_error(MPI_Gather(send, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, root, world), MPI_ERR_BUFFER,
                 "Gather recvbuf MPI_IN_PLACE at the root");
    expect_error(MPI_Scatterv(MPI_IN_PLACE, counts, displs, MPI_INT, recv, 1, MPI_INT, root, world), MPI_ERR_BUFFER,
                 "Scatterv sendbuf MPI_IN_PLACE at the root");
  }
  free(send), free(recv), free(counts), free(displs), free(types);
}

static void fill_guarded(int* buf, int n) {
  for (int i = 0; i < n; i++) buf[i] = GUARD;
}

static void expect_guard(const int* buf, int from, int to, const char* what) {
  for (int i = from; i < to; i++) CHECK(buf[i] == GUARD, "%s wrote int %d past its room: %d", what, i, buf[i]);
}

/* Every rank sends blocks of 4 ints (value 100 * sender + index) into rooms of 3: every rank copies a
 * block and finds it too large, the root of a gather included (it copies its own block). Only a gather
 * across nodes leaves the senders of other nodes than the root's nothing to copy: their blocks reach the
 * root in messages, and the root finds them too large. */
static void truncation(int rank, int size) {
  MPI_Comm world = MPI_COMM_WORLD;
  int root = size - 1;
  int copies_own_block = shares_node_with(root);
  int *send = malloc(4 * size * sizeof(int)), *recv = malloc(4 * size * sizeof(int));
  for (int i = 0; i < 4 * size; i++) send[i] = 100 * rank + i;

  fill_guarded(recv, 4 * size);
  int err = MPI_Gather(send, 4, MPI_INT, recv, 3, MPI_INT, root, world);
  if (copies_own_block)
    expect_error(err, MPI_ERR_TRUNCATE, "Gather 4 into 3");
  else
    CHECK(err == MPI_SUCCESS, "Gather 4 into 3 returned %d at a sender on another node than the root's", err);
  if (rank == root)
    for (int r = 0; r < size; r++)
      for (int i = 0; i < 3; i++)
        CHECK(recv[3 * r + i] == 100 * r + i, "truncated gather [%d][%d] = %d", r, i, recv[3 * r + i]);
  expect_guard(recv, rank == root ? 3 * size : 0, 4 * size, "truncated gather");

  fill_guarded(recv, 4 * size);
  expect_error(MPI_Scatter(send, 4, MPI_INT, recv, 3, MPI_INT, root, world), MPI_ERR_TRUNCATE, "Scatter 4 into 3");
  for (int i = 0; i < 3; i++) CHECK(recv[i] == 100 * root + 4 * rank + i, "truncated scatter [%d] = %d", i, recv[i]);
  expect_guard(recv, 3, 4 * size, "truncated scatter");

  fill_guarded(recv, 4 * size);
  expect_error(MPI_Allgather(send, 4, MPI_INT, recv, 3, MPI_INT, world), MPI_ERR_TRUNCATE, "Allgather 4 into 3");
  expect_guard(recv, 3 * size, 4 * size, "truncated allgather");

  fill_guarded(recv, 4 * size);
  expect_error(MPI_Alltoall(send, 4, MPI_INT, recv, 3, MPI_INT, world), MPI_ERR_TRUNCATE, "Alltoall 4 into 3");
  for (int s = 0; s < size; s++)
    for (int i = 0; i < 3; i++)
      CHECK(recv[3 * s + i] == 100 * s + 4 * rank + i, "truncated alltoall [%d][%d] = %d", s, i, recv[3 * s + i]);
  expect_guard(recv, 3 * size, 4 * size, "truncated alltoall");

  /* Only rank 0's room for the last rank's block is short: only rank 0 finds it. */
  int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int));
  for (int r = 0; r < size; r++) counts[r] = 2, displs[r] = 2 * r;
  int* rcounts = malloc(size * sizeof(int));
  memcpy(rcounts, counts, size * sizeof(int));
  if (rank == 0) rcounts[size - 1] = 1;
  fill_guarded(recv, 4 * size);
  err = MPI_Alltoallv(send, counts, displs, MPI_INT, recv, rcounts, displs, MPI_INT, world);
  if (rank == 0)
    expect_error(err, MPI_ERR_TRUNCATE, "Alltoallv with one short room");
  else
    CHECK(err == MPI_SUCCESS, "Alltoallv without a short room returned %d", err);
  if (rank == 0) CHECK(recv[2 * size - 1] == GUARD, "truncated alltoallv wrote past its room");
  free(send), free(recv), free(counts), free(displs), free(rcounts);
}

/* After all that, every rank still agrees on the sequence of collectives. */
static void still_works(int rank, int size) {
  int* all = malloc(size * sizeof(int));
  int mine = 7 * rank + 1;
  CHECK(MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD) == MPI_SUCCESS, "allgather failed");
  for (int r = 0; r < size; r++) CHECK(all[r] == 7 * r + 1, "allgather after errors: [%d] = %d", r, all[r]);
  free(all);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  wrong_arguments(rank, size);
  truncation(rank, size);
  still_works(rank, size);
  report_ok("data_movement_errors");
  MPI_Finalize();
  return 0;
}
