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

#include "runtime/report.hpp"
#include "runtime/stop_signal.hpp"
#include "runtime/wait_for_graph.hpp"
#include "runtime/whereabouts.hpp"

namespace weft::runtime {
namespace {

using clock = std::chrono::steady_clock;

// Reports name every rank up to this many lines, so that a job of thousands of ranks stays readable.
constexpr int max_report_lines = 64;

// The signal handler's way to the watchdog: a flag and the watchdog's eventfd (write() is async-signal-safe).
volatile std::sig_atomic_t stop_requested = 0;
int signal_wake_fd = -1;

void on_stop_request(int) {
  int saved = errno;
  stop_requested = 1;
  if (signal_wake_fd >= 0) ::eventfd_write(signal_wake_fd, 1);
  errno = saved;
}

std::string join_ranks(const std::vector<int>& ranks, const char* separator) {
  std::string text;
  for (int job_rank : ranks) text += (text.empty() ? "rank " : std::string(separator) + "rank ") + std::to_string(job_rank);
  return text;
}

}  // namespace

void leave_ending_to_stop_report() noexcept {
  // The bound only matters if the watchdog was already gone when the request came.
  if (stop_requested) std::this_thread::sleep_for(std::chrono::seconds(5));
}

watchdog::watchdog(std::span<const rank> ranks, unsigned deadlock_seconds, std::string node_label)
    : ranks_(ranks), deadlock_seconds_(deadlock_seconds), node_label_(std::move(node_label)) {
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake_fd_ < 0) fatal(1, "watchdog: eventfd: %s", std::strerror(errno));
  signal_wake_fd = wake_fd_;
  struct sigaction action {};
  action.sa_handler = on_stop_request;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(stop_with_report_signal(), &action, nullptr);
  thread_ = std::jthread([this] { run(); });
}

watchdog::~watchdog() {
  stopping_.store(true, std::memory_order_release);
  ::eventfd_write(wake_fd_, 1);
  thread_.join();
  // A stop request from now on finds no ranks to report: the process ends as the signal's default would.
  signal(stop_with_report_signal(), SIG_DFL);
  signal_wake_fd = -1;
  ::close(wake_fd_);
}

void watchdog::run() {
  const auto deadlock_period = std::chrono::seconds(deadlock_seconds_);
  const int sample_ms = deadlock_seconds_ == 0 ? -1 : static_cast<int>(std::min(1000u, deadlock_seconds_ * 250));
  std::vector<std::uint32_t> parks, stuck_parks;
  std::optional<clock::time_point> stuck_since;
  for (;;) {
    pollfd woken{wake_fd_, POLLIN, 0};
    ::poll(&woken, 1, sample_ms);
    eventfd_t wakes;
    ::eventfd_read(wake_fd_, &wakes);  // nonblocking: clears the wake-ups, if any
    if (stop_requested) report_and_stop();
    if (stopping_.load(std::memory_order_acquire)) return;
    if (deadlock_seconds_ == 0) continue;
    // Stuck means: blocked at two samples at least the deadlock period apart, without having parked in
    // between (a rank woken and blocked again has parked once more), so no rank ran in between.
    if (!all_stuck(parks)) {
      stuck_since.reset();
      continue;
    }
    if (!stuck_since || parks != stuck_parks) {
      stuck_since = clock::now();
      stuck_parks.swap(parks);
      continue;
    }
    if (clock::now() - *stuck_since >= deadlock_period) report_deadlock();
  }
}

bool watchdog::all_stuck(std::vector<std::uint32_t>& parks) const {
  parks.clear();
  bool any_blocked = false;
  for (const rank& r : ranks_) {
    rank_state state = r.state.load(std::memory_order_acquire);
    if (state != rank_state::blocked && state != rank_state::finished) return false;
    any_blocked |= state == rank_state::blocked;
    parks.push_back(r.parks.load(std::memory_order_relaxed));
  }
  return any_blocked;
}

void watchdog::report_deadlock() const {
  report("%sdeadlock: every rank is blocked in MPI or finished, and none has been woken for %u s; ending the job "
         "with status %d (WEFT_DEADLOCK_SECONDS sets the delay, 0 turns the check off)",
         node_label_.c_str(), deadlock_seconds_, deadlock_exit_status);
  report_whereabouts(ranks_, max_report_lines);
  std::vector<int> cycle = find_wait_for_cycle(ranks_);
  if (!cycle.empty()) {
    report("%swait-for cycle: %s", node_label_.c_str(), join_ranks(cycle, " -> ").c_str());
  } else if (std::vector<int> finished = finished_but_awaited(ranks_); !finished.empty()) {
    report("%sno wait-for cycle; ranks waited for that have finished: %s", node_label_.c_str(),
           join_ranks(finished, ", ").c_str());
  }
  end_job(deadlock_exit_status);
}

void watchdog::report_and_stop() const {
  report("%sasked to stop (mpirun --timeout). Where each rank is:", node_label_.c_str());
  report_whereabouts(ranks_, max_report_lines);
  end_job(128 + SIGTERM);
}

}  // namespace weft::runtime
