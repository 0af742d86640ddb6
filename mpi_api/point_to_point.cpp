// Sends, receives and probes: argument checks, then the on-node protocols of shm/.

#include "mpi_api/point_to_point.hpp"

#include <memory>

#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace weft::mpi {

void fill_status(MPI_Status* status, int source, int tag, int error, std::size_t bytes) noexcept {
  if (status == MPI_STATUS_IGNORE) return;
  status->MPI_SOURCE = source;
  status->MPI_TAG = tag;
  status->MPI_ERROR = error;
  status->weft_count = static_cast<MPI_Count>(bytes);
  status->weft_cancelled = 0;
}

int receive_outcome(const shm::recv_request& receive, MPI_Comm comm, const char* call) {
  if (receive.error != shm::recv_error::truncated) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_TRUNCATE, call,
                     "message of %zu bytes from rank %d (tag %d) does not fit the receive buffer of %zu bytes",
                     receive.message_size, receive.source, receive.tag, receive.capacity);
}

}  // namespace weft::mpi

namespace {

int check_send(const char* call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_buffer(call, comm, buf, count, datatype)) return error;
  if (int error = check_peer(call, comm, dest, "destination", false)) return error;
  return check_tag(call, comm, tag, false);
}

int check_recv(const char* call, const void* buf, int count, MPI_Datatype datatype, int source, int tag,
               MPI_Comm comm) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_buffer(call, comm, buf, count, datatype)) return error;
  if (int error = check_peer(call, comm, source, "source", true)) return error;
  return check_tag(call, comm, tag, true);
}

int blocking_send(const char* call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                  MPI_Comm comm, shm::send_mode mode) {
  if (int error = check_send(call, buf, count, datatype, dest, tag, comm)) return error;
  if (dest == MPI_PROC_NULL) return MPI_SUCCESS;
  const weft_comm_s& c = *resolve(comm);
  shm::send_request request;
  shm::start_send(request, buf, count * datatype->extent, {c.context, c.rank, tag}, peers(c).job_rank(dest), mode);
  request.done.wait();
  return MPI_SUCCESS;
}

int nonblocking_send(const char* call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                     MPI_Comm comm, MPI_Request* request, shm::send_mode mode) {
  if (int error = check_send(call, buf, count, datatype, dest, tag, comm)) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  weft_comm_s* c = resolve(comm);
  auto handle = std::make_unique<weft_request_s>(c, std::in_place_type<shm::send_request>, dest == MPI_PROC_NULL);
  if (dest != MPI_PROC_NULL)
    shm::start_send(std::get<shm::send_request>(handle->operation), buf, count * datatype->extent,
                    {c->context, c->rank, tag}, peers(*c).job_rank(dest), mode);
  *request = handle.release();  // owned by the user until MPI_Wait/MPI_Test completes it
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Send)
extern "C" int PMPI_Send(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return blocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, shm::send_mode::standard);
}

WEFT_PMPI_ALIAS(Ssend)
extern "C" int PMPI_Ssend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  return blocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, shm::send_mode::synchronous);
}

WEFT_PMPI_ALIAS(Isend)
extern "C" int PMPI_Isend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                          MPI_Request* request) {
  return nonblocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request, shm::send_mode::standard);
}

WEFT_PMPI_ALIAS(Issend)
extern "C" int PMPI_Issend(const void* buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request* request) {
  return nonblocking_send(WEFT_CALL_NAME, buf, count, datatype, dest, tag, comm, request,
                          shm::send_mode::synchronous);
}

WEFT_PMPI_ALIAS(Recv)
extern "C" int PMPI_Recv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                         MPI_Status* status) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_recv(call, buf, count, datatype, source, tag, comm)) return error;
  if (source == MPI_PROC_NULL) {
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_SUCCESS, 0);
    return MPI_SUCCESS;
  }
  shm::recv_request request;
  shm::start_recv(request, buf, count * datatype->extent, {resolve(comm)->context, source, tag}, this_rank_id());
  request.done.wait();
  int error = receive_outcome(request, comm, call);
  fill_status(status, request.source, request.tag, error, request.received());
  return error;
}

WEFT_PMPI_ALIAS(Irecv)
extern "C" int PMPI_Irecv(void* buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                          MPI_Request* request) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_recv(call, buf, count, datatype, source, tag, comm)) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  weft_comm_s* c = resolve(comm);
  auto handle = std::make_unique<weft_request_s>(c, std::in_place_type<shm::recv_request>, source == MPI_PROC_NULL);
  if (source != MPI_PROC_NULL)
    shm::start_recv(std::get<shm::recv_request>(handle->operation), buf, count * datatype->extent,
                    {c->context, source, tag}, this_rank_id());
  *request = handle.release();  // owned by the user until MPI_Wait/MPI_Test completes it
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Sendrecv)
extern "C" int PMPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                             MPI_Comm comm, MPI_Status* status) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_send(call, sendbuf, sendcount, sendtype, dest, sendtag, comm)) return error;
  if (int error = check_recv(call, recvbuf, recvcount, recvtype, source, recvtag, comm)) return error;
  const weft_comm_s& c = *resolve(comm);
  // The receive is posted first so that two ranks exchanging large messages cannot wait on each other.
  shm::recv_request receive;
  if (source != MPI_PROC_NULL)
    shm::start_recv(receive, recvbuf, recvcount * recvtype->extent, {c.context, source, recvtag}, this_rank_id());
  if (dest != MPI_PROC_NULL) {
    shm::send_request send;
    shm::start_send(send, sendbuf, sendcount * sendtype->extent, {c.context, c.rank, sendtag},
                    peers(c).job_rank(dest), shm::send_mode::standard);
    send.done.wait();
  }
  if (source == MPI_PROC_NULL) {
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_SUCCESS, 0);
    return MPI_SUCCESS;
  }
  receive.done.wait();
  int error = receive_outcome(receive, comm, call);
  fill_status(status, receive.source, receive.tag, error, receive.received());
  return error;
}

WEFT_PMPI_ALIAS(Iprobe)
extern "C" int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_peer(call, comm, source, "source", true)) return error;
  if (int error = check_tag(call, comm, tag, true)) return error;
  if (int error = check_output(call, comm, flag, "flag")) return error;
  if (source == MPI_PROC_NULL) {
    *flag = 1;
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_SUCCESS, 0);
    return MPI_SUCCESS;
  }
  shm::probe_result found;
  *flag = shm::iprobe(this_rank_id(), {resolve(comm)->context, source, tag}, found);
  if (*flag) fill_status(status, found.source, found.tag, MPI_SUCCESS, found.size);
  // Programs poll with Iprobe; the sender may be a rank of this very worker, which must get to run.
  else weft::runtime::yield();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Probe)
extern "C" int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_peer(call, comm, source, "source", true)) return error;
  if (int error = check_tag(call, comm, tag, true)) return error;
  if (source == MPI_PROC_NULL) {
    fill_status(status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_SUCCESS, 0);
    return MPI_SUCCESS;
  }
  shm::probe_result found = shm::probe(this_rank_id(), {resolve(comm)->context, source, tag});
  fill_status(status, found.source, found.tag, MPI_SUCCESS, found.size);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Get_count)
extern "C" int PMPI_Get_count(const MPI_Status* status, MPI_Datatype datatype, int* count) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, status, "status")) return error;
  if (int error = check_datatype(call, MPI_COMM_WORLD, datatype)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, count, "count")) return error;
  std::size_t size = datatype->extent;
  auto bytes = static_cast<std::size_t>(status->weft_count);
  *count = bytes % size == 0 ? static_cast<int>(bytes / size) : MPI_UNDEFINED;
  return MPI_SUCCESS;
}
