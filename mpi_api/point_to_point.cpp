// Sends, receives and probes: argument checks, then the on-node protocols of shm/.

#include "mpi_api/point_to_point.hpp"

#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

#include "mpi_api/buffered_sends.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/requests.hpp"
#include "mpi_api/wait_sites.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace weft::mpi {

void fill_status(MPI_Status* status, int source, int tag, std::size_t bytes) noexcept {
  if (status == MPI_STATUS_IGNORE) return;
  status->MPI_SOURCE = source;
  status->MPI_TAG = tag;
  status->weft_count = static_cast<MPI_Count>(bytes);
  status->weft_cancelled = 0;
}

void unstage(const paired_send& paired, std::size_t received) noexcept {
  shm::typed_copy(room_of(paired.buffer, paired.count, paired.datatype),
                  shm::byte_span(paired.staging.data(), paired.staging.size()), 0, received);
}

int receive_outcome(const shm::recv_request& receive, MPI_Comm comm, const char* call) {
  if (receive.error != shm::recv_error::truncated) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_TRUNCATE, call,
                     "message of %zu bytes from rank %d (tag %d) does not fit the receive buffer of %zu bytes",
                     receive.message_size, receive.source, receive.tag, receive.capacity);
}

int check_send(const char* call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_buffer(call, comm, buf, count, datatype)) return error;
  if (int error = check_peer(call, comm, dest, "destination", false)) return error;
  return check_tag(call, comm, tag, false);
}

int check_receive(const char* call, const void* buf, int count, MPI_Datatype datatype, int source, int tag,
                  MPI_Comm comm) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_buffer(call, comm, buf, count, datatype)) return error;
  if (int error = check_peer(call, comm, source, "source", true)) return error;
  return check_tag(call, comm, tag, true);
}

int start_send(const char* call, weft_request_s& request, const void* buf, int count, MPI_Datatype datatype, int dest,
               int tag, send_kind kind) {
  const weft_comm_s& comm = *request.comm;
  if (dest == MPI_PROC_NULL) {
    request.operation.emplace<finished>(MPI_PROC_NULL, MPI_ANY_TAG);
    return MPI_SUCCESS;
  }
  shm::envelope env{comm.context, comm.rank, tag};
  if (kind == send_kind::buffered) {
    request.operation.emplace<finished>();
    return buffered_send(call, request.comm, data_of(buf, count, datatype), env, peers(comm).job_rank(dest));
  }
  // A ready send may take the standard path: its receive is posted, so nothing is buffered either way.
  shm::send_mode mode = kind == send_kind::synchronous ? shm::send_mode::synchronous : shm::send_mode::standard;
  hold_datatype(request, datatype);
  shm::start_send(request.operation.emplace<shm::send_request>(), data_of(buf, count, datatype), env,
                  peers(comm).job_rank(dest), mode);
  return MPI_SUCCESS;
}

void start_receive(weft_request_s& request, void* buf, int count, MPI_Datatype datatype, int source, int tag) {
  if (source == MPI_PROC_NULL) {
    request.operation.emplace<finished>(MPI_PROC_NULL, MPI_ANY_TAG);
    return;
  }
  hold_datatype(request, datatype);
  auto& receive = request.operation.emplace<shm::recv_request>();
  shm::expect_sender(receive, source == MPI_ANY_SOURCE ? shm::any_source : peers(*request.comm).job_rank(source));
  shm::start_recv(receive, room_of(buf, count, datatype), {request.comm->context, source, tag}, this_rank_id());
}

}  // namespace weft::mpi

namespace {

int blocking_send(const char* call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                  send_kind kind) {
  if (int error = check_send(call, buf, count, datatype, dest, tag, comm)) return error;
  weft_request_s request(resolve(comm));
  if (int error = start_send(call, request, buf, count, datatype, dest, tag, kind)) return error;
  wait_for(request, call);
  return MPI_SUCCESS;
}

int nonblocking_send(const char* call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                     MPI_Comm comm, MPI_Request* request, send_kind kind) {
  if (int error = check_send(call, buf, count, datatype, dest, tag, comm)) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  if (int error = start_send(call, *handle, buf, count, datatype, dest, tag, kind)) return error;
  *request = handle.release();  // owned by the user until a completion call frees it
  return MPI_SUCCESS;
}

// MPI_Sendrecv_replace and MPI_Isendrecv_replace: the message received lands, packed, in the request's
// staging buffer until the one sent from `buf` is gone, then in `buf` (when the request completes).
int sendrecv_replace(const char* call, void* buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                     int recvtag, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_send(call, buf, count, datatype, dest, sendtag, comm)) return error;
  if (int error = check_receive(call, buf, count, datatype, source, recvtag, comm)) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  // The staging buffer is received into as an int count of bytes.
  if (static_cast<std::size_t>(count) * datatype->layout->size() > INT_MAX)
    return raise_error(comm, MPI_ERR_COUNT, call,
                       "%d elements of %s take more than 2^31 - 1 bytes, more than Weft "
                       "replaces in one call",
                       count, display_name(datatype));
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  handle->paired = std::make_unique<paired_send>(resolve(comm));
  paired_send& paired = *handle->paired;
  // Never empty, even for no data: a staging buffer is what marks the replace form (paired_send).
  paired.staging.resize(std::max<std::size_t>(count * datatype->layout->size(), 1));
  paired.buffer = buf;
  paired.count = count;
  paired.datatype = datatype;
  start_receive(*handle, paired.staging.data(), count * static_cast<int>(datatype->layout->size()), MPI_BYTE, source,
                recvtag);
  start_send(call, paired.send, buf, count, datatype, dest, sendtag, send_kind::standard);
  hold_datatype(paired.send, datatype);
  *request = handle.release();  // owned by the caller until a completion call frees it
  return MPI_SUCCESS;
}

// The whole elements of `datatype` in a status's message into *counted; MPI_UNDEFINED when it ends inside
// one. `count` is the caller's output argument, checked.
int whole_elements(const char* call, const MPI_Status* status, MPI_Datatype datatype, const void* count,
                   MPI_Count* counted) {
  if (int error = check_output(call, MPI_COMM_WORLD, status, "status")) return error;
  if (int error = check_datatype(call, MPI_COMM_WORLD, datatype)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, count, "count")) return error;
  std::size_t size = datatype->layout->size();
  auto bytes = static_cast<std::size_t>(status->weft_count);
  *counted = size == 0 ? 0 : bytes % size == 0 ? static_cast<MPI_Count>(bytes / size) : MPI_UNDEFINED;
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Send)
extern "C" int PMPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return blocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, send_kind::standard);
}

WEFT_PMPI_ALIAS(Bsend)
extern "C" int PMPI_Bsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return blocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, send_kind::buffered);
}

WEFT_PMPI_ALIAS(Ssend)
extern "C" int PMPI_Ssend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return blocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, send_kind::synchronous);
}

WEFT_PMPI_ALIAS(Rsend)
extern "C" int PMPI_Rsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return blocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, send_kind::ready);
}

WEFT_PMPI_ALIAS(Isend)
extern "C" int PMPI_Isend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                          MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return nonblocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, send_kind::standard);
}

WEFT_PMPI_ALIAS(Ibsend)
extern "C" int PMPI_Ibsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return nonblocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, send_kind::buffered);
}

WEFT_PMPI_ALIAS(Issend)
extern "C" int PMPI_Issend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return nonblocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, send_kind::synchronous);
}

WEFT_PMPI_ALIAS(Irsend)
extern "C" int PMPI_Irsend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return nonblocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, send_kind::ready);
}

WEFT_PMPI_ALIAS(Recv)
extern "C" int PMPI_Recv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                         MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_receive(call, buf, count, datatype, source, tag, comm)) return error;
  weft_request_s request(resolve(comm));
  start_receive(request, buf, count, datatype, source, tag);
  wait_for(request, call);
  return outcome(request, status, call);
}

WEFT_PMPI_ALIAS(Irecv)
extern "C" int PMPI_Irecv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                          MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_receive(call, buf, count, datatype, source, tag, comm)) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  start_receive(*handle, buf, count, datatype, source, tag);
  *request = handle.release();  // owned by the user until a completion call frees it
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Sendrecv)
extern "C" int PMPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                             MPI_Comm comm, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_send(call, sendbuf, sendcount, sendtype, dest, sendtag, comm)) return error;
  if (int error = check_receive(call, recvbuf, recvcount, recvtype, source, recvtag, comm)) return error;
  // The receive is posted first so that two ranks exchanging large messages cannot wait on each other.
  weft_request_s receive(resolve(comm)), send(resolve(comm));
  start_receive(receive, recvbuf, recvcount, recvtype, source, recvtag);
  start_send(call, send, sendbuf, sendcount, sendtype, dest, sendtag, send_kind::standard);
  wait_for(send, call);
  wait_for(receive, call);
  return outcome(receive, status, call);
}

WEFT_PMPI_ALIAS(Sendrecv_replace)
extern "C" int PMPI_Sendrecv_replace(void* buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                     int recvtag, MPI_Comm comm, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  MPI_Request request;
  if (int error = sendrecv_replace(call, buf, count, datatype, dest, sendtag, source, recvtag, comm, &request))
    return error;
  wait_for(*request, call);
  return retire(&request, status, call);
}

// MPI_Isendrecv and MPI_Isendrecv_replace: one request for a receive and a send started together, complete
// when both are. Cancelling it is refused (requests.cpp): half of it may be done.
WEFT_PMPI_ALIAS(Isendrecv)
extern "C" int PMPI_Isendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                              void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                              MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_send(call, sendbuf, sendcount, sendtype, dest, sendtag, comm)) return error;
  if (int error = check_receive(call, recvbuf, recvcount, recvtype, source, recvtag, comm)) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  handle->paired = std::make_unique<paired_send>(resolve(comm));
  start_receive(*handle, recvbuf, recvcount, recvtype, source, recvtag);
  start_send(call, handle->paired->send, sendbuf, sendcount, sendtype, dest, sendtag, send_kind::standard);
  *request = handle.release();  // owned by the user until a completion call frees it
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Isendrecv_replace)
extern "C" int PMPI_Isendrecv_replace(void* buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                      int recvtag, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return sendrecv_replace(WEFT_CALL_NAME, buf, count, datatype, dest, sendtag, source, recvtag, comm, request);
}

WEFT_PMPI_ALIAS(Iprobe)
extern "C" int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_peer(call, comm, source, "source", true)) return error;
  if (int error = check_tag(call, comm, tag, true)) return error;
  if (int error = check_output(call, comm, flag, "flag")) return error;
  if (source == MPI_PROC_NULL) {
    *flag = 1;
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    return MPI_SUCCESS;
  }
  shm::probe_result found;
  *flag = shm::iprobe(this_rank_id(), {resolve(comm)->context, source, tag}, found);
  if (*flag) fill_status(status, found.source, found.tag, found.size);
  // Programs poll with Iprobe; the sender may be a rank of this very worker, which must get to run.
  else
    weft::runtime::yield();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Probe)
extern "C" int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_peer(call, comm, source, "source", true)) return error;
  if (int error = check_tag(call, comm, tag, true)) return error;
  if (source == MPI_PROC_NULL) {
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
    return MPI_SUCCESS;
  }
  record_wait(call, source, tag, *resolve(comm));
  wait_recorded recorded;
  shm::probe_result found = shm::probe(this_rank_id(), {resolve(comm)->context, source, tag});
  fill_status(status, found.source, found.tag, found.size);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Get_count)
extern "C" int PMPI_Get_count(const MPI_Status* status, MPI_Datatype datatype, int* count) {
  const call_guard guard(WEFT_CALL_NAME);
  MPI_Count counted = 0;
  if (int error = whole_elements(WEFT_CALL_NAME, status, datatype, count, &counted)) return error;
  *count = counted <= INT_MAX ? static_cast<int>(counted) : MPI_UNDEFINED;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Get_count_c)
extern "C" int PMPI_Get_count_c(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count) {
  const call_guard guard(WEFT_CALL_NAME);
  return whole_elements(WEFT_CALL_NAME, status, datatype, count, count);
}
