#pragma once
// Deadlock detection across nodes, by the method of the four counters (Mattern), in waves. A node alone
// cannot tell a deadlock: its ranks may wait for a message on its way from another node. So node 0's
// watchdog, the coordinator, asks every node for its state (census_messages.hpp) in waves while its own
// ranks are quiet. The job is deadlocked when two complete waves at least the deadlock period apart find
// every node quiet in the same stretch, with the same counts, some rank blocked, and as many packets and
// reads completed as started over the job: then nothing was on its way that could wake a rank, and
// nothing moved in between.

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "runtime/census_messages.hpp"

namespace weft::runtime {

class deadlock_census {
 public:
  using clock = std::chrono::steady_clock;

  deadlock_census(int node_count, clock::duration period);

  // Starts wave number wave() + 1 at `now`, answered by the coordinator itself with `own` (node 0's).
  // Answers to earlier waves are ignored from now on.
  void start_wave(const node_quiet& own, wait_table own_waits, clock::time_point now);
  std::uint32_t wave() const noexcept { return wave_; }
  // Whether every node answered the current wave (true before the first): only then does the next start,
  // so that a node busy computing, which answers late, is not sent question after question.
  bool answered() const { return complete(current_); }

  // Takes node `from`'s answer; true when it completes a wave that proves the job deadlocked.
  [[nodiscard]] bool take_answer(int from, const census_message& answer);

  // The waits of every rank of the job, from the wave that proved the deadlock.
  wait_table job_waits() const;

 private:
  struct wave_answers {
    std::uint32_t number = 0;
    clock::time_point started;
    std::vector<std::optional<census_message>> answers;  // by node
  };

  bool complete(const wave_answers& w) const;
  // Every node quiet, some rank blocked, nothing on its way.
  static bool all_quiet(const wave_answers& w);
  static bool same_states(const wave_answers& a, const wave_answers& b);

  int node_count_;
  clock::duration period_;
  std::uint32_t wave_ = 0;
  wave_answers current_;
  std::optional<wave_answers> first_quiet_;  // the earliest wave of the quiet stretch the current one continues
};

}  // namespace weft::runtime
