// A group's members: group rank to job rank and back, and how two groups compare (MPI_Group_compare's
// answers).

#include <mpi.h>

#include <catch2/catch.hpp>

#include "mpi_api/rank_map.hpp"

using weft::mpi::compare_members;
using weft::mpi::rank_map;

TEST_CASE("a group maps its ranks to job ranks and back", "[mpi_api]") {
  rank_map group({7, 2, 9});
  CHECK(group.size() == 3);
  CHECK(group.job_rank(0) == 7);
  CHECK(group.job_rank(2) == 9);
  CHECK(group.rank_of(2) == 1);
  CHECK(group.rank_of(9) == 2);
  CHECK(group.rank_of(3) == MPI_UNDEFINED);
  CHECK(rank_map({}).rank_of(0) == MPI_UNDEFINED);
}

TEST_CASE("groups are identical in order, similar in members, unequal otherwise", "[mpi_api]") {
  rank_map a({0, 1, 2});
  CHECK(compare_members(a, rank_map({0, 1, 2})) == MPI_IDENT);
  CHECK(compare_members(a, rank_map({2, 0, 1})) == MPI_SIMILAR);
  CHECK(compare_members(a, rank_map({0, 1})) == MPI_UNEQUAL);
  CHECK(compare_members(a, rank_map({0, 1, 3})) == MPI_UNEQUAL);
}
