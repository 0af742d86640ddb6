// The page locks of accumulates: ranges that share a page exclude each other, whatever their sizes.

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstddef>
#include <thread>

#include "rma/range_locks.hpp"

using weft::rma::range_lock;

namespace {

// Locks `held` on this thread, then `wanted` on another: the other gets it only after this one lets go.
bool excludes(const std::byte* held, std::size_t held_bytes, const std::byte* wanted, std::size_t wanted_bytes) {
  std::atomic<bool> released{false}, taken_before_release{false}, taken{false};
  std::thread other;
  {
    range_lock first(held, held_bytes);
    other = std::thread([&] {
      range_lock second(wanted, wanted_bytes);
      taken_before_release = !released.load();
      taken = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    released = true;
  }
  other.join();
  return taken && !taken_before_release;
}

// Addresses only: the locks never touch the memory.
const std::byte* at_page(std::size_t page) { return reinterpret_cast<const std::byte*>(page * range_lock::page); }

}  // namespace

TEST_CASE("ranges that share a page exclude each other", "[range_locks]") {
  CHECK(excludes(at_page(1000), 8, at_page(1000) + 100, 8));
  // Three pages against the last of them, and a 4 MiB range against one page in its middle.
  CHECK(excludes(at_page(2000), 3 * range_lock::page, at_page(2002) + 17, 1));
  CHECK(excludes(at_page(3000), 1024 * range_lock::page, at_page(3500), 4));
  // A range of more pages than the table has locks, against one far from its start.
  CHECK(excludes(at_page(100000), 5000 * range_lock::page, at_page(104999), 8));
  // The other way round: one page held, a large range wanted.
  CHECK(excludes(at_page(7777), 1, at_page(7000), 2000 * range_lock::page));
}

TEST_CASE("a thread takes a range's locks again once it let them go", "[range_locks]") {
  for (int i = 0; i < 1000; ++i) {
    range_lock large(at_page(50), 300 * range_lock::page);
  }
  range_lock all(at_page(0), 8192 * range_lock::page);
  SUCCEED("no lock was left held");
}
