#include <catch2/catch.hpp>
#include <cstdint>
#include <numeric>
#include <vector>

#include "collectives/node/vector_slices.hpp"

using weft::coll::cache_line;
using weft::coll::slice_of;

namespace {

// A buffer `misalignment` bytes past the start of a line.
const std::byte* at(std::vector<std::byte>& memory, std::size_t misalignment) {
  auto base = reinterpret_cast<std::uintptr_t>(memory.data());
  return memory.data() + (cache_line - base % cache_line) % cache_line + misalignment;
}

}  // namespace

TEST_CASE("slices cover the vector in order, and owners write no common line where elements start lines") {
  std::vector<std::byte> memory(4 * cache_line);
  for (std::size_t element_size : {1, 2, 4, 8, 12, 16, 24, 32, 64, 96}) {
    for (std::size_t misalignment : {0, 4, 8, 16, 40}) {
      const std::byte* destination = at(memory, misalignment);
      bool lines_start_at_elements = misalignment % std::gcd(element_size, cache_line) == 0;
      for (int owners : {1, 2, 3, 7, 64}) {
        for (std::size_t count : {0, 1, 5, 10, 63, 64, 1000, 100003}) {
          INFO("elements of " << element_size << " B at line offset " << misalignment << ", " << owners << " owners, "
                              << count << " elements");
          std::size_t next = 0;
          for (int owner = 0; owner < owners; ++owner) {
            weft::coll::slice part = slice_of(owner, owners, count, element_size, destination);
            REQUIRE(part.first == next);
            next = part.first + part.length;
            auto start = reinterpret_cast<std::uintptr_t>(destination) + part.offset(element_size);
            if (lines_start_at_elements && part.first != 0 && part.first != count) CHECK(start % cache_line == 0);
            // Near the even share: at most one line's worth of elements later.
            std::size_t even = count * owner / owners;
            CHECK(part.first >= std::min(even, count));
            CHECK(part.first <= even + cache_line);
          }
          CHECK(next == count);
        }
      }
    }
  }
}
