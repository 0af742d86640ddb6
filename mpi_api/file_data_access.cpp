// Reading and writing files (MPI-3.1, 13.4): at explicit offsets, at the individual file pointer and at
// the shared one; blocking, nonblocking and split collective; independent and collective.
//
// An independent transfer goes straight between the member's memory and the file (io/view_transfer.hpp).
// A blocking collective one is aggregated among the file's members on each node: they publish their
// parts, meet, the node's aggregators move every part's data in large ranges, reading and filling the
// members' memory in place, and they meet again (io/collective_buffering.hpp); across nodes, where the
// nodes' data interleaves on a file system hosts share, through the nodes' file domains instead
// (file_domains.hpp). Collective I/O promises no synchronization beyond that, so the nonblocking
// collectives and the split collectives' begin calls move their member's part independently: none of them
// waits for another member.
//
// Nonblocking independent transfers move on the process's transfer thread (io/transfer_thread.hpp) while
// their rank goes on; a call that changes the file or its view under them first waits for the member's
// (finish_transfers).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string_view>
#include <vector>

#include "io/transfer_thread.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/file_checks.hpp"
#include "mpi_api/file_domains.hpp"
#include "mpi_api/file_pointers.hpp"
#include "mpi_api/file_representations.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/point_to_point.hpp"
#include "mpi_api/requests.hpp"
#include "runtime/path_report.hpp"
#include "runtime/scheduler.hpp"

using namespace weft::mpi;
namespace io = weft::io;

namespace {

// Ranges of an independent transfer through the staging buffer, which a member keeps per file.
constexpr std::size_t independent_chunk = 4 << 20;

enum class direction : bool { write, read };

// A transfer of `count` elements of `datatype` at `buffer`, from `offset` (etypes of the view) on.
struct access {
  MPI_File file;
  const void* buffer;
  int count;
  MPI_Datatype datatype;
  direction way;

  bool reads() const noexcept { return way == direction::read; }
  std::size_t etype_bytes() const noexcept { return file->etype->layout->size(); }
  std::size_t bytes() const noexcept { return static_cast<std::size_t>(count) * datatype->layout->size(); }
  std::size_t etypes() const noexcept { return bytes() / etype_bytes(); }
  io::transfer_part part(MPI_Offset offset) const noexcept {
    return {&file->view, room_of(const_cast<void*>(buffer), count, datatype),
            static_cast<std::uint64_t>(offset) * etype_bytes(), bytes()};
  }
};

enum class pointer { explicit_offset, individual, shared };

int check_transfer(const char* call, const access& a, pointer from) {
  if (int error = check_file(call, a.file)) return error;
  if (int error = check_buffer(call, a.file, a.buffer, a.count, a.datatype)) return error;
  if (int error = check_access(call, a.file, a.reads(), from == pointer::shared)) return error;
  // The data accessed must be whole etypes (MPI-3.1, 13.4.1): the memory's signature is that of some
  // number of them.
  if (a.bytes() % a.etype_bytes() != 0)
    return raise_error(a.file, MPI_ERR_TYPE, call,
                       "%d elements of datatype %s hold %zu bytes of data, not a whole number of the view's etype "
                       "%s (%zu bytes)",
                       a.count, display_name(a.datatype), a.bytes(), display_name(a.file->etype), a.etype_bytes());
  if (a.bytes() > 0 && a.file->view.filetype->size() == 0)
    return raise_error(a.file, MPI_ERR_ARG, call,
                       "the view's filetype %s holds no data, so %zu bytes have no place in the file",
                       display_name(a.file->filetype), a.bytes());
  return MPI_SUCCESS;
}

int check_offset(const char* call, MPI_File file, MPI_Offset offset) {
  if (offset >= 0) return MPI_SUCCESS;
  return raise_error(file, MPI_ERR_ARG, call, "negative offset %lld", static_cast<long long>(offset));
}

int check_no_split(const char* call, MPI_File file) {
  if (!file->split) return MPI_SUCCESS;
  return raise_error(file, MPI_ERR_OTHER, call, "%s is still under way on this file (the _end call is missing)",
                     file->split->call);
}

// Holds the locks of atomic mode over the bytes a transfer touches (files.hpp).
class atomic_section {
 public:
  atomic_section(MPI_File file, const io::transfer_part& part, bool writes) : file_(file) {
    if (!file->atomic || part.length == 0) return;
    range_ = part.range();
    file->shared->atomic_transfers.lock();
    error_ = file->shared->file.lock_range(range_.first, range_.last, writes);
    held_ = true;
  }
  ~atomic_section() {
    if (!held_) return;
    if (error_ == 0) file_->shared->file.unlock_range(range_.first, range_.last);
    file_->shared->atomic_transfers.unlock();
  }
  atomic_section(const atomic_section&) = delete;
  atomic_section& operator=(const atomic_section&) = delete;
  int error() const noexcept { return error_; }

 private:
  MPI_File file_;
  io::transfer_part::file_range range_;
  int error_ = 0;
  bool held_ = false;
};

// Moves one member's part by itself; the bytes of the file moved, or the error reported.
int independent(const char* call, const access& a, const io::transfer_part& part, std::size_t& moved) {
  atomic_section section(a.file, part, !a.reads());
  if (section.error() != 0) return raise_io_error(a.file, call, section.error(), "cannot lock bytes of", a.file->path);
  const io::posix_file& file = a.file->shared->file;
  io::transfer_result done = a.reads() ? io::read_part(file, part, a.file->staging, independent_chunk)
                                       : io::write_part(file, part, a.file->staging, independent_chunk);
  moved = done.bytes;
  if (done.error != 0)
    return raise_io_error(a.file, call, done.error, a.reads() ? "cannot read" : "cannot write", a.file->path);
  return MPI_SUCCESS;
}

// Collective over the file's members: every member's part moved by the node's aggregators, or, when the
// members span nodes, through the file domains of the nodes (file_domains.hpp).
int collective(const char* call, const access& a, const io::transfer_part& part, std::size_t& moved) {
  weft::mpi::node_file& shared = *a.file->shared;
  int member = comm_rank(a.file->node);
  // A view whose data overlaps (read-only files) is read by its member alone, after the others.
  bool alone = !part.view->rising;
  shared.buffering.publish(member, alone ? io::transfer_part{} : part, a.file->atomic);
  PMPI_Barrier(a.file->node);
  // No member writes between the meetings, so every member reads the same size.
  io::posix_file::size_result size{};
  if (a.reads()) size = shared.file.size();
  const bool spans_nodes = comm_size(a.file->node) != comm_size(a.file->comm);
  node_layout layout;
  if (spans_nodes) {
    // The node's first member decides with the others whether the nodes' data goes through their file
    // domains; the node's members learn it at a second meeting. Atomic mode always does: each node moving
    // its own data would need a lock of the whole file, which serializes the nodes.
    if (a.file->leaders != MPI_COMM_NULL) {
      layout = gather_layout(a.file);
      domain_exchange mode = a.reads() ? a.file->exchange_reads : a.file->exchange_writes;
      bool interleaved =
          mode == domain_exchange::automatic && layout.shared_between_hosts && ranges_interleave(layout.ranges);
      bool through = a.file->atomic || mode == domain_exchange::enable || interleaved;
      if (weft::runtime::reporting_paths()) [[unlikely]]
        weft::runtime::report_path("io", a.reads() ? "collective read across nodes" : "collective write across nodes",
                                   through ? "file domains" : "each node alone", "%s",
                                   a.file->atomic                    ? "atomic mode"
                                   : mode == domain_exchange::enable ? "romio_cb hint enable"
                                   : interleaved ? "the nodes' ranges interleave in a file the hosts share"
                                   : mode == domain_exchange::disable ? "romio_cb hint disable"
                                   : !layout.shared_between_hosts ? "the file is on a file system of this host alone"
                                                                  : "the nodes' ranges do not interleave");
      shared.buffering.set_through_domains(through);
    }
    PMPI_Barrier(a.file->node);
  }
  if (spans_nodes && shared.buffering.through_domains()) {
    if (a.reads())
      shared.buffering.read_alone(member, shared.file, size.size);
    else
      shared.buffering.write_alone(member, shared.file);
    // The node's first member moves the rest, with the other nodes.
    if (a.file->leaders != MPI_COMM_NULL)
      shared.buffering.set_exchange_error(a.reads() ? exchange_read(a.file, layout.ranges, size.size)
                                                    : exchange_write(a.file, layout.ranges));
  } else if (a.reads()) {
    shared.buffering.read_share(member, shared.file, size.size, a.file->staging);
  } else {
    shared.buffering.write_share(member, shared.file, a.file->staging);
  }
  PMPI_Barrier(a.file->node);
  int error = size.error != 0 ? size.error : shared.buffering.error();
  // Every member returns the same outcome, as ROMIO's do: the other nodes' errors too.
  if (spans_nodes) {
    int local = error;
    PMPI_Allreduce(&local, &error, 1, MPI_INT, MPI_MAX, a.file->comm);
  }
  if (error != 0) {
    moved = 0;
    return raise_io_error(a.file, call, error, a.reads() ? "cannot read" : "cannot write", a.file->path);
  }
  if (alone) return independent(call, a, part, moved);
  moved = a.reads() ? io::readable_bytes(part, size.size) : part.length;
  return MPI_SUCCESS;
}

// Moves the data of `a` from `offset` (etypes of the view), independently or `together`; `moved`: the
// bytes of memory moved. A converting representation moves the data through a buffer in its form,
// converted before a write and after a read.
int move(const char* call, const access& a, MPI_Offset offset, bool together, std::size_t& moved) {
  io::transfer_part part = a.part(offset);
  const file_representation& representation = a.file->representation;
  if (!representation.converts())
    return together ? collective(call, a, part, moved) : independent(call, a, part, moved);
  const std::size_t etype_file_bytes = a.file->etype_file_bytes;
  std::vector<std::byte> converted(a.etypes() * etype_file_bytes);
  part.memory = weft::shm::byte_span(converted.data(), converted.size());
  part.position = static_cast<std::uint64_t>(offset) * etype_file_bytes;
  part.length = converted.size();
  int failed = a.reads() ? MPI_SUCCESS : to_file(representation, a.buffer, a.count, a.datatype, converted.data());
  // A failed conversion leaves nothing to write; the member still takes part in a collective transfer.
  if (failed != MPI_SUCCESS) part.length = 0;
  std::size_t file_moved = 0;
  int error = together ? collective(call, a, part, file_moved) : independent(call, a, part, file_moved);
  moved = file_moved / etype_file_bytes * a.etype_bytes();
  if (a.reads() && error == MPI_SUCCESS) {
    int whole = static_cast<int>(moved / a.datatype->layout->size());
    failed = from_file(representation, const_cast<void*>(a.buffer), whole, a.datatype, converted.data());
  }
  if (failed != MPI_SUCCESS)
    return raise_error(a.file, MPI_ERR_CONVERSION, call, "the %s conversion of \"%s\" returned %d",
                       a.reads() ? "read" : "write", a.file->datarep.c_str(), failed);
  return error;
}

MPI_Offset advance(MPI_Offset position, const access& a, std::size_t moved) {
  return position + static_cast<MPI_Offset>(moved / a.etype_bytes());
}

// A blocking transfer from `from`; `together` for the collective forms.
int transfer(const char* call, const access& a, pointer from, MPI_Offset offset, bool together, MPI_Status* status) {
  if (int error = check_transfer(call, a, from)) return error;
  if (from == pointer::explicit_offset)
    if (int error = check_offset(call, a.file, offset)) return error;
  if (together)
    if (int error = check_no_split(call, a.file)) return error;
  if (from == pointer::individual) offset = a.file->position;
  if (from == pointer::shared) offset = advance_shared_pointer(a.file, static_cast<MPI_Offset>(a.etypes()));
  std::size_t moved = 0;
  int error = move(call, a, offset, together, moved);
  if (from == pointer::individual) a.file->position = advance(offset, a, moved);
  fill_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, moved);
  return error;
}

// Moves a nonblocking transfer's data on the transfer thread, which completes `transfer`. The rank that
// started it is woken then, whatever it waits for: the request or the file's transfers (finish_transfers).
void queue(const access& a, const io::transfer_part& part, file_transfer& transfer) {
  MPI_File file = a.file;
  weft::runtime::rank* owner = weft::runtime::current_rank();
  file->transfers_under_way.fetch_add(1, std::memory_order_relaxed);
  io::queue_transfer([file, part, &transfer, owner](io::staging_buffer& staging) {
    {
      atomic_section section(file, part, !transfer.reads);
      io::transfer_result done{0, section.error()};
      if (done.error == 0) {
        const io::posix_file& descriptor = file->shared->file;
        done = transfer.reads ? io::read_part(descriptor, part, staging, independent_chunk)
                              : io::write_part(descriptor, part, staging, independent_chunk);
      }
      transfer.bytes = done.bytes;
      transfer.error = done.error;
    }
    // The last touches of the file and the request: the rank may close the one and free the other once
    // it sees them.
    file->transfers_under_way.fetch_sub(1, std::memory_order_release);
    transfer.done.store(true, std::memory_order_release);
    weft::runtime::unpark(owner);
  });
}

// A nonblocking transfer. The individual or shared pointer moves now, past all the data asked for
// (MPI-3.1, 13.4.3: updated when the call starts); the data moves on the transfer thread while the rank goes
// on. Through a converting representation it moves now: the conversion functions (the program's own, for a
// registered representation) run on the rank.
int start(const char* call, const access& a, pointer from, MPI_Offset offset, MPI_Request* request) {
  if (int error = check_transfer(call, a, from)) return error;
  if (int error = check_output(call, a.file, request, "request")) return error;
  if (from == pointer::explicit_offset)
    if (int error = check_offset(call, a.file, offset)) return error;
  if (from == pointer::individual) offset = a.file->position;
  if (from == pointer::shared) offset = advance_shared_pointer(a.file, static_cast<MPI_Offset>(a.etypes()));
  if (from == pointer::individual) a.file->position = advance(offset, a, a.bytes());
  if (a.file->representation.converts() || a.bytes() == 0) {
    std::size_t moved = 0;
    if (int error = move(call, a, offset, false, moved)) return error;
    auto* started = new weft_request_s(a.file->comm);
    started->operation.emplace<finished>(MPI_ANY_SOURCE, MPI_ANY_TAG, moved);
    *request = started;
    return MPI_SUCCESS;
  }
  auto* started = new weft_request_s(a.file->comm);
  started->datatype = retain(a.datatype);
  queue(a, a.part(offset), started->operation.emplace<file_transfer>(a.file, call, a.reads()));
  *request = started;
  return MPI_SUCCESS;
}

// The ordered forms: collective, each member's part after those of the members of lower rank, from the
// shared file pointer, which ends after all of them.
int ordered(const char* call, const access& a, MPI_Status* status) {
  if (int error = check_transfer(call, a, pointer::shared)) return error;
  if (int error = check_no_split(call, a.file)) return error;
  MPI_Offset base = shared_pointer(a.file);
  auto mine = static_cast<MPI_Offset>(a.etypes());
  int members = comm_size(a.file->comm), rank = comm_rank(a.file->comm);
  std::vector<MPI_Offset> counts(members);
  // Every member read the pointer before it gave its count, so the update below follows every read.
  PMPI_Allgather(&mine, 1, MPI_OFFSET, counts.data(), 1, MPI_OFFSET, a.file->comm);
  MPI_Offset before = 0, total = 0;
  for (int r = 0; r < members; ++r) {
    if (r < rank) before += counts[r];
    total += counts[r];
  }
  if (rank == 0) advance_shared_pointer(a.file, total);
  std::size_t moved = 0;
  int error = move(call, a, base + before, true, moved);
  fill_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, moved);
  return error;
}

// The begin of a split collective: the transfer, whose outcome the end call reports.
int begin(const char* call, const access& a, pointer from, MPI_Offset offset) {
  if (int error = check_no_split(call, a.file)) return error;
  MPI_Status status{};
  int error = from == pointer::shared ? ordered(call, a, &status) : transfer(call, a, from, offset, true, &status);
  if (error == MPI_SUCCESS) a.file->split = weft_file_s::split_collective{call, a.buffer, status};
  return error;
}

int end(const char* call, MPI_File file, const void* buffer, MPI_Status* status, const char* begin_call) {
  if (int error = check_file(call, file)) return error;
  if (!file->split || std::string_view(file->split->call) != begin_call)
    return raise_error(file, MPI_ERR_OTHER, call, "no %s is under way on this file", begin_call);
  if (file->split->buffer != buffer)
    return raise_error(file, MPI_ERR_BUFFER, call, "buf is not the buffer %s was given", begin_call);
  if (status != MPI_STATUS_IGNORE) *status = file->split->status;
  file->split.reset();
  return MPI_SUCCESS;
}

access reading(MPI_File fh, void* buf, int count, MPI_Datatype datatype) {
  return {fh, buf, count, datatype, direction::read};
}

access writing(MPI_File fh, const void* buf, int count, MPI_Datatype datatype) {
  return {fh, buf, count, datatype, direction::write};
}

}  // namespace

namespace weft::mpi {

file_transfer::file_transfer(MPI_File transferred, const char* starting_call, bool reading) noexcept
    : file(retain(transferred)), call(starting_call), reads(reading) {}

file_transfer::~file_transfer() { release(file); }

int transfer_outcome(const file_transfer& transfer, MPI_Status* status, const char* call) {
  fill_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, transfer.bytes);
  if (transfer.error == 0) return MPI_SUCCESS;
  return raise_error(transfer.file, io_error_class(transfer.error), call, "the transfer %s started cannot %s %s: %s",
                     transfer.call, transfer.reads ? "read" : "write", transfer.file->path.c_str(),
                     std::strerror(transfer.error));
}

void finish_transfers(MPI_File file) {
  runtime::wait_until([file] { return file->transfers_under_way.load(std::memory_order_acquire) == 0; });
}

}  // namespace weft::mpi

// ---- Explicit offsets ----

WEFT_PMPI_ALIAS(File_read_at)
extern "C" int PMPI_File_read_at(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                                 MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::explicit_offset, offset, false, status);
}

WEFT_PMPI_ALIAS(File_read_at_all)
extern "C" int PMPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                                     MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::explicit_offset, offset, true, status);
}

WEFT_PMPI_ALIAS(File_write_at)
extern "C" int PMPI_File_write_at(MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype datatype,
                                  MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::explicit_offset, offset, false, status);
}

WEFT_PMPI_ALIAS(File_write_at_all)
extern "C" int PMPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype datatype,
                                      MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::explicit_offset, offset, true, status);
}

WEFT_PMPI_ALIAS(File_iread_at)
extern "C" int PMPI_File_iread_at(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                                  MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::explicit_offset, offset, request);
}

WEFT_PMPI_ALIAS(File_iwrite_at)
extern "C" int PMPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype datatype,
                                   MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::explicit_offset, offset, request);
}

WEFT_PMPI_ALIAS(File_iread_at_all)
extern "C" int PMPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype datatype,
                                      MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::explicit_offset, offset, request);
}

WEFT_PMPI_ALIAS(File_iwrite_at_all)
extern "C" int PMPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                                       MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::explicit_offset, offset, request);
}

// ---- Individual file pointers ----

WEFT_PMPI_ALIAS(File_read)
extern "C" int PMPI_File_read(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::individual, 0, false, status);
}

WEFT_PMPI_ALIAS(File_read_all)
extern "C" int PMPI_File_read_all(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::individual, 0, true, status);
}

WEFT_PMPI_ALIAS(File_write)
extern "C" int PMPI_File_write(MPI_File fh, const void* buf, int count, MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::individual, 0, false, status);
}

WEFT_PMPI_ALIAS(File_write_all)
extern "C" int PMPI_File_write_all(MPI_File fh, const void* buf, int count, MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::individual, 0, true, status);
}

WEFT_PMPI_ALIAS(File_iread)
extern "C" int PMPI_File_iread(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::individual, 0, request);
}

WEFT_PMPI_ALIAS(File_iwrite)
extern "C" int PMPI_File_iwrite(MPI_File fh, const void* buf, int count, MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::individual, 0, request);
}

WEFT_PMPI_ALIAS(File_iread_all)
extern "C" int PMPI_File_iread_all(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::individual, 0, request);
}

WEFT_PMPI_ALIAS(File_iwrite_all)
extern "C" int PMPI_File_iwrite_all(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                                    MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::individual, 0, request);
}

// ---- The shared file pointer ----

WEFT_PMPI_ALIAS(File_read_shared)
extern "C" int PMPI_File_read_shared(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::shared, 0, false, status);
}

WEFT_PMPI_ALIAS(File_write_shared)
extern "C" int PMPI_File_write_shared(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                                      MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return transfer(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::shared, 0, false, status);
}

WEFT_PMPI_ALIAS(File_iread_shared)
extern "C" int PMPI_File_iread_shared(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::shared, 0, request);
}

WEFT_PMPI_ALIAS(File_iwrite_shared)
extern "C" int PMPI_File_iwrite_shared(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                                       MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return start(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::shared, 0, request);
}

WEFT_PMPI_ALIAS(File_read_ordered)
extern "C" int PMPI_File_read_ordered(MPI_File fh, void* buf, int count, MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return ordered(WEFT_CALL_NAME, reading(fh, buf, count, datatype), status);
}

WEFT_PMPI_ALIAS(File_write_ordered)
extern "C" int PMPI_File_write_ordered(MPI_File fh, const void* buf, int count, MPI_Datatype datatype,
                                       MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return ordered(WEFT_CALL_NAME, writing(fh, buf, count, datatype), status);
}

// ---- Split collectives ----

WEFT_PMPI_ALIAS(File_read_at_all_begin)
extern "C" int PMPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void* buf, int count,
                                           MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  return begin(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::explicit_offset, offset);
}

WEFT_PMPI_ALIAS(File_read_at_all_end)
extern "C" int PMPI_File_read_at_all_end(MPI_File fh, void* buf, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return end(WEFT_CALL_NAME, fh, buf, status, "MPI_File_read_at_all_begin");
}

WEFT_PMPI_ALIAS(File_write_at_all_begin)
extern "C" int PMPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void* buf, int count,
                                            MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  return begin(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::explicit_offset, offset);
}

WEFT_PMPI_ALIAS(File_write_at_all_end)
extern "C" int PMPI_File_write_at_all_end(MPI_File fh, const void* buf, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return end(WEFT_CALL_NAME, fh, buf, status, "MPI_File_write_at_all_begin");
}

WEFT_PMPI_ALIAS(File_read_all_begin)
extern "C" int PMPI_File_read_all_begin(MPI_File fh, void* buf, int count, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  return begin(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::individual, 0);
}

WEFT_PMPI_ALIAS(File_read_all_end)
extern "C" int PMPI_File_read_all_end(MPI_File fh, void* buf, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return end(WEFT_CALL_NAME, fh, buf, status, "MPI_File_read_all_begin");
}

WEFT_PMPI_ALIAS(File_write_all_begin)
extern "C" int PMPI_File_write_all_begin(MPI_File fh, const void* buf, int count, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  return begin(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::individual, 0);
}

WEFT_PMPI_ALIAS(File_write_all_end)
extern "C" int PMPI_File_write_all_end(MPI_File fh, const void* buf, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return end(WEFT_CALL_NAME, fh, buf, status, "MPI_File_write_all_begin");
}

WEFT_PMPI_ALIAS(File_read_ordered_begin)
extern "C" int PMPI_File_read_ordered_begin(MPI_File fh, void* buf, int count, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  return begin(WEFT_CALL_NAME, reading(fh, buf, count, datatype), pointer::shared, 0);
}

WEFT_PMPI_ALIAS(File_read_ordered_end)
extern "C" int PMPI_File_read_ordered_end(MPI_File fh, void* buf, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return end(WEFT_CALL_NAME, fh, buf, status, "MPI_File_read_ordered_begin");
}

WEFT_PMPI_ALIAS(File_write_ordered_begin)
extern "C" int PMPI_File_write_ordered_begin(MPI_File fh, const void* buf, int count, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  return begin(WEFT_CALL_NAME, writing(fh, buf, count, datatype), pointer::shared, 0);
}

WEFT_PMPI_ALIAS(File_write_ordered_end)
extern "C" int PMPI_File_write_ordered_end(MPI_File fh, const void* buf, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return end(WEFT_CALL_NAME, fh, buf, status, "MPI_File_write_ordered_begin");
}
