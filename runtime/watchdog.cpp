#include "runtime/watchdog.hpp"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <optional>

#include "runtime/census_mailbox.hpp"
#include "runtime/network_module.hpp"
#include "runtime/process_thread.hpp"
#include "runtime/report.hpp"
#include "runtime/stop_signal.hpp"
#include "runtime/wait_for_graph.hpp"
#include "runtime/whereabouts.hpp"

namespace weft::runtime {
namespace {

using clock = std::chrono::steady_clock;

// Reports name every rank up to this many lines, so that a job of thousands of ranks stays readable.
constexpr int max_report_lines = 64;

// Across nodes, after a deadlock is found: how long node 0 waits for the others to report their ranks,
// and how long another node waits for mpirun to end it once it has (it ends itself after that).
constexpr auto reports_wait = std::chrono::seconds(5);
constexpr auto ending_wait = std::chrono::seconds(10);

// The signal handler's way to the watchdog: a flag and the watchdog's eventfd (write() is async-signal-safe).
volatile std::sig_atomic_t stop_requested = 0;

// Set while the watchdog reports a deadlock across nodes, which it ends with the process.
std::atomic<bool> reporting_deadlock{false};
int signal_wake_fd = -1;

void on_stop_request(int) {
  int saved = errno;
  stop_requested = 1;
  if (signal_wake_fd >= 0) ::eventfd_write(signal_wake_fd, 1);
  errno = saved;
}

std::string join_ranks(const std::vector<int>& ranks, const char* separator) {
  std::string text;
  for (int job_rank : ranks)
    text += (text.empty() ? "rank " : std::string(separator) + "rank ") + std::to_string(job_rank);
  return text;
}

// A census message that carries no more than its kind (and wave).
census_message bare(census_message::kind what, std::uint32_t wave = 0) {
  census_message message;
  message.what = what;
  message.wave = wave;
  return message;
}

}  // namespace

void leave_ending_to_watchdog() noexcept {
  // The bound only matters if the watchdog was already gone when the request came.
  if (stop_requested || reporting_deadlock.load()) std::this_thread::sleep_for(ending_wait);
}

watchdog::watchdog(std::span<const rank> ranks, unsigned deadlock_seconds, const node_map& nodes,
                   network_module* network)
    : ranks_(ranks),
      deadlock_seconds_(deadlock_seconds),
      node_(nodes.this_node()),
      node_count_(nodes.node_count()),
      network_(network),
      node_label_(network != nullptr ? "node " + std::to_string(node_) + ": " : "") {
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake_fd_ < 0) fatal(1, "watchdog: eventfd: %s", std::strerror(errno));
  signal_wake_fd = wake_fd_;
  struct sigaction action{};
  action.sa_handler = on_stop_request;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(stop_with_report_signal(), &action, nullptr);
  if (network_ != nullptr && deadlock_seconds_ != 0) {
    mailbox_ = std::make_unique<census_mailbox>(wake_fd_);
    if (node_ == 0) census_.emplace(node_count_, std::chrono::seconds(deadlock_seconds_));
  }
  thread_ = std::jthread([this] { run(); });
}

watchdog::~watchdog() {
  stopping_.store(true, std::memory_order_release);
  ::eventfd_write(wake_fd_, 1);
  thread_.join();
  mailbox_.reset();
  // A stop request from now on finds no ranks to report: the process ends as the signal's default would.
  signal(stop_with_report_signal(), SIG_DFL);
  signal_wake_fd = -1;
  ::close(wake_fd_);
}

std::chrono::milliseconds watchdog::sample_period() const {
  return std::chrono::milliseconds(std::min(1000u, deadlock_seconds_ * 250));
}

void watchdog::run() {
  const int sample_ms = deadlock_seconds_ == 0 ? -1 : static_cast<int>(sample_period().count());
  for (;;) {
    pollfd woken{wake_fd_, POLLIN, 0};
    ::poll(&woken, 1, sample_ms);
    eventfd_t wakes;
    ::eventfd_read(wake_fd_, &wakes);  // nonblocking: clears the wake-ups, if any
    if (stop_requested) report_and_stop();
    if (stopping_.load(std::memory_order_acquire)) return;
    if (deadlock_seconds_ == 0) continue;
    if (network_ != nullptr) {
      watch_across_nodes();
    } else if (deadlocked_alone()) {
      report_deadlock();
    }
  }
}

bool watchdog::all_stuck(std::vector<std::uint32_t>& parks, bool& any_blocked) const {
  parks.clear();
  any_blocked = false;
  // The process's own threads are moving something ranks wait for (a file transfer): it will wake them.
  if (process_work_under_way()) return false;
  for (const rank& r : ranks_) {
    rank_state state = r.state.load(std::memory_order_acquire);
    if (state != rank_state::blocked && state != rank_state::finished) return false;
    // Its threads call MPI: one of them, computing, may yet send what the blocked ranks wait for.
    if (state == rank_state::blocked && r.threads_call_mpi.load(std::memory_order_relaxed)) return false;
    any_blocked |= state == rank_state::blocked;
    parks.push_back(r.parks.load(std::memory_order_relaxed));
  }
  return true;
}

bool watchdog::deadlocked_alone() {
  // On one node only ranks wake ranks: quiet for the deadlock period means none can run again.
  sample_quiet();
  return quiet_.quiet && quiet_.any_blocked && clock::now() - quiet_since_ >= std::chrono::seconds(deadlock_seconds_);
}

void watchdog::sample_quiet() {
  std::vector<std::uint32_t> parks;
  bool any_blocked = false;
  bool stuck = all_stuck(parks, any_blocked);
  // Read after the ranks: a packet that woke one of them after it was seen blocked is counted.
  network_traffic traffic = network_ != nullptr ? network_->traffic() : network_traffic{};
  if (!stuck) {
    quiet_.quiet = false;
    return;
  }
  // A rank woken and blocked again in between has parked once more: the same park counts mean no rank ran.
  if (quiet_.quiet && parks == quiet_parks_ && any_blocked == quiet_.any_blocked && traffic.started == quiet_.started &&
      traffic.completed == quiet_.completed)
    return;
  quiet_ = {true, any_blocked, quiet_.stretch + 1, traffic.started, traffic.completed};
  quiet_parks_.swap(parks);
  quiet_since_ = clock::now();
}

void watchdog::send(int node, const census_message& message) { network_->send_to_watchdog(node, encode(message)); }

void watchdog::watch_across_nodes() {
  sample_quiet();
  for (auto& [from, message] : mailbox_->take()) {
    switch (message.what) {
      case census_message::kind::request:
        // Answered with the state of now, as the census needs; the waits only when they are stuck.
        sample_quiet();
        send(0, {census_message::kind::answer, message.wave, quiet_,
                 quiet_.quiet ? wait_table::of(ranks_) : wait_table{}});
        break;
      case census_message::kind::answer:
        if (census_ && census_->take_answer(from, message)) report_deadlock_across_nodes();
        break;
      case census_message::kind::deadlock:
        report_deadlock_found_elsewhere();
      case census_message::kind::reported:
        break;
    }
  }
  auto now = clock::now();
  if (!census_ || !quiet_.quiet || now < next_wave_ || !census_->answered()) return;
  census_->start_wave(quiet_, wait_table::of(ranks_), now);
  for (int node = 1; node < node_count_; ++node) send(node, bare(census_message::kind::request, census_->wave()));
  next_wave_ = now + sample_period();
}

void watchdog::report_cycle(const wait_table& waits) const {
  std::vector<int> cycle = find_wait_for_cycle(waits);
  if (!cycle.empty()) {
    report("%swait-for cycle: %s", node_label_.c_str(), join_ranks(cycle, " -> ").c_str());
  } else if (std::vector<int> finished = finished_but_awaited(waits); !finished.empty()) {
    report("%sno wait-for cycle; ranks waited for that have finished: %s", node_label_.c_str(),
           join_ranks(finished, ", ").c_str());
  }
}

void watchdog::report_deadlock() const {
  report(
      "%sdeadlock: every rank is blocked in MPI or finished, and none has been woken for %u s; ending the job "
      "with status %d (WEFT_DEADLOCK_SECONDS sets the delay, 0 turns the check off)",
      node_label_.c_str(), deadlock_seconds_, deadlock_exit_status);
  report_whereabouts(ranks_, max_report_lines);
  report_cycle(wait_table::of(ranks_));
  end_job(deadlock_exit_status);
}

void watchdog::report_deadlock_across_nodes() {
  reporting_deadlock.store(true);
  report(
      "%sdeadlock: every rank of the %d nodes is blocked in MPI or finished, no message is on its way between "
      "them, and none has been woken for %u s; ending the job with status %d (WEFT_DEADLOCK_SECONDS sets the "
      "delay, 0 turns the check off). Where each rank of node %d is:",
      node_label_.c_str(), node_count_, deadlock_seconds_, deadlock_exit_status, node_);
  report_whereabouts(ranks_, max_report_lines);
  report_cycle(census_->job_waits());
  for (int node = 1; node < node_count_; ++node) send(node, bare(census_message::kind::deadlock));
  // The others' reports come before the end of the job: mpirun ends them all once one has ended.
  int reported = 0;
  auto deadline = clock::now() + reports_wait;
  while (reported < node_count_ - 1 && clock::now() < deadline) {
    pollfd woken{wake_fd_, POLLIN, 0};
    ::poll(&woken, 1, 100);
    eventfd_t wakes;
    ::eventfd_read(wake_fd_, &wakes);
    for (const auto& arrived : mailbox_->take()) reported += arrived.second.what == census_message::kind::reported;
  }
  end_job(deadlock_exit_status);
}

void watchdog::report_deadlock_found_elsewhere() {
  reporting_deadlock.store(true);
  report("%sdeadlock across nodes (see node 0's report). Where each rank of node %d is:", node_label_.c_str(), node_);
  report_whereabouts(ranks_, max_report_lines);
  send(0, bare(census_message::kind::reported));
  std::this_thread::sleep_for(ending_wait);
  end_job(deadlock_exit_status);
}

void watchdog::report_and_stop() const {
  report("%sasked to stop (mpirun --timeout). Where each rank is:", node_label_.c_str());
  report_whereabouts(ranks_, max_report_lines);
  end_job(128 + SIGTERM);
}

}  // namespace weft::runtime
