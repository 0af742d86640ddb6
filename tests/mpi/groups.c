/* Groups: made from MPI_COMM_WORLD and from each other, checked against closed forms on any number of
 * ranks; then wrong input, which must come back as the standard's error class under MPI_ERRORS_RETURN. */
#include "mpitest.h"

static void check_members(MPI_Group group, MPI_Group world, int n, const int* expected, const char* what) {
  int size;
  MPI_Group_size(group, &size);
  CHECK(size == n, "%s has %d members, expected %d", what, size, n);
  for (int i = 0; i < n; i++) {
    int world_rank;
    MPI_Group_translate_ranks(group, 1, &i, world, &world_rank);
    CHECK(world_rank == expected[i], "%s: rank %d is world rank %d, expected %d", what, i, world_rank, expected[i]);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Group world;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int *expected = malloc(sizeof(int) * (size_t)size), *ranks = malloc(sizeof(int) * (size_t)size);

  int group_rank, n = 0;
  MPI_Group_rank(world, &group_rank);
  CHECK(group_rank == rank, "MPI_Group_rank of the world group is %d", group_rank);

  /* Even ranks, by Group_incl and by a strided range. */
  for (int r = 0; r < size; r += 2) ranks[n] = r, expected[n++] = r;
  MPI_Group evens, evens_by_range, odds, reversed;
  MPI_Group_incl(world, n, ranks, &evens);
  check_members(evens, world, n, expected, "Group_incl of the even ranks");
  int even_range[1][3] = {{0, size - 1, 2}};
  MPI_Group_range_incl(world, 1, even_range, &evens_by_range);
  int result;
  MPI_Group_compare(evens, evens_by_range, &result);
  CHECK(result == MPI_IDENT, "incl and range_incl of the even ranks compare as %d", result);
  MPI_Group_rank(evens, &group_rank);
  CHECK(group_rank == (rank % 2 == 0 ? rank / 2 : MPI_UNDEFINED), "rank in the even group is %d", group_rank);

  /* Odd ranks: the even ones excluded, and the even ones excluded by range. */
  MPI_Group_excl(world, n, ranks, &odds);
  int m = 0;
  for (int r = 1; r < size; r += 2) expected[m++] = r;
  check_members(odds, world, m, expected, "Group_excl of the even ranks");
  MPI_Group odds_by_range;
  MPI_Group_range_excl(world, 1, even_range, &odds_by_range);
  MPI_Group_compare(odds, odds_by_range, &result);
  CHECK(result == MPI_IDENT, "excl and range_excl of the even ranks compare as %d", result);

  /* All ranks backwards: a descending range. Same members, other order: similar. */
  int backwards[1][3] = {{size - 1, 0, -1}};
  MPI_Group_range_incl(world, 1, backwards, &reversed);
  for (int i = 0; i < size; i++) expected[i] = size - 1 - i;
  check_members(reversed, world, size, expected, "the descending range");
  MPI_Group_compare(world, reversed, &result);
  CHECK(result == (size == 1 ? MPI_IDENT : MPI_SIMILAR), "world and its reverse compare as %d", result);

  /* Set operations. */
  MPI_Group all, none, difference;
  MPI_Group_union(evens, odds, &all);
  for (int i = 0; i < size; i++) expected[i] = i < n ? 2 * i : 2 * (i - n) + 1;
  check_members(all, world, size, expected, "the union of evens and odds");
  MPI_Group_intersection(evens, odds, &none);
  CHECK(none == MPI_GROUP_EMPTY, "the intersection of evens and odds is not MPI_GROUP_EMPTY");
  MPI_Group_difference(world, odds, &difference);
  MPI_Group_compare(difference, evens, &result);
  CHECK(result == MPI_IDENT, "world minus odds compares with evens as %d", result);
  MPI_Group_compare(evens, odds, &result);
  CHECK(result == MPI_UNEQUAL, "evens and odds compare as %d", result);

  /* Translating into a group that lacks the rank, and MPI_PROC_NULL. */
  int in[2] = {0, MPI_PROC_NULL}, out[2];
  MPI_Group_translate_ranks(world, 2, in, odds, out);
  CHECK(out[0] == MPI_UNDEFINED && out[1] == MPI_PROC_NULL, "translating 0 and PROC_NULL into odds gave %d, %d", out[0],
        out[1]);

  /* Communicator groups: the group of MPI_COMM_SELF is the calling rank. */
  MPI_Group self;
  MPI_Comm_group(MPI_COMM_SELF, &self);
  check_members(self, world, 1, &rank, "the group of MPI_COMM_SELF");

  /* Wrong input. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Group bad;
  int twice[2] = {0, 0};
  expect_error(MPI_Group_incl(world, 2, twice, &bad), MPI_ERR_RANK, "Group_incl with a rank named twice");
  int beyond = size;
  expect_error(MPI_Group_incl(world, 1, &beyond, &bad), MPI_ERR_RANK, "Group_incl with a rank past the end");
  int still[1][3] = {{0, 0, 0}};
  expect_error(MPI_Group_range_incl(world, 1, still, &bad), MPI_ERR_ARG, "Group_range_incl with stride 0");
  expect_error(MPI_Group_size(MPI_GROUP_NULL, &n), MPI_ERR_GROUP, "Group_size of MPI_GROUP_NULL");
  expect_error(MPI_Group_size((MPI_Group)MPI_COMM_WORLD, &n), MPI_ERR_GROUP, "Group_size of a communicator");
  int outside = size;
  expect_error(MPI_Group_translate_ranks(world, 1, &outside, evens, out), MPI_ERR_RANK,
               "Group_translate_ranks of a rank past the end");

  MPI_Group* groups[] = {&world,    &evens, &evens_by_range, &odds,       &odds_by_range,
                         &reversed, &all,   &none,           &difference, &self};
  for (size_t i = 0; i < sizeof groups / sizeof *groups; i++) {
    MPI_Group_free(groups[i]);
    CHECK(*groups[i] == MPI_GROUP_NULL, "MPI_Group_free did not set the handle to MPI_GROUP_NULL");
  }
  free(expected);
  free(ranks);
  report_ok("groups");
  MPI_Finalize();
  return 0;
}
