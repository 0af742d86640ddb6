// The pools of ownership passing: size classes, reuse most recently used first, trimming past the bound,
// memory that stops growing over many rounds, and telling buffers from other pointers.

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>

#include "job_fixture.hpp"
#include "shm/buffer_arena.hpp"
#include "shm/buffer_pool.hpp"

using namespace weft;
using namespace weft::shm;

TEST_CASE("sizes round up to the smallest class that holds them", "[buffer_pool]") {
  for (std::size_t bytes :
       {0ul, 1ul, 64ul, 65ul, 2048ul, 2049ul, 4096ul, 4097ul, 16385ul, 1ul << 20, (1ul << 20) + 1}) {
    int c = class_of(bytes);
    REQUIRE(c < class_count);
    CHECK(class_bytes[c] >= bytes);
    if (c > 0) CHECK(class_bytes[c - 1] < bytes);
    if (class_bytes[c] >= page_bytes) CHECK(class_bytes[c] % page_bytes == 0);
    // Under a quarter wasted past the first page classes.
    if (bytes > 16384) CHECK(class_bytes[c] - bytes < bytes / 4);
  }
  CHECK(class_of((std::size_t{1} << max_class_shift) + 1) == class_count);
}

TEST_CASE("a freed buffer is the next one of its class, most recently used first", "[buffer_pool]") {
  test::run_job(1, 1, [](int) {
    buffer_pool& pool = own_pool();
    pool_buffer* a = pool.allocate(1000);
    pool_buffer* b = pool.allocate(1000);
    REQUIRE(a != nullptr);
    REQUIRE(b != nullptr);
    CHECK(a->state == buffer_state::owned);
    CHECK(a->capacity >= 1000);
    pool.release(a);
    pool.release(b);
    CHECK(pool.stats().pooled_buffers == 2);
    CHECK(pool.allocate(900) == b);
    CHECK(pool.allocate(1024) == a);
    CHECK(pool.stats().reused == 2);
    CHECK(pool.stats().pooled_buffers == 0);
    pool.release(a);
    pool.release(b);
  });
}

TEST_CASE("a pool past its bound hands buffers back, and the arena reuses them", "[buffer_pool]") {
  test::run_job(1, 1, [](int) {
    buffer_pool& pool = own_pool();
    constexpr int count = 40;
    std::size_t bound = runtime::job_config().ownership_pool;
    std::vector<pool_buffer*> buffers;
    for (int i = 0; i < count; ++i) buffers.push_back(pool.allocate(1 << 20));
    std::size_t carved = buffer_arena::instance().carved_bytes();
    // What the pool held before (other cases of this process may have left buffers in it).
    buffer_pool::statistics before = pool.stats();
    for (pool_buffer* buffer : buffers) pool.release(buffer);
    CHECK(pool.stats().pooled_bytes <= bound);
    std::size_t trimmed = pool.stats().trimmed - before.trimmed;
    CHECK(trimmed >= count - bound / buffers[0]->block_bytes());
    CHECK(pool.stats().pooled_buffers == before.pooled_buffers + count - trimmed);
    buffers.clear();
    for (int i = 0; i < count; ++i) buffers.push_back(pool.allocate(1 << 20));
    CHECK(buffer_arena::instance().carved_bytes() == carved);
    for (pool_buffer* buffer : buffers) pool.release(buffer);
  });
}

TEST_CASE("memory stops growing over many rounds of allocating and freeing", "[buffer_pool]") {
  test::run_job(1, 1, [](int) {
    buffer_pool& pool = own_pool();
    std::size_t carved_after_first = 0;
    for (int round = 0; round < 20000; ++round) {
      pool_buffer* held[3] = {pool.allocate(8), pool.allocate(5000 + round % 3000), pool.allocate(300000)};
      for (pool_buffer* buffer : held) pool.release(buffer);
      if (round == 0) carved_after_first = buffer_arena::instance().carved_bytes();
    }
    CHECK(buffer_arena::instance().carved_bytes() <= carved_after_first + 2 * (8192 + sizeof(pool_buffer)));
  });
}

TEST_CASE("only the start of a buffer is found as one", "[buffer_pool]") {
  test::run_job(1, 1, [](int) {
    buffer_arena& arena = buffer_arena::instance();
    pool_buffer* buffer = own_pool().allocate(256);
    REQUIRE(buffer != nullptr);
    CHECK(arena.find(buffer->data()) == buffer);
    CHECK(arena.find(buffer->data() + 64) == nullptr);
    CHECK(arena.find(buffer) == nullptr);
    int on_stack = 0;
    void* on_heap = std::malloc(64);
    CHECK(arena.find(&on_stack) == nullptr);
    CHECK(arena.find(on_heap) == nullptr);
    CHECK(arena.find(nullptr) == nullptr);
    std::free(on_heap);
    own_pool().release(buffer);
    CHECK(arena.find(buffer->data()) == buffer);  // found, but pooled: the calls refuse it by its state
    CHECK(buffer->state == buffer_state::pooled);
  });
}

TEST_CASE("the arena keeps the pages of freed large buffers, past the bound only while they are fresh",
          "[buffer_pool]") {
  test::run_job(1, 1, [](int) {
    buffer_arena& arena = buffer_arena::instance();
    int size_class = class_of(1 << 20);
    std::size_t bound = runtime::job_config().ownership_pool;
    int count = static_cast<int>(bound / class_bytes[size_class]) + 8;
    // Taken from the arena itself, so its free list of the class is empty afterwards.
    std::vector<pool_buffer*> buffers;
    for (int i = 0; i < count; ++i) buffers.push_back(arena.obtain(size_class));
    for (pool_buffer* buffer : buffers) arena.take_back(buffer);
    // Just freed: all keep their pages, past the bound too (a stream would take them again at once).
    for (pool_buffer* buffer : buffers) CHECK_FALSE(buffer->pages_returned);
    // Idle for longer than the decay: the next buffer freed brings the kept ones back within the bound.
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    pool_buffer* fresh = arena.obtain(size_class);  // the last one freed
    CHECK(fresh == buffers.back());
    arena.take_back(fresh);
    int kept = 0;
    for (pool_buffer* buffer : buffers) kept += buffer->pages_returned ? 0 : 1;
    CHECK(kept < count);
    CHECK(static_cast<std::size_t>(kept) * class_bytes[size_class] <= bound);
    CHECK_FALSE(fresh->pages_returned);  // freed just now
    // All are reused, none carved anew.
    std::size_t carved = arena.carved_bytes();
    for (pool_buffer*& buffer : buffers) buffer = arena.obtain(size_class);
    CHECK(arena.carved_bytes() == carved);
    for (pool_buffer* buffer : buffers) arena.take_back(buffer);
  });
}
