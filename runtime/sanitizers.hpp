#pragma once
// What AddressSanitizer and ThreadSanitizer must be told about rank fibers, in a build with WEFT_SANITIZE
// (cmake/sanitizers.cmake). Boost.Context switches stacks in assembly the sanitizers cannot see:
// - ASan needs the bounds of the stack it is about to run on (__sanitizer_start_switch_fiber before each
//   switch, __sanitizer_finish_switch_fiber after it) to tell stack from heap in its reports and to keep each
//   stack's fake frames apart;
// - TSan keeps a call stack and a vector clock per fiber (__tsan_create_fiber, __tsan_switch_to_fiber); the
//   switches synchronize, as a worker's ranks run one after the other on its thread.
// In a build without sanitizers every function here is an empty inline and fiber_annotations is empty.
//
// The switches annotated: worker -> rank (worker::run_rank, the first entry included), rank -> worker
// (worker::to_worker, and the rank's final exit: a rank that finished or called exit() never comes back),
// rank -> rank (worker::switch_directly, never to a rank's first entry).

#include <boost/context/stack_context.hpp>
#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WEFT_ASAN_FIBERS 1
#include <sanitizer/common_interface_defs.h>
#endif
#if __has_feature(thread_sanitizer)
#define WEFT_TSAN_FIBERS 1
#include <sanitizer/tsan_interface.h>
#endif
#endif

namespace weft::runtime {

// Whether a sanitizer reports faults (its own SIGSEGV handler, with what it knows of the memory); the
// runtime then leaves the signals to it (fault_handler.cpp).
#if defined(WEFT_ASAN_FIBERS) || defined(WEFT_TSAN_FIBERS)
inline constexpr bool sanitizer_reports_faults = true;
#else
inline constexpr bool sanitizer_reports_faults = false;
#endif

// A rank fiber as the sanitizers know it.
struct fiber_annotations {
#ifdef WEFT_ASAN_FIBERS
  void* fake_stack = nullptr;  // ASan's fake frames of the rank while it is switched out
#endif
#ifdef WEFT_TSAN_FIBERS
  void* tsan_fiber = nullptr;
#endif
};

#if defined(WEFT_ASAN_FIBERS) || defined(WEFT_TSAN_FIBERS)
namespace sanitizer_detail {
// The worker thread's own stack and TSan fiber, learnt when it first switches to a rank.
struct worker_side {
  const void* stack_bottom = nullptr;
  std::size_t stack_size = 0;
  void* fake_stack = nullptr;
  void* tsan_fiber = nullptr;
};
inline thread_local worker_side this_worker;
}  // namespace sanitizer_detail
#endif

// Worker side, around the construction of the rank's Boost.Context fiber: constructing it already runs the
// fiber's entry on the new stack for a moment, which TSan must count on the rank's fiber.
inline void fiber_creating([[maybe_unused]] fiber_annotations& fiber) noexcept {
#ifdef WEFT_TSAN_FIBERS
  sanitizer_detail::this_worker.tsan_fiber = __tsan_get_current_fiber();
  fiber.tsan_fiber = __tsan_create_fiber(0);
  __tsan_switch_to_fiber(fiber.tsan_fiber, 0);
#endif
}

inline void fiber_created([[maybe_unused]] fiber_annotations& fiber) noexcept {
#ifdef WEFT_TSAN_FIBERS
  __tsan_switch_to_fiber(sanitizer_detail::this_worker.tsan_fiber, 0);
#endif
}

// Worker side, just before resuming the rank whose stack is `stack`.
inline void switching_to_rank([[maybe_unused]] fiber_annotations& fiber,
                              [[maybe_unused]] const boost::context::stack_context& stack) noexcept {
#ifdef WEFT_ASAN_FIBERS
  __sanitizer_start_switch_fiber(&sanitizer_detail::this_worker.fake_stack, static_cast<char*>(stack.sp) - stack.size,
                                 stack.size);
#endif
#ifdef WEFT_TSAN_FIBERS
  __tsan_switch_to_fiber(fiber.tsan_fiber, 0);
#endif
}

// Worker side, once the rank has switched back.
inline void switched_from_rank() noexcept {
#ifdef WEFT_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(sanitizer_detail::this_worker.fake_stack, nullptr, nullptr);
#endif
}

// Rank side, just before switching straight to another rank of the worker (worker::switch_directly); the
// other rank then goes on as if its worker had resumed it (switched_from_worker).
inline void switching_between_ranks([[maybe_unused]] fiber_annotations& from, [[maybe_unused]] fiber_annotations& to,
                                    [[maybe_unused]] const boost::context::stack_context& to_stack) noexcept {
#ifdef WEFT_ASAN_FIBERS
  __sanitizer_start_switch_fiber(&from.fake_stack, static_cast<char*>(to_stack.sp) - to_stack.size, to_stack.size);
#endif
#ifdef WEFT_TSAN_FIBERS
  __tsan_switch_to_fiber(to.tsan_fiber, 0);
#endif
}

// Worker side, once the rank has finished for good.
inline void fiber_finished([[maybe_unused]] fiber_annotations& fiber) noexcept {
#ifdef WEFT_TSAN_FIBERS
  __tsan_destroy_fiber(fiber.tsan_fiber);
  fiber.tsan_fiber = nullptr;
#endif
}

// Rank side, first thing on the rank's fiber: it came from its worker's stack, whose bounds ASan gives.
inline void rank_entered() noexcept {
#ifdef WEFT_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(nullptr, &sanitizer_detail::this_worker.stack_bottom,
                                  &sanitizer_detail::this_worker.stack_size);
#endif
}

// Rank side, just before switching to its worker; `final` when the rank will never be resumed, so that ASan
// drops its fake frames.
inline void switching_to_worker([[maybe_unused]] fiber_annotations& fiber, [[maybe_unused]] bool final) noexcept {
#ifdef WEFT_ASAN_FIBERS
  __sanitizer_start_switch_fiber(final ? nullptr : &fiber.fake_stack, sanitizer_detail::this_worker.stack_bottom,
                                 sanitizer_detail::this_worker.stack_size);
#endif
#ifdef WEFT_TSAN_FIBERS
  __tsan_switch_to_fiber(sanitizer_detail::this_worker.tsan_fiber, 0);
#endif
}

// Rank side, once its worker has resumed it.
inline void switched_from_worker([[maybe_unused]] fiber_annotations& fiber) noexcept {
#ifdef WEFT_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(fiber.fake_stack, nullptr, nullptr);
#endif
}

}  // namespace weft::runtime
