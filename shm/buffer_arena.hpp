#pragma once
// Where the buffers of ownership passing come from: one range of address space reserved for the process
// on first use, carved into buffers, with a free list per size class for the buffers the ranks' pools
// trim (the "heap" of the thesis). It is the slow path: ranks come here only when their own pool has no
// buffer of the class (buffer_pool.hpp), and a spinlock serializes them.
//
// Because every buffer lies in the one range, telling a buffer from any other pointer a program passes
// (find) reads nothing outside memory Weft owns and takes no lock.

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

  // Takes back a buffer a pool trims. The pages of a large one go back to the system; its address range
  // stays in the free list.
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
};

}  // namespace weft::shm
