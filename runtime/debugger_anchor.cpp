#include "runtime/debugger_anchor.hpp"

#include <unistd.h>

#include <array>
#include <vector>

// Exported with default visibility from libweft.so: a debugger finds it by name among the dynamic symbols.
extern "C" weft_debugger_anchor weft_debugger = {};

namespace weft::runtime {
namespace {

// What version 1 says of the values a debugger interprets (tools/gdb/weft.py mirrors them).
static_assert(static_cast<int>(rank_state::runnable) == 0 && static_cast<int>(rank_state::notified) == 1 &&
              static_cast<int>(rank_state::blocked) == 2 && static_cast<int>(rank_state::finished) == 3);
static_assert(sizeof(rank_state) == 1);
static_assert(any_peer == -1 && every_peer == -2 && outside_peer == -3 && no_peer == -4 && any_tag == -1);
// A fiber is its fcontext_t alone, so the fiber's address is the saved context's.
static_assert(sizeof(boost::context::fiber) == sizeof(void*));

constexpr std::uint64_t anchor_version = 1;

// {worker address, thread id} per worker, the table weft_debugger.workers points at.
std::vector<std::array<std::uint64_t, 2>> worker_threads;

std::uint64_t address_of(const void* object) { return reinterpret_cast<std::uintptr_t>(object); }

std::uint64_t offset_in(const rank& r, const void* field) { return address_of(field) - address_of(&r); }

}  // namespace

void publish_ranks_for_debuggers(std::span<const rank> ranks, int worker_count) {
  worker_threads.assign(static_cast<std::size_t>(worker_count), {0, 0});
  const rank& r = ranks.front();
  weft_debugger.ranks = address_of(ranks.data());
  weft_debugger.rank_count = ranks.size();
  weft_debugger.rank_size = sizeof(rank);
  weft_debugger.id_offset = offset_in(r, &r.id);
  weft_debugger.state_offset = offset_in(r, &r.state);
  weft_debugger.worker_offset = offset_in(r, &r.home);
  weft_debugger.context_offset = offset_in(r, &r.context);
  weft_debugger.stack_top_offset = offset_in(r, &r.stack.sp);
  weft_debugger.stack_size_offset = offset_in(r, &r.stack.size);
  weft_debugger.wait_call_offset = offset_in(r, &r.waiting.call);
  weft_debugger.wait_peer_offset = offset_in(r, &r.waiting.peer);
  weft_debugger.wait_tag_offset = offset_in(r, &r.waiting.tag);
  weft_debugger.wait_group_offset = offset_in(r, &r.waiting.group);
  weft_debugger.workers = address_of(worker_threads.data());
  weft_debugger.worker_count = worker_threads.size();
  weft_debugger.version = anchor_version;
}

void publish_worker_thread_for_debuggers(int index, const worker& w) noexcept {
  worker_threads[static_cast<std::size_t>(index)] = {address_of(&w), static_cast<std::uint64_t>(::gettid())};
}

}  // namespace weft::runtime
