#pragma once
// A buffer of ownership passing (MPIX_Alloc, MPIX_Take): a header, then the program's data. The header
// holds the message that carries the buffer while it is given, so giving allocates nothing, and a mark
// that tells a buffer's start from any other address of the arena (see buffer_arena.hpp).
//
// Capacities are rounded up to size classes: powers of two from 64 B to 2 KiB, then whole pages, four
// classes per doubling from 16 KiB on. The waste stays under a quarter, and pages a program never writes
// are never committed, so it costs address space, not memory.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "shm/operations.hpp"
#include "shm/type_layout.hpp"

namespace weft::shm {

struct pool_buffer;

// The message of a given buffer, queued at the receiver like a rendezvous descriptor. It holds the
// giver's layout: the giver's call has returned, and its datatype may be freed before the message is
// received.
struct given_message : message {
  pool_buffer* buffer = nullptr;
  type_layout::pointer layout;
};

// owned: by the program of one rank (after MPIX_Alloc or MPIX_Take), the only state MPIX_Give and
// MPIX_Free accept; given: in a message; pooled: in a rank's pool or the arena's free lists.
enum class buffer_state : std::uint8_t { owned, given, pooled };

struct alignas(64) pool_buffer {
  std::uintptr_t mark = 0;   // see buffer_arena::find
  std::size_t capacity = 0;  // data bytes: the size of its class
  int size_class = 0;
  buffer_state state = buffer_state::pooled;
  bool pages_returned = false;   // in the arena's free lists: its data pages went back to the system
  std::int64_t freed_at = 0;     // in the arena's free lists: when (steady clock, ns) it came there
  pool_buffer* newer = nullptr;  // links in a pool (most recently used first) or a free list
  pool_buffer* older = nullptr;
  given_message in_flight;

  std::byte* data() noexcept { return reinterpret_cast<std::byte*>(this + 1); }
  std::size_t block_bytes() const noexcept { return sizeof(pool_buffer) + capacity; }
};

inline constexpr std::size_t page_bytes = 4096;
inline constexpr std::size_t smallest_class_bytes = 64;
inline constexpr int small_class_count = 6;  // 64 B .. 2 KiB
inline constexpr int max_class_shift = 40;   // the largest buffer: 1 TiB

// The capacity of every class, smallest first.
inline constexpr auto class_bytes = [] {
  std::array<std::size_t, small_class_count + 3 + (max_class_shift - 14) * 4 + 1> sizes{};
  std::size_t n = 0;
  for (int i = 0; i < small_class_count; ++i) sizes[n++] = smallest_class_bytes << i;
  for (std::size_t pages = 1; pages < 4; ++pages) sizes[n++] = pages * page_bytes;  // 4, 8, 12 KiB
  for (int shift = 14; shift < max_class_shift; ++shift)
    for (std::size_t quarters = 4; quarters < 8; ++quarters) sizes[n++] = (std::size_t{1} << shift) / 4 * quarters;
  sizes[n++] = std::size_t{1} << max_class_shift;
  return sizes;
}();

inline constexpr int class_count = static_cast<int>(class_bytes.size());

// The smallest class holding `bytes`, or class_count when none does.
inline int class_of(std::size_t bytes) noexcept {
  if (bytes <= class_bytes[small_class_count - 1]) [[likely]]
    return bytes <= smallest_class_bytes ? 0 : std::bit_width(bytes - 1) - std::bit_width(smallest_class_bytes - 1);
  return static_cast<int>(std::lower_bound(class_bytes.begin(), class_bytes.end(), bytes) - class_bytes.begin());
}

}  // namespace weft::shm
