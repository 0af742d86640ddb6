// The buffers of buffered sends: the rank's (MPI_Buffer_attach), a session's (MPI_Session_attach_buffer) and
// a communicator's (MPI_Comm_attach_buffer, MPI-4.1), each a user's memory or, with MPI_BUFFER_AUTOMATIC,
// space Weft allocates per message; and the calls that attach, detach and flush them.

#include "mpi_api/buffered_sends.hpp"

#include <algorithm>
#include <list>
#include <memory>
#include <vector>

#include "collectives/schedule.hpp"
#include "collectives/task.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/sessions.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace weft::mpi {

// A message in a buffer: the bytes [offset, offset + length) of it, including the overhead every message
// is charged (MPI_BSEND_OVERHEAD, which users add to their buffer sizes), or space of its own in an
// automatic buffer. Shared with the flushes that wait for it.
struct buffered_message {
  buffered_message(std::size_t at, std::size_t bytes) noexcept : offset(at), length(bytes) {}
  std::size_t offset;
  std::size_t length;
  std::unique_ptr<std::byte[]> own;  // an automatic buffer's copy
  shm::send_request send;
};

struct attached_buffer {
  std::byte* base = nullptr;  // null: none attached
  std::size_t size = 0;
  bool automatic = false;                                 // MPI_BUFFER_AUTOMATIC: each message gets space of its own
  std::list<std::shared_ptr<buffered_message>> messages;  // by offset

  void reap() {
    messages.remove_if([](const std::shared_ptr<buffered_message>& m) { return m->send.done.done(); });
  }

  // Where a message of `length` bytes goes: the offset of the first gap, or size when there is none.
  std::size_t find_gap(std::size_t length, std::list<std::shared_ptr<buffered_message>>::iterator& before) {
    std::size_t start = 0;
    for (before = messages.begin(); before != messages.end(); ++before) {
      if ((*before)->offset - start >= length) return start;
      start = (*before)->offset + (*before)->length;
    }
    return size - std::min(start, size) >= length ? start : size;
  }

  // Waits until every message in the buffer has left.
  void flush() {
    for (const std::shared_ptr<buffered_message>& message : messages) message->send.done.wait();
    messages.clear();
  }
};

}  // namespace weft::mpi

namespace {

attached_buffer& this_ranks_buffer() {
  static weft::runtime::rank_slots<attached_buffer> buffers;
  return buffers[this_rank_id()];
}

// Space taken by a message of `bytes`: a multiple of 16, so that every copy starts aligned, and never
// more than bytes + MPI_BSEND_OVERHEAD, the space the standard tells users to provide.
static_assert(MPI_BSEND_OVERHEAD % 16 == 0 && MPI_BSEND_OVERHEAD >= 16);
std::size_t footprint(std::size_t bytes) { return ((bytes + 15) & ~std::size_t{15}) + MPI_BSEND_OVERHEAD - 16; }

// The message's space: in the user's buffer, or its own in an automatic one; null when the buffer is full.
std::byte* place(attached_buffer& attached, std::size_t bytes, buffered_message*& placed) {
  if (attached.automatic) {
    auto message = std::make_shared<buffered_message>(0, bytes);
    message->own = std::make_unique<std::byte[]>(std::max<std::size_t>(bytes, 1));
    placed = message.get();
    attached.messages.push_back(std::move(message));
    return placed->own.get();
  }
  std::size_t length = footprint(bytes);
  std::list<std::shared_ptr<buffered_message>>::iterator before;
  std::size_t offset = attached.find_gap(length, before);
  if (offset == attached.size) return nullptr;
  placed = attached.messages.emplace(before, std::make_shared<buffered_message>(offset, length))->get();
  return attached.base + offset;
}

// The flush of MPI_Buffer_iflush and MPI_Comm_iflush_buffer: done when the messages that were in the buffer
// have left. It holds them, so that a later buffered send reclaiming their space does not free them.
weft::coll::task flushed(std::vector<std::shared_ptr<buffered_message>> messages) {
  for (const std::shared_ptr<buffered_message>& message : messages) co_await weft::coll::completed{message->send.done};
}

int attach(const char* call, error_target comm, attached_buffer& attached, void* buffer, long long size) {
  if (buffer != MPI_BUFFER_AUTOMATIC) {
    if (size < 0) return raise_error(comm, MPI_ERR_ARG, call, "negative size %lld", size);
    if (buffer == nullptr && size > 0)
      return raise_error(comm, MPI_ERR_BUFFER, call, "buffer is NULL with size %lld", size);
  }
  if (attached.base != nullptr)
    return raise_error(comm, MPI_ERR_BUFFER, call, "a buffer of %zu bytes is already attached; detach it first",
                       attached.size);
  // A zero-size buffer still counts as attached: its address only needs to be non-null.
  static std::byte empty;
  attached.automatic = buffer == MPI_BUFFER_AUTOMATIC;
  attached.base = attached.automatic || size == 0 ? &empty : static_cast<std::byte*>(buffer);
  attached.size = attached.automatic ? 0 : static_cast<std::size_t>(size);
  return MPI_SUCCESS;
}

// Detaches after the buffer's messages have left: MPI_BUFFER_AUTOMATIC comes back for an automatic buffer,
// NULL and 0 when none was attached.
template <class Size>
int detach(const char* call, error_target comm, attached_buffer& attached, void* buffer_addr, Size* size) {
  if (int error = check_output(call, comm, buffer_addr, "buffer_addr")) return error;
  if (int error = check_output(call, comm, size, "size")) return error;
  attached.flush();
  *static_cast<void**>(buffer_addr) = attached.automatic  ? MPI_BUFFER_AUTOMATIC
                                      : attached.size > 0 ? attached.base
                                                          : nullptr;
  *size = static_cast<Size>(attached.size);
  attached = attached_buffer{};
  return MPI_SUCCESS;
}

// `waiters` names the ranks the flush waits for in deadlock reports: the communicator's, or the world's for
// the rank's and a session's buffers.
int start_flush(const char* call, error_target target, MPI_Comm waiters, attached_buffer& attached,
                MPI_Request* request) {
  if (int error = check_output(call, target, request, "request")) return error;
  attached.reap();
  std::vector<std::shared_ptr<buffered_message>> messages(attached.messages.begin(), attached.messages.end());
  auto started = std::make_unique<weft_request_s>(resolve(waiters));
  // Ordered with nothing else: the buffer is its own key in the rank's schedule of collectives.
  auto& operation = started->operation.emplace<weft::coll::pending_collective>(flushed(std::move(messages)), &attached);
  this_rank().collectives.start(operation);
  *request = started.release();  // owned by the user until a completion call frees it
  return MPI_SUCCESS;
}

// The buffer of `comm`, attached with MPI_Comm_attach_buffer; made at first use.
attached_buffer& buffer_of(MPI_Comm comm) {
  weft_comm_s& object = *resolve(comm);
  if (!object.send_buffer) object.send_buffer = std::make_shared<attached_buffer>();
  return *object.send_buffer;
}

// The buffer that serves `comm`'s buffered sends: its own, else its session's, else the rank's; null when
// none of them has one attached.
attached_buffer* serving_buffer(const weft_comm_s& comm, const char*& whose) {
  whose = "communicator's";
  if (comm.send_buffer && comm.send_buffer->base != nullptr) return comm.send_buffer.get();
  whose = "session's";
  if (comm.session_buffer && comm.session_buffer->base != nullptr) return comm.session_buffer.get();
  whose = "rank's";
  attached_buffer& rank = this_ranks_buffer();
  return rank.base != nullptr ? &rank : nullptr;
}

}  // namespace

namespace weft::mpi {

int buffered_send(const char* call, weft_comm_s* comm, const shm::const_typed_span& data, shm::envelope env,
                  int destination) {
  std::size_t bytes = data.bytes();
  const char* whose = nullptr;
  attached_buffer* attached = serving_buffer(*comm, whose);
  if (attached == nullptr)
    return raise_error(comm, MPI_ERR_BUFFER, call,
                       "no buffer is attached (MPI_Buffer_attach, MPI_Comm_attach_buffer or "
                       "MPI_Session_attach_buffer) for a buffered send");
  attached->reap();
  buffered_message* message = nullptr;
  std::byte* copy = place(*attached, bytes, message);
  if (copy == nullptr)
    return raise_error(comm, MPI_ERR_BUFFER, call,
                       "the %s buffer of %zu bytes has no room for a message of %zu bytes (%zu with "
                       "MPI_BSEND_OVERHEAD) besides the %zu messages still in it",
                       whose, attached->size, bytes, footprint(bytes), attached->messages.size());
  shm::typed_copy(shm::byte_span(copy, bytes), data, 0, bytes);  // packed
  shm::start_send(message->send, copy, bytes, env, destination, shm::send_mode::standard);
  return MPI_SUCCESS;
}

void complete_buffered_sends() { this_ranks_buffer().flush(); }

void flush_buffer(const std::shared_ptr<attached_buffer>& buffer) {
  if (buffer) buffer->flush();
}

session_buffer_link new_session_buffer() { return std::make_shared<attached_buffer>(); }

}  // namespace weft::mpi

WEFT_PMPI_ALIAS(Buffer_attach)
extern "C" int PMPI_Buffer_attach(void* buffer, int size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  return attach(call, MPI_COMM_WORLD, this_ranks_buffer(), buffer, size);
}

WEFT_PMPI_ALIAS(Buffer_attach_c)
extern "C" int PMPI_Buffer_attach_c(void* buffer, MPI_Count size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  return attach(call, MPI_COMM_WORLD, this_ranks_buffer(), buffer, size);
}

WEFT_PMPI_ALIAS(Buffer_detach)
extern "C" int PMPI_Buffer_detach(void* buffer_addr, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  return detach(call, MPI_COMM_WORLD, this_ranks_buffer(), buffer_addr, size);
}

WEFT_PMPI_ALIAS(Buffer_detach_c)
extern "C" int PMPI_Buffer_detach_c(void* buffer_addr, MPI_Count* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  return detach(call, MPI_COMM_WORLD, this_ranks_buffer(), buffer_addr, size);
}

WEFT_PMPI_ALIAS(Buffer_flush)
extern "C" int PMPI_Buffer_flush(void) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_ready(WEFT_CALL_NAME, MPI_COMM_WORLD)) return error;
  this_ranks_buffer().flush();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Buffer_iflush)
extern "C" int PMPI_Buffer_iflush(MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  return start_flush(call, MPI_COMM_WORLD, MPI_COMM_WORLD, this_ranks_buffer(), request);
}

WEFT_PMPI_ALIAS(Comm_attach_buffer)
extern "C" int PMPI_Comm_attach_buffer(MPI_Comm comm, void* buffer, int size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  return attach(call, comm, buffer_of(comm), buffer, size);
}

WEFT_PMPI_ALIAS(Comm_attach_buffer_c)
extern "C" int PMPI_Comm_attach_buffer_c(MPI_Comm comm, void* buffer, MPI_Count size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  return attach(call, comm, buffer_of(comm), buffer, size);
}

WEFT_PMPI_ALIAS(Comm_detach_buffer)
extern "C" int PMPI_Comm_detach_buffer(MPI_Comm comm, void* buffer_addr, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  return detach(call, comm, buffer_of(comm), buffer_addr, size);
}

WEFT_PMPI_ALIAS(Comm_detach_buffer_c)
extern "C" int PMPI_Comm_detach_buffer_c(MPI_Comm comm, void* buffer_addr, MPI_Count* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  return detach(call, comm, buffer_of(comm), buffer_addr, size);
}

WEFT_PMPI_ALIAS(Comm_flush_buffer)
extern "C" int PMPI_Comm_flush_buffer(MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_ready(WEFT_CALL_NAME, comm)) return error;
  buffer_of(comm).flush();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_iflush_buffer)
extern "C" int PMPI_Comm_iflush_buffer(MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  return start_flush(call, comm, comm, buffer_of(comm), request);
}

WEFT_PMPI_ALIAS(Session_attach_buffer)
extern "C" int PMPI_Session_attach_buffer(MPI_Session session, void* buffer, int size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  return attach(call, session, *session->send_buffer, buffer, size);
}

WEFT_PMPI_ALIAS(Session_attach_buffer_c)
extern "C" int PMPI_Session_attach_buffer_c(MPI_Session session, void* buffer, MPI_Count size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  return attach(call, session, *session->send_buffer, buffer, size);
}

WEFT_PMPI_ALIAS(Session_detach_buffer)
extern "C" int PMPI_Session_detach_buffer(MPI_Session session, void* buffer_addr, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  return detach(call, session, *session->send_buffer, buffer_addr, size);
}

WEFT_PMPI_ALIAS(Session_detach_buffer_c)
extern "C" int PMPI_Session_detach_buffer_c(MPI_Session session, void* buffer_addr, MPI_Count* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  return detach(call, session, *session->send_buffer, buffer_addr, size);
}

WEFT_PMPI_ALIAS(Session_flush_buffer)
extern "C" int PMPI_Session_flush_buffer(MPI_Session session) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_session(WEFT_CALL_NAME, session)) return error;
  session->send_buffer->flush();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_iflush_buffer)
extern "C" int PMPI_Session_iflush_buffer(MPI_Session session, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  return start_flush(call, session, MPI_COMM_WORLD, *session->send_buffer, request);
}
