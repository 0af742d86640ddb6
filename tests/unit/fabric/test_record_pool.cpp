// The record pool of message records: a block given back is the next one of its size class handed out,
// sizes of one class share blocks and sizes of different classes do not, every block holds what was asked
// and keeps malloc's alignment, and pooled records are destroyed when their owner ends.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <map>
#include <memory_resource>
#include <vector>

#include "fabric/record_pool.hpp"

using namespace weft::fabric;

TEST_CASE("a block given back is handed out again for a size of its class", "[record_pool]") {
  record_pool pool;
  void* first = pool.allocate(100);
  pool.deallocate(first, 100);
  CHECK(pool.allocate(100) == first);
  pool.deallocate(first, 100);
  CHECK(pool.allocate(112) == first);  // 100 and 112 bytes share the class of 97 to 112
  pool.deallocate(first, 112);
  void* other_class = pool.allocate(113);
  CHECK(other_class != first);
  pool.deallocate(other_class, 113);
}

TEST_CASE("blocks hold what was asked, aligned as malloc aligns", "[record_pool]") {
  record_pool pool;
  std::vector<std::pair<void*, std::size_t>> held;
  for (std::size_t bytes :
       std::initializer_list<std::size_t>{1, 64, 65, 80, 81, 128, 129, 4000, 16496, 65648, 1 << 20}) {
    void* block = pool.allocate(bytes);
    CHECK(reinterpret_cast<std::uintptr_t>(block) % alignof(std::max_align_t) == 0);
    std::memset(block, 0xab, bytes);  // all of it the caller's: a sanitized build checks the bounds
    held.emplace_back(block, bytes);
  }
  for (auto [block, bytes] : held) pool.deallocate(block, bytes);
}

TEST_CASE("a window of blocks is reused whole", "[record_pool]") {
  record_pool pool;
  std::vector<void*> first_window, second_window;
  for (int i = 0; i < 32; ++i) first_window.push_back(pool.allocate(4096));
  for (void* block : first_window) pool.deallocate(block, 4096);
  for (int i = 0; i < 32; ++i) second_window.push_back(pool.allocate(4096));
  std::sort(first_window.begin(), first_window.end());
  std::sort(second_window.begin(), second_window.end());
  CHECK(first_window == second_window);
  for (void* block : second_window) pool.deallocate(block, 4096);
}

TEST_CASE("a pooled record is destroyed and its block reused when its owner ends", "[record_pool]") {
  struct record {
    int* destroyed;
    ~record() { ++*destroyed; }
  };
  record_pool pool;
  int destroyed = 0;
  void* where = nullptr;
  {
    pooled<record> owned = make_pooled<record>(pool);
    owned->destroyed = &destroyed;
    where = owned.get();
  }
  CHECK(destroyed == 1);
  pooled<record> again = make_pooled<record>(pool);
  again->destroyed = &destroyed;
  CHECK(again.get() == where);
}

TEST_CASE("containers allocate their nodes from the pool", "[record_pool]") {
  record_pool pool;
  std::pmr::map<int, int> entries(&pool);
  entries.emplace(1, 1);
  void* node = &*entries.begin();
  entries.clear();
  entries.emplace(2, 2);
  CHECK(static_cast<void*>(&*entries.begin()) == node);
}
