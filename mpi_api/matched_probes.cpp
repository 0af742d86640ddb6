// Matched probes: MPI_Mprobe and MPI_Improbe take the message they find out of the queue, so that no other
// receive (of another thread, or a wildcard) can take it before MPI_Mrecv or MPI_Imrecv does.

#include <memory>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/point_to_point.hpp"
#include "mpi_api/requests.hpp"
#include "mpi_api/wait_sites.hpp"
#include "runtime/scheduler.hpp"
#include "shm/point_to_point.hpp"

weft_message_s weft_mpi_message_no_proc{nullptr, nullptr};

using namespace weft::mpi;
namespace shm = weft::shm;

namespace {

int check_probe(const char* call, int source, int tag, MPI_Comm comm, MPI_Message* message) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_peer(call, comm, source, "source", true)) return error;
  if (int error = check_tag(call, comm, tag, true)) return error;
  return check_output(call, comm, message, "message");
}

// Hands a taken message to the user: its handle, and its status.
void deliver(shm::message* taken, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  *message = new weft_message_s(taken, retain(resolve(comm)));
  fill_status(status, taken->env.source, taken->env.tag, taken->size);
}

// Checks `*message` and, for MPI_MESSAGE_NO_PROC, completes the receive with its empty status.
int check_matched(const char* call, void* buf, int count, MPI_Datatype datatype, MPI_Message* message) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, message, "message")) return error;
  if (!is_object(*message, object_kind::message))
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call,
                       "message is not a message from MPI_Mprobe or MPI_Improbe");
  MPI_Comm comm = *message == MPI_MESSAGE_NO_PROC ? MPI_COMM_WORLD : (*message)->comm;
  return check_buffer(call, comm, buf, count, datatype);
}

// Starts the receive of `*message` into `request` and frees the message handle.
void start_matched(weft_request_s& request, void* buf, int count, MPI_Datatype datatype, MPI_Message* message) {
  std::unique_ptr<weft_message_s> taken(*message);
  *message = MPI_MESSAGE_NULL;
  hold_datatype(request, datatype);
  shm::start_recv_matched(request.operation.emplace<shm::recv_request>(), room_of(buf, count, datatype),
                          taken->message);
  release(taken->comm);
}

}  // namespace

WEFT_PMPI_ALIAS(Improbe)
extern "C" int PMPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_probe(call, source, tag, comm, message)) return error;
  if (int error = check_output(call, comm, flag, "flag")) return error;
  if (source == MPI_PROC_NULL) {
    *flag = 1;
    *message = MPI_MESSAGE_NO_PROC;
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    return MPI_SUCCESS;
  }
  shm::message* taken = shm::take_message(this_rank_id(), {resolve(comm)->context, source, tag});
  *flag = taken != nullptr;
  if (taken != nullptr)
    deliver(taken, comm, message, status);
  else
    weft::runtime::yield();  // programs poll; the sender may be a rank of this worker
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Mprobe)
extern "C" int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_probe(call, source, tag, comm, message)) return error;
  if (source == MPI_PROC_NULL) {
    *message = MPI_MESSAGE_NO_PROC;
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    return MPI_SUCCESS;
  }
  record_wait(call, source, tag, *resolve(comm));
  wait_recorded recorded;
  deliver(shm::await_message(this_rank_id(), {resolve(comm)->context, source, tag}), comm, message, status);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Mrecv)
extern "C" int PMPI_Mrecv(void* buf, int count, MPI_Datatype datatype, MPI_Message* message, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_matched(call, buf, count, datatype, message)) return error;
  if (*message == MPI_MESSAGE_NO_PROC) {
    *message = MPI_MESSAGE_NULL;
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    return MPI_SUCCESS;
  }
  weft_request_s request((*message)->comm);
  start_matched(request, buf, count, datatype, message);
  wait_for(request, call);
  return outcome(request, status, call);
}

WEFT_PMPI_ALIAS(Imrecv)
extern "C" int PMPI_Imrecv(void* buf, int count, MPI_Datatype datatype, MPI_Message* message, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_matched(call, buf, count, datatype, message)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, request, "request")) return error;
  if (*message == MPI_MESSAGE_NO_PROC) {
    *message = MPI_MESSAGE_NULL;
    auto handle = std::make_unique<weft_request_s>(resolve(MPI_COMM_WORLD));
    handle->operation.emplace<finished>(MPI_PROC_NULL, MPI_ANY_TAG);
    *request = handle.release();
    return MPI_SUCCESS;
  }
  auto handle = std::make_unique<weft_request_s>((*message)->comm);
  start_matched(*handle, buf, count, datatype, message);
  *request = handle.release();  // owned by the user until a completion call frees it
  return MPI_SUCCESS;
}
