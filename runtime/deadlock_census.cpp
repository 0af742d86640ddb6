#include "runtime/deadlock_census.hpp"

namespace weft::runtime {

deadlock_census::deadlock_census(int node_count, clock::duration period) : node_count_(node_count), period_(period) {}

void deadlock_census::start_wave(const node_quiet& own, wait_table own_waits, clock::time_point now) {
  current_ = {++wave_, now, std::vector<std::optional<census_message>>(node_count_)};
  current_.answers[0] = census_message{census_message::kind::answer, wave_, own, std::move(own_waits)};
}

bool deadlock_census::take_answer(int from, const census_message& answer) {
  if (answer.what != census_message::kind::answer || answer.wave != current_.number || from <= 0 ||
      from >= node_count_ || current_.answers[from])
    return false;
  current_.answers[from] = answer;
  if (!complete(current_)) return false;
  if (!all_quiet(current_)) {
    first_quiet_.reset();
    return false;
  }
  if (!first_quiet_ || !same_states(*first_quiet_, current_)) {
    first_quiet_ = current_;
    return false;
  }
  return current_.started - first_quiet_->started >= period_;
}

wait_table deadlock_census::job_waits() const {
  wait_table joined;
  for (const auto& answer : current_.answers)
    if (answer) joined.append(answer->waits);
  return joined;
}

bool deadlock_census::complete(const wave_answers& w) const {
  for (const auto& answer : w.answers)
    if (!answer) return false;
  return true;
}

bool deadlock_census::all_quiet(const wave_answers& w) {
  std::uint64_t started = 0, completed = 0;
  bool any_blocked = false;
  for (const auto& answer : w.answers) {
    if (!answer->state.quiet) return false;
    any_blocked |= answer->state.any_blocked;
    started += answer->state.started;
    completed += answer->state.completed;
  }
  return any_blocked && started == completed;
}

bool deadlock_census::same_states(const wave_answers& a, const wave_answers& b) {
  for (std::size_t node = 0; node < a.answers.size(); ++node)
    if (a.answers[node]->state != b.answers[node]->state) return false;
  return true;
}

}  // namespace weft::runtime
