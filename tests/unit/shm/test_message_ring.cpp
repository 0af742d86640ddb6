// The message ring on its own: one producer, one consumer, records of one line or several, the wrap, a full
// ring, and stale lines of earlier laps that must never look ready.

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "shm/message_ring.hpp"

using namespace weft::shm;

namespace {

std::vector<unsigned char> pattern(std::size_t size, unsigned seed) {
  std::vector<unsigned char> data(size);
  for (std::size_t i = 0; i < size; ++i) data[i] = static_cast<unsigned char>(i * 131 + seed * 7 + (i >> 8));
  return data;
}

bool push(message_ring& ring, std::size_t size, unsigned seed) {
  std::vector<unsigned char> data = pattern(size, seed);
  return ring.try_push({1, static_cast<int>(seed), static_cast<int>(size)}, byte_span(data.data(), size));
}

// Pops the oldest record and checks that it is the one push(size, seed) wrote.
void pop_and_check(message_ring& ring, std::size_t size, unsigned seed) {
  message_ring::record m{};
  REQUIRE(ring.front(m));
  CHECK(m.env.context == 1);
  CHECK(m.env.source == static_cast<int>(seed));
  CHECK(m.env.tag == static_cast<int>(size));
  REQUIRE(m.size == size);
  std::vector<unsigned char> received(size + 1, 0xee);
  m.copy_to(byte_span(received.data(), size), size);
  received.pop_back();
  CHECK(received == pattern(size, seed));
  ring.pop();
}

}  // namespace

TEST_CASE("ring messages of every size up to the largest come out as they went in", "[message_ring]") {
  auto ring = std::make_unique<message_ring>();
  for (std::size_t size = 0; size <= message_ring::largest_message; ++size) {
    REQUIRE(push(*ring, size, static_cast<unsigned>(size)));
    pop_and_check(*ring, size, static_cast<unsigned>(size));
  }
  message_ring::record m{};
  CHECK_FALSE(ring->front(m));
  CHECK_FALSE(ring->has_ready());
}

TEST_CASE("a ring holds 64 one-line messages and refuses the next until one is popped", "[message_ring]") {
  auto ring = std::make_unique<message_ring>();
  for (unsigned i = 0; i < message_ring::line_count; ++i) REQUIRE(push(*ring, 32, i));
  CHECK_FALSE(push(*ring, 0, 99));
  pop_and_check(*ring, 32, 0);
  CHECK(push(*ring, 8, 64));
  for (unsigned i = 1; i < message_ring::line_count; ++i) pop_and_check(*ring, 32, i);
  pop_and_check(*ring, 8, 64);
}

TEST_CASE("a record that would cross the ring's end starts again at its beginning", "[message_ring]") {
  auto ring = std::make_unique<message_ring>();
  // 62 lines written and 61 read: a record of 4 lines (200 bytes) skips the last two lines, and those
  // count until the consumer passes them, so 57 more lines fit, not 59.
  for (unsigned i = 0; i < 62; ++i) REQUIRE(push(*ring, 1, i));
  for (unsigned i = 0; i < 61; ++i) pop_and_check(*ring, 1, i);
  REQUIRE(push(*ring, 200, 7));
  for (unsigned i = 0; i < 57; ++i) REQUIRE(push(*ring, 0, i));
  CHECK_FALSE(push(*ring, 0, 57));
  pop_and_check(*ring, 1, 61);
  pop_and_check(*ring, 200, 7);
  for (unsigned i = 0; i < 57; ++i) pop_and_check(*ring, 0, i);
  CHECK(push(*ring, 0, 57));
}

TEST_CASE("lines once in the middle of a record never look ready on a later lap", "[message_ring]") {
  // Records of 3 lines whose data is full of what a stamp would be: after many laps, with record starts
  // moving over former middle lines, the consumer still sees exactly what was pushed.
  auto ring = std::make_unique<message_ring>();
  std::uint64_t stamp_like[40];
  for (unsigned lap = 0; lap < 300; ++lap) {
    for (std::uint64_t& word : stamp_like) word = lap * 64 + (&word - stamp_like);
    std::size_t size = 100 + lap % 40;
    auto data = std::vector<unsigned char>(reinterpret_cast<unsigned char*>(stamp_like),
                                           reinterpret_cast<unsigned char*>(stamp_like) + size);
    REQUIRE(ring->try_push({2, 0, 0}, byte_span(data.data(), size)));
    // One line or two: record starts move over the lines that were the middle of earlier records.
    std::size_t second = lap % 3 * 40;
    REQUIRE(push(*ring, second, lap));
    message_ring::record m{};
    REQUIRE(ring->front(m));
    REQUIRE(m.size == size);
    ring->pop();
    pop_and_check(*ring, second, lap);
    CHECK_FALSE(ring->front(m));
  }
}

TEST_CASE("a producer and a consumer on two threads pass a long stream in order", "[message_ring]") {
  auto ring = std::make_unique<message_ring>();
  constexpr unsigned count = 200000;
  std::atomic<bool> intact{true};
  std::thread consumer([&] {
    message_ring::record m{};
    for (unsigned i = 0; i < count;) {
      if (!ring->front(m)) continue;
      std::size_t size = i % 97;
      std::vector<unsigned char> received(size);
      m.copy_to(byte_span(received.data(), size), size);
      if (m.size != size || m.env.source != static_cast<int>(i) || received != pattern(size, i)) intact = false;
      ring->pop();
      ++i;
    }
  });
  for (unsigned i = 0; i < count;)
    if (push(*ring, i % 97, i)) ++i;
  consumer.join();
  CHECK(intact);
}
