#include "shm/matching_engine.hpp"

#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include "runtime/config.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"

namespace weft::shm {

namespace {

// The oldest entry of `queue` that `accepts`, with the entry before it (nullptr when it is the head).
template <class Queue, class Accepts>
auto first_match(const Queue& queue, Accepts&& accepts) noexcept {
  using entry = std::remove_pointer_t<decltype(queue.front())>;
  entry* previous = nullptr;
  entry* found = queue.front();
  while (found != nullptr && !accepts(*found)) {
    previous = found;
    found = found->next;
  }
  return std::pair{previous, found};
}

}  // namespace

void matching_engine::post(recv_request* receive) noexcept {
  receive->sequence = posted_sequence_++;
  if (receive->pattern.source == any_source)
    posted_any_source_.push_back(receive);
  else
    posted_[bin_of(receive->pattern.source)].push_back(receive);
}

namespace {

template <class Queue, class Entry>
bool remove_entry(Queue& queue, Entry* entry) noexcept {
  auto [previous, found] = first_match(queue, [entry](const Entry& candidate) { return &candidate == entry; });
  if (found == nullptr) return false;
  queue.remove_after(previous, found);
  return true;
}

}  // namespace

bool matching_engine::remove_posted(recv_request* receive) noexcept {
  if (receive->pattern.source == any_source) return remove_entry(posted_any_source_, receive);
  return remove_entry(posted_[bin_of(receive->pattern.source)], receive);
}

bool matching_engine::remove_unexpected(message* m) noexcept {
  return remove_entry(unexpected_[bin_of(m->env.source)], m);
}

recv_request* matching_engine::take_posted(envelope incoming) noexcept {
  auto accepts = [&](const recv_request& r) { return matches(r.pattern, incoming); };
  posted_queue& bin = posted_[bin_of(incoming.source)];
  auto [bin_previous, in_bin] = first_match(bin, accepts);
  auto [any_previous, in_any] = first_match(posted_any_source_, accepts);
  if (in_bin != nullptr && (in_any == nullptr || in_bin->sequence < in_any->sequence)) {
    bin.remove_after(bin_previous, in_bin);
    return in_bin;
  }
  if (in_any != nullptr) posted_any_source_.remove_after(any_previous, in_any);
  return in_any;
}

matching_engine::unexpected_match matching_engine::locate_unexpected(envelope pattern) noexcept {
  auto accepts = [&](const message& m) { return matches(pattern, m.env); };
  if (pattern.source != any_source) {
    unexpected_queue& bin = unexpected_[bin_of(pattern.source)];
    auto [previous, found] = first_match(bin, accepts);
    return {&bin, previous, found};
  }
  // Any source: the oldest match over all bins.
  unexpected_match oldest{};
  for (unexpected_queue& bin : unexpected_) {
    auto [previous, found] = first_match(bin, accepts);
    if (found != nullptr && (oldest.found == nullptr || found->sequence < oldest.found->sequence))
      oldest = {&bin, previous, found};
  }
  return oldest;
}

message* matching_engine::take_unexpected(envelope pattern) noexcept {
  unexpected_match match = locate_unexpected(pattern);
  if (match.found != nullptr) match.bin->remove_after(match.previous, match.found);
  return match.found;
}

const message* matching_engine::find_unexpected(envelope pattern) noexcept { return locate_unexpected(pattern).found; }

bool matching_engine::inline_fits(std::size_t bytes) const noexcept {
  return unexpected_inline_bytes_.load(std::memory_order_relaxed) + inline_message::footprint(bytes) <=
         runtime::job_config().unexpected_budget;
}

void matching_engine::queue_unexpected(message* m) noexcept {
  m->sequence = unexpected_sequence_++;
  unexpected_[bin_of(m->env.source)].push_back(m);
  if (m->kind == message_kind::inline_data)
    unexpected_inline_bytes_.store(
        unexpected_inline_bytes_.load(std::memory_order_relaxed) + inline_message::footprint(m->size),
        std::memory_order_relaxed);
  if (prober_ != nullptr) runtime::unpark(std::exchange(prober_, nullptr));
}

inline_message* matching_engine::new_inline(envelope env, std::size_t size) {
  void* block = free_blocks_.pop_front();
  if (block != nullptr) {
    --free_block_count_;
  } else {
    block = std::malloc(sizeof(inline_message) + runtime::job_config().inline_max);
    if (block == nullptr) runtime::fatal(1, "out of memory for a %zu-byte message", size);
  }
  auto* m = new (block) inline_message;
  m->env = env;
  m->size = size;
  m->kind = message_kind::inline_data;
  m->data = byte_span(m->bytes(), size);
  return m;
}

void matching_engine::free_inline(inline_message* m) noexcept {
  m->~inline_message();
  if (free_block_count_ == kept_blocks) {
    std::free(m);
    return;
  }
  auto* block = new (static_cast<void*>(m)) message;
  free_blocks_.push_back(block);
  ++free_block_count_;
}

matching_engine::~matching_engine() {
  while (message* block = free_blocks_.pop_front()) std::free(block);
}

matching_engine& engine_of(int rank_id) {
  // Made by the first caller: MPI_Init at the latest (see there).
  static runtime::rank_slots<matching_engine> engines;
  const runtime::node_map& nodes = runtime::job::current().nodes();
  if (!nodes.is_local(rank_id)) [[unlikely]]
    runtime::fatal(1, "rank %d: rank %d runs on node %d; messages between nodes are not supported yet",
                   runtime::current_rank()->id, rank_id, nodes.node_of(rank_id));
  return engines[rank_id];
}

}  // namespace weft::shm
