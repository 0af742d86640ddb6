#pragma once
// One-sided operations and synchronization toward members of a window on other node processes, as seen
// from the origin: each is sent as messages to the target's node (remote_protocol.hpp), where the target's
// worker applies it through the same engine on-node origins use (remote_target.cpp). An operation returns
// once sent; its replies arrive at the origin's worker, and complete_all waits for them: the completion
// points (flush, unlock, complete, fence) call it. The replies of a request-based operation (MPI_Rput, ...)
// are also counted in a reply_group of its own, which completes its request.
//
// An origin has at most max_in_flight messages unanswered per window; one more waits for a reply first.
// The target's worker applies and answers them from its progress, so a target whose worker is busy
// (its rank computing) holds an origin back, and the data not yet sent waits in the origin's memory, in a
// bounded amount, not in the network's buffers or the target's.
//
// Operations on data are split into messages of at most the transport's capacity, each with its share of
// the target's blocks: an accumulate is atomic as a whole, as on a node, when it fits one message
// (WEFT_FABRIC_EAGER_MAX bytes less its blocks), and per element beyond, as MPI-3.1 asks.

#include <atomic>
#include <cstdint>
#include <span>

#include "rma/accumulate.hpp"
#include "rma/passive_target.hpp"
#include "rma/remote_protocol.hpp"
#include "runtime/rank.hpp"
#include "runtime/scheduler.hpp"
#include "shm/typed_copy.hpp"

namespace weft::rma {

// What one rank of a window still waits for from other nodes. Counted up by its rank (its fiber, or a
// thread calling for it under MPI_THREAD_MULTIPLE) and down by the progress of its worker's network, which
// may run at the same time on another thread: a reply touches nothing of it after its count, since the
// rank may return from its wait and free the window then.
class remote_origin {
 public:
  // Blocks (yielding) until every message this rank sent through the window was answered. Returns the
  // first failure a reply reported since the last call, and the target it came from.
  struct failure {
    wire::reply_status status = wire::reply_status::done;
    int target = -1;
  };
  failure complete_all() {
    if (outstanding_.load(std::memory_order_acquire) == 0 && failed_.status == wire::reply_status::done) [[likely]]
      return {};
    return wait_for_replies();
  }

  static constexpr int max_in_flight = 64;

 private:
  failure wait_for_replies();
  // Blocks (yielding) until at most `messages` are unanswered: none, or max_in_flight - 1, the counts at
  // which a reply wakes the rank.
  void wait_until_at_most(int messages);
  friend struct pending_reply;
  friend void receive_reply(const wire::header& reply, std::span<const std::byte> data);
  std::atomic<int> outstanding_{0};
  runtime::rank* owner_ = runtime::current_rank();  // woken when as few are unanswered as it may wait for
  failure failed_;                                  // written by a reply before its count
};

// The replies one request-based operation waits for, apart from its rank's others: its request is
// complete once they all came. Counted down as remote_origin is, touching nothing of it after the count.
class reply_group {
 public:
  bool done() const noexcept { return outstanding_.load(std::memory_order_acquire) == 0; }
  // The first failure a reply of the group reported.
  remote_origin::failure failed() const noexcept { return failed_; }

 private:
  friend struct pending_reply;
  std::atomic<int> outstanding_{0};
  runtime::rank* owner_ = runtime::current_rank();  // woken by the last reply
  remote_origin::failure failed_;
};

// The target side of an operation on another node: window rank `target`, `displacement` bytes from its
// segment (an address in a dynamic window), `count` elements of `layout` there.
struct remote_access {
  window& w;
  remote_origin& origin;
  int target;
  std::int64_t displacement;
  const shm::type_layout* layout;
  std::size_t count;
  reply_group* group = nullptr;  // a request-based operation's: its replies are counted there too
};

void remote_put(const remote_access& access, const shm::const_typed_span& data);
// `into` is written when the replies come: its layout is held until then.
void remote_get(const remote_access& access, const shm::typed_span& into, shm::type_layout::pointer hold);
// `op_code` names the operation and basic type to the target (install_element_op_decoder); `data` is
// unused for no_op; `result`, when given, receives the target's previous contents as replies come.
void remote_accumulate(const remote_access& access, const shm::const_typed_span& data, std::uint32_t op_code,
                       const element_op& op, const shm::typed_span* result, shm::type_layout::pointer hold);
void remote_compare_and_swap(const remote_access& access, const std::byte* value, const std::byte* compare,
                             std::byte* result);

// Passive target on another node: block (yielding) until the target's node granted or released the lock.
void remote_lock(window& w, remote_origin& origin, int target, lock_kind kind);
void remote_unlock(window& w, remote_origin& origin, int target, lock_kind kind);
void remote_lock_all(window& w, remote_origin& origin);
void remote_unlock_all(window& w, remote_origin& origin);

// Active target: window rank `self` posted to, or completed its access to, window rank `peer` on another
// node. Not answered: the peer waits for them.
void remote_post(window& w, int self, int peer);
void remote_complete(window& w, int self, int peer);

// A reply from another node (remote_target.cpp hands it over).
void receive_reply(const wire::header& reply, std::span<const std::byte> data);

}  // namespace weft::rma
