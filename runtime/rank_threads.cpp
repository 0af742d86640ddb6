#include "runtime/rank_threads.hpp"

#include <pthread.h>
#include <threads.h>

#include <cerrno>
#include <new>

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

// What a thread created for a rank runs first: it takes the rank on, then runs what it was created for.
template <class Result>
struct serving_start {
  Result (*start)(void*);
  void* argument;
  rank* owner;

  static Result run(void* record) {
    serving_start self = *static_cast<serving_start*>(record);
    delete static_cast<serving_start*>(record);
    work_for(self.owner);
    return self.start(self.argument);
  }
};

// Calls `create` (the C library's) with the start routine wrapped when the caller serves a rank.
template <class Result, class Create, class Handle, class... Attributes>
int create_serving(Create create, int no_memory, Handle* thread, Result (*start)(void*), void* argument,
                   Attributes... attributes) {
  rank* owner = served_rank();
  if (owner == nullptr) return create(thread, attributes..., start, argument);
  auto* record = new (std::nothrow) serving_start<Result>{start, argument, owner};
  if (record == nullptr) return no_memory;
  int result = create(thread, attributes..., &serving_start<Result>::run, record);
  if (result != 0) delete record;  // both report success as 0 (thrd_success)
  return result;
}

}  // namespace
}  // namespace weft::runtime

using weft::runtime::create_serving;
using weft::runtime::next_definition;

extern "C" {

int pthread_create(pthread_t* __restrict thread, const pthread_attr_t* __restrict attributes,
                   void* (*start)(void*), void* __restrict argument) noexcept {
  static const auto create = next_definition<decltype(&pthread_create)>("pthread_create");
  return create_serving(create, EAGAIN, thread, start, argument, attributes);
}

// The C library's thrd_create reaches its pthread_create directly, past the interposition above.
int thrd_create(thrd_t* thread, thrd_start_t start, void* argument) {
  static const auto create = next_definition<decltype(&thrd_create)>("thrd_create");
  return create_serving(create, thrd_nomem, thread, start, argument);
}

}  // extern "C"
