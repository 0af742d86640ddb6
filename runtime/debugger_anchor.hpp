#pragma once
// The debugger anchor: what a debugger reads to find this process's ranks (tools/gdb/weft.py reads it, in a
// live process or a core file). One exported object, `weft_debugger`, of 64-bit words: a version, the rank
// table with the offsets of the few fields a debugger reads, and the workers' thread ids. The debugger needs
// neither the runtime's debug information nor guesses about its layout; what the words mean is the contract,
// and changing it means raising `version` and the extension with it.

#include <cstdint>
#include <span>

#include "runtime/rank.hpp"

extern "C" {

// Version 1, every word a std::uint64_t (addresses and offsets in bytes):
struct weft_debugger_anchor {
  std::uint64_t version;     // 0 until the job has published its ranks
  std::uint64_t ranks;       // address of the first of this process's ranks, in job rank order
  std::uint64_t rank_count;  // ranks of this process
  std::uint64_t rank_size;   // bytes from one rank to the next
  // Offsets in a rank of: its job rank (int); its state (one byte: 0 runnable, 1 notified, 2 blocked in park,
  // 3 finished); its worker (an address, as in `workers`); its saved context (Boost.Context's fcontext_t: the
  // stack pointer at which a suspended fiber saved its registers, null while it runs); its stack's top and
  // size (stack_context::sp and ::size); its wait site (wait_site.hpp: call, a C string or null; peer and tag,
  // ints with the values of wait_site.hpp; group, the address of the MPI communicator).
  std::uint64_t id_offset;
  std::uint64_t state_offset;
  std::uint64_t worker_offset;
  std::uint64_t context_offset;
  std::uint64_t stack_top_offset;
  std::uint64_t stack_size_offset;
  std::uint64_t wait_call_offset;
  std::uint64_t wait_peer_offset;
  std::uint64_t wait_tag_offset;
  std::uint64_t wait_group_offset;
  // Address of worker_count pairs of words {the worker's address, its thread's id (gettid), 0 until it runs}.
  std::uint64_t workers;
  std::uint64_t worker_count;
};

extern weft_debugger_anchor weft_debugger;

}  // extern "C"

namespace weft::runtime {

class worker;

// Publishes this process's ranks and the number of its workers (once, before the workers start).
void publish_ranks_for_debuggers(std::span<const rank> ranks, int worker_count);

// Records the calling thread as the one of worker `index` (on the worker's thread, when it starts).
void publish_worker_thread_for_debuggers(int index, const worker& w) noexcept;

}  // namespace weft::runtime
