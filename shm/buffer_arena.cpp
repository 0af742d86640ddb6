#include "shm/buffer_arena.hpp"

#include <sys/mman.h>

#include <chrono>
#include <mutex>
#include <new>

#include "runtime/config.hpp"

namespace weft::shm {
namespace {

// The range is reserved inaccessible (it costs no memory and no commit charge) and made accessible in
// steps as buffers are carved, so that strict overcommit accounting sees only what is in use.
constexpr std::size_t largest_reservation = std::size_t{1} << 40;
constexpr std::size_t smallest_reservation = std::size_t{1} << 30;
constexpr std::size_t access_step = std::size_t{16} << 20;

// Large buffers hand their pages back when idle (see buffer_arena.hpp); small ones keep them for the next user.
constexpr std::size_t return_pages_from = std::size_t{64} << 10;
using clock = std::chrono::steady_clock;
constexpr std::chrono::nanoseconds page_decay = std::chrono::seconds(1);

// Marks a header as a buffer's: its own address mixed with a constant, which user data does not hold at
// the very place by chance.
constexpr std::uintptr_t mark_key = 0x5745465442554646;  // "WEFTBUFF"
std::uintptr_t mark_of(const pool_buffer* buffer) noexcept {
  return reinterpret_cast<std::uintptr_t>(buffer) ^ mark_key;
}

std::size_t round_up(std::size_t value, std::size_t step) noexcept { return (value + step - 1) / step * step; }

}  // namespace

buffer_arena& buffer_arena::instance() {
  static buffer_arena arena;
  return arena;
}

buffer_arena::buffer_arena() {
  for (std::size_t size = largest_reservation; size >= smallest_reservation; size /= 2) {
    void* range = mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (range != MAP_FAILED) {
      base_ = static_cast<std::byte*>(range);
      reserved_ = size;
      return;
    }
  }
}

pool_buffer* buffer_arena::obtain(int size_class) {
  std::size_t block = sizeof(pool_buffer) + class_bytes[size_class];
  std::lock_guard guard(lock_);
  if (pool_buffer* reused = free_[size_class]) {
    free_[size_class] = reused->older;
    if (reused->capacity >= return_pages_from && !reused->pages_returned) kept_bytes_ -= reused->capacity;
    return reused;
  }
  std::size_t start = carved_.load(std::memory_order_relaxed);
  if (block > reserved_ - start) return nullptr;
  std::size_t accessible = accessible_.load(std::memory_order_relaxed);
  if (start + block > accessible) {
    std::size_t grown = std::min(reserved_, round_up(start + block, access_step));
    if (mprotect(base_ + accessible, grown - accessible, PROT_READ | PROT_WRITE) != 0) return nullptr;
    accessible_.store(grown, std::memory_order_release);
  }
  carved_.store(start + block, std::memory_order_relaxed);
  auto* buffer = new (base_ + start) pool_buffer;
  buffer->mark = mark_of(buffer);
  buffer->capacity = class_bytes[size_class];
  buffer->size_class = size_class;
  return buffer;
}

void buffer_arena::take_back(pool_buffer* buffer) noexcept {
  auto push = [this](pool_buffer* b) {
    b->older = free_[b->size_class];
    free_[b->size_class] = b;
  };
  buffer->pages_returned = false;
  if (buffer->capacity < return_pages_from) {
    std::lock_guard guard(lock_);
    push(buffer);
    return;
  }
  std::int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now().time_since_epoch()).count();
  buffer->freed_at = now;
  pool_buffer* idle = nullptr;
  {
    std::lock_guard guard(lock_);
    push(buffer);
    kept_bytes_ += buffer->capacity;
    // A scan walks the large free lists: a few times per decay at most, not at every trim of a stream.
    if (kept_bytes_ > runtime::job_config().ownership_pool && now - last_scan_ >= page_decay.count() / 8) {
      last_scan_ = now;
      idle = take_idle(now - page_decay.count());
    }
  }
  // Out of the free lists while their pages go, where no other rank can take them and write into them.
  for (pool_buffer* next; idle != nullptr; idle = next) {
    next = idle->older;
    auto first = reinterpret_cast<std::uintptr_t>(idle->data());
    std::uintptr_t begin = round_up(first, page_bytes);
    std::uintptr_t end = (first + idle->capacity) / page_bytes * page_bytes;
    madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
    idle->pages_returned = true;
    std::lock_guard guard(lock_);
    push(idle);
  }
}

pool_buffer* buffer_arena::take_idle(std::int64_t idle_before) noexcept {
  pool_buffer* taken = nullptr;
  std::size_t bound = runtime::job_config().ownership_pool;
  for (int size_class = class_count - 1; size_class >= 0 && kept_bytes_ > bound; --size_class) {
    if (class_bytes[size_class] < return_pages_from) break;
    for (pool_buffer** link = &free_[size_class]; *link != nullptr && kept_bytes_ > bound;) {
      pool_buffer* b = *link;
      if (b->pages_returned || b->freed_at >= idle_before) {
        link = &b->older;
        continue;
      }
      *link = b->older;
      kept_bytes_ -= b->capacity;
      b->older = taken;
      taken = b;
    }
  }
  return taken;
}

pool_buffer* buffer_arena::find(const void* data) const noexcept {
  auto address = reinterpret_cast<std::uintptr_t>(data);
  auto begin = reinterpret_cast<std::uintptr_t>(base_);
  // Headers lie in the accessible part of the range, at 64-byte boundaries.
  if (address < begin + sizeof(pool_buffer) || address > begin + accessible_.load(std::memory_order_acquire) ||
      address % alignof(pool_buffer) != 0)
    return nullptr;
  auto* buffer = reinterpret_cast<pool_buffer*>(address - sizeof(pool_buffer));
  return buffer->mark == mark_of(buffer) ? buffer : nullptr;
}

}  // namespace weft::shm
