#include "rma/active_target.hpp"

#include <mutex>

namespace weft::rma {

void post(window& w, int target, std::span<const int> origins) {
  for (int origin : origins) {
    window_member& m = w.member(origin);
    {
      std::lock_guard guard(m.posts_lock);
      ++m.posts[target];
    }
    // The lock's release orders the post before the wake's sequentially consistent read.
    std::atomic_thread_fence(std::memory_order_seq_cst);
    m.waiters.wake_all();
  }
}

void start(window& w, int origin, std::span<const int> targets) {
  window_member& m = w.member(origin);
  auto all_posted = [&] {
    std::lock_guard guard(m.posts_lock);
    for (int target : targets) {
      auto found = m.posts.find(target);
      if (found == m.posts.end() || found->second == 0) return false;
    }
    for (int target : targets)
      if (--m.posts[target] == 0) m.posts.erase(target);
    return true;
  };
  m.waiters.wait(all_posted);
}

void complete(window& w, std::span<const int> targets) {
  for (int target : targets) {
    window_member& m = w.member(target);
    m.completions.fetch_add(1, std::memory_order_seq_cst);
    m.waiters.wake_all();
  }
}

bool test_completions(window& w, int target, int origins) {
  std::atomic<int>& completions = w.member(target).completions;
  if (completions.load(std::memory_order_seq_cst) < origins) return false;
  completions.fetch_sub(origins, std::memory_order_seq_cst);
  return true;
}

void wait_for_completions(window& w, int target, int origins) {
  window_member& m = w.member(target);
  m.waiters.wait([&] { return m.completions.load(std::memory_order_seq_cst) >= origins; });
  m.completions.fetch_sub(origins, std::memory_order_seq_cst);
}

}  // namespace weft::rma
