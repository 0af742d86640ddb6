#pragma once
// Each rank's pool of ownership-passing buffers (the thesis's receiver pools). A rank allocates from its
// own pool and frees into its own pool, whichever rank allocated the buffer: only the rank touches its
// pool, so neither needs a lock. Per size class, buffers are kept most recently used first, which hands
// out the one most likely still in cache.
//
// Buffers that flow one way (one rank gives, another takes and frees) pile up in the taker's pool; past
// WEFT_OWNERSHIP_POOL bytes (headers included) a free hands the least recently used buffers of the
// largest classes back to the arena, where any rank's pool finds them again.

#include <array>
#include <cstddef>

#include "shm/pool_buffer.hpp"

namespace weft::shm {

class buffer_pool {
 public:
  // A buffer of at least `bytes` data bytes, owned by the caller; nullptr when memory is exhausted.
  pool_buffer* allocate(std::size_t bytes);

  // Keeps a buffer no one owns any more for reuse.
  void release(pool_buffer* buffer) noexcept;

  struct statistics {
    std::size_t pooled_bytes = 0;  // in the pool now, headers included
    std::size_t pooled_buffers = 0;
    std::size_t reused = 0;    // allocations the pool served
    std::size_t obtained = 0;  // allocations the arena served
    std::size_t trimmed = 0;   // buffers handed back to the arena
  };
  const statistics& stats() const noexcept { return stats_; }

 private:
  void unlink(pool_buffer* buffer) noexcept;
  void trim() noexcept;

  std::array<pool_buffer*, class_count> newest_{};
  std::array<pool_buffer*, class_count> oldest_{};
  statistics stats_;
};

// The pool of rank `rank_id` of this node, made on its first use. Only that rank may use it, or its worker's
// thread while the rank does not run.
buffer_pool& pool_of(int rank_id);

// The calling rank's pool.
buffer_pool& own_pool();

}  // namespace weft::shm
