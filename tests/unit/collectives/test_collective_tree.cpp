#include <catch2/catch.hpp>
#include <vector>

#include "collectives/binomial_tree.hpp"
#include "collectives/collective_tree.hpp"

using weft::coll::collective_tree;
using weft::runtime::machine_place;

namespace {

// Ranks placed in blocks over `cores` cores, `cores_per_numa` to a NUMA node, `numa_per_package` to a
// package, the way the runtime places ranks on workers.
std::vector<machine_place> blocked(int ranks, int cores, int cores_per_numa, int numa_per_package) {
  std::vector<machine_place> places;
  for (int core = 0; core < cores; ++core) {
    int numa = core / cores_per_numa;
    long first = static_cast<long>(core) * ranks / cores, last = static_cast<long>(core + 1) * ranks / cores;
    for (long r = first; r < last; ++r) places.push_back({numa / numa_per_package, numa, numa, core});
  }
  return places;
}

// The promise of the header: each subtree is [r, end) with its children in order, each child's subtree
// after the one before. Returns the end of r's subtree, or -1.
int ordered_end(const collective_tree& tree, int r) {
  int next = r + 1;
  for (int i = 0; i < tree.child_count(r); ++i) {
    int child = tree.child(r, i);
    if (child != next || tree.parent(child) != r || tree.child_index(child) != i) return -1;
    next = ordered_end(tree, child);
    if (next < 0) return -1;
  }
  return next;
}

bool same_numa(const std::vector<machine_place>& places, int a, int b) {
  return places[a][0] == places[b][0] && places[a][1] == places[b][1];
}

}  // namespace

TEST_CASE("on a machine that is one group the tree is the binomial tree") {
  for (int size = 1; size <= 70; ++size) {
    std::vector<machine_place> places(size, machine_place{0, 0, 0, 0});
    collective_tree tree(places);
    CHECK_FALSE(tree.spans_domains());
    for (int r = 0; r < size; ++r) {
      REQUIRE(tree.child_count(r) == weft::coll::binomial_tree::child_count(r, size));
      for (int i = 0; i < tree.child_count(r); ++i) CHECK(tree.child(r, i) == weft::coll::binomial_tree::child(r, i));
      if (r != 0) CHECK(tree.parent(r) == weft::coll::binomial_tree::parent(r));
    }
  }
}

TEST_CASE("subtrees are contiguous rank ranges in order, whatever the machine") {
  for (int size : {1, 2, 3, 7, 12, 64, 100}) {
    for (int cores : {1, 2, 3, 4, 6, 8, 16}) {
      for (int per_numa : {1, 2, 3}) {
        collective_tree tree(blocked(size, cores, per_numa, 2));
        INFO("size " << size << ", cores " << cores << ", cores per NUMA node " << per_numa);
        CHECK(ordered_end(tree, 0) == size);
      }
    }
  }
}

TEST_CASE("signals cross between NUMA domains only at their leaders, once per domain") {
  // 7 ranks on 4 cores (1, 2, 2, 2 ranks), two cores per NUMA node, two NUMA nodes per package.
  std::vector<machine_place> places = blocked(7, 4, 2, 2);
  collective_tree tree(places);
  REQUIRE(tree.spans_domains());
  int crossings = 0;
  for (int r = 1; r < 7; ++r) {
    int parent = tree.parent(r);
    if (!same_numa(places, r, parent)) {
      ++crossings;
      CHECK(tree.domain_leader(r) == r);
      CHECK(tree.domain_leader(parent) == parent);
    } else {
      CHECK(tree.domain_leader(r) == tree.domain_leader(parent));
    }
  }
  CHECK(crossings == 1);
  CHECK(tree.domain_leader(0) == 0);
  CHECK(tree.domain_leader(2) == 0);  // ranks 0-2 on cores 0 and 1
  CHECK(tree.domain_leader(3) == 3);  // ranks 3-6 on cores 2 and 3
  CHECK(tree.domain_leader(6) == 3);
  REQUIRE(tree.domain_count() == 2);
  CHECK(tree.domain_start(0) == 0);
  CHECK(tree.domain_start(1) == 3);
  CHECK(tree.domain_start(2) == 7);
  for (int r = 0; r < 7; ++r) CHECK(tree.domain_of(r) == (r < 3 ? 0 : 1));
}

TEST_CASE("without domains to follow all ranks are one domain") {
  for (std::vector<machine_place> places : {blocked(12, 3, 3, 1), std::vector<machine_place>(1, {0, 0, 0, 0})}) {
    collective_tree tree(places);
    int size = static_cast<int>(places.size());
    REQUIRE(tree.domain_count() == 1);
    CHECK(tree.domain_start(0) == 0);
    CHECK(tree.domain_start(1) == size);
    for (int r = 0; r < size; ++r) CHECK(tree.domain_of(r) == 0);
  }
}

TEST_CASE("ranks of one core form a subtree below their core's leader") {
  std::vector<machine_place> places = blocked(12, 3, 3, 1);  // one NUMA node, 4 ranks per core
  collective_tree tree(places);
  CHECK_FALSE(tree.spans_domains());
  for (int r = 1; r < 12; ++r) {
    bool leads_core = places[r][3] != places[r - 1][3];
    if (!leads_core) CHECK(places[tree.parent(r)][3] == places[r][3]);
  }
  CHECK(tree.parent(4) == 0);  // the leaders of cores 1 and 2 hang below core 0's
  CHECK(tree.parent(8) == 0);
}

TEST_CASE("where domains are not contiguous rank ranges the tree is the binomial tree") {
  // Ranks alternating between two NUMA nodes, as a communicator ordered against the placement is.
  std::vector<machine_place> places;
  for (int r = 0; r < 10; ++r) places.push_back({0, r % 2, r % 2, r % 2});
  collective_tree tree(places);
  CHECK_FALSE(tree.spans_domains());
  CHECK(ordered_end(tree, 0) == 10);
  CHECK(tree.domain_count() == 1);
  for (int r = 1; r < 10; ++r) CHECK(tree.parent(r) == weft::coll::binomial_tree::parent(r));
}
