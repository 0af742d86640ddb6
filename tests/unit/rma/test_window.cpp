// What a window's members share: where a target displacement lands, which accesses are in range, and
// the regions of dynamic windows.

#include <array>
#include <catch2/catch.hpp>
#include <cstddef>
#include <vector>

#include "rma/window.hpp"

using weft::rma::flavor;
using weft::rma::window;

TEST_CASE("a displacement lands disp_unit bytes apart, and the access must stay inside the segment", "[rma]") {
  window w(2, flavor::create);
  std::array<std::byte, 64> memory{};
  w.member(1).base = memory.data();
  w.member(1).size = memory.size();
  w.member(1).disp_unit = 8;

  REQUIRE(w.address(1, 2, 0, 8) == memory.data() + 16);
  REQUIRE(w.address(1, 7, 0, 8) == memory.data() + 56);
  REQUIRE_FALSE(w.address(1, 7, 0, 9));  // one byte past the end
  REQUIRE_FALSE(w.address(1, 8, 0, 8));
  REQUIRE_FALSE(w.address(1, -1, 0, 8));
  REQUIRE(w.address(1, 1, -8, 0) == memory.data() + 8);  // data before the displacement, still inside
  REQUIRE_FALSE(w.address(1, 0, -1, 4));
  // Overflowing displacements are out of range, not wrapped around.
  REQUIRE_FALSE(w.address(1, PTRDIFF_MAX / 4, 0, 8));
}

TEST_CASE("an access that touches nothing is never out of range, even of an empty segment", "[rma]") {
  window w(1, flavor::create);
  REQUIRE(w.address(0, 0, 0, 0));
  REQUIRE(w.address(0, 1000, 0, 0));
  REQUIRE_FALSE(w.address(0, 0, 0, 1));
}

TEST_CASE("contiguous shared memory: each segment right after the one before", "[rma]") {
  window w(4, flavor::shared);
  std::vector<std::size_t> sizes{8, 0, 24, 3};
  REQUIRE(w.allocate_contiguous(sizes));
  REQUIRE(w.contiguous_segment(1) == w.contiguous_segment(0) + 8);
  REQUIRE(w.contiguous_segment(2) == w.contiguous_segment(0) + 8);
  REQUIRE(w.contiguous_segment(3) == w.contiguous_segment(0) + 32);
  REQUIRE(reinterpret_cast<std::uintptr_t>(w.contiguous_segment(0)) % weft::rma::window_memory::alignment == 0);
}

TEST_CASE("dynamic windows: regions attached, never overlapping, detached by their base", "[rma]") {
  window w(1, flavor::dynamic);
  weft::rma::window_member& m = w.member(0);
  std::array<std::byte, 256> memory{};
  std::byte* a = memory.data();

  REQUIRE(m.attach({a + 64, 32}));
  REQUIRE_FALSE(m.attach({a + 80, 32}));  // overlaps from above
  REQUIRE_FALSE(m.attach({a + 48, 17}));  // overlaps from below
  REQUIRE_FALSE(m.attach({a + 64, 1}));
  REQUIRE(m.attach({a + 128, 16}));
  REQUIRE(m.attach({a + 32, 32}));  // ends where the next begins

  auto disp = [&](std::byte* at) { return reinterpret_cast<std::ptrdiff_t>(at); };
  REQUIRE(w.address(0, disp(a + 64), 0, 32) == a + 64);
  REQUIRE(w.address(0, disp(a + 40), 0, 50) == a + 40);  // spans two regions side by side
  REQUIRE_FALSE(w.address(0, disp(a + 90), 0, 8));       // runs past [64, 96) into nothing
  REQUIRE_FALSE(w.address(0, disp(a + 100), 0, 1));
  REQUIRE_FALSE(w.address(0, disp(a + 120), 0, 16));  // starts before [128, 144)

  REQUIRE_FALSE(m.detach(a + 65));
  REQUIRE(m.detach(a + 64));
  REQUIRE_FALSE(w.address(0, disp(a + 64), 0, 1));
  REQUIRE_FALSE(w.address(0, disp(a + 40), 0, 50));
  REQUIRE(w.address(0, disp(a + 32), 0, 32));
}
