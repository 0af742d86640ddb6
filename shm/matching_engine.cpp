#include "shm/matching_engine.hpp"

#include <memory>

#include "runtime/config.hpp"
#include "runtime/scheduler.hpp"

namespace weft::shm {

recv_request* matching_engine::take_posted(const envelope& incoming) noexcept {
  recv_request* previous = nullptr;
  for (recv_request* r = posted_.front(); r != nullptr; previous = r, r = r->next) {
    if (matches(r->pattern, incoming)) {
      posted_.remove_after(previous, r);
      return r;
    }
  }
  return nullptr;
}

message* matching_engine::take_unexpected(const envelope& pattern) noexcept {
  message* previous = nullptr;
  for (message* m = unexpected_.front(); m != nullptr; previous = m, m = m->next) {
    if (matches(pattern, m->env)) {
      unexpected_.remove_after(previous, m);
      return m;
    }
  }
  return nullptr;
}

const message* matching_engine::find_unexpected(const envelope& pattern) const noexcept {
  for (const message* m = unexpected_.front(); m != nullptr; m = m->next)
    if (matches(pattern, m->env)) return m;
  return nullptr;
}

bool matching_engine::inline_fits(std::size_t bytes) const noexcept {
  return unexpected_inline_bytes_ + bytes <= runtime::job_config().unexpected_budget;
}

void matching_engine::queue_unexpected(message* m, std::size_t inline_bytes) noexcept {
  unexpected_.push_back(m);
  unexpected_inline_bytes_ += inline_bytes;
  if (prober_ != nullptr) runtime::unpark(std::exchange(prober_, nullptr));
}

matching_engine& engine_of(int rank_id) {
  // Sized once for the job; static initialization is thread-safe and happens before any rank can send.
  static const std::unique_ptr<matching_engine[]> engines =
      std::make_unique<matching_engine[]>(runtime::job_size());
  return engines[rank_id];
}

}  // namespace weft::shm
