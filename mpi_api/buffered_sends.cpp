// MPI_Buffer_attach, MPI_Buffer_detach and the space of buffered messages in the attached buffer.

#include "mpi_api/call_guard.hpp"
#include "mpi_api/buffered_sends.hpp"

#include <algorithm>
#include <list>
#include <memory>

#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace {

// A message in the attached buffer: the bytes [offset, offset + length) of it, including the overhead
// every message is charged (MPI_BSEND_OVERHEAD, which users add to their buffer sizes).
struct buffered_message {
  std::size_t offset;
  std::size_t length;
  shm::send_request send;
};

struct attached_buffer {
  std::byte* base = nullptr;
  std::size_t size = 0;
  std::list<buffered_message> messages;  // by offset; list nodes stay put while their sends run

  void reap() {
    messages.remove_if([](const buffered_message& m) { return m.send.done.done(); });
  }

  // The offset of the first gap of `length` bytes, or size when there is none.
  std::size_t find_gap(std::size_t length, std::list<buffered_message>::iterator& before) {
    std::size_t start = 0;
    for (before = messages.begin(); before != messages.end(); ++before) {
      if (before->offset - start >= length) return start;
      start = before->offset + before->length;
    }
    return size - std::min(start, size) >= length ? start : size;
  }
};

attached_buffer& this_ranks_buffer() {
  static weft::runtime::rank_slots<attached_buffer> buffers;
  return buffers[this_rank_id()];
}

// Space taken by a message of `bytes`: a multiple of 16, so that every copy starts aligned, and never
// more than bytes + MPI_BSEND_OVERHEAD, the space the standard tells users to provide.
static_assert(MPI_BSEND_OVERHEAD % 16 == 0 && MPI_BSEND_OVERHEAD >= 16);
std::size_t footprint(std::size_t bytes) { return ((bytes + 15) & ~std::size_t{15}) + MPI_BSEND_OVERHEAD - 16; }

}  // namespace

namespace weft::mpi {

int buffered_send(const char* call, weft_comm_s* comm, const shm::const_typed_span& data, const shm::envelope& env,
                  int destination) {
  std::size_t bytes = data.bytes();
  attached_buffer& attached = this_ranks_buffer();
  if (attached.base == nullptr)
    return raise_error(comm, MPI_ERR_BUFFER, call, "no buffer is attached (MPI_Buffer_attach) for a buffered send");
  attached.reap();
  std::size_t length = footprint(bytes);
  std::list<buffered_message>::iterator before;
  std::size_t offset = attached.find_gap(length, before);
  if (offset == attached.size)
    return raise_error(comm, MPI_ERR_BUFFER, call,
                       "the attached buffer of %zu bytes has no room for a message of %zu bytes (%zu with "
                       "MPI_BSEND_OVERHEAD) besides the %zu messages still in it",
                       attached.size, bytes, length, attached.messages.size());
  buffered_message& message = *attached.messages.emplace(before, offset, length);
  std::byte* copy = attached.base + offset;
  shm::typed_copy(shm::byte_span(copy, bytes), data, 0, bytes);  // packed
  shm::start_send(message.send, copy, bytes, env, destination, shm::send_mode::standard);
  return MPI_SUCCESS;
}

void complete_buffered_sends() {
  attached_buffer& attached = this_ranks_buffer();
  for (buffered_message& message : attached.messages) message.send.done.wait();
  attached.messages.clear();
}

}  // namespace weft::mpi

WEFT_PMPI_ALIAS(Buffer_attach)
extern "C" int PMPI_Buffer_attach(void* buffer, int size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (size < 0) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "negative size %d", size);
  if (buffer == nullptr && size > 0)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_BUFFER, call, "buffer is NULL with size %d", size);
  attached_buffer& attached = this_ranks_buffer();
  if (attached.base != nullptr)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_BUFFER, call,
                       "a buffer of %zu bytes is already attached; detach it first", attached.size);
  // A zero-size buffer still counts as attached: its address only needs to be non-null.
  static std::byte empty;
  attached.base = size > 0 ? static_cast<std::byte*>(buffer) : &empty;
  attached.size = static_cast<std::size_t>(size);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Buffer_detach)
extern "C" int PMPI_Buffer_detach(void* buffer_addr, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, buffer_addr, "buffer_addr")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, size, "size")) return error;
  complete_buffered_sends();
  attached_buffer& attached = this_ranks_buffer();
  *static_cast<void**>(buffer_addr) = attached.size > 0 ? attached.base : nullptr;
  *size = static_cast<int>(attached.size);
  attached.base = nullptr;
  attached.size = 0;
  return MPI_SUCCESS;
}
