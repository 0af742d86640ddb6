// Persistent requests: the arguments of a send or receive bound once (MPI_Send_init ... MPI_Recv_init),
// or of a collective (persistent_collectives.cpp), the operation started again by each MPI_Start and
// completed by the usual calls, which leave the request inactive instead of freeing it.

#include <memory>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/point_to_point.hpp"
#include "mpi_api/requests.hpp"

using namespace weft::mpi;

namespace {

int make_persistent(const char* call, MPI_Comm comm, MPI_Request* request, const persistent_transfer& operation) {
  if (int error = check_output(call, comm, request, "request")) return error;
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  handle->persistent = operation;
  hold_datatype(*handle, operation.datatype);  // the user may free it before the first MPI_Start
  handle->active = false;
  *request = handle.release();  // owned by the user until MPI_Request_free
  return MPI_SUCCESS;
}

int send_init(const char* call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request* request, send_kind kind) {
  if (int error = check_send(call, buf, count, datatype, dest, tag, comm)) return error;
  return make_persistent(call, comm, request, {const_cast<void*>(buf), count, datatype, dest, tag, false, kind});
}

int start(const char* call, MPI_Request request) {
  if (request == MPI_REQUEST_NULL || !is_object(request, object_kind::request) || !request->persistent)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call, "the request is not a persistent request");
  if (request->active)
    return raise_error(request->comm, MPI_ERR_REQUEST, call, "the persistent request is already active");
  request->active = true;
  request->cancelled = false;
  if (auto* collective = std::get_if<persistent_collective>(&*request->persistent)) {
    int error = restart_collective(*request, *collective);
    if (error != MPI_SUCCESS) request->active = false;
    return error;
  }
  if (persistent_partitioned* partitioned = partitioned_of(*request)) {
    start_partitioned(*request, *partitioned);
    return MPI_SUCCESS;
  }
  const auto& op = std::get<persistent_transfer>(*request->persistent);
  if (op.receives) {
    start_receive(*request, op.buffer, op.count, op.datatype, op.peer, op.tag);
    return MPI_SUCCESS;
  }
  int error = start_send(call, *request, op.buffer, op.count, op.datatype, op.peer, op.tag, op.send);
  if (error != MPI_SUCCESS) request->active = false;
  return error;
}

}  // namespace

WEFT_PMPI_ALIAS(Send_init)
extern "C" int PMPI_Send_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                              MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return send_init(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, send_kind::standard);
}

WEFT_PMPI_ALIAS(Bsend_init)
extern "C" int PMPI_Bsend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return send_init(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, send_kind::buffered);
}

WEFT_PMPI_ALIAS(Ssend_init)
extern "C" int PMPI_Ssend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return send_init(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, send_kind::synchronous);
}

WEFT_PMPI_ALIAS(Rsend_init)
extern "C" int PMPI_Rsend_init(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                               MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return send_init(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, send_kind::ready);
}

WEFT_PMPI_ALIAS(Recv_init)
extern "C" int PMPI_Recv_init(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                              MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_receive(call, buf, count, datatype, source, tag, comm)) return error;
  return make_persistent(call, comm, request, {buf, count, datatype, source, tag, true, send_kind::standard});
}

WEFT_PMPI_ALIAS(Start)
extern "C" int PMPI_Start(MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, request, "request")) return error;
  return start(call, *request);
}

WEFT_PMPI_ALIAS(Startall)
extern "C" int PMPI_Startall(int count, MPI_Request requests[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_count(call, MPI_COMM_WORLD, count)) return error;
  if (count > 0)
    if (int error = check_output(call, MPI_COMM_WORLD, requests, "array_of_requests")) return error;
  for (int i = 0; i < count; ++i)
    if (int error = start(call, requests[i])) return error;
  return MPI_SUCCESS;
}
