// The CPUs of each node process that mpirun --nodes starts on this machine.
#include "cpu_shares.hpp"

#include <catch2/catch.hpp>
#include <vector>

using weft::tools::cpu_shares;

using shares = std::vector<std::vector<int>>;

TEST_CASE("node processes on this machine get slices of its CPUs", "[cpu_shares]") {
  CHECK(cpu_shares({0, 1}, 2) == shares{{0}, {1}});
  CHECK(cpu_shares({0, 1, 2, 3, 4, 5, 6}, 3) == shares{{0, 1, 2}, {3, 4}, {5, 6}});
  CHECK(cpu_shares({2, 3, 8, 9}, 2) == shares{{2, 3}, {8, 9}});
  CHECK(cpu_shares({0, 1, 2, 3}, 1) == shares{{0, 1, 2, 3}});
}

TEST_CASE("more node processes than CPUs take them in turn", "[cpu_shares]") {
  CHECK(cpu_shares({0, 1}, 3) == shares{{0}, {1}, {0}});
  CHECK(cpu_shares({5}, 2) == shares{{5}, {5}});
}

TEST_CASE("no CPUs known leaves every node mpirun's own", "[cpu_shares]") {
  CHECK(cpu_shares({}, 2) == shares{{}, {}});
}
