#pragma once
// The collectives a rank has started and not finished: nonblocking ones (MPI_Ibcast, ...) and blocking
// ones that had to queue behind them. A member slot holds the state of one collective at a time, so a
// rank runs the collectives of one communicator one after the other, in the order it started them (the
// order MPI prescribes, the same on every member); those of different communicators advance in any
// order, whichever can. They advance whenever the rank calls into MPI to test or wait, and whenever it is
// about to park for anything else (runtime/background_work.hpp): a rank blocked in a receive still does
// its part of a collective that the sender waits for.

#include <utility>
#include <vector>

#include "collectives/communicator_view.hpp"
#include "collectives/task.hpp"
#include "runtime/background_work.hpp"

namespace weft::coll {

// One started collective. It must stay where it is from start() until it is done.
class pending_collective {
 public:
  // `communicator` identifies the communicator (see communicator_view::communicator).
  pending_collective(task work, const void* communicator) noexcept
      : work_(std::move(work)), communicator_(communicator) {}
  pending_collective(const pending_collective&) = delete;
  pending_collective& operator=(const pending_collective&) = delete;

  bool done() const noexcept { return done_; }

 private:
  friend class collective_schedule;
  task work_;
  const void* communicator_;
  bool started_ = false;
  bool done_ = false;
};

// One per rank, used by that rank only.
class collective_schedule final : public runtime::background_work {
 public:
  collective_schedule() = default;
  collective_schedule(const collective_schedule&) = delete;
  collective_schedule& operator=(const collective_schedule&) = delete;

  // Queues `op` and, unless an earlier collective of its communicator is pending, runs it until it first
  // waits.
  void start(pending_collective& op);

  // Advances the rank's collectives until `op` is done, parking whenever none can advance.
  void wait(pending_collective& op);

  // A blocking collective of `communicator`: run at once when nothing of that communicator is pending,
  // queued behind what is otherwise; returns when it is done.
  void run(task work, const void* communicator);

  bool advance() override;

  // Whether a collective of `communicator` is pending: a blocking one must then queue behind it.
  bool has_pending(const void* communicator) const noexcept;

 private:
  // Resumes the collectives that can advance; true when one did. advance() is this, then listen_all().
  bool advance_ready();
  bool first_of_its_communicator(std::size_t index) const noexcept;
  // Whether advance() would move a collective: one that may start, or whose awaited event has come.
  bool can_advance() const noexcept;
  // Asks each collective that can run next for a wake-up when it can advance; true when one already can.
  bool listen_all();
  void update_registration() noexcept;

  std::vector<pending_collective*> pending_;  // in start order
  bool advancing_ = false;  // advance() runs the user's reduction functions, which may call MPI and park
};

// A blocking collective: runs `work` in its turn among the caller's collectives of `comm`.
inline void run(const communicator_view& comm, task work) { comm.schedule->run(std::move(work), comm.communicator); }
// Whether the caller may do a blocking collective of `comm` at once: nothing of it is pending.
inline bool may_do_at_once(const communicator_view& comm) { return !comm.schedule->has_pending(comm.communicator); }

}  // namespace weft::coll
