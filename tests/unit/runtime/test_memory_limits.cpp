// A job too large for the kernel's, the process's or the machine's limits is refused at start, saying which
// limit and what to change; one that fits is not.

#include <catch2/catch.hpp>
#include <limits>

#include "runtime/memory_limits.hpp"

using weft::runtime::memory_needs;
using weft::runtime::memory_room;
using weft::runtime::refusal;

namespace {

constexpr std::size_t MiB = std::size_t{1} << 20, GiB = std::size_t{1} << 30;
constexpr std::size_t none = std::numeric_limits<std::size_t>::max();

memory_room roomy() { return {none, none, none, none, 65530}; }

}  // namespace

TEST_CASE("a job within every limit is not refused", "[memory]") {
  memory_room room{3000, 9 * GiB, none, 2 * GiB, 65530};
  // 8 GiB of stacks reserved, 1 GiB touched; 3 mappings each (a large globals copy is mapped on its own)
  CHECK(refusal({1000, 8 * MiB + 4096, 1 * MiB}, room).empty());
}

TEST_CASE("too many memory mappings are refused with vm.max_map_count", "[memory]") {
  memory_room room = roomy();
  room.mappings = 250;
  CHECK(refusal({100, 8 * MiB, 0}, room).empty());           // a stack and its guard page each
  std::string why = refusal({100, 8 * MiB, 1 * MiB}, room);  // and a mapped copy of large globals
  CHECK_THAT(why, Catch::Contains("this node's 100 ranks need 300 memory mappings"));
  CHECK_THAT(why, Catch::Contains("vm.max_map_count = 65530"));
  CHECK_THAT(why, Catch::Contains("sysctl -w vm.max_map_count="));
}

TEST_CASE("stacks and globals beyond ulimit -v or -d are refused", "[memory]") {
  memory_room room = roomy();
  room.mappable = 1 * GiB;
  std::string why = refusal({200, 8 * MiB, 1 * MiB}, room);
  CHECK_THAT(why, Catch::Contains("would reserve 1.6 GiB of stacks (8.0 MiB each, WEFT_STACK_SIZE"));
  CHECK_THAT(why, Catch::Contains("200.0 MiB for their copies of the program's globals (1.0 MiB each)"));
  CHECK_THAT(why, Catch::Contains("more than the 1.0 GiB this process may still map (ulimit -v, ulimit -d)"));
  CHECK(refusal({100, 8 * MiB, 1 * MiB}, room).empty());
}

TEST_CASE("under strict overcommit stacks count whole", "[memory]") {
  memory_room room = roomy();
  room.committable = 4 * GiB;
  CHECK_THAT(refusal({1000, 8 * MiB, 0}, room), Catch::Contains("vm.overcommit_memory = 2"));
  CHECK(refusal({400, 8 * MiB, 0}, room).empty());
}

TEST_CASE("globals every rank copies beyond the available memory are refused", "[memory]") {
  memory_room room = roomy();
  room.available = 10 * GiB;
  std::string why = refusal({1000, 8 * MiB, 16 * MiB}, room);
  CHECK_THAT(why, Catch::Contains("need at least 15.6 GiB of memory (16.0 MiB each for their copies"));
  CHECK_THAT(why, Catch::Contains("but 10.0 GiB is available"));
  CHECK_THAT(why, Catch::Contains("allocate the large globals on the heap"));
  // Stacks are touched as they grow: their reserved size does not count against the memory.
  CHECK(refusal({1000, 64 * MiB, 8 * MiB}, room).empty());
}
