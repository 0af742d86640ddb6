/* Intercommunicators between the even and the odd ranks: creation through MPI_COMM_WORLD as peer,
 * the queries, point-to-point across the groups in both directions (remote ranks name the other group),
 * a duplicate with its own context, merges in both orders, and split and create across the groups. */
#include "mpitest.h"

enum { TAG = 3 };

/* Every rank of the group that `sends` sends its world rank to remote rank (local rank % remote size);
 * every remote rank receives from MPI_ANY_SOURCE exactly the messages aimed at it, and checks that the
 * source is the sender's rank in its own group. */
static void exchange_across(MPI_Comm inter, int sends, const char* what) {
  int rank, size, remote_size, world_rank;
  MPI_Comm_rank(inter, &rank);
  MPI_Comm_size(inter, &size);
  MPI_Comm_remote_size(inter, &remote_size);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  if (sends) {
    MPI_Send(&world_rank, 1, MPI_INT, rank % remote_size, TAG, inter);
    return;
  }
  MPI_Group remote, world;
  MPI_Comm_remote_group(inter, &remote);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  for (int sender = rank; sender < remote_size; sender += size) {
    int got = -1, expected;
    MPI_Status status;
    MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, TAG, inter, &status);
    MPI_Group_translate_ranks(remote, 1, &status.MPI_SOURCE, world, &expected);
    CHECK(status.MPI_SOURCE % size == rank && got == expected, "%s: got %d from remote rank %d (world rank %d)", what,
          got, status.MPI_SOURCE, expected);
  }
  MPI_Group_free(&remote);
  MPI_Group_free(&world);
}

static void check_merged(MPI_Comm merged, int first_is_odd, const char* what) {
  int rank, size, world_rank, world_size;
  MPI_Comm_rank(merged, &rank);
  MPI_Comm_size(merged, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  int evens = (world_size + 1) / 2, odds = world_size / 2;
  int expected = world_rank % 2 == 1 ? (first_is_odd ? world_rank / 2 : evens + world_rank / 2)
                                     : (first_is_odd ? odds + world_rank / 2 : world_rank / 2);
  CHECK(size == world_size && rank == expected, "%s: rank %d of %d, expected %d", what, rank, size, expected);
  long sum = 0, mine = world_rank;
  MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, merged);
  CHECK(sum == (long)world_size * (world_size - 1) / 2, "%s: allreduce gave %ld", what, sum);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) { /* an intercommunicator needs two groups */
    report_ok("intercomm");
    MPI_Finalize();
    return 0;
  }
  int odd = rank % 2;
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, odd, rank, &half);
  /* Leaders: rank 0 of each half, world ranks 0 and 1. */
  MPI_Comm inter;
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, odd ? 0 : 1, 99, &inter);

  int flag, n, result;
  MPI_Comm_test_inter(inter, &flag);
  CHECK(flag, "MPI_Comm_test_inter says the intercommunicator is not one");
  MPI_Comm_test_inter(half, &flag);
  CHECK(!flag, "MPI_Comm_test_inter says an intracommunicator is an intercommunicator");
  MPI_Comm_remote_size(inter, &n);
  CHECK(n == (odd ? (size + 1) / 2 : size / 2), "remote size %d", n);
  MPI_Comm_size(inter, &n);
  CHECK(n == (odd ? size / 2 : (size + 1) / 2), "local size %d", n);
  MPI_Comm_rank(inter, &n);
  CHECK(n == rank / 2, "rank %d in the intercommunicator, expected %d", n, rank / 2);

  exchange_across(inter, !odd, "evens to odds");
  exchange_across(inter, odd, "odds to evens");

  /* A duplicate: congruent, and its messages stay apart from the original's. */
  MPI_Comm dup;
  MPI_Comm_dup(inter, &dup);
  MPI_Comm_compare(inter, dup, &result);
  CHECK(result == MPI_CONGRUENT, "the duplicate intercommunicator compares as %d", result);
  MPI_Comm_test_inter(dup, &flag);
  CHECK(flag, "the duplicate of an intercommunicator is not one");
  if (rank < 2) { /* the leaders send on both, receive in the other order */
    int a = 10 + rank, b = 20 + rank, got_a = -1, got_b = -1;
    MPI_Request requests[2];
    MPI_Irecv(&got_a, 1, MPI_INT, 0, TAG, inter, &requests[0]);
    MPI_Irecv(&got_b, 1, MPI_INT, 0, TAG, dup, &requests[1]);
    MPI_Send(&b, 1, MPI_INT, 0, TAG, dup);
    MPI_Send(&a, 1, MPI_INT, 0, TAG, inter);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    CHECK(got_a == 10 + (1 - rank) && got_b == 20 + (1 - rank), "leaders got %d and %d; contexts crossed", got_a,
          got_b);
  }
  exchange_across(dup, odd, "odds to evens on the duplicate");

  /* Merges: the group passing high = 0 comes first; with equal flags the order is the same everywhere. */
  MPI_Comm odd_first, even_first, same_flags;
  MPI_Intercomm_merge(inter, !odd, &odd_first);
  check_merged(odd_first, 1, "merge with the odd ranks low");
  MPI_Intercomm_merge(inter, odd, &even_first);
  check_merged(even_first, 0, "merge with the even ranks low");
  MPI_Intercomm_merge(dup, 0, &same_flags);
  int first;
  MPI_Comm_rank(same_flags, &n);
  first = n == 0 ? rank : -1;
  MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MAX, same_flags);
  check_merged(same_flags, first % 2, "merge with equal flags");

  /* Split across: each side's ranks of one color face the other side's ranks of that color. Color by
   * local rank parity; keys reverse the order. A color one side lacks gives MPI_COMM_NULL. */
  int local_rank, local_size, remote_size;
  MPI_Comm_rank(inter, &local_rank);
  MPI_Comm_size(inter, &local_size);
  MPI_Comm_remote_size(inter, &remote_size);
  int color = local_rank % 2;
  MPI_Comm split;
  MPI_Comm_split(inter, color, -local_rank, &split);
  int remote_of_color = (remote_size - color + 1) / 2;
  if (remote_of_color == 0) {
    CHECK(split == MPI_COMM_NULL, "split: color %d has no remote ranks yet the result is a communicator", color);
  } else {
    MPI_Comm_test_inter(split, &flag);
    CHECK(flag, "the split of an intercommunicator is not one");
    int split_rank, split_size, split_remote;
    MPI_Comm_rank(split, &split_rank);
    MPI_Comm_size(split, &split_size);
    MPI_Comm_remote_size(split, &split_remote);
    int of_color = (local_size - color + 1) / 2;
    CHECK(split_size == of_color && split_remote == remote_of_color && split_rank == of_color - 1 - local_rank / 2,
          "split: rank %d of %d with %d remote, expected %d of %d with %d", split_rank, split_size, split_remote,
          of_color - 1 - local_rank / 2, of_color, remote_of_color);
    exchange_across(split, !odd, "evens to odds on the split");
    MPI_Comm_free(&split);
  }

  /* Create across: each side keeps its even local ranks. */
  MPI_Group local_group, kept;
  MPI_Comm_group(inter, &local_group);
  int even_range[1][3] = {{0, local_size - 1, 2}};
  MPI_Group_range_incl(local_group, 1, even_range, &kept);
  MPI_Comm created;
  MPI_Comm_create(inter, kept, &created);
  CHECK((local_rank % 2 == 0) == (created != MPI_COMM_NULL), "Comm_create across: local rank %d got %s", local_rank,
        created == MPI_COMM_NULL ? "MPI_COMM_NULL" : "a communicator");
  if (created != MPI_COMM_NULL) {
    int created_remote;
    MPI_Comm_remote_size(created, &created_remote);
    CHECK(created_remote == (remote_size + 1) / 2, "Comm_create across: remote size %d", created_remote);
    exchange_across(created, odd, "odds to evens on the created intercommunicator");
    MPI_Comm_free(&created);
  }
  MPI_Group_free(&local_group);
  MPI_Group_free(&kept);

  /* Wrong input. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(half, MPI_ERRORS_RETURN);
  MPI_Comm bad;
  int code = MPI_Intercomm_merge(half, 0, &bad), error_class = -1;
  MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_COMM, "Intercomm_merge of an intracommunicator gave class %d", error_class);
  code = MPI_Send(&rank, 1, MPI_INT, n + size, TAG, inter);
  MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_RANK, "a send to a rank past the remote group gave class %d", error_class);

  MPI_Comm* comms[] = {&half, &inter, &dup, &odd_first, &even_first, &same_flags};
  for (size_t i = 0; i < sizeof comms / sizeof *comms; i++) MPI_Comm_free(comms[i]);
  report_ok("intercomm");
  MPI_Finalize();
  return 0;
}
