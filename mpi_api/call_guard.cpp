#include "mpi_api/call_guard.hpp"

#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"

namespace weft::mpi {

void call_guard::enter(const char* name, kind what) noexcept {
  runtime::rank* self = runtime::this_thread::rank;
  if (runtime::this_thread::worker != nullptr) {  // the fiber of a rank whose threads call MPI
    runtime::enter_call_from_fiber(*self);
    entered_ = entered::fiber;
    return;
  }
  if (self == nullptr) {  // a thread's outermost call
    self = runtime::this_thread::owner;
    if (self == nullptr)
      runtime::fatal(1,
                     "%s called from a thread that belongs to no rank; MPI runs in the ranks and the threads they "
                     "start",
                     name);
    if (what == query) {
      runtime::this_thread::rank = self;
      entered_ = entered::query;
      return;
    }
    if (!self->threads_call_mpi.load(std::memory_order_relaxed))
      runtime::fatal(1,
                     "rank %d: %s called from a thread the rank started (a pthread or an OpenMP thread), but the "
                     "rank has MPI_THREAD_FUNNELED: only its main thread may call MPI (MPI_Init_thread provides "
                     "MPI_THREAD_MULTIPLE when asked)",
                     self->id, name);
  }
  runtime::enter_call_from_thread(*self);
  entered_ = entered::thread;
}

void call_guard::leave() noexcept {
  switch (entered_) {
    case entered::fiber:
      runtime::leave_call_from_fiber(*runtime::this_thread::rank);
      break;
    case entered::thread:
      runtime::leave_call_from_thread();
      break;
    case entered::query:
      runtime::this_thread::rank = nullptr;
      break;
    case entered::none:
      break;
  }
}

}  // namespace weft::mpi
