#include "rma/passive_target.hpp"

#include "rma/remote_target.hpp"

namespace weft::rma {

namespace {

constexpr std::uint64_t exclusive_bit = std::uint64_t{1} << 63;
// The halves of window::global_locks.
constexpr std::uint64_t one_lock_all = 1;
constexpr std::uint64_t one_exclusive = std::uint64_t{1} << 32;
constexpr std::uint64_t lock_all_mask = one_exclusive - 1;

// Adds `add` to `word` once `free(value)` holds, waiting on `waiters` meanwhile.
template <class Free>
void take(std::atomic<std::uint64_t>& word, wait_list& waiters, std::uint64_t add, Free free) {
  for (;;) {
    std::uint64_t value = word.load(std::memory_order_seq_cst);
    if (free(value)) {
      if (word.compare_exchange_weak(value, value + add, std::memory_order_seq_cst)) return;
      continue;
    }
    waiters.wait([&] { return free(word.load(std::memory_order_seq_cst)); });
  }
}

// Adds `add` to `word` if `free(value)` holds now.
template <class Free>
bool try_take(std::atomic<std::uint64_t>& word, std::uint64_t add, Free free) {
  std::uint64_t value = word.load(std::memory_order_seq_cst);
  while (free(value))
    if (word.compare_exchange_weak(value, value + add, std::memory_order_seq_cst)) return true;
  return false;
}

// Lets the ranks of other nodes whose lock requests wait try again after a release.
void released(window& w) {
  if (w.lock_requests_waiting.load(std::memory_order_seq_cst)) grant_lock_requests(w);
}

}  // namespace

void lock(window& w, int target, lock_kind kind) {
  window_member& m = w.member(target);
  if (kind == lock_kind::shared) {
    take(m.lock_word, m.waiters, 1, [](std::uint64_t value) { return (value & exclusive_bit) == 0; });
    return;
  }
  take(w.global_locks, w.global_waiters, one_exclusive,
       [](std::uint64_t value) { return (value & lock_all_mask) == 0; });
  take(m.lock_word, m.waiters, exclusive_bit, [](std::uint64_t value) { return value == 0; });
}

void unlock(window& w, int target, lock_kind kind) {
  window_member& m = w.member(target);
  if (kind == lock_kind::shared) {
    if (m.lock_word.fetch_sub(1, std::memory_order_seq_cst) == 1) m.waiters.wake_all();
    released(w);
    return;
  }
  m.lock_word.fetch_sub(exclusive_bit, std::memory_order_seq_cst);
  m.waiters.wake_all();
  if ((w.global_locks.fetch_sub(one_exclusive, std::memory_order_seq_cst) & ~lock_all_mask) == one_exclusive)
    w.global_waiters.wake_all();
  released(w);
}

void lock_all(window& w) {
  take(w.global_locks, w.global_waiters, one_lock_all,
       [](std::uint64_t value) { return (value & ~lock_all_mask) == 0; });
}

void unlock_all(window& w) {
  if ((w.global_locks.fetch_sub(one_lock_all, std::memory_order_seq_cst) & lock_all_mask) == one_lock_all)
    w.global_waiters.wake_all();
  released(w);
}

bool try_lock(window& w, lock_request& request) {
  switch (request.asked) {
    case lock_request::what::shared:
      return try_take(w.member(request.target).lock_word, 1,
                      [](std::uint64_t value) { return (value & exclusive_bit) == 0; });
    case lock_request::what::exclusive:
      if (!request.counted)
        request.counted =
            try_take(w.global_locks, one_exclusive, [](std::uint64_t value) { return (value & lock_all_mask) == 0; });
      return request.counted && try_take(w.member(request.target).lock_word, exclusive_bit,
                                         [](std::uint64_t value) { return value == 0; });
    case lock_request::what::all:
      return try_take(w.global_locks, one_lock_all, [](std::uint64_t value) { return (value & ~lock_all_mask) == 0; });
  }
  return false;
}

}  // namespace weft::rma
