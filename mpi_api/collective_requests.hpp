#pragma once
// What the blocking and the nonblocking form of a collective call share: one algorithm (a task of
// collectives/), run at once for the blocking call, started under a new request for the nonblocking one.

#include <mpi.h>

#include <optional>
#include <utility>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/schedule.hpp"
#include "collectives/task.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/wait_sites.hpp"

namespace weft::mpi {

// The request argument of a blocking call: it has none.
inline constexpr MPI_Request* blocking = nullptr;

// A nonblocking call's checks before any other: `comm` is usable and `request` is not NULL.
[[nodiscard]] int check_request_output(const char* call, MPI_Comm comm, MPI_Request* request);

// Runs `work`, a collective of `comm` seen as `view`, to completion when `request` is `blocking` (the rank's
// wait site naming `call` meanwhile); else starts it and returns a request that completes with it.
int launch(const char* call, MPI_Comm comm, const coll::communicator_view& view, coll::task work, MPI_Request* request);

// A blocking call's collective begun at once (coll::begun_operation::begin): done when `rest` is empty, else
// launched with what is left.
inline int complete(const char* call, MPI_Comm comm, const coll::communicator_view& view,
                    std::optional<coll::task> rest) {
  if (!rest) [[likely]]
    return MPI_SUCCESS;
  return launch(call, comm, view, std::move(*rest), blocking);
}

// The request a nonblocking collective of `comm` starts under: a new one, or the persistent request that
// restart_collective() is starting.
weft_request_s* request_for(MPI_Comm comm);

// MPI_Start of a persistent collective request: its collective's nonblocking call on its channel, with
// `request` as the request it starts under. Errors are reported to the handler of the request's
// communicator.
int restart_collective(weft_request_s& request, const persistent_collective& collective);

// Starts `work` as the operation of `started`, a new request of the collective's communicator.
void start_in(weft_request_s& started, const coll::communicator_view& view, coll::task work);

// MPI_ERR_TRUNCATE for the block a data-movement collective found too large for its room, as MPI_Recv
// reports it; MPI_SUCCESS when there was none.
int report_truncation(const char* call, MPI_Comm comm, const coll::truncation& seen);

// Keeps `kept` (what a task reads through plain pointers: layouts, a table of them) until `work` ends.
template <class Kept>
coll::task keeping([[maybe_unused]] Kept kept, coll::task work) {
  co_await std::move(work);
}

// launch() for a data-movement collective: make(seen) makes its task, which records in *seen a block too
// large for its room, reported when the collective completes (by the blocking call, or by the call that
// completes the request). A nonblocking collective keeps `kept` until it ends.
template <class Make, class Kept>
int launch_copies(const char* call, MPI_Comm comm, const coll::communicator_view& view, Make make, Kept kept,
                  MPI_Request* request) {
  if (request == blocking) {
    coll::truncation seen;
    record_collective_wait(call, *resolve(comm));
    wait_recorded recorded;
    coll::run(view, make(&seen));
    return report_truncation(call, comm, seen);
  }
  weft_request_s* started = request_for(comm);
  start_in(*started, view, keeping(std::move(kept), make(&started->truncated)));
  *request = started;
  return MPI_SUCCESS;
}

// launch() for a reduction with `op` on `datatype`, whose task start(reduction_op) makes, and which a
// blocking call begins at once with begin(reduction_op) (see complete()). A blocking call keeps the bound
// operation in its own frame; a nonblocking one in the frame of a coroutine around the task (with_op),
// which also holds the operation and the datatype until the reduction ends.
template <class Start, class Begin>
int launch_reduction(const char* call, MPI_Comm comm, const coll::communicator_view& view, MPI_Op op,
                     MPI_Datatype datatype, Start start, Begin begin, MPI_Request* request) {
  if (request == blocking) {
    bound_op bound{op, datatype};
    return complete(call, comm, view, begin(bound.reduction()));
  }
  return launch(call, comm, view, with_op({op, datatype}, std::move(start)), request);
}

// launch_reduction() for a reduction that nothing begins at once.
template <class Start>
int launch_reduction(const char* call, MPI_Comm comm, const coll::communicator_view& view, MPI_Op op,
                     MPI_Datatype datatype, Start start, MPI_Request* request) {
  auto whole = [&](const shm::reduction_op& reduction) { return std::optional<coll::task>(start(reduction)); };
  return launch_reduction(call, comm, view, op, datatype, start, whole, request);
}

}  // namespace weft::mpi
