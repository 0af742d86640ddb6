/* Collectives on an intercommunicator between the first third of the world (group A, at least one rank)
 * and the rest (group B), blocking and nonblocking.
 *
 * Barrier: an Ibarrier of rank 0 stays incomplete until the last rank (in B) enters, which it does only
 * after rank 0 tested. Bcast from a root in either group, of ints at three sizes and of a vector type:
 * the other group gets the root's data, the root's own group keeps its buffers untouched. Reduce to a
 * root in either group: the root gets the reduction of the other group's data (MAXLOC's tie going to
 * that group's rank 0), nobody else's buffer changes. Allreduce:
 * each group gets the other's sum. Ibcast and Iallreduce outstanding together. Wrong roots and
 * MPI_IN_PLACE return their error classes. */
#include "mpitest.h"

enum { BIG = 100000, VECTOR_BLOCKS = 20 };

static int world_rank, world_size, in_a, local_rank, local_size, remote_size;
static MPI_Comm inter;

/* World rank of rank r of group A or B. */
static int world_of(int group_a, int r) { return group_a ? r : (world_size + 2) / 3 + r; }

static void barrier_waits(void) {
  int token = 0, flag = 1;
  MPI_Request request;
  if (world_rank == 0) {
    MPI_Ibarrier(inter, &request);
    MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
    CHECK(!flag, "intercommunicator Ibarrier complete before rank %d entered", world_size - 1);
    MPI_Send(&token, 1, MPI_INT, world_size - 1, 0, MPI_COMM_WORLD);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  } else {
    if (world_rank == world_size - 1) MPI_Recv(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(inter);
  }
}

/* Root: rank root_rank of the group that is A when root_in_a. */
static int root_argument(int root_in_a, int root_rank) {
  if (in_a == root_in_a) return local_rank == root_rank ? MPI_ROOT : MPI_PROC_NULL;
  return root_rank;
}

static void bcast(int root_in_a, int root_rank, int count) {
  int* data = malloc((count + 1) * sizeof *data);
  CHECK(data, "out of memory");
  int root = root_argument(root_in_a, root_rank), seed = world_of(root_in_a, root_rank);
  for (int i = 0; i < count; i++) data[i] = root == MPI_ROOT ? seed * 7 + i : -1;
  MPI_Bcast(data, count, MPI_INT, root, inter);
  for (int i = 0; i < count; i++) {
    int expected = root >= 0 || root == MPI_ROOT ? seed * 7 + i : -1;
    CHECK(data[i] == expected, "Bcast of %d from world rank %d, element %d: %d, expected %d", count, seed, i, data[i],
          expected);
  }
  free(data);
}

static void vector_bcast(int root_in_a) {
  MPI_Datatype every_other;
  MPI_Type_vector(VECTOR_BLOCKS, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  int root = root_argument(root_in_a, 0), data[2 * VECTOR_BLOCKS];
  for (int i = 0; i < 2 * VECTOR_BLOCKS; i++) data[i] = root == MPI_ROOT ? i : -i - 1;
  MPI_Bcast(data, 1, every_other, root, inter);
  for (int i = 0; i < 2 * VECTOR_BLOCKS; i++) {
    int expected = root >= 0 && i % 2 == 0 ? i : (root == MPI_ROOT ? i : -i - 1);
    CHECK(data[i] == expected, "Bcast of a vector, element %d: %d, expected %d", i, data[i], expected);
  }
  MPI_Type_free(&every_other);
}

typedef struct {
  double value;
  int rank;
} double_int;

/* Every rank of the contributing group gives the same value, so MAXLOC's tie goes to its lowest rank:
 * rank 0 of that group. The sum checks that each contributed once. */
static void reduce(int root_in_a, int root_rank) {
  int root = root_argument(root_in_a, root_rank);
  double_int mine = {1.5, local_rank}, loc = {-1, -1};
  long long value = world_rank, sum = -1;
  MPI_Reduce(&mine, &loc, 1, MPI_DOUBLE_INT, MPI_MAXLOC, root, inter);
  MPI_Reduce(&value, &sum, 1, MPI_LONG_LONG, MPI_SUM, root, inter);
  if (root == MPI_ROOT) {
    long long expected = 0;
    for (int r = 0; r < remote_size; r++) expected += world_of(!in_a, r);
    CHECK(loc.value == 1.5 && loc.rank == 0, "Reduce MAXLOC: (%g, %d)", loc.value, loc.rank);
    CHECK(sum == expected, "Reduce SUM: %lld, expected %lld", sum, expected);
  } else {
    CHECK(loc.rank == -1 && sum == -1, "Reduce wrote the receive buffer of a rank that is not the root");
  }
}

static long long remote_sum(void) {
  long long expected = 0;
  for (int r = 0; r < remote_size; r++) expected += world_of(!in_a, r);
  return expected;
}

static void allreduce(void) {
  long long value = world_rank, sum = -1;
  MPI_Allreduce(&value, &sum, 1, MPI_LONG_LONG, MPI_SUM, inter);
  CHECK(sum == remote_sum(), "Allreduce: %lld, expected %lld", sum, remote_sum());
}

static void nonblocking_together(void) {
  long long value = world_rank, sum = -1;
  int data[3] = {-1, -1, -1}, root = root_argument(0, 0);
  if (root == MPI_ROOT) data[0] = 11, data[1] = 12, data[2] = 13;
  MPI_Request requests[2];
  MPI_Ibcast(data, 3, MPI_INT, root, inter, &requests[0]);
  MPI_Iallreduce(&value, &sum, 1, MPI_LONG_LONG, MPI_SUM, inter, &requests[1]);
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  CHECK(sum == remote_sum(), "Iallreduce: %lld", sum);
  if (root != MPI_PROC_NULL) CHECK(data[0] == 11 && data[2] == 13, "Ibcast: %d %d %d", data[0], data[1], data[2]);
}

static void errors(void) {
  MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
  int value = 0;
  expect_error(MPI_Bcast(&value, 1, MPI_INT, remote_size, inter), MPI_ERR_ROOT,
               "Bcast to a root past the remote group");
  expect_error(MPI_Reduce(&value, &value, 1, MPI_INT, MPI_SUM, -7, inter), MPI_ERR_ROOT, "Reduce to root -7");
  expect_error(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_INT, MPI_SUM, inter), MPI_ERR_BUFFER,
               "Allreduce in place on an intercommunicator");
  MPI_Comm_set_errhandler(inter, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  if (world_size > 1) {
    int a_size = (world_size + 2) / 3;
    in_a = world_rank < a_size;
    MPI_Comm group;
    MPI_Comm_split(MPI_COMM_WORLD, in_a, world_rank, &group);
    MPI_Intercomm_create(group, 0, MPI_COMM_WORLD, in_a ? a_size : 0, 9, &inter);
    MPI_Comm_free(&group);
    MPI_Comm_rank(inter, &local_rank);
    MPI_Comm_size(inter, &local_size);
    MPI_Comm_remote_size(inter, &remote_size);
    for (int round = 0; round < 3; round++) {
      barrier_waits();
      int counts[3] = {0, 5, BIG};
      for (int c = 0; c < 3; c++) {
        bcast(1, 0, counts[c]);
        bcast(0, world_size - a_size - 1, counts[c]);
      }
      vector_bcast(1);
      vector_bcast(0);
      reduce(1, a_size - 1);
      reduce(0, 0);
      allreduce();
      nonblocking_together();
    }
    errors();
    MPI_Comm_free(&inter);
  }
  report_ok("intercomm_collectives");
  MPI_Finalize();
  return 0;
}
