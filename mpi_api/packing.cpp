// MPI_Pack, MPI_Unpack and MPI_Pack_size. The packed form is the signature stream itself, the form
// messages travel in, so packing is a typed copy into plain bytes and a packed message can be received
// into any datatype of the same signature (and MPI_PACKED data sent as such).

#include <climits>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace {

// The packed buffer [*position, *position + bytes) lies within `size` bytes.
int check_room(const char* call, MPI_Comm comm, int size, const int* position, std::size_t bytes, const char* what) {
  if (int error = check_output(call, comm, position, "position")) return error;
  if (size < 0) return raise_error(comm, MPI_ERR_ARG, call, "negative %s %d", what, size);
  if (*position < 0 || *position > size)
    return raise_error(comm, MPI_ERR_ARG, call, "position %d is outside the %s of %d bytes", *position, what, size);
  if (bytes > static_cast<std::size_t>(size - *position))
    return raise_error(comm, MPI_ERR_TRUNCATE, call, "%zu bytes do not fit from position %d in the %s of %d bytes",
                       bytes, *position, what, size);
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Pack)
extern "C" int PMPI_Pack(const void* inbuf, int incount, MPI_Datatype datatype, void* outbuf, int outsize,
                         int* position, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_buffer(call, comm, inbuf, incount, datatype)) return error;
  std::size_t bytes = static_cast<std::size_t>(incount) * datatype->layout->size();
  if (int error = check_room(call, comm, outsize, position, bytes, "outsize")) return error;
  if (bytes != 0 && outbuf == nullptr) return raise_error(comm, MPI_ERR_BUFFER, call, "outbuf is NULL");
  shm::typed_copy(shm::byte_span(static_cast<std::byte*>(outbuf) + *position, bytes), data_of(inbuf, incount, datatype),
                  0, bytes);
  *position += static_cast<int>(bytes);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Unpack)
extern "C" int PMPI_Unpack(const void* inbuf, int insize, int* position, void* outbuf, int outcount,
                           MPI_Datatype datatype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_buffer(call, comm, outbuf, outcount, datatype)) return error;
  std::size_t bytes = static_cast<std::size_t>(outcount) * datatype->layout->size();
  if (int error = check_room(call, comm, insize, position, bytes, "insize")) return error;
  if (bytes != 0 && inbuf == nullptr) return raise_error(comm, MPI_ERR_BUFFER, call, "inbuf is NULL");
  shm::typed_copy(room_of(outbuf, outcount, datatype),
                  shm::byte_span(static_cast<const std::byte*>(inbuf) + *position, bytes), 0, bytes);
  *position += static_cast<int>(bytes);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Pack_size)
extern "C" int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_count(call, comm, incount)) return error;
  if (int error = check_committed(call, comm, datatype)) return error;
  if (int error = check_output(call, comm, size, "size")) return error;
  std::size_t bytes = static_cast<std::size_t>(incount) * datatype->layout->size();
  if (bytes > INT_MAX)
    return raise_error(comm, MPI_ERR_COUNT, call, "%d elements of %s take %zu bytes, more than an int counts", incount,
                       display_name(datatype), bytes);
  *size = static_cast<int>(bytes);
  return MPI_SUCCESS;
}
