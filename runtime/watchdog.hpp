#pragma once
// A thread beside the workers that watches this node's ranks without ever touching them:
// - deadlock: when every rank is blocked in MPI (parked; none runnable, none computing) or finished, and no
//   rank has been woken for WEFT_DEADLOCK_SECONDS, nothing can wake any of them any more (on one node only
//   ranks wake ranks), so it reports where each rank waits and the cycle of waits, and ends the job with
//   deadlock_exit_status. Jobs across nodes are not checked: a rank may wait for a message on its way.
// - stop_with_report_signal() (mpirun --timeout): reports where each rank is, then ends the job as SIGTERM
//   would.
// It samples every quarter of the deadlock period (at most every second); a sample costs one load of each
// rank's state and park count.

#include <atomic>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "runtime/rank.hpp"

namespace weft::runtime {

// The exit status of a job ended because its ranks deadlocked.
inline constexpr int deadlock_exit_status = 125;

// For a thread that meets an error while the watchdog answers mpirun's stop request: mpirun stops every
// node at once, and one that ended first fails the others' PMIx fence before their reports are out. Waits
// (a few seconds at most) for the report to end the process; returns at once when no stop was requested.
void leave_ending_to_stop_report() noexcept;

class watchdog {
 public:
  // Watches `ranks`, this node's; `deadlock_seconds` 0 leaves deadlocks unchecked. `node_label` prefixes
  // reports on a job across nodes ("node 1: "), empty on one node.
  watchdog(std::span<const rank> ranks, unsigned deadlock_seconds, std::string node_label);
  // Stops the thread (when the ranks have all finished).
  ~watchdog();
  watchdog(const watchdog&) = delete;
  watchdog& operator=(const watchdog&) = delete;

 private:
  void run();
  // Whether every rank is blocked or finished and at least one is blocked; fills `parks` with their
  // park counts.
  bool all_stuck(std::vector<std::uint32_t>& parks) const;
  [[noreturn]] void report_deadlock() const;
  [[noreturn]] void report_and_stop() const;

  std::span<const rank> ranks_;
  unsigned deadlock_seconds_;
  std::string node_label_;
  int wake_fd_ = -1;
  std::atomic<bool> stopping_{false};
  std::jthread thread_;
};

}  // namespace weft::runtime
