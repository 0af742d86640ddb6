#include "runtime/rank_threads.hpp"

#include <pthread.h>
#include <threads.h>

#include <cerrno>
#include <new>
#include <type_traits>
#include <utility>

#include "runtime/next_definition.hpp"
#include "runtime/rank.hpp"
#include "runtime/this_thread.hpp"

namespace weft::runtime {

rank* served_rank() noexcept { return this_thread::rank != nullptr ? this_thread::rank : this_thread::owner; }

void work_for(rank* owner) {
  this_thread::owner = owner;
  privatize::rank_globals::enter_thread(owner != nullptr ? owner->globals.get() : nullptr);
}

namespace {

using privatize::rank_globals;

// What a thread created for a rank runs first: it takes the rank on, then runs what it was created for.
// When the program is built with a sanitizer, the program's call went through the sanitizer's
// pthread_create first, and `start` is the sanitizer's start routine, which sets the thread up for the
// sanitizer: until then the thread may neither allocate nor run instrumented code. So the creator prepares
// everything, the thread only copies and writes thread-locals, and it leaves its record to the next
// creator to free.
struct serving_start {
  void* (*pthread_start)(void*);
  int (*c11_start)(void*);
  void* argument;
  rank* owner;
  rank_globals* globals;  // owner's, read here rather than through owner by the new thread
  rank_globals::thread_images* images;
  serving_start* next_retired;
};

// Pushed to by new threads with the compiler's atomic builtins: std::atomic's members are calls at -O1.
serving_start* retired_starts = nullptr;

[[clang::disable_sanitizer_instrumentation]] serving_start take_on_rank(serving_start* record) noexcept {
  serving_start self = *record;
  record->next_retired = __atomic_load_n(&retired_starts, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&retired_starts, &record->next_retired, record, true, __ATOMIC_RELEASE,
                                      __ATOMIC_RELAXED)) {
  }
  this_thread::owner = self.owner;
  rank_globals::enter_prepared_thread(self.globals, self.images);
  return self;
}

[[clang::disable_sanitizer_instrumentation]] void* run_pthread(void* record) {
  serving_start self = take_on_rank(static_cast<serving_start*>(record));
  return self.pthread_start(self.argument);
}

[[clang::disable_sanitizer_instrumentation]] int run_c11(void* record) {
  serving_start self = take_on_rank(static_cast<serving_start*>(record));
  return self.c11_start(self.argument);
}

void free_retired_starts() noexcept {
  serving_start* record = __atomic_exchange_n(&retired_starts, nullptr, __ATOMIC_ACQUIRE);
  while (record != nullptr) delete std::exchange(record, record->next_retired);
}

// Calls `create` (the C library's) with the start routine wrapped when the caller serves a rank.
template <class Result, class Create, class Handle, class... Attributes>
int create_serving(Create create, int no_memory, Handle* thread, Result (*start)(void*), void* argument,
                   Attributes... attributes) {
  rank* owner = served_rank();
  if (owner == nullptr || owner->globals == nullptr) return create(thread, attributes..., start, argument);
  free_retired_starts();
  auto* record =
      new (std::nothrow) serving_start{nullptr, nullptr, argument, owner, owner->globals.get(), nullptr, nullptr};
  if (record == nullptr) return no_memory;
  record->images = rank_globals::prepare_thread(*record->globals);
  if (record->images == nullptr) {
    delete record;
    return no_memory;
  }
  int result;
  if constexpr (std::is_same_v<Result, int>) {
    record->c11_start = start;
    result = create(thread, attributes..., &run_c11, record);
  } else {
    record->pthread_start = start;
    result = create(thread, attributes..., &run_pthread, record);
  }
  if (result != 0) {  // both report success as 0 (thrd_success)
    rank_globals::discard_prepared_thread(record->images);
    delete record;
  }
  return result;
}

}  // namespace
}  // namespace weft::runtime

using weft::runtime::create_serving;
using weft::runtime::next_definition;

extern "C" {

int pthread_create(pthread_t* __restrict thread, const pthread_attr_t* __restrict attributes, void* (*start)(void*),
                   void* __restrict argument) noexcept {
  static const auto create = next_definition<decltype(&pthread_create)>("pthread_create");
  return create_serving(create, EAGAIN, thread, start, argument, attributes);
}

// The C library's thrd_create reaches its pthread_create directly, past the interposition above.
int thrd_create(thrd_t* thread, thrd_start_t start, void* argument) {
  static const auto create = next_definition<decltype(&thrd_create)>("thrd_create");
  return create_serving(create, thrd_nomem, thread, start, argument);
}

}  // extern "C"
