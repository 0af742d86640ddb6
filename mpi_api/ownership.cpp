// Ownership passing (MPIX_Alloc, MPIX_Free, MPIX_Give, MPIX_Igive, MPIX_Take, MPIX_Itake): argument
// checks, then the pools and protocols of shm/ (buffer_pool.hpp, ownership_passing.hpp).

#include <memory>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/point_to_point.hpp"
#include "mpi_api/requests.hpp"
#include "shm/buffer_arena.hpp"
#include "shm/buffer_pool.hpp"
#include "shm/ownership_passing.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace {

// The buffer *ptr points at, when it is one of MPIX_Alloc or MPIX_Take that the program owns; else the
// error `error_class`, raised on `comm`.
int check_owned(const char* call, MPI_Comm comm, void* data, int error_class, shm::pool_buffer*& buffer) {
  buffer = shm::buffer_arena::instance().find(data);
  if (buffer == nullptr) [[unlikely]]
    return raise_error(comm, error_class, call, "*ptr (%p) is not a buffer of MPIX_Alloc or MPIX_Take", data);
  if (buffer->state != shm::buffer_state::owned) [[unlikely]]
    return raise_error(comm, error_class, call, "*ptr (%p) was already freed or given away", data);
  return MPI_SUCCESS;
}

// A give's data lies inside its buffer.
int check_given_data(const char* call, MPI_Comm comm, int count, MPI_Datatype datatype,
                     const shm::pool_buffer& buffer) {
  auto [first, last] = datatype->layout->data_of(static_cast<std::size_t>(count));
  if (first == last || (first >= 0 && static_cast<std::size_t>(last) <= buffer.capacity)) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_BUFFER, call,
                     "%d elements of %s lie at bytes [%td, %td) from *ptr, outside the buffer's %zu bytes", count,
                     display_name(datatype), first, last, buffer.capacity);
}

// A taken buffer starts where the taker's data starts, so its datatype must not place data before that.
int check_take_datatype(const char* call, MPI_Comm comm, int count, MPI_Datatype datatype) {
  if (datatype->layout->data_of(static_cast<std::size_t>(count)).first >= 0) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_TYPE, call,
                     "%s places data before the start of the buffer (true lower bound %td, extent %td); a taken "
                     "buffer starts at its first data",
                     display_name(datatype), datatype->layout->true_lb(), datatype->layout->extent());
}

int check_give(const char* call, void** ptr, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               shm::pool_buffer*& buffer) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, ptr, "ptr")) return error;
  if (*ptr == nullptr) [[unlikely]]
    return raise_error(comm, MPI_ERR_BUFFER, call, "*ptr is NULL: there is no buffer to give");
  if (int error = check_send(call, *ptr, count, datatype, dest, tag, comm)) return error;
  if (int error = check_owned(call, comm, *ptr, MPI_ERR_BUFFER, buffer)) return error;
  return check_given_data(call, comm, count, datatype, *buffer);
}

// Hands the buffer over (or frees it, to MPI_PROC_NULL); the caller no longer owns it.
void give(shm::pool_buffer& buffer, void** ptr, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const weft_comm_s& sender = *resolve(comm);
  if (dest == MPI_PROC_NULL)
    shm::own_pool().release(&buffer);
  else
    shm::give(buffer, data_of(*ptr, count, datatype), datatype->layout, {sender.context, sender.rank, tag},
              peers(sender).job_rank(dest));
  *ptr = nullptr;
}

int check_take(const char* call, void** ptr, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, ptr, "ptr")) return error;
  if (int error = check_count(call, comm, count)) return error;
  if (int error = check_committed(call, comm, datatype)) return error;
  if (int error = check_take_datatype(call, comm, count, datatype)) return error;
  if (int error = check_peer(call, comm, source, "source", true)) return error;
  return check_tag(call, comm, tag, true);
}

void start_take(weft_request_s& request, void** ptr, int count, MPI_Datatype datatype, int source, int tag) {
  *ptr = nullptr;
  if (source == MPI_PROC_NULL) {
    request.operation.emplace<finished>(MPI_PROC_NULL, MPI_ANY_TAG);
    return;
  }
  hold_datatype(request, datatype);
  shm::start_take(request.operation.emplace<shm::recv_request>(), room_of(nullptr, count, datatype), ptr,
                  {request.comm->context, source, tag}, this_rank_id());
}

}  // namespace

WEFT_PMPIX_ALIAS(Alloc)
extern "C" int PMPIX_Alloc(void** ptr, MPI_Aint size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, ptr, "ptr")) return error;
  if (size < 0) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "negative size %td", size);
  shm::pool_buffer* buffer = shm::own_pool().allocate(static_cast<std::size_t>(size));
  if (buffer == nullptr) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_NO_MEM, call, "no memory for a buffer of %td bytes", size);
  *ptr = buffer->data();
  return MPI_SUCCESS;
}

WEFT_PMPIX_ALIAS(Free)
extern "C" int PMPIX_Free(void** ptr) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, ptr, "ptr")) return error;
  if (*ptr == nullptr) return MPI_SUCCESS;
  shm::pool_buffer* buffer = nullptr;
  if (int error = check_owned(call, MPI_COMM_WORLD, *ptr, MPI_ERR_BASE, buffer)) return error;
  shm::own_pool().release(buffer);
  *ptr = nullptr;
  return MPI_SUCCESS;
}

WEFT_PMPIX_ALIAS(Give)
extern "C" int PMPIX_Give(void** ptr, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  shm::pool_buffer* buffer = nullptr;
  if (int error = check_give(WEFT_CALL_NAME, ptr, count, datatype, dest, tag, comm, buffer)) return error;
  give(*buffer, ptr, count, datatype, dest, tag, comm);
  return MPI_SUCCESS;
}

WEFT_PMPIX_ALIAS(Igive)
extern "C" int PMPIX_Igive(void** ptr, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  shm::pool_buffer* buffer = nullptr;
  if (int error = check_give(call, ptr, count, datatype, dest, tag, comm, buffer)) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  if (dest == MPI_PROC_NULL) handle->operation.emplace<finished>(MPI_PROC_NULL, MPI_ANY_TAG);
  give(*buffer, ptr, count, datatype, dest, tag, comm);
  *request = handle.release();  // owned by the user until a completion call frees it
  return MPI_SUCCESS;
}

WEFT_PMPIX_ALIAS(Take)
extern "C" int PMPIX_Take(void** ptr, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                          MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_take(call, ptr, count, datatype, source, tag, comm)) return error;
  weft_request_s request(resolve(comm));
  start_take(request, ptr, count, datatype, source, tag);
  wait_for(request, call);
  return outcome(request, status, call);
}

WEFT_PMPIX_ALIAS(Itake)
extern "C" int PMPIX_Itake(void** ptr, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                           MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_take(call, ptr, count, datatype, source, tag, comm)) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  start_take(*handle, ptr, count, datatype, source, tag);
  *request = handle.release();  // owned by the user until a completion call frees it
  return MPI_SUCCESS;
}
