// The message ring on its own: one producer, one consumer, records of one unit or several, the wrap, a full
// ring, and stale units of earlier laps that must never look ready.

#include <atomic>
#include <catch2/catch.hpp>
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

TEST_CASE("a ring holds 128 one-unit messages and refuses the next until one is popped", "[message_ring]") {
  auto ring = std::make_unique<message_ring>();
  for (unsigned i = 0; i < message_ring::unit_count; ++i) REQUIRE(push(*ring, 12, i));
  CHECK_FALSE(push(*ring, 0, 999));
  pop_and_check(*ring, 12, 0);
  CHECK(push(*ring, 8, 128));
  for (unsigned i = 1; i < message_ring::unit_count; ++i) pop_and_check(*ring, 12, i);
  pop_and_check(*ring, 8, 128);
}

TEST_CASE("a record that would cross the ring's end starts again at its beginning", "[message_ring]") {
  auto ring = std::make_unique<message_ring>();
  // 126 units written and 125 read: a record of 4 units (90 bytes) skips the last two units, and those
  // count until the consumer passes them, so 121 more units fit, not 123.
  for (unsigned i = 0; i < 126; ++i) REQUIRE(push(*ring, 1, i));
  for (unsigned i = 0; i < 125; ++i) pop_and_check(*ring, 1, i);
  REQUIRE(push(*ring, 90, 7));
  for (unsigned i = 0; i < 121; ++i) REQUIRE(push(*ring, 0, i));
  CHECK_FALSE(push(*ring, 0, 121));
  pop_and_check(*ring, 1, 125);
  pop_and_check(*ring, 90, 7);
  for (unsigned i = 0; i < 121; ++i) pop_and_check(*ring, 0, i);
  CHECK(push(*ring, 0, 121));
}

TEST_CASE("units once in the middle of a record never look ready on a later lap", "[message_ring]") {
  // Records of 3 to 5 units whose data is full of what a stamp would be, then one of 1 or 2 units: after
  // many laps, with record starts moving over units that were the middle of earlier records, the consumer
  // still sees exactly what was pushed, and nothing more.
  auto ring = std::make_unique<message_ring>();
  std::uint32_t stamp_like[40];
  for (unsigned lap = 0; lap < 1000; ++lap) {
    for (std::uint32_t& word : stamp_like) word = 2 * (lap * 7 + static_cast<std::uint32_t>(&word - stamp_like)) + 1;
    std::size_t size = 50 + lap % 80;
    auto data = std::vector<unsigned char>(reinterpret_cast<unsigned char*>(stamp_like),
                                           reinterpret_cast<unsigned char*>(stamp_like) + size);
    REQUIRE(ring->try_push({2, 0, 0}, byte_span(data.data(), size)));
    std::size_t second = lap % 3 * 15;
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
