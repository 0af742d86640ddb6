#pragma once
// A thread of the process's own, working for all of its ranks (the thread of nonblocking file transfers,
// io/transfer_thread.hpp), however it is started: from a rank's fiber or not. It is created past the
// interposition that makes a rank's threads see the rank's globals (rank_threads.hpp), and it runs on the
// whole of the process's cpuset, not on the core of the worker that happened to start it.

#include <functional>
#include <stop_token>
#include <thread>

namespace weft::runtime {

std::jthread start_process_thread(std::function<void(std::stop_token)> body);

// Work such a thread does for ranks that wait for it: while any is under way, a rank blocked on it will be
// woken, so the watchdog does not call the job deadlocked (watchdog.hpp).
void begin_process_work() noexcept;
void end_process_work() noexcept;
bool process_work_under_way() noexcept;

}  // namespace weft::runtime
