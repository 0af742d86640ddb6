#include "mpi_api/collective_requests.hpp"

#include <cassert>
#include <utility>

#include "collectives/schedule.hpp"
#include "mpi_api/checks.hpp"

namespace weft::mpi {

int check_request_output(const char* call, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  return check_output(call, comm, request, "request");
}

int launch(const char* call, MPI_Comm comm, const coll::communicator_view& view, coll::task work,
           MPI_Request* request) {
  if (request == blocking) {
    record_collective_wait(call, *resolve(comm));
    wait_recorded recorded;
    coll::run(view, std::move(work));
    return MPI_SUCCESS;
  }
  weft_request_s* started = request_for(comm);
  start_in(*started, view, std::move(work));
  *request = started;
  return MPI_SUCCESS;
}

namespace {

// The persistent request MPI_Start is starting on this thread, taken by the first request_for() of the
// collective's nonblocking call (before anything of the call can let other work run on the thread).
thread_local weft_request_s* restarting = nullptr;

}  // namespace

weft_request_s* request_for(MPI_Comm comm) {
  if (weft_request_s* persistent = std::exchange(restarting, nullptr)) [[unlikely]] {
    persistent->truncated = {};
    return persistent;
  }
  return new weft_request_s(resolve(comm));
}

int restart_collective(weft_request_s& request, const persistent_collective& collective) {
  weft_comm_s& channel = *resolve(collective.channel());
  if (channel.errhandler != request.comm->errhandler) {
    release(channel.errhandler);
    channel.errhandler = retain(request.comm->errhandler);
  }
  restarting = &request;
  MPI_Request started = MPI_REQUEST_NULL;
  int error = collective.start(&started);
  restarting = nullptr;  // not taken when the call failed its checks
  assert(error != MPI_SUCCESS || started == &request);
  return error;
}

void start_in(weft_request_s& started, const coll::communicator_view& view, coll::task work) {
  auto& operation = started.operation.emplace<coll::pending_collective>(std::move(work), view.communicator);
  view.schedule->start(operation);
}

int report_truncation(const char* call, MPI_Comm comm, const coll::truncation& seen) {
  if (!seen.found) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_TRUNCATE, call,
                     "the block of %zu bytes from rank %d does not fit the %zu bytes for it at rank %d", seen.bytes,
                     seen.source, seen.capacity, seen.destination);
}

}  // namespace weft::mpi
