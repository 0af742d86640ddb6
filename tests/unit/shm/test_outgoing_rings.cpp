// A sender's table of destinations: every destination keeps its own entry as the table grows.

#include <catch2/catch.hpp>

#include "shm/outgoing_rings.hpp"

using namespace weft::shm;

TEST_CASE("each destination keeps its entry while the table grows", "[outgoing_rings]") {
  outgoing_rings table;
  // Consecutive ranks, then strided ones that share low bits.
  for (int rank = 0; rank < 3000; ++rank) table.at(rank).sends = static_cast<std::uint32_t>(rank + 1);
  for (int rank = 0; rank < 200; ++rank) table.at(100000 + rank * 1024).sends = 7;
  for (int rank = 0; rank < 3000; ++rank) {
    outgoing_rings::entry& entry = table.at(rank);
    CHECK(entry.destination == rank);
    CHECK(entry.sends == static_cast<std::uint32_t>(rank + 1));
  }
  for (int rank = 0; rank < 200; ++rank) CHECK(table.at(100000 + rank * 1024).sends == 7);
  CHECK(table.at(5000).sends == 0);
  CHECK(table.at(5000).ring == nullptr);
  CHECK_FALSE(table.at(5000).without_ring);
}
