/* Communicators made from communicators: dup, split, split_type, create, create_group. Each new
 * communicator must have the right members in the right order, and its own context: messages sent on one
 * never match receives on another, even with the same ranks and tags. Then comparisons, names, and wrong
 * input under MPI_ERRORS_RETURN. */
#include <stdint.h>

#include "mpitest.h"

enum { TAG = 5 };

/* Every member sends its world rank to the next member and checks what the previous one sent; then an
 * allreduce over the communicator must give the sum of the members' world ranks. */
static void check_traffic(MPI_Comm comm, const char* what) {
  int rank, size, world_rank;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Group group, world;
  MPI_Comm_group(comm, &group);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int previous = (rank - 1 + size) % size, previous_world;
  MPI_Group_translate_ranks(group, 1, &previous, world, &previous_world);
  int got = -1;
  MPI_Sendrecv(&world_rank, 1, MPI_INT, (rank + 1) % size, TAG, &got, 1, MPI_INT, previous, TAG, comm,
               MPI_STATUS_IGNORE);
  CHECK(got == previous_world, "%s: rank %d got %d from its previous member, expected %d", what, rank, got,
        previous_world);
  long sum = 0, expected = 0;
  long mine = world_rank;
  MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, comm);
  for (int r = 0; r < size; r++) {
    int w;
    MPI_Group_translate_ranks(group, 1, &r, world, &w);
    expected += w;
  }
  CHECK(sum == expected, "%s: allreduce gave %ld, expected %ld", what, sum, expected);
  MPI_Group_free(&group);
  MPI_Group_free(&world);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size, result, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  /* Dup: same members, own context. A message sent on the dup first must not be taken by the receive
   * posted on MPI_COMM_WORLD first, though source and tag are the same. */
  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_compare(MPI_COMM_WORLD, dup, &result);
  CHECK(result == MPI_CONGRUENT, "a dup of MPI_COMM_WORLD compares as %d", result);
  MPI_Comm_compare(dup, dup, &result);
  CHECK(result == MPI_IDENT, "a communicator compared with itself gives %d", result);
  int right = (rank + 1) % size, left = (rank - 1 + size) % size;
  int on_world = -1, on_dup = -1, world_value = 1000 + rank, dup_value = 2000 + rank;
  MPI_Request requests[2];
  MPI_Irecv(&on_world, 1, MPI_INT, left, TAG, MPI_COMM_WORLD, &requests[0]);
  MPI_Irecv(&on_dup, 1, MPI_INT, left, TAG, dup, &requests[1]);
  MPI_Send(&dup_value, 1, MPI_INT, right, TAG, dup);
  MPI_Send(&world_value, 1, MPI_INT, right, TAG, MPI_COMM_WORLD);
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  CHECK(on_world == 1000 + left && on_dup == 2000 + left, "world got %d and dup got %d; contexts crossed", on_world,
        on_dup);
  check_traffic(dup, "dup");

  /* Split by parity, ordered backwards by key: rank r of color c is the (k-1-r)-th member. */
  MPI_Comm parity;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &parity);
  int parity_rank, parity_size;
  MPI_Comm_rank(parity, &parity_rank);
  MPI_Comm_size(parity, &parity_size);
  int members = (size - rank % 2 + 1) / 2;
  CHECK(parity_size == members && parity_rank == members - 1 - rank / 2,
        "split by parity: rank %d of %d, expected %d of %d", parity_rank, parity_size, members - 1 - rank / 2, members);
  check_traffic(parity, "split by parity");

  /* One color, keys reversed: the same members in the other order. Equal keys keep the parent's order. */
  MPI_Comm backwards, same_order;
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &backwards);
  MPI_Comm_compare(MPI_COMM_WORLD, backwards, &result);
  CHECK(result == (size == 1 ? MPI_CONGRUENT : MPI_SIMILAR), "the reversed split compares as %d", result);
  MPI_Comm_split(MPI_COMM_WORLD, 7, 0, &same_order);
  MPI_Comm_rank(same_order, &n);
  CHECK(n == rank, "split with equal keys gave rank %d to world rank %d", n, rank);
  check_traffic(backwards, "reversed split");

  /* MPI_UNDEFINED: no communicator. */
  MPI_Comm maybe;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 1, 0, &maybe);
  CHECK((rank == 0) == (maybe == MPI_COMM_NULL), "split with MPI_UNDEFINED on rank 0 gave the wrong result");
  if (maybe != MPI_COMM_NULL) {
    MPI_Comm_size(maybe, &n);
    CHECK(n == size - 1, "the split without rank 0 has %d ranks", n);
    MPI_Comm_free(&maybe);
  }

  /* Split by node: all the ranks of this job share one. */
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_compare(MPI_COMM_WORLD, node, &result);
  CHECK(result == MPI_CONGRUENT, "the node communicator compares with the world as %d", result);

  /* Create: the even ranks; the others get MPI_COMM_NULL. */
  MPI_Group world, evens, upper, lower;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int even_range[1][3] = {{0, size - 1, 2}};
  MPI_Group_range_incl(world, 1, even_range, &evens);
  MPI_Comm even_comm;
  MPI_Comm_create(MPI_COMM_WORLD, evens, &even_comm);
  CHECK((rank % 2 == 0) == (even_comm != MPI_COMM_NULL), "Comm_create of the evens on rank %d gave the wrong result",
        rank);
  if (even_comm != MPI_COMM_NULL) check_traffic(even_comm, "create");

  /* Create_group by two overlapping halves at once, told apart by their tags; only members call. */
  int upper_range[1][3] = {{size / 4, size - 1, 1}}, lower_range[1][3] = {{0, size / 2, 1}};
  MPI_Group_range_incl(world, 1, upper_range, &upper);
  MPI_Group_range_incl(world, 1, lower_range, &lower);
  MPI_Comm lower_comm = MPI_COMM_NULL, upper_comm = MPI_COMM_NULL;
  if (rank <= size / 2) MPI_Comm_create_group(MPI_COMM_WORLD, lower, 11, &lower_comm);
  if (rank >= size / 4) MPI_Comm_create_group(MPI_COMM_WORLD, upper, 12, &upper_comm);
  if (lower_comm != MPI_COMM_NULL) check_traffic(lower_comm, "create_group of the lower half");
  if (upper_comm != MPI_COMM_NULL) check_traffic(upper_comm, "create_group of the upper half");

  /* Names. */
  char name[MPI_MAX_OBJECT_NAME];
  MPI_Comm_get_name(MPI_COMM_WORLD, name, &n);
  CHECK(strcmp(name, "MPI_COMM_WORLD") == 0 && n == 14, "the world is called \"%s\" (%d)", name, n);
  MPI_Comm_get_name(dup, name, &n);
  CHECK(n == 0 && name[0] == '\0', "a new communicator is called \"%s\"", name);
  MPI_Comm_set_name(dup, "pairs");
  MPI_Comm_get_name(dup, name, &n);
  CHECK(strcmp(name, "pairs") == 0 && n == 5, "after set_name the dup is called \"%s\"", name);

  /* Wrong input. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  MPI_Comm bad, world_handle = MPI_COMM_WORLD;
  expect_error(MPI_Comm_split(MPI_COMM_WORLD, -5, 0, &bad), MPI_ERR_ARG, "Comm_split with color -5");
  expect_error(MPI_Comm_free(&world_handle), MPI_ERR_COMM, "Comm_free of MPI_COMM_WORLD");
  expect_error(MPI_Comm_size((MPI_Comm)MPI_INT, &n), MPI_ERR_COMM, "Comm_size of a datatype");
  /* An integer where the handle goes (an argument swapped, or a code written for integer handles). */
  expect_error(MPI_Comm_size((MPI_Comm)(intptr_t)1, &n), MPI_ERR_COMM, "Comm_size of the integer 1");
  expect_error(MPI_Send(&n, 1, MPI_INT, 0, 0, (MPI_Comm)(intptr_t)(0x44000000 >> 20)), MPI_ERR_COMM,
               "Send on a small integer");
  expect_error(MPI_Comm_dup(MPI_COMM_NULL, &bad), MPI_ERR_COMM, "Comm_dup of MPI_COMM_NULL");
  expect_error(MPI_Comm_remote_size(MPI_COMM_WORLD, &n), MPI_ERR_COMM, "Comm_remote_size of an intracommunicator");
  if (size > 1 && rank % 2 == 1) {
    /* MPI_COMM_SELF holds only the calling rank: the even ranks are no subgroup of it on an odd rank. */
    expect_error(MPI_Comm_create(MPI_COMM_SELF, evens, &bad), MPI_ERR_GROUP,
                 "Comm_create of MPI_COMM_SELF with a group of other ranks");
  }

  MPI_Comm* comms[] = {&dup, &parity, &backwards, &same_order, &node, &even_comm, &lower_comm, &upper_comm};
  for (size_t i = 0; i < sizeof comms / sizeof *comms; i++)
    if (*comms[i] != MPI_COMM_NULL) {
      MPI_Comm_free(comms[i]);
      CHECK(*comms[i] == MPI_COMM_NULL, "MPI_Comm_free did not set the handle to MPI_COMM_NULL");
    }
  MPI_Group_free(&world);
  MPI_Group_free(&evens);
  MPI_Group_free(&upper);
  MPI_Group_free(&lower);
  report_ok("communicators");
  MPI_Finalize();
  return 0;
}
