#pragma once
// Where the buffers of ownership passing come from: one range of address space reserved for the process
// on first use, carved into buffers, with a free list per size class for the buffers the ranks' pools
// trim (the "heap" of the thesis). It is the slow path: ranks come here only when their own pool has no
// buffer of the class (buffer_pool.hpp), and a spinlock serializes them.
//
// Because every buffer lies in the one range, telling a buffer from any other pointer a program passes
// (find) reads nothing outside memory Weft owns and takes no lock.
//
// Buffers that flow one way (one rank allocates and gives, another takes and frees) reach the arena on
// every message once the taker's pool is full, and come back out of it at the giver's next allocation.
// Returning their pages each time cost a system call and the page faults of the next user (a 64 KiB give
// and take took 1 us instead of 0.26); so the free lists keep the pages of large buffers: of up to
// WEFT_OWNERSHIP_POOL bytes always, and beyond that of those freed within the last second, the memory a
// stream had in flight a moment ago (the benchmark's windows of 64 messages of 4 MiB are 256 MiB). Past
// the bound, the pages of buffers idle longer go back to the system at the next trim, after jemalloc's
// decay of dirty pages.

#include <array>
#include <atomic>
#include <cstddef>

#include "runtime/spinlock.hpp"
#include "shm/pool_buffer.hpp"

namespace weft::shm {

class buffer_arena {
 public:
  static buffer_arena& instance();

  // A buffer of class `size_class` (state pooled), from the free list or carved anew; nullptr when the
  // reserved range is exhausted.
  pool_buffer* obtain(int size_class);

  // Takes back a buffer a pool trims. Its address range stays in the free list, and its pages for now;
  // past the bound, those of large buffers idle for a second go back to the system (see above).
  void take_back(pool_buffer* buffer) noexcept;

  // The buffer whose data starts at `data`, or nullptr when `data` is not the start of one.
  pool_buffer* find(const void* data) const noexcept;

  // Bytes carved out of the range so far: what the buffers of the process take at most.
  std::size_t carved_bytes() const noexcept { return carved_.load(std::memory_order_relaxed); }

  buffer_arena(const buffer_arena&) = delete;
  buffer_arena& operator=(const buffer_arena&) = delete;

 private:
  buffer_arena();

  std::byte* base_ = nullptr;
  std::size_t reserved_ = 0;
  runtime::spinlock lock_;
  std::atomic<std::size_t> carved_{0};
  std::atomic<std::size_t> accessible_{0};  // the prefix of the range made readable and writable
  std::array<pool_buffer*, class_count> free_{};
  // Unlinks, under the lock, large free buffers that kept their pages and were freed before `idle_before`,
  // until the kept bytes are back within the bound; returns them chained through `older`.
  pool_buffer* take_idle(std::int64_t idle_before) noexcept;

  std::size_t kept_bytes_ = 0;  // data bytes of large free buffers that kept their pages
  std::int64_t last_scan_ = 0;  // when take_back last looked for idle buffers
};

}  // namespace weft::shm
