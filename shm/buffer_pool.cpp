#include "shm/buffer_pool.hpp"

#include <memory>

#include "runtime/config.hpp"
#include "runtime/rank.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"
#include "shm/buffer_arena.hpp"

namespace weft::shm {

pool_buffer* buffer_pool::allocate(std::size_t bytes) {
  int size_class = class_of(bytes);
  if (size_class == class_count) [[unlikely]]
    return nullptr;
  pool_buffer* buffer = newest_[size_class];
  if (buffer != nullptr) [[likely]] {
    unlink(buffer);
    ++stats_.reused;
  } else {
    buffer = buffer_arena::instance().obtain(size_class);
    if (buffer == nullptr) return nullptr;
    ++stats_.obtained;
  }
  buffer->state = buffer_state::owned;
  return buffer;
}

void buffer_pool::release(pool_buffer* buffer) noexcept {
  buffer->state = buffer_state::pooled;
  pool_buffer*& newest = newest_[buffer->size_class];
  buffer->newer = nullptr;
  buffer->older = newest;
  if (newest != nullptr)
    newest->newer = buffer;
  else
    oldest_[buffer->size_class] = buffer;
  newest = buffer;
  stats_.pooled_bytes += buffer->block_bytes();
  ++stats_.pooled_buffers;
  if (stats_.pooled_bytes > runtime::job_config().ownership_pool) [[unlikely]]
    trim();
}

void buffer_pool::unlink(pool_buffer* buffer) noexcept {
  int size_class = buffer->size_class;
  (buffer->newer != nullptr ? buffer->newer->older : newest_[size_class]) = buffer->older;
  (buffer->older != nullptr ? buffer->older->newer : oldest_[size_class]) = buffer->newer;
  stats_.pooled_bytes -= buffer->block_bytes();
  --stats_.pooled_buffers;
}

void buffer_pool::trim() noexcept {
  for (int size_class = class_count - 1; size_class >= 0; --size_class) {
    while (pool_buffer* oldest = oldest_[size_class]) {
      if (stats_.pooled_bytes <= runtime::job_config().ownership_pool) return;
      unlink(oldest);
      buffer_arena::instance().take_back(oldest);
      ++stats_.trimmed;
    }
  }
}

buffer_pool& pool_of(int rank_id) {
  // Slots sized once for the job, as the matching engines are; each rank makes and uses its own, so
  // they need no synchronization.
  static runtime::rank_slots<std::unique_ptr<buffer_pool>> pools;
  std::unique_ptr<buffer_pool>& pool = pools[rank_id];
  if (pool == nullptr) [[unlikely]]
    pool = std::make_unique<buffer_pool>();
  return *pool;
}

buffer_pool& own_pool() { return pool_of(runtime::current_rank()->id); }

}  // namespace weft::shm
