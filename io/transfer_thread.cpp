#include "io/transfer_thread.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include "runtime/process_thread.hpp"

namespace weft::io {
namespace {

class transfer_thread {
 public:
  ~transfer_thread() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      thread_.request_stop();
    }
    queued_.notify_one();
    thread_.join();
  }

  void queue(queued_transfer work) {
    runtime::begin_process_work();
    {
      std::lock_guard lock(mutex_);
      transfers_.push_back(std::move(work));
      if (!thread_.joinable()) thread_ = runtime::start_process_thread([this](std::stop_token stop) { run(stop); });
    }
    queued_.notify_one();
  }

 private:
  void run(const std::stop_token& stop) {
    staging_buffer staging;
    std::unique_lock lock(mutex_);
    for (;;) {
      queued_.wait(lock, [&] { return !transfers_.empty() || stop.stop_requested(); });
      if (transfers_.empty()) return;  // stopping, nothing left
      queued_transfer work = std::move(transfers_.front());
      transfers_.pop_front();
      lock.unlock();
      work(staging);
      work = nullptr;
      runtime::end_process_work();
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable queued_;
  std::deque<queued_transfer> transfers_;
  std::jthread thread_;
};

}  // namespace

void queue_transfer(queued_transfer work) {
  static transfer_thread thread;
  thread.queue(std::move(work));
}

}  // namespace weft::io
