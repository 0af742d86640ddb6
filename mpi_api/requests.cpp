// Completing nonblocking operations: MPI_Wait, MPI_Waitall, MPI_Test.

#include <memory>

#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/point_to_point.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace {

bool is_complete(const weft_request_s& request) noexcept {
  return request.proc_null || std::visit([](const auto& operation) { return operation.done.done(); },
                                         request.operation);
}

void wait_for(weft_request_s& request) {
  if (!request.proc_null) std::visit([](auto& operation) { operation.done.wait(); }, request.operation);
}

// Frees a completed request, sets the handle to MPI_REQUEST_NULL, and reports its outcome.
int retire(MPI_Request* handle, MPI_Status* status, const char* call) {
  std::unique_ptr<weft_request_s> request(*handle);
  *handle = MPI_REQUEST_NULL;
  if (request->proc_null) {
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_SUCCESS, 0);
    return MPI_SUCCESS;
  }
  auto* receive = std::get_if<shm::recv_request>(&request->operation);
  if (receive == nullptr) {
    fill_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0);
    return MPI_SUCCESS;
  }
  int error = receive_outcome(*receive, request->comm, call);
  fill_status(status, receive->source, receive->tag, error, receive->received());
  return error;
}

// The status of MPI_REQUEST_NULL: empty.
void empty_status(MPI_Status* status) { fill_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_SUCCESS, 0); }

}  // namespace

WEFT_PMPI_ALIAS(Wait)
extern "C" int PMPI_Wait(MPI_Request* request, MPI_Status* status) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, request, "request")) return error;
  if (*request == MPI_REQUEST_NULL) {
    empty_status(status);
    return MPI_SUCCESS;
  }
  wait_for(**request);
  return retire(request, status, call);
}

WEFT_PMPI_ALIAS(Test)
extern "C" int PMPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, request, "request")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  if (*request == MPI_REQUEST_NULL) {
    *flag = 1;
    empty_status(status);
    return MPI_SUCCESS;
  }
  *flag = is_complete(**request);
  if (*flag) return retire(request, status, call);
  // Programs poll with Test; the peer may be a rank of this very worker, which must get to run.
  weft::runtime::yield();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Waitall)
extern "C" int PMPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_count(call, MPI_COMM_WORLD, count)) return error;
  if (count > 0)
    if (int error = check_output(call, MPI_COMM_WORLD, requests, "array_of_requests")) return error;
  MPI_Comm failed_comm = MPI_COMM_NULL;
  for (int i = 0; i < count; ++i) {
    MPI_Status* status = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
    if (requests[i] == MPI_REQUEST_NULL) {
      empty_status(status);
      continue;
    }
    MPI_Comm comm = requests[i]->comm;
    wait_for(*requests[i]);
    if (retire(&requests[i], status, call) != MPI_SUCCESS) failed_comm = comm;
  }
  if (failed_comm == MPI_COMM_NULL) return MPI_SUCCESS;
  return raise_error(failed_comm, MPI_ERR_IN_STATUS, call, "a request failed; see the error fields of the statuses");
}
