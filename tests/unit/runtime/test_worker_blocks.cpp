// Where a node's ranks run: the rule other nodes use to find a rank's worker agrees with the placement.

#include <catch2/catch.hpp>

#include "runtime/worker_blocks.hpp"

using weft::runtime::first_rank_of_worker;
using weft::runtime::worker_of_rank;

TEST_CASE("every rank's worker is the one whose block holds it", "[worker_blocks]") {
  for (int ranks = 1; ranks <= 70; ++ranks)
    for (int workers = 1; workers <= ranks; ++workers) {
      CHECK(first_rank_of_worker(0, ranks, workers) == 0);
      CHECK(first_rank_of_worker(workers, ranks, workers) == ranks);
      for (int w = 0; w < workers; ++w)
        for (int r = first_rank_of_worker(w, ranks, workers); r < first_rank_of_worker(w + 1, ranks, workers); ++r)
          REQUIRE(worker_of_rank(r, ranks, workers) == w);
    }
}

TEST_CASE("blocks are as even as can be", "[worker_blocks]") {
  CHECK(first_rank_of_worker(1, 7, 2) == 3);
  CHECK(first_rank_of_worker(1, 1000, 3) == 333);
  CHECK(first_rank_of_worker(2, 1000, 3) == 666);
  CHECK(worker_of_rank(999, 1000, 3) == 2);
}
