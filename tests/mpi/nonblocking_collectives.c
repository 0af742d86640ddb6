/* Nonblocking collectives and MPI_Comm_idup.
 *
 * Ibarrier stays incomplete until the last rank enters it, which that rank does only after rank 0 has
 * tested the barrier. Collectives advance while their rank is blocked in something else: every rank
 * starts an Ibarrier, then rank 0 blocks in a receive from rank 1, which sends only once its own barrier
 * is complete (rank 0 has its part to do in it). Outstanding collectives on the world, a duplicate and
 * a split complete in any order, the order differing between ranks; several on one communicator, and a
 * blocking one behind them, complete in call order with the right data, also when the blocking one's data
 * is there before the pending one's. A collective polled with
 * MPI_Test alone completes. Ibcast of a vector type. Iscan, Iexscan and Ireduce_scatter_block of a
 * non-commutative user operation that the program frees, with the datatype, before they complete.
 * Igather, Iallgatherv (holes, reversed displacements), Ialltoall (a resized type freed before the wait)
 * and Iscatter pending together; an Igather's truncation reported by MPI_Wait. Comm_idup: a rank blocked in a receive
 * still finishes its part of the duplication that the sender waits for; the duplicate has its own context and its
 * parent's attributes; the same for an intercommunicator, both groups' leaders blocked. Freeing or cancelling a
 * collective's request, and a NULL request, are errors of their classes. */
#include "mpitest.h"
#include "same_node.h"

enum { COUNT = 1000, VECTOR_BLOCKS = 50 };

static int rank, size;

static void barrier_waits_for_the_last_rank(void) {
  if (size == 1) return;
  MPI_Request request;
  int flag = 1, token = 0;
  if (rank == 0) {
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
    CHECK(!flag, "Ibarrier complete before rank %d entered it", size - 1);
    MPI_Send(&token, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  } else if (rank == size - 1) {
    MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  } else {
    MPI_Barrier(MPI_COMM_WORLD);
  }
}

static void progress_while_blocked_in_a_receive(void) {
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  int token = rank;
  if (size > 1 && rank == 0) {
    MPI_Recv(&token, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(token == 1, "received %d from rank 1", token);
  } else if (rank == 1) {
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Send(&token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
  }
  MPI_Wait(&request, MPI_STATUS_IGNORE);
}

static void fill_ints(int* values, int count, int seed) {
  for (int i = 0; i < count; i++) values[i] = seed * 1000 + i;
}

/* A bcast on the world, an allreduce on a duplicate and a reduce on an even/odd split, completed in an
 * order that depends on the rank. */
static void communicators_complete_in_any_order(void) {
  MPI_Comm dup, half;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
  int half_size;
  MPI_Comm_size(half, &half_size);
  int *broadcast = malloc(COUNT * sizeof *broadcast), *sum = malloc(COUNT * sizeof *sum);
  int *mine = malloc(COUNT * sizeof *mine), *half_sum = malloc(COUNT * sizeof *half_sum);
  CHECK(broadcast && sum && mine && half_sum, "out of memory");
  int root = size / 2;
  fill_ints(broadcast, COUNT, rank == root ? 7 : -1);
  for (int i = 0; i < COUNT; i++) mine[i] = rank + i;
  MPI_Request requests[3];
  MPI_Ibcast(broadcast, COUNT, MPI_INT, root, MPI_COMM_WORLD, &requests[0]);
  MPI_Iallreduce(mine, sum, COUNT, MPI_INT, MPI_SUM, dup, &requests[1]);
  /* Ranks of the split are ordered by descending world rank: its rank 0 is the highest of its parity. */
  MPI_Ireduce(mine, half_sum, COUNT, MPI_INT, MPI_SUM, 0, half, &requests[2]);
  if (rank % 3 == 0) {
    MPI_Waitall(3, requests, MPI_STATUSES_IGNORE);
  } else {
    for (int i = 2 + rank % 3; i >= rank % 3; i--) /* indices 2 1 0, or 0 2 1, or 1 0 2 */
      MPI_Wait(&requests[i % 3], MPI_STATUS_IGNORE);
  }
  int expected_broadcast[COUNT];
  fill_ints(expected_broadcast, COUNT, 7);
  long long rank_sum = (long long)size * (size - 1) / 2;
  for (int i = 0; i < COUNT; i++) {
    CHECK(broadcast[i] == expected_broadcast[i], "Ibcast element %d: %d", i, broadcast[i]);
    CHECK(sum[i] == rank_sum + (long long)size * i, "Iallreduce element %d: %d", i, sum[i]);
  }
  int half_rank;
  MPI_Comm_rank(half, &half_rank);
  if (half_rank == 0) {
    long long parity_sum = 0;
    for (int r = rank % 2; r < size; r += 2) parity_sum += r;
    for (int i = 0; i < COUNT; i++)
      CHECK(half_sum[i] == parity_sum + (long long)half_size * i, "Ireduce element %d: %d", i, half_sum[i]);
  }
  free(broadcast);
  free(sum);
  free(mine);
  free(half_sum);
  MPI_Comm_free(&half);
  MPI_Comm_free(&dup);
}

/* Several collectives on one communicator, and a blocking one behind them, each with its own data. */
static void one_communicator_in_call_order(void) {
  enum { ROUNDS = 8 };
  int values[ROUNDS], results[ROUNDS];
  MPI_Request requests[ROUNDS];
  for (int k = 0; k < ROUNDS; k++) {
    values[k] = rank == k % size ? 100 + k : -1;
    if (k % 2 == 0) {
      MPI_Ibcast(&values[k], 1, MPI_INT, k % size, MPI_COMM_WORLD, &requests[k]);
    } else {
      values[k] = rank * k;
      MPI_Iallreduce(&values[k], &results[k], 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &requests[k]);
    }
  }
  int blocking = rank, blocking_sum = 0;
  MPI_Allreduce(&blocking, &blocking_sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  CHECK(blocking_sum == size * (size - 1) / 2, "Allreduce behind nonblocking ones: %d", blocking_sum);
  MPI_Waitall(ROUNDS, requests, MPI_STATUSES_IGNORE);
  for (int k = 0; k < ROUNDS; k++) {
    if (k % 2 == 0)
      CHECK(values[k] == 100 + k, "Ibcast %d: %d", k, values[k]);
    else
      CHECK(results[k] == (size - 1) * k, "Iallreduce %d: %d", k, results[k]);
  }
}

/* A blocking broadcast called while the caller's Ibcast on the same communicator is pending waits its
 * turn, even when its own data is already there: done first, it would tell the root that the pending
 * broadcast's cell was read, and the root, which runs up to a ring of cells ahead, would overwrite it.
 * Rank 1 starts its Ibcast before the root has sent anything (the root waits for its message), then stays
 * out of MPI a while before each of more broadcasts than a ring has cells, so that the root (on another
 * worker) is ahead each time. */
static void blocking_behind_a_pending_one(void) {
  enum { BROADCASTS = 20 };
  if (size == 1) return;
  int first = -1, token = 0;
  MPI_Request request;
  if (rank == 0) {
    MPI_Recv(&token, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    first = 1234;
  }
  MPI_Ibcast(&first, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  if (rank == 1) MPI_Send(&token, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
  for (int k = 0; k < BROADCASTS; k++) {
    for (double until = MPI_Wtime() + 0.002; rank == 1 && MPI_Wtime() < until;) {
    }
    int value = rank == 0 ? k : -1;
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(value == k, "Bcast %d behind a pending Ibcast: %d", k, value);
  }
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  CHECK(first == 1234, "Ibcast pending behind blocking broadcasts: %d", first);
}

static void polled_with_test_alone(void) {
  double value = rank + 0.5, total = 0;
  MPI_Request request;
  MPI_Iallreduce(&value, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &request);
  int flag = 0;
  while (!flag) MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
  CHECK(request == MPI_REQUEST_NULL, "a completed request is not MPI_REQUEST_NULL");
  CHECK(total == size * (size - 1) / 2.0 + 0.5 * size, "Iallreduce polled with MPI_Test: %g", total);
}

static void vector_bcast(void) {
  MPI_Datatype every_other;
  MPI_Type_vector(VECTOR_BLOCKS, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  int root = size - 1, data[2 * VECTOR_BLOCKS];
  for (int i = 0; i < 2 * VECTOR_BLOCKS; i++) data[i] = rank == root ? i : -i - 1;
  MPI_Request request;
  MPI_Ibcast(data, 1, every_other, root, MPI_COMM_WORLD, &request);
  MPI_Type_free(&every_other); /* the operation keeps what it needs */
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  for (int i = 0; i < 2 * VECTOR_BLOCKS; i++)
    CHECK(data[i] == (i % 2 == 0 || rank == root ? i : -i - 1), "Ibcast of a vector, element %d: %d", i, data[i]);
}

static mpitest_affine affine_of(int rank_, int element) {
  return (mpitest_affine){2 + rank_ % 5, rank_ * 7 + element + 1};
}

/* Iscan, Iexscan and Ireduce_scatter_block with a non-commutative user operation on a duplicate of
 * MPI_2INT, pending together; the program frees the operation and the datatype before they complete. */
static void user_reductions_pending_together(void) {
  MPI_Op op;
  MPI_Op_create(mpitest_compose, 0, &op);
  MPI_Datatype pair;
  MPI_Type_dup(MPI_2INT, &pair);
  mpitest_affine mine = affine_of(rank, 0), scanned = {-1, -1}, excluded = {-1, -1}, block = {-1, -1};
  mpitest_affine* all = malloc(size * sizeof *all);
  CHECK(all, "out of memory");
  for (int i = 0; i < size; i++) all[i] = affine_of(rank, i);
  MPI_Request requests[3];
  MPI_Iscan(&mine, &scanned, 1, pair, op, MPI_COMM_WORLD, &requests[0]);
  MPI_Iexscan(&mine, &excluded, 1, pair, op, MPI_COMM_WORLD, &requests[1]);
  MPI_Ireduce_scatter_block(all, &block, 1, pair, op, MPI_COMM_WORLD, &requests[2]);
  MPI_Op_free(&op);
  MPI_Type_free(&pair);
  for (int i = 2; i >= 0; i--) MPI_Wait(&requests[i], MPI_STATUS_IGNORE);
  mpitest_affine prefix = affine_of(0, 0), column = affine_of(0, rank);
  for (int r = 1; r <= rank; r++) prefix = mpitest_then(prefix, affine_of(r, 0));
  for (int r = 1; r < size; r++) column = mpitest_then(column, affine_of(r, rank));
  CHECK(scanned.a == prefix.a && scanned.b == prefix.b, "Iscan: (%d, %d), expected (%d, %d)", scanned.a, scanned.b,
        prefix.a, prefix.b);
  if (rank > 0) {
    mpitest_affine before = affine_of(0, 0);
    for (int r = 1; r < rank; r++) before = mpitest_then(before, affine_of(r, 0));
    CHECK(excluded.a == before.a && excluded.b == before.b, "Iexscan: (%d, %d), expected (%d, %d)", excluded.a,
          excluded.b, before.a, before.b);
  } else {
    CHECK(excluded.a == -1 && excluded.b == -1, "Iexscan wrote rank 0's receive buffer");
  }
  CHECK(block.a == column.a && block.b == column.b, "Ireduce_scatter_block: (%d, %d), expected (%d, %d)", block.a,
        block.b, column.a, column.b);
  free(all);
}

/* Igather to the last rank, Iallgatherv, Ialltoall with a resized type on the send side (freed before the
 * wait) and Iscatter from rank 0, pending together, completed with one Waitall. */
static void data_movement_pending_together(void) {
  int gathered_root = size - 1, *gathered = malloc(size * sizeof *gathered);
  int *everyone = malloc(2 * size * sizeof *everyone), *counts = malloc(size * sizeof *counts);
  int *displs = malloc(size * sizeof *displs), *to_all = malloc(2 * size * sizeof *to_all);
  int *from_all = malloc(size * sizeof *from_all), *scattered_source = malloc(size * sizeof *scattered_source);
  CHECK(gathered && everyone && counts && displs && to_all && from_all && scattered_source, "out of memory");
  for (int r = 0; r < size; r++) {
    counts[r] = 1;
    displs[r] = 2 * (size - 1 - r); /* reversed, with holes */
    to_all[2 * r] = rank * 1000 + r;
    to_all[2 * r + 1] = -1;
    scattered_source[r] = 500 + r;
  }
  for (int i = 0; i < 2 * size; i++) everyone[i] = -7;
  MPI_Datatype one_of_two;
  MPI_Type_create_resized(MPI_INT, 0, 2 * sizeof(int), &one_of_two);
  MPI_Type_commit(&one_of_two);
  int mine = rank * 3 + 1, scattered = -1;
  MPI_Request requests[4];
  MPI_Igather(&mine, 1, MPI_INT, gathered, 1, MPI_INT, gathered_root, MPI_COMM_WORLD, &requests[0]);
  MPI_Iallgatherv(&mine, 1, MPI_INT, everyone, counts, displs, MPI_INT, MPI_COMM_WORLD, &requests[1]);
  MPI_Ialltoall(to_all, 1, one_of_two, from_all, 1, MPI_INT, MPI_COMM_WORLD, &requests[2]);
  MPI_Iscatter(scattered_source, 1, MPI_INT, &scattered, 1, MPI_INT, 0, MPI_COMM_WORLD, &requests[3]);
  MPI_Type_free(&one_of_two);
  MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
  for (int r = 0; r < size; r++) {
    if (rank == gathered_root) CHECK(gathered[r] == r * 3 + 1, "Igather block %d: %d", r, gathered[r]);
    CHECK(everyone[2 * (size - 1 - r)] == r * 3 + 1, "Iallgatherv block %d: %d", r, everyone[2 * (size - 1 - r)]);
    CHECK(everyone[2 * (size - 1 - r) + 1] == -7, "Iallgatherv wrote the hole after block %d", r);
    CHECK(from_all[r] == r * 1000 + rank, "Ialltoall block %d: %d", r, from_all[r]);
  }
  CHECK(scattered == 500 + rank, "Iscatter: %d", scattered);
  free(gathered);
  free(everyone);
  free(counts);
  free(displs);
  free(to_all);
  free(from_all);
  free(scattered_source);
}

static int copies;
static int count_copy(MPI_Comm comm, int keyval, void* extra, void* in, void* out, int* flag) {
  (void)comm, (void)keyval, (void)extra;
  copies++;
  *(void**)out = in;
  *flag = 1;
  return MPI_SUCCESS;
}

static void idup_while_peer_receives(void) {
  int keyval, value = 42;
  MPI_Comm_create_keyval(count_copy, MPI_COMM_NULL_DELETE_FN, &keyval, NULL);
  MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, &value);
  MPI_Comm dup;
  MPI_Request request;
  MPI_Comm_idup(MPI_COMM_WORLD, &dup, &request);
  int token = rank;
  if (size > 1 && rank == 0) {
    MPI_Recv(&token, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Send(&token, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
  }
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  int *seen, found = 0;
  MPI_Comm_get_attr(dup, keyval, &seen, &found);
  CHECK(found && *seen == 42 && copies == 1, "attribute of the idup'ed communicator: found %d, copies %d", found,
        copies);
  /* Its own context: a message on the duplicate does not match a receive on the world. */
  int mine = rank, from_dup = -1, from_world = -1;
  int next = (rank + 1) % size, previous = (rank + size - 1) % size;
  MPI_Request receives[2];
  MPI_Irecv(&from_world, 1, MPI_INT, previous, 3, MPI_COMM_WORLD, &receives[0]);
  MPI_Irecv(&from_dup, 1, MPI_INT, previous, 3, dup, &receives[1]);
  int world_value = -mine - 1;
  MPI_Send(&mine, 1, MPI_INT, next, 3, dup);
  MPI_Send(&world_value, 1, MPI_INT, next, 3, MPI_COMM_WORLD);
  MPI_Waitall(2, receives, MPI_STATUSES_IGNORE);
  CHECK(from_dup == previous && from_world == -previous - 1, "dup got %d, world got %d", from_dup, from_world);
  int total = 0;
  MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, dup);
  CHECK(total == size * (size - 1) / 2, "Allreduce on the idup'ed communicator: %d", total);
  MPI_Comm_free(&dup);
  MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval);
  MPI_Comm_free_keyval(&keyval);
}

/* MPICH's pattern: each group's rank 0 first receives from every other rank of the remote group, which
 * sends only after starting its own Comm_idup of the intercommunicator. */
static void idup_of_an_intercommunicator(void) {
  if (size < 2) return;
  MPI_Comm half, inter, dup;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank == 0 ? 1 : 0, 5, &inter);
  int local_rank, remote_size, token = rank;
  MPI_Comm_rank(inter, &local_rank);
  MPI_Comm_remote_size(inter, &remote_size);
  MPI_Request request;
  if (local_rank == 0) {
    for (int r = 1; r < remote_size; r++) MPI_Recv(&token, 1, MPI_INT, r, 0, inter, MPI_STATUS_IGNORE);
    MPI_Comm_idup(inter, &dup, &request);
  } else {
    MPI_Comm_idup(inter, &dup, &request);
    MPI_Ssend(&token, 1, MPI_INT, 0, 0, inter);
  }
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  int flag = 0, dup_remote_size = 0;
  MPI_Comm_test_inter(dup, &flag);
  MPI_Comm_remote_size(dup, &dup_remote_size);
  CHECK(flag && dup_remote_size == remote_size, "idup of an intercommunicator: inter %d, remote size %d", flag,
        dup_remote_size);
  /* Rank 0 of each group swaps with the other's on the duplicate and on the original: no mixing. */
  if (local_rank == 0) {
    int on_dup = -1, on_inter = -1, out_dup = rank, out_inter = -rank - 1;
    MPI_Request receives[2];
    MPI_Irecv(&on_inter, 1, MPI_INT, 0, 6, inter, &receives[0]);
    MPI_Irecv(&on_dup, 1, MPI_INT, 0, 6, dup, &receives[1]);
    MPI_Send(&out_dup, 1, MPI_INT, 0, 6, dup);
    MPI_Send(&out_inter, 1, MPI_INT, 0, 6, inter);
    MPI_Waitall(2, receives, MPI_STATUSES_IGNORE);
    int other = rank == 0 ? 1 : 0;
    CHECK(on_dup == other && on_inter == -other - 1, "across the duplicate got %d, across the original %d", on_dup,
          on_inter);
  }
  MPI_Comm_free(&dup);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
}

/* A nonblocking collective's request may not be freed or cancelled while the collective is under way; once
 * it is complete it may be freed, as MPICH and Open MPI allow (MPICH's tests poll with
 * MPI_Request_get_status, then free). */
static void freeing_a_collective_request(void) {
  MPI_Request request;
  int token = 0;
  if (rank != 0) MPI_Recv(&token, 1, MPI_INT, 0, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  if (rank == 0 && size > 1) { /* nobody else has entered it yet */
    expect_error(MPI_Request_free(&request), MPI_ERR_REQUEST, "MPI_Request_free of an Ibarrier's request");
    expect_error(MPI_Cancel(&request), MPI_ERR_REQUEST, "MPI_Cancel of an Ibarrier's request");
    CHECK(request != MPI_REQUEST_NULL, "a refused MPI_Request_free nulled the request");
  }
  if (rank == 0)
    for (int r = 1; r < size; r++) MPI_Send(&token, 1, MPI_INT, r, 77, MPI_COMM_WORLD);
  for (int done = 0; !done;) MPI_Request_get_status(request, &done, MPI_STATUS_IGNORE);
  CHECK(MPI_Request_free(&request) == MPI_SUCCESS, "MPI_Request_free of a complete Ibarrier's request failed");
  CHECK(request == MPI_REQUEST_NULL, "MPI_Request_free left a complete Ibarrier's request set");
}

static void errors(void) {
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  freeing_a_collective_request();
  MPI_Request request;
  expect_error(MPI_Ibarrier(MPI_COMM_WORLD, NULL), MPI_ERR_ARG, "MPI_Ibarrier with a NULL request");
  int value = 0;
  expect_error(MPI_Ibcast(&value, 1, MPI_INT, size, MPI_COMM_WORLD, &request), MPI_ERR_ROOT,
               "MPI_Ibcast to a root past the last rank");
  expect_error(MPI_Iallreduce(&value, &value, -1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request), MPI_ERR_COUNT,
               "MPI_Iallreduce of a negative count");
  expect_error(MPI_Ibarrier(MPI_COMM_NULL, &request), MPI_ERR_COMM, "MPI_Ibarrier on MPI_COMM_NULL");
  /* A block too large for its room: the rank that copies it (each sender on the root's node; the root for
   * the blocks of other nodes, which reach it in messages) learns it when the request completes. */
  int two[2] = {rank, rank}, *room = malloc(size * sizeof *room), copies_own_block = shares_node_with(0);
  CHECK(room, "out of memory");
  MPI_Igather(two, 2, MPI_INT, room, 1, MPI_INT, 0, MPI_COMM_WORLD, &request);
  int err = MPI_Wait(&request, MPI_STATUS_IGNORE);
  if (copies_own_block)
    expect_error(err, MPI_ERR_TRUNCATE, "MPI_Wait of an Igather into too small a room");
  else
    CHECK(err == MPI_SUCCESS, "MPI_Wait of an Igather returned %d at a sender on another node than the root's", err);
  CHECK(request == MPI_REQUEST_NULL, "a request that completed with an error is not MPI_REQUEST_NULL");
  free(room);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int round = 0; round < 3; round++) {
    barrier_waits_for_the_last_rank();
    progress_while_blocked_in_a_receive();
    communicators_complete_in_any_order();
    one_communicator_in_call_order();
    blocking_behind_a_pending_one();
    polled_with_test_alone();
    vector_bcast();
    user_reductions_pending_together();
    data_movement_pending_together();
  }
  idup_while_peer_receives();
  idup_of_an_intercommunicator();
  errors();
  report_ok("nonblocking_collectives");
  MPI_Finalize();
  return 0;
}
