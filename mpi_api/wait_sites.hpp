#pragma once
// What a blocking call waits for, recorded on the calling rank (runtime/wait_site.hpp) for the deadlock
// report and mpirun --timeout: the call, the peer as a job rank, the tag, the communicator. Only the
// blocking paths record, and only once they found that they must wait.

#include <mpi.h>

#include "mpi_api/communicators.hpp"
#include "mpi_api/handles.hpp"
#include "runtime/rank.hpp"
#include "runtime/this_thread.hpp"

namespace weft::mpi {

// Lets the runtime name communicators and list their members in its reports (called by MPI_Init).
void describe_communicators_for_reports() noexcept;

// Records that the calling rank waits in `call` for job rank `peer` (or a runtime::*_peer value) with `tag`
// on `comm`. Inline, like the receive's form below: the receive of a ping-pong records at every message.
// A thread of a rank records nothing: the site is the fiber's, which the watchdog reads.
inline void record_wait(const char* call, int peer, int tag, const weft_comm_s* comm) noexcept {
  if (runtime::this_thread::worker == nullptr) [[unlikely]]
    return;
  runtime::wait_site& site = runtime::this_thread::rank->waiting;
  site.peer = peer;
  site.tag = tag;
  site.group = comm;
  site.call = call;
}

// Records that the calling rank waits in `call` for a message from `source` of `comm` (a rank as the program
// named it, or MPI_ANY_SOURCE) with `tag` (or MPI_ANY_TAG): a receive or a probe.
inline void record_wait(const char* call, int source, int tag, const weft_comm_s& comm) noexcept {
  record_wait(call, source == MPI_ANY_SOURCE ? runtime::any_peer : peers(comm).job_rank(source), tag, &comm);
}

// Records that the calling rank waits in `call` for `request`'s operation to complete.
void record_wait(const char* call, const weft_request_s& request) noexcept;

// Records that the calling rank waits in `call`, a collective, for the members of `comm`.
inline void record_collective_wait(const char* call, const weft_comm_s& comm) noexcept {
  record_wait(call, runtime::every_peer, runtime::no_tag, &comm);
}

// The calling rank no longer waits.
inline void clear_wait() noexcept {
  if (runtime::this_thread::worker != nullptr) [[likely]]
    runtime::this_thread::rank->waiting.call = nullptr;
}

// Clears the rank's wait when it goes out of scope.
struct wait_recorded {
  wait_recorded() = default;
  wait_recorded(const wait_recorded&) = delete;
  wait_recorded& operator=(const wait_recorded&) = delete;
  ~wait_recorded() { clear_wait(); }
};

}  // namespace weft::mpi
