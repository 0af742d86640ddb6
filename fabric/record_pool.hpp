#pragma once
// Memory for the records of messages under way (message_protocol.cpp) and the containers that find them,
// kept for reuse by the one worker whose link lock guards them: a free list per size class, so that once a
// worker has seen its busiest moment a message allocates nothing. Blocks never go back to malloc: a pool
// holds at most the most blocks it ever had in use at once, and the large ones are bounded by the flow
// control: an eager message's copy, the largest record, waits only within its sender's eager credits.
//
// Size classes are four per doubling, so a block wastes at most a quarter of itself: an eager message of
// 64 KiB and its record take 80 KiB, not 128. Measured (2026-11-30, an allocation and its release, sizes
// from 96 B to 64 KiB, singly and in windows of 32): these lists 3-6 ns; std::pmr::unsynchronized_pool_resource
// 12-26 ns, slower than glibc's malloc below 4 KiB (5-21 ns); malloc 0.3-2.9 us a block in windows of blocks
// of 4 KiB and more, which it gave back to the system and took again; boost::pool 1-11 ns, but a pool per
// size whose chunks double (32 blocks of 80 KiB at the first eager message of 64 KiB).

#include <array>
#include <cstddef>
#include <memory>
#include <memory_resource>
#include <new>

namespace weft::fabric {

class record_pool final : public std::pmr::memory_resource {
 public:
  record_pool() = default;
  record_pool(const record_pool&) = delete;
  record_pool& operator=(const record_pool&) = delete;
  ~record_pool() override;

 private:
  struct free_block {
    free_block* next;
  };
  // Classes up to the largest a size_t may ask for; the smallest block holds 64 bytes.
  static constexpr std::size_t class_count = (64 - 6) * 4 + 1;

  void* do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void* block, std::size_t bytes, std::size_t alignment) override;
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override { return this == &other; }

  std::array<free_block*, class_count> free_{};
};

// Destroys a record of a record_pool and gives its memory back.
template <class T>
struct return_to_pool {
  std::pmr::memory_resource* pool;
  void operator()(T* record) const noexcept {
    record->~T();
    pool->deallocate(record, sizeof(T), alignof(T));
  }
};

template <class T>
using pooled = std::unique_ptr<T, return_to_pool<T>>;

template <class T>
pooled<T> make_pooled(std::pmr::memory_resource& pool) {
  return pooled<T>(new (pool.allocate(sizeof(T), alignof(T))) T, return_to_pool<T>{&pool});
}

}  // namespace weft::fabric
