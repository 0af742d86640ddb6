#pragma once
// A fence split between a hot side and a rare side (Linux membarrier, as in liburcu and folly): the hot
// side, run millions of times a second, orders its store before its next load with a compiler barrier
// alone; the rare side makes every running thread of the process execute a full barrier. Together they
// order like a full fence on both sides: of a store-then-load on each side, one side sees the other's
// store. Where the kernel lacks the private expedited command, the hot side pays a full fence.

#include <atomic>

namespace weft::runtime {

namespace detail {
// Set once, before the threads that use the fences start.
inline bool membarrier_registered = false;
}  // namespace detail

// Registers the process for expedited membarriers; before any worker starts. False where unsupported.
bool enable_asymmetric_fences() noexcept;

// The hot side.
inline void light_fence() noexcept {
  if (detail::membarrier_registered)
    std::atomic_signal_fence(std::memory_order_seq_cst);
  else
    std::atomic_thread_fence(std::memory_order_seq_cst);
}

// The rare side: a few hundred nanoseconds (an interrupt to each core that runs a thread of the process).
void heavy_fence() noexcept;

}  // namespace weft::runtime
