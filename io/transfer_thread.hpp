#pragma once
// The thread that moves the data of nonblocking file transfers (MPI_File_iwrite and the others), so that a
// rank goes on computing and communicating while its transfer runs, and a slow file system holds up only
// the waits for it. One per process, started with the first transfer (runtime/process_thread.hpp); the
// transfers run one at a time in the order they were queued, each through the thread's staging buffer.
// What a transfer does once its data moved (record the outcome, wake its rank) is the queued work's own.

#include <functional>

#include "io/view_transfer.hpp"

namespace weft::io {

using queued_transfer = std::function<void(staging_buffer&)>;

// Queues `work` for the thread. Until it has run it counts as work the ranks wait for, which keeps the
// watchdog from calling them deadlocked while a transfer takes long.
void queue_transfer(queued_transfer work);

}  // namespace weft::io
