#pragma once
// The event a rank waits on for one operation. Whoever completes it wakes the owner. While it waits, the
// owner also joins a large copy its peer offers it (see block_copy.hpp).

#include <atomic>

#include "runtime/scheduler.hpp"
#include "shm/block_copy.hpp"

namespace weft::shm {

class completion {
 public:
  completion() noexcept : owner_(runtime::current_rank()) {}

  bool done() const noexcept { return done_.load(std::memory_order_acquire); }

  // Completion by another rank. The owner may return from wait() and destroy this object as soon as
  // done_ is set, so nothing of *this is touched afterwards.
  void complete() noexcept {
    runtime::rank* owner = owner_;
    done_.store(true, std::memory_order_release);
    runtime::unpark(owner);
  }

  // What completes this may come from another node: its owner, waiting, looks at the network at every
  // poll (runtime::network_wait_stride). Set before the owner waits.
  void expect_from_network() noexcept { from_network_ = true; }
  // How many polls of a waiting owner pass between two looks at the network.
  unsigned network_stride() const noexcept {
    return from_network_ ? runtime::network_wait_stride : runtime::network_poll_stride;
  }

  // Completion by the owner itself: nobody to wake.
  void complete_by_owner() noexcept { done_.store(true, std::memory_order_release); }

  // Completion by rank `completer`, which may be the owner: then nobody waits for it, unless the rank's
  // threads call MPI, one of which may.
  void complete_from(const runtime::rank* completer) noexcept {
    if (completer == owner_ && owner_ != nullptr && !owner_->threads_call_mpi.load(std::memory_order_relaxed))
      complete_by_owner();
    else
      complete();
  }

  // The peer offers its copy to the owner, and wakes it so that it can join.
  void offer(block_copy* copy) noexcept {
    offered_.store(copy, std::memory_order_release);
    runtime::unpark(owner_);
  }

  // Takes the offer back; true when the owner had not joined.
  [[nodiscard]] bool withdraw(block_copy* copy) noexcept {
    return offered_.exchange(nullptr, std::memory_order_acq_rel) == copy;
  }

  // Waits for completion, copying blocks of an offered copy meanwhile.
  void wait();

 private:
  std::atomic<bool> done_{false};
  bool from_network_ = false;  // beside done_: a completion stays three words
  runtime::rank* owner_;
  std::atomic<block_copy*> offered_{nullptr};
};

}  // namespace weft::shm
