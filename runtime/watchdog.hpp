#pragma once
// A thread beside the workers that watches this node's ranks without ever touching them:
// - deadlock on one node: when every rank is blocked in MPI (parked; none runnable, none computing) or
//   finished, and no rank has been woken for WEFT_DEADLOCK_SECONDS, nothing can wake any of them any more
//   (on one node only ranks wake ranks), so it reports where each rank waits and the cycle of waits, and
//   ends the job with deadlock_exit_status.
// - deadlock across nodes: a rank may also wait for a message on its way, so the node's state alone tells
//   nothing; node 0's watchdog asks every node's in waves (deadlock_census.hpp) and, when the job is
//   deadlocked, reports the cycle over the whole job and has every node report its ranks.
// - stop_with_report_signal() (mpirun --timeout): reports where each rank is, then ends the job as SIGTERM
//   would.
// It samples every quarter of the deadlock period (at most every second); a sample costs one load of each
// rank's state and park count (and the network's counts across nodes).

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "runtime/census_messages.hpp"
#include "runtime/deadlock_census.hpp"
#include "runtime/node_map.hpp"
#include "runtime/rank.hpp"

namespace weft::runtime {

class census_mailbox;
class network_module;

// The exit status of a job ended because its ranks deadlocked.
inline constexpr int deadlock_exit_status = 125;

// For a thread that meets an error while the watchdog ends the job with a report (mpirun's stop request,
// a deadlock across nodes): the node that ended first fails the others' PMIx fence before their reports
// are out. Waits (seconds at most) for the watchdog to end the process; returns at once when it is not
// ending it.
void leave_ending_to_watchdog() noexcept;

class watchdog {
 public:
  // Watches `ranks`, this node's (of `nodes`); `deadlock_seconds` 0 leaves deadlocks unchecked. `network`
  // connects the node processes of a job across nodes, nullptr on one node.
  watchdog(std::span<const rank> ranks, unsigned deadlock_seconds, const node_map& nodes, network_module* network);
  // Stops the thread (when the ranks have all finished).
  ~watchdog();
  watchdog(const watchdog&) = delete;
  watchdog& operator=(const watchdog&) = delete;

 private:
  void run();
  // Whether every rank is blocked or finished; fills `parks` with their park counts and `any_blocked`.
  bool all_stuck(std::vector<std::uint32_t>& parks, bool& any_blocked) const;
  std::chrono::milliseconds sample_period() const;
  // One node: whether the ranks have stayed quiet for the deadlock period.
  bool deadlocked_alone();
  // Across nodes: samples this node's state, answers the census messages that came, and on node 0
  // starts a wave when it is time.
  void watch_across_nodes();
  // Updates quiet_ (and quiet_since_) from the ranks' states and park counts and the network's traffic.
  void sample_quiet();
  void send(int node, const census_message& message);
  [[noreturn]] void report_deadlock() const;
  [[noreturn]] void report_deadlock_across_nodes();
  [[noreturn]] void report_deadlock_found_elsewhere();
  [[noreturn]] void report_and_stop() const;
  void report_cycle(const wait_table& waits) const;

  std::span<const rank> ranks_;
  unsigned deadlock_seconds_;
  int node_;
  int node_count_;
  network_module* network_;
  std::string node_label_;
  int wake_fd_ = -1;
  std::atomic<bool> stopping_{false};

  // This node's state, and the park counts and start of its quiet stretch; across nodes, node 0's census.
  node_quiet quiet_;
  std::vector<std::uint32_t> quiet_parks_;
  deadlock_census::clock::time_point quiet_since_{};
  std::unique_ptr<census_mailbox> mailbox_;
  std::optional<deadlock_census> census_;
  deadlock_census::clock::time_point next_wave_{};

  std::jthread thread_;
};

}  // namespace weft::runtime
