#pragma once
// A collective algorithm's run on one rank, as a C++20 coroutine: it suspends where it waits for a
// signal or for a point-to-point operation (across nodes), so the same code serves the blocking calls
// (run_to_completion parks the rank until the signal comes or the operation completes) and the
// nonblocking ones (progressed from the rank's other waits).
//
// Tasks nest: an algorithm may co_await another task (allreduce awaits reduce, then bcast). The
// outermost task keeps what the whole nest waits for and which coroutine to resume.

#include <coroutine>
#include <cstdint>
#include <exception>
#include <utility>

#include "collectives/shared_communicator.hpp"
#include "shm/completion.hpp"

namespace weft::coll {

class [[nodiscard]] task {
 public:
  struct promise_type {
    promise_type* root = this;
    std::coroutine_handle<> continuation;  // a nested task's awaiting caller
    // Kept by the root only:
    std::coroutine_handle<> leaf;            // the innermost suspended coroutine
    member_slot* slot = nullptr;             // the waiting rank's slot, which holds
    const sequence_flag* awaited = nullptr;  // what it waits for
    std::uint64_t awaited_sequence = 0;
    // Or the point-to-point operation it waits for, whose completion wakes the rank that started it.
    const shm::completion* awaited_operation = nullptr;

    task get_return_object() noexcept { return task(handle::from_promise(*this)); }
    std::suspend_always initial_suspend() noexcept { return {}; }
    auto final_suspend() noexcept { return final_awaiter{}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { std::terminate(); }
  };
  using handle = std::coroutine_handle<promise_type>;

  task(task&& other) noexcept : coroutine_(std::exchange(other.coroutine_, nullptr)) {}
  task& operator=(task&&) = delete;
  ~task() {
    if (coroutine_) coroutine_.destroy();
  }

  bool done() const noexcept { return coroutine_.done(); }
  // Whether resume() would make progress.
  bool ready() const noexcept {
    const promise_type& p = coroutine_.promise();
    if (p.awaited_operation != nullptr) return p.awaited_operation->done();
    return p.awaited == nullptr || p.awaited->reached(p.awaited_sequence);
  }
  // How many polls of a rank waiting for ready() pass between two looks at the network: few while it awaits
  // an operation with a rank of another node.
  unsigned network_stride() const noexcept {
    const promise_type& p = coroutine_.promise();
    return p.awaited_operation != nullptr ? p.awaited_operation->network_stride() : runtime::network_poll_stride;
  }
  // Asks for a wake-up when the awaited signal is raised; the caller re-checks ready() before it parks.
  // An awaited operation wakes its rank anyway.
  void listen(runtime::rank* self) noexcept {
    const promise_type& p = coroutine_.promise();
    if (p.awaited != nullptr) p.slot->listen(self);
  }
  void resume() {
    promise_type& p = coroutine_.promise();
    p.awaited = nullptr;
    p.awaited_operation = nullptr;
    std::coroutine_handle<> next = p.leaf ? p.leaf : coroutine_;
    next.resume();
  }

  // Awaiting a nested task runs it in the caller's place until it finishes.
  auto operator co_await() && noexcept {
    struct awaiter {
      handle nested;
      bool await_ready() const noexcept { return false; }
      std::coroutine_handle<> await_suspend(handle caller) noexcept {
        promise_type& p = nested.promise();
        p.root = caller.promise().root;
        p.continuation = caller;
        p.root->leaf = nested;
        return nested;
      }
      void await_resume() const noexcept {}
    };
    return awaiter{coroutine_};
  }

 private:
  struct final_awaiter {
    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(handle finished) noexcept {
      promise_type& p = finished.promise();
      if (!p.continuation) return std::noop_coroutine();
      p.root->leaf = p.continuation;
      return p.continuation;
    }
    void await_resume() const noexcept {}
  };

  explicit task(handle coroutine) noexcept : coroutine_(coroutine) {}
  handle coroutine_;
};

// co_await until(slot, signal, s): resumes once `which` has reached s. Its raiser wakes the calling rank
// through the rank's own `slot`: `which` is a signal of that slot, or one raised through it.
struct until {
  member_slot& slot;
  const sequence_flag& which;
  std::uint64_t sequence;

  bool await_ready() const noexcept { return which.reached(sequence); }
  bool await_suspend(task::handle waiting) const noexcept {
    task::promise_type& root = *waiting.promise().root;
    root.leaf = waiting;
    root.slot = &slot;
    root.awaited = &which;
    root.awaited_sequence = sequence;
    return true;
  }
  void await_resume() const noexcept {}
};

// co_await completed(operation): resumes once a point-to-point operation the calling rank started is
// complete (its completion wakes the rank).
struct completed {
  const shm::completion& operation;

  bool await_ready() const noexcept { return operation.done(); }
  bool await_suspend(task::handle waiting) const noexcept {
    task::promise_type& root = *waiting.promise().root;
    root.leaf = waiting;
    root.awaited_operation = &operation;
    return true;
  }
  void await_resume() const noexcept {}
};

// Runs `work` on the calling rank until it finishes; the rank parks whenever the task waits.
void run_to_completion(task work);

}  // namespace weft::coll
