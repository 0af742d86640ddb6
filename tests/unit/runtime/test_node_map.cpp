// Which node process holds which ranks of a job across nodes.

#include <catch2/catch.hpp>
#include <vector>

#include "runtime/node_map.hpp"

using weft::runtime::node_map;

TEST_CASE("rank counts per node are parsed from WEFT_NODE_RANKS", "[node_map]") {
  CHECK(node_map::parse("4") == std::vector<int>{4});
  CHECK(node_map::parse("4,4,3") == std::vector<int>{4, 4, 3});
  CHECK(node_map::parse("1,256") == std::vector<int>{1, 256});
}

TEST_CASE("malformed rank counts are rejected", "[node_map]") {
  CHECK(node_map::parse("").empty());
  CHECK(node_map::parse("4,").empty());
  CHECK(node_map::parse(",4").empty());
  CHECK(node_map::parse("4,,4").empty());
  CHECK(node_map::parse("4,0").empty());
  CHECK(node_map::parse("4,-1").empty());
  CHECK(node_map::parse("+4").empty());
  CHECK(node_map::parse("4;4").empty());
  CHECK(node_map::parse("4 ,4").empty());
  CHECK(node_map::parse("2000000000,2000000000").empty());
}

TEST_CASE("nodes hold contiguous blocks of ranks", "[node_map]") {
  node_map nodes({3, 2, 2}, 1);
  CHECK(nodes.job_size() == 7);
  CHECK(nodes.node_count() == 3);
  CHECK(nodes.this_node() == 1);
  CHECK(nodes.first_local() == 3);
  CHECK(nodes.local_count() == 2);
  std::vector<int> owners;
  for (int r = 0; r < 7; ++r) owners.push_back(nodes.node_of(r));
  CHECK(owners == std::vector<int>{0, 0, 0, 1, 1, 2, 2});
  CHECK(!nodes.is_local(2));
  CHECK(nodes.is_local(3));
  CHECK(nodes.is_local(4));
  CHECK(!nodes.is_local(5));
  CHECK(nodes.first_rank(2) == 5);
  CHECK(nodes.rank_count(0) == 3);
}

TEST_CASE("a job on one node holds every rank", "[node_map]") {
  node_map nodes({5}, 0);
  CHECK(nodes.node_count() == 1);
  for (int r = 0; r < 5; ++r) CHECK(nodes.is_local(r));
  CHECK(nodes.node_of(4) == 0);
}
