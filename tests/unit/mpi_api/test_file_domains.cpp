// Whether the nodes' data interleaves in the file: what decides between exchanging data across nodes
// (two-phase I/O) and each node moving its own.

#include <catch2/catch.hpp>

#include "mpi_api/file_domains.hpp"

using weft::mpi::file_ranges;
using weft::mpi::ranges_interleave;

TEST_CASE("nodes whose ranges only touch do not interleave, in any order", "[mpi_api]") {
  CHECK_FALSE(ranges_interleave(file_ranges{{0, 100}, {100, 200}, {200, 300}}));
  CHECK_FALSE(ranges_interleave(file_ranges{{200, 300}, {0, 100}, {100, 200}}));
  CHECK_FALSE(ranges_interleave(file_ranges{}));
}

TEST_CASE("overlapping ranges interleave, and a node with nothing to move takes no part", "[mpi_api]") {
  CHECK(ranges_interleave(file_ranges{{0, 150}, {100, 200}}));
  CHECK(ranges_interleave(file_ranges{{100, 200}, {0, 1000}}));
  CHECK_FALSE(ranges_interleave(file_ranges{{0, 100}, {50, 50}, {100, 200}}));
}
