// The blocking waits of the C library and the OpenMP runtime, made by a rank's fiber: joining a thread,
// locking a mutex or an OpenMP lock, waiting on a condition variable, a semaphore or a barrier. Made as they
// are, they would hold the worker's thread, and the rank's thread they wait for may itself wait for another
// rank of that worker (a message, a collective): the job would hang. libweft defines them; from a fiber,
// called by the program (libweft's and libomp's own waits go straight through), they wait by looking again
// and again, taking in the rank's arrivals and letting the worker's other ranks run in between (yield), and
// sleeping a little longer each time, up to 0.1 ms, so that the worker leaves the core to the threads. A
// barrier cannot be tried: a thread of its own waits in it for the fiber. From any other thread they are the
// C library's and the OpenMP runtime's.

#include <dlfcn.h>
#include <link.h>
#include <omp.h>
#include <pthread.h>
#include <semaphore.h>
#include <threads.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <ctime>

#include "runtime/next_definition.hpp"
#include "runtime/scheduler.hpp"
#include "runtime/this_thread.hpp"
#include "runtime/worker.hpp"

namespace weft::runtime {
namespace {

// The code whose waits go straight through: libweft's own (its locks are never held across a switch and its
// callers may not switch) and LLVM's OpenMP runtime (a fiber may be starting or ending a region, where it must
// not leave its thread). The executable segments of those libraries, found once.
class passed_through {
 public:
  static bool holds(const void* address) noexcept {
    static const passed_through code;
    auto at = reinterpret_cast<std::uintptr_t>(address);
    for (int i = 0; i < code.count_; ++i)
      if (at >= code.ranges_[i].begin && at < code.ranges_[i].end) return true;
    return false;
  }

 private:
  struct range {
    std::uintptr_t begin, end;
  };

  passed_through() {
    Dl_info self{};
    if (::dladdr(reinterpret_cast<void*>(&passed_through::holds), &self) != 0) libweft_base_ = self.dli_fbase;
    ::dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* data) {
          auto& code = *static_cast<passed_through*>(data);
          bool wanted = reinterpret_cast<const void*>(info->dlpi_addr) == code.libweft_base_ ||
                        std::strstr(info->dlpi_name, "/libomp.so") != nullptr;
          for (int i = 0; wanted && i < info->dlpi_phnum && code.count_ < max_ranges; ++i) {
            const ElfW(Phdr)& segment = info->dlpi_phdr[i];
            if (segment.p_type != PT_LOAD || (segment.p_flags & PF_X) == 0) continue;
            std::uintptr_t begin = info->dlpi_addr + segment.p_vaddr;
            code.ranges_[code.count_++] = {begin, begin + segment.p_memsz};
          }
          return 0;
        },
        this);
  }

  static constexpr int max_ranges = 8;
  range ranges_[max_ranges]{};
  int count_ = 0;
  const void* libweft_base_ = nullptr;
};

// Whether a wait called from `caller` is a rank's fiber waiting for the program.
bool fiber_waits(const void* caller) noexcept {
  return this_thread::worker != nullptr && this_thread::rank != nullptr && !passed_through::holds(caller);
}

// Runs `done` until it says so, as the fiber's way of waiting described at the top.
template <class Done>
void wait_as_fiber(Done done) {
  long nap_ns = 1'000;
  while (!done()) {
    yield();
    if (done()) return;
    timespec nap{0, nap_ns};
    ::nanosleep(&nap, nullptr);
    nap_ns = std::min(nap_ns * 2, 100'000L);
  }
}

// The definitions of what this file interposes: the C library's, and the OpenMP runtime's.
struct interposed_waits {
  next_definition_of<decltype(&::pthread_join)> pthread_join{"pthread_join"};
  next_definition_of<decltype(&::pthread_tryjoin_np)> pthread_tryjoin_np{"pthread_tryjoin_np"};
  next_definition_of<decltype(&::thrd_join)> thrd_join{"thrd_join"};
  next_definition_of<decltype(&::pthread_mutex_lock)> pthread_mutex_lock{"pthread_mutex_lock"};
  next_definition_of<decltype(&::pthread_mutex_trylock)> pthread_mutex_trylock{"pthread_mutex_trylock"};
  next_definition_of<decltype(&::pthread_mutex_unlock)> pthread_mutex_unlock{"pthread_mutex_unlock"};
  next_definition_of<decltype(&::pthread_cond_wait)> pthread_cond_wait{"pthread_cond_wait"};
  next_definition_of<decltype(&::pthread_cond_clockwait)> pthread_cond_clockwait{"pthread_cond_clockwait"};
  next_definition_of<decltype(&::sem_wait)> sem_wait{"sem_wait"};
  next_definition_of<decltype(&::sem_trywait)> sem_trywait{"sem_trywait"};
  next_definition_of<decltype(&::pthread_barrier_wait)> pthread_barrier_wait{"pthread_barrier_wait"};
  next_definition_of<decltype(&::pthread_create)> pthread_create{"pthread_create"};
  // The OpenMP runtime's, looked up when the program first calls one (it is then loaded).
  next_definition_of<decltype(&::omp_set_lock)> omp_set_lock{"omp_set_lock"};
  next_definition_of<decltype(&::omp_test_lock)> omp_test_lock{"omp_test_lock"};
  next_definition_of<decltype(&::omp_set_nest_lock)> omp_set_nest_lock{"omp_set_nest_lock"};
  next_definition_of<decltype(&::omp_test_nest_lock)> omp_test_nest_lock{"omp_test_nest_lock"};
};
constinit const interposed_waits next_waits;

// A barrier wait made for a fiber by a thread of the C library's (no rank's: it only waits), which tells
// it is done last and touches nothing of this afterwards.
struct handed_barrier_wait {
  pthread_barrier_t* barrier;
  int status = 0;
  std::atomic<bool> done{false};

  static void* run(void* self) {
    auto& wait = *static_cast<handed_barrier_wait*>(self);
    wait.status = (*next_waits.pthread_barrier_wait)(wait.barrier);
    wait.done.store(true, std::memory_order_release);
    return nullptr;
  }
};

}  // namespace
}  // namespace weft::runtime

using weft::runtime::fiber_waits;
using weft::runtime::next_waits;
using weft::runtime::wait_as_fiber;

extern "C" {

int pthread_join(pthread_t thread, void** result) {
  if (!fiber_waits(__builtin_return_address(0))) return (*next_waits.pthread_join)(thread, result);
  int status;
  wait_as_fiber([&] { return (status = (*next_waits.pthread_tryjoin_np)(thread, result)) != EBUSY; });
  return status;
}

// glibc's thrd_join reaches its pthread_join directly, past the one above; a thrd_t is a pthread_t.
int thrd_join(thrd_t thread, int* result) {
  if (!fiber_waits(__builtin_return_address(0))) return (*next_waits.thrd_join)(thread, result);
  void* returned = nullptr;
  int status;
  wait_as_fiber([&] { return (status = (*next_waits.pthread_tryjoin_np)(thread, &returned)) != EBUSY; });
  if (status != 0) return thrd_error;
  if (result != nullptr) *result = static_cast<int>(reinterpret_cast<std::intptr_t>(returned));
  return thrd_success;
}

int pthread_mutex_lock(pthread_mutex_t* mutex) noexcept {
  if (!fiber_waits(__builtin_return_address(0))) return (*next_waits.pthread_mutex_lock)(mutex);
  int status;
  wait_as_fiber([&] { return (status = (*next_waits.pthread_mutex_trylock)(mutex)) != EBUSY; });
  return status;
}

// A wait of at most 0.1 ms on the condition, then a spurious wake-up, which the standard allows: the worker's
// other ranks run, and the caller looks at its predicate and waits again.
int pthread_cond_wait(pthread_cond_t* __restrict condition, pthread_mutex_t* __restrict mutex) {
  if (!fiber_waits(__builtin_return_address(0))) return (*next_waits.pthread_cond_wait)(condition, mutex);
  timespec until;
  ::clock_gettime(CLOCK_MONOTONIC, &until);
  until.tv_nsec += 100'000;
  if (until.tv_nsec >= 1'000'000'000) {
    until.tv_nsec -= 1'000'000'000;
    ++until.tv_sec;
  }
  int status = (*next_waits.pthread_cond_clockwait)(condition, mutex, CLOCK_MONOTONIC, &until);
  if (status != ETIMEDOUT) return status;
  (*next_waits.pthread_mutex_unlock)(mutex);
  weft::runtime::yield();  // the one whose signal the caller waits for may be another rank of the worker
  wait_as_fiber([&] { return (status = (*next_waits.pthread_mutex_trylock)(mutex)) != EBUSY; });
  return status;
}

int sem_wait(sem_t* semaphore) {
  if (!fiber_waits(__builtin_return_address(0))) return (*next_waits.sem_wait)(semaphore);
  int status;
  wait_as_fiber([&] { return (status = (*next_waits.sem_trywait)(semaphore)) == 0 || errno != EAGAIN; });
  return status;
}

// Alone on its worker, the fiber holds nobody up and waits in the barrier itself; otherwise a thread started
// for the wait (some tens of microseconds) waits there in its place.
int pthread_barrier_wait(pthread_barrier_t* barrier) {
  if (!fiber_waits(__builtin_return_address(0)) || weft::runtime::this_thread::worker->live_ranks() < 2)
    return (*next_waits.pthread_barrier_wait)(barrier);
  weft::runtime::handed_barrier_wait wait{barrier};
  pthread_attr_t attributes;
  ::pthread_attr_init(&attributes);
  ::pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t waiter;
  int started = (*next_waits.pthread_create)(&waiter, &attributes, &weft::runtime::handed_barrier_wait::run, &wait);
  ::pthread_attr_destroy(&attributes);
  if (started != 0) return (*next_waits.pthread_barrier_wait)(barrier);
  wait_as_fiber([&] { return wait.done.load(std::memory_order_acquire); });
  return wait.status;
}

void omp_set_lock(omp_lock_t* lock) {
  if (!fiber_waits(__builtin_return_address(0))) return (*next_waits.omp_set_lock)(lock);
  wait_as_fiber([&] { return (*next_waits.omp_test_lock)(lock) != 0; });
}

void omp_set_nest_lock(omp_nest_lock_t* lock) {
  if (!fiber_waits(__builtin_return_address(0))) return (*next_waits.omp_set_nest_lock)(lock);
  wait_as_fiber([&] { return (*next_waits.omp_test_nest_lock)(lock) != 0; });
}

}  // extern "C"
