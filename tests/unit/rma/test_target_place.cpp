// Where a one-sided operation acts: a target on this node is an address in its segment, checked against the
// segment's size in units of its displacement unit; the operation is a copy there, done in the call.

#include <array>
#include <catch2/catch.hpp>
#include <cstddef>
#include <variant>

#include "rma/target_place.hpp"
#include "shm/type_layout.hpp"

using namespace weft;

namespace {

struct one_segment {
  rma::window w{2, rma::flavor::create};
  rma::remote_origin origin;
  std::array<std::byte, 64> segment{};

  one_segment() {
    rma::window_member& member = w.member(1);
    member.base = segment.data();
    member.size = segment.size();
    member.disp_unit = 4;
  }
  auto locate(std::ptrdiff_t disp, std::size_t bytes) {
    return rma::target_place::locate("MPI_Put", w, origin, 1, disp, &shm::type_layout::bytes(), bytes);
  }
};

}  // namespace

TEST_CASE("a target on this node is written and read in the call, at its displacement in units", "[rma]") {
  one_segment target;
  auto located = target.locate(2, 8);  // bytes 8 .. 16
  REQUIRE(std::holds_alternative<rma::target_place>(located));
  const auto& place = std::get<rma::target_place>(located);
  CHECK(place.done_in_call());
  std::array<std::byte, 8> put{};
  put.fill(std::byte{7});
  place.put(shm::byte_span(put.data(), put.size()));
  CHECK(target.segment[7] == std::byte{0});
  CHECK(target.segment[8] == std::byte{7});
  CHECK(target.segment[15] == std::byte{7});
  CHECK(target.segment[16] == std::byte{0});
  std::array<std::byte, 8> got{};
  place.get(shm::byte_span(got.data(), got.size()), nullptr);
  CHECK(got == put);
}

TEST_CASE("an access past the target's segment is located nowhere, with the range it asked for", "[rma]") {
  one_segment target;
  auto located = target.locate(15, 8);  // bytes 60 .. 68 of 64
  REQUIRE(std::holds_alternative<rma::outside_target>(located));
  const auto& outside = std::get<rma::outside_target>(located);
  CHECK(outside.first == 0);
  CHECK(outside.last == 8);
  CHECK(outside.disp_unit == 4);
  CHECK(outside.size == 64);
  CHECK(std::holds_alternative<rma::target_place>(target.locate(14, 8)));  // bytes 56 .. 64 fit
}
