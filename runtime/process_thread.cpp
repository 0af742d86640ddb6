#include "runtime/process_thread.hpp"

#include <atomic>
#include <utility>

#include "runtime/job.hpp"
#include "runtime/this_thread.hpp"

namespace weft::runtime {
namespace {

std::atomic<int> process_work{0};

}  // namespace

std::jthread start_process_thread(std::function<void(std::stop_token)> body) {
  // Nothing switches this thread's fiber while the thread is created, so the rank it runs can be hidden
  // from the interposed pthread_create for that long.
  rank* running = std::exchange(this_thread::rank, nullptr);
  rank* served = std::exchange(this_thread::owner, nullptr);
  const job* owner = &job::current();
  std::jthread thread([owner, body = std::move(body)](std::stop_token stop) {
    owner->prepare_process_thread();
    body(std::move(stop));
  });
  this_thread::rank = running;
  this_thread::owner = served;
  return thread;
}

void begin_process_work() noexcept { process_work.fetch_add(1, std::memory_order_relaxed); }
void end_process_work() noexcept { process_work.fetch_sub(1, std::memory_order_release); }
bool process_work_under_way() noexcept { return process_work.load(std::memory_order_acquire) != 0; }

}  // namespace weft::runtime
