// Opening and closing files, and what MPI-3.1 13.2 calls file manipulation: size, preallocation, group,
// access mode, hints, atomic mode and sync.
//
// Opening is collective: the members agree on a context of the file's own, the member of rank 0 opens
// the file first (it alone may create it, so MPI_MODE_EXCL means what it says), then the first member of
// each other node opens it too; a node's members share its descriptor and the state of collective
// transfers (files.hpp). Every member learns whether every opening succeeded, so that all return the
// same error.

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/context_ids.hpp"
#include "mpi_api/file_checks.hpp"
#include "mpi_api/file_pointers.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/scheduler.hpp"
#include "runtime/worker.hpp"

using namespace weft::mpi;
namespace io = weft::io;

namespace weft::mpi {

int io_error_class(int number) noexcept {
  switch (number) {
    case ENOENT:
    case ENOTDIR:
      return MPI_ERR_NO_SUCH_FILE;
    case EACCES:
    case EPERM:
      return MPI_ERR_ACCESS;
    case EEXIST:
      return MPI_ERR_FILE_EXISTS;
    case ENOSPC:
    case EDQUOT:
    case EFBIG:
      return MPI_ERR_NO_SPACE;
    case EROFS:
      return MPI_ERR_READ_ONLY;
    case ENAMETOOLONG:
    case EISDIR:
    case ELOOP:
      return MPI_ERR_BAD_FILE;
    case EBUSY:
    case ETXTBSY:
      return MPI_ERR_FILE_IN_USE;
    default:
      return MPI_ERR_IO;
  }
}

int raise_io_error(error_target target, const char* call, int number, const char* what, const std::string& path) {
  return raise_error(target, io_error_class(number), call, "%s %s: %s", what, path.c_str(), std::strerror(number));
}

int check_access(const char* call, MPI_File file, bool reads, bool shared) {
  if (reads && (file->amode & MPI_MODE_WRONLY) != 0) [[unlikely]]
    return raise_error(file, MPI_ERR_ACCESS, call, "%s was opened MPI_MODE_WRONLY", file->path.c_str());
  if (!reads && (file->amode & MPI_MODE_RDONLY) != 0) [[unlikely]]
    return raise_error(file, MPI_ERR_READ_ONLY, call, "%s was opened MPI_MODE_RDONLY", file->path.c_str());
  if (!shared && (file->amode & MPI_MODE_SEQUENTIAL) != 0) [[unlikely]]
    return raise_error(file, MPI_ERR_UNSUPPORTED_OPERATION, call,
                       "%s was opened MPI_MODE_SEQUENTIAL: only the shared file pointer's calls apply",
                       file->path.c_str());
  return MPI_SUCCESS;
}

}  // namespace weft::mpi

weft_file_s::~weft_file_s() {
  weft::mpi::release(errhandler);
  weft::mpi::release(etype);
  weft::mpi::release(filetype);
  if (leaders != MPI_COMM_NULL) weft::mpi::release(leaders);
  if (node != MPI_COMM_NULL) weft::mpi::release(node);
  if (comm != MPI_COMM_NULL) weft::mpi::release(comm);
}

namespace {

// ROMIO's default for cb_buffer_size, the bytes each aggregator moves at a time.
constexpr std::size_t default_buffer_bytes = 16 << 20;

int check_amode(const char* call, int amode) {
  const int known = MPI_MODE_RDONLY | MPI_MODE_RDWR | MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_EXCL |
                    MPI_MODE_DELETE_ON_CLOSE | MPI_MODE_UNIQUE_OPEN | MPI_MODE_APPEND | MPI_MODE_SEQUENTIAL;
  int access = amode & (MPI_MODE_RDONLY | MPI_MODE_RDWR | MPI_MODE_WRONLY);
  const char* wrong = nullptr;
  if ((amode & ~known) != 0)
    wrong = "holds bits that are no MPI_MODE_ constant";
  else if (access != MPI_MODE_RDONLY && access != MPI_MODE_RDWR && access != MPI_MODE_WRONLY)
    wrong = "must hold exactly one of MPI_MODE_RDONLY, MPI_MODE_RDWR and MPI_MODE_WRONLY";
  else if (access == MPI_MODE_RDONLY && (amode & (MPI_MODE_CREATE | MPI_MODE_EXCL)) != 0)
    wrong = "combines MPI_MODE_RDONLY with MPI_MODE_CREATE or MPI_MODE_EXCL";
  else if (access == MPI_MODE_RDWR && (amode & MPI_MODE_SEQUENTIAL) != 0)
    wrong = "combines MPI_MODE_RDWR with MPI_MODE_SEQUENTIAL";
  if (wrong == nullptr) return MPI_SUCCESS;
  return raise_error(MPI_FILE_NULL, MPI_ERR_AMODE, call, "amode %d %s", amode, wrong);
}

int open_flags(int amode) {
  int flags = (amode & MPI_MODE_RDONLY) != 0 ? O_RDONLY : (amode & MPI_MODE_WRONLY) != 0 ? O_WRONLY : O_RDWR;
  if ((amode & MPI_MODE_CREATE) != 0) flags |= O_CREAT;
  if ((amode & MPI_MODE_EXCL) != 0) flags |= O_EXCL;
  return flags;
}

// The hints Weft reads, with the values in use; the user's others are kept and given back as set.
struct file_hints {
  std::size_t buffer_bytes = default_buffer_bytes;
  int aggregators = 0;  // per node; 0: one per worker the node's members run on
  domain_exchange exchange_writes = domain_exchange::automatic;
  domain_exchange exchange_reads = domain_exchange::automatic;
  std::vector<std::pair<std::string, std::string>> entries;
};

// ROMIO's values of romio_cb_write and romio_cb_read; others leave the mode as it was.
void read_exchange(const std::string& value, domain_exchange& mode) {
  if (value == "enable")
    mode = domain_exchange::enable;
  else if (value == "disable")
    mode = domain_exchange::disable;
  else if (value == "automatic")
    mode = domain_exchange::automatic;
}

const char* exchange_name(domain_exchange mode) {
  switch (mode) {
    case domain_exchange::enable:
      return "enable";
    case domain_exchange::disable:
      return "disable";
    case domain_exchange::automatic:
      break;
  }
  return "automatic";
}

file_hints read_hints(MPI_Info info, const std::vector<std::pair<std::string, std::string>>& earlier = {}) {
  file_hints hints;
  hints.entries = earlier;
  if (info != MPI_INFO_NULL)
    for (const auto& [key, value] : info->entries) {
      auto same = std::find_if(hints.entries.begin(), hints.entries.end(),
                               [&](const auto& entry) { return entry.first == key; });
      if (same != hints.entries.end())
        same->second = value;
      else
        hints.entries.emplace_back(key, value);
    }
  for (const auto& [key, value] : hints.entries) {
    long number = std::strtol(value.c_str(), nullptr, 10);
    if (key == "cb_buffer_size" && number > 0)
      hints.buffer_bytes = static_cast<std::size_t>(number);
    else if (key == "cb_nodes" && number > 0)
      hints.aggregators = static_cast<int>(number);
    else if (key == "romio_cb_write")
      read_exchange(value, hints.exchange_writes);
    else if (key == "romio_cb_read")
      read_exchange(value, hints.exchange_reads);
  }
  return hints;
}

// The node's aggregators: the first member on each worker the members run on (`workers`, by member),
// or the first `wanted` of those.
std::vector<int> choose_aggregators(const std::vector<int>& workers, int wanted) {
  std::vector<int> chosen, seen;
  for (int member = 0; member < static_cast<int>(workers.size()); ++member)
    if (std::find(seen.begin(), seen.end(), workers[member]) == seen.end()) {
      seen.push_back(workers[member]);
      chosen.push_back(member);
    }
  if (wanted > 0 && wanted < static_cast<int>(chosen.size())) chosen.resize(wanted);
  return chosen;
}

// The file's own communicators: the members on a context of their own, those of them on this node, and
// when they span nodes, the first member of each node. Failures of collectives inside file calls are
// Weft's, never the program's: they end the job.
void make_file_communicators(const weft_comm_s& parent, weft_file_s& file) {
  file.comm = new_intracommunicator(parent, parent.local, agree_on_context(parent));
  release(file.comm->errhandler);
  file.comm->errhandler = MPI_ERRORS_ARE_FATAL;
  PMPI_Comm_split_type(file.comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &file.node);
  if (comm_size(file.node) != comm_size(file.comm))
    PMPI_Comm_split(file.comm, comm_rank(file.node) == 0 ? 0 : MPI_UNDEFINED, 0, &file.leaders);
}

// Collective over `file`'s members: `run` on the member of rank 0, whose errno all members return.
template <class Run>
int on_rank_zero(MPI_File file, Run run) {
  int error = 0;
  if (comm_rank(file->comm) == 0) error = run();
  PMPI_Bcast(&error, 1, MPI_INT, 0, file->comm);
  return error;
}

}  // namespace

WEFT_PMPI_ALIAS(File_open)
extern "C" int PMPI_File_open(MPI_Comm comm, const char* filename, int amode, MPI_Info info, MPI_File* fh) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_intracommunicator(call, comm)) return error;
  if (int error = check_output(call, MPI_FILE_NULL, filename, "filename")) return error;
  if (int error = check_amode(call, amode)) return error;
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, MPI_FILE_NULL, info, "info")) return error;
  if (int error = check_output(call, MPI_FILE_NULL, fh, "fh")) return error;

  auto* file = new weft_file_s();
  file->path = filename;
  file->amode = amode;
  file->errhandler = retain(file_null_errhandler());
  file_hints hints = read_hints(info);
  file->hints = hints.entries;
  file->exchange_writes = hints.exchange_writes;
  file->exchange_reads = hints.exchange_reads;
  file->view.filetype = MPI_BYTE->layout;
  make_file_communicators(*resolve(comm), *file);

  int node_rank = comm_rank(file->node), node_size = comm_size(file->node);
  int worker = weft::runtime::current_rank()->home->index();
  std::vector<int> workers(node_size);
  PMPI_Allgather(&worker, 1, MPI_INT, workers.data(), 1, MPI_INT, file->node);

  // Rank 0 first, alone with MPI_MODE_CREATE and MPI_MODE_EXCL; then the first member of each other node.
  std::shared_ptr<node_file> shared;
  auto open_here = [&](int flags) {
    io::posix_file opened;
    int error = opened.open(filename, flags);
    if (error == 0)
      shared = std::make_shared<node_file>(std::move(opened), node_size, choose_aggregators(workers, hints.aggregators),
                                           hints.buffer_bytes);
    return error;
  };
  int error = on_rank_zero(file, [&] { return open_here(open_flags(amode)); });
  if (error == 0 && node_rank == 0 && comm_rank(file->comm) != 0)
    error = open_here(open_flags(amode) & ~(O_CREAT | O_EXCL));
  int any_error = 0;
  PMPI_Allreduce(&error, &any_error, 1, MPI_INT, MPI_MAX, file->comm);
  if (any_error != 0) {
    release(file);
    if (error == 0) error = any_error;
    return raise_io_error(MPI_FILE_NULL, call, error, "cannot open", filename);
  }
  // The node's first member hands its shared state to the others; it holds its reference until then.
  node_file* made = shared.get();
  PMPI_Bcast(&made, sizeof(node_file*), MPI_BYTE, 0, file->node);
  file->shared = shared != nullptr ? shared : made->shared_from_this();
  // The pointers of an appending file start at its end as every member found it before any returned.
  if ((amode & MPI_MODE_APPEND) != 0) file->position = static_cast<MPI_Offset>(file->shared->file.size().size);
  open_shared_pointer(file, file->position);
  PMPI_Barrier(file->comm);
  *fh = file;
  return MPI_SUCCESS;
}

// Collective. Every member's transfers are over when all have called it; then the node's descriptor is
// closed (its error reported by all of the node's members) and a file opened MPI_MODE_DELETE_ON_CLOSE
// removed by rank 0.
WEFT_PMPI_ALIAS(File_close)
extern "C" int PMPI_File_close(MPI_File* fh) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_FILE_NULL, fh, "fh")) return error;
  if (int error = check_file(call, *fh)) return error;
  MPI_File file = *fh;
  if (file->split) [[unlikely]]
    return raise_error(file, MPI_ERR_OTHER, call, "%s is still under way (the _end call is missing)",
                       file->split->call);
  // Closing with nonblocking transfers not completed is the program's error (MPI-3.1, 13.2.2); they finish
  // first, so that none writes to a closed descriptor and no data is lost.
  finish_transfers(file);
  close_shared_pointer(file);
  PMPI_Barrier(file->node);
  int error = comm_rank(file->node) == 0 ? file->shared->file.close() : 0;
  PMPI_Bcast(&error, 1, MPI_INT, 0, file->node);
  if ((file->amode & MPI_MODE_DELETE_ON_CLOSE) != 0) {
    PMPI_Barrier(file->comm);
    if (comm_rank(file->comm) == 0) ::unlink(file->path.c_str());
  }
  std::string path = file->path;
  // The error of the close goes to the handler the file had, before the handle becomes MPI_FILE_NULL.
  int reported = error != 0 ? raise_io_error(file, call, error, "closing", path) : MPI_SUCCESS;
  release(file);
  *fh = MPI_FILE_NULL;
  return reported;
}

WEFT_PMPI_ALIAS(File_delete)
extern "C" int PMPI_File_delete(const char* filename, MPI_Info info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_FILE_NULL, filename, "filename")) return error;
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, MPI_FILE_NULL, info, "info")) return error;
  if (::unlink(filename) != 0) return raise_io_error(MPI_FILE_NULL, call, errno, "cannot delete", filename);
  return MPI_SUCCESS;
}

namespace {

// MPI_File_set_size and MPI_File_preallocate: collective; rank 0 changes the file once every member's
// transfers before the call are done, and no member still looks at the size from before.
template <class Change>
int change_size(const char* call, MPI_File fh, MPI_Offset size, const char* what, Change change) {
  if (int error = check_file(call, fh)) return error;
  if (size < 0) return raise_error(fh, MPI_ERR_ARG, call, "negative size %lld", static_cast<long long>(size));
  if (int error = check_access(call, fh, false)) return error;
  finish_transfers(fh);
  PMPI_Barrier(fh->comm);
  int error = on_rank_zero(fh, [&] { return change(fh->shared->file, static_cast<std::uint64_t>(size)); });
  if (error != 0) return raise_io_error(fh, call, error, what, fh->path);
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(File_set_size)
extern "C" int PMPI_File_set_size(MPI_File fh, MPI_Offset size) {
  const call_guard guard(WEFT_CALL_NAME);
  return change_size(WEFT_CALL_NAME, fh, size, "cannot resize",
                     [](const io::posix_file& file, std::uint64_t bytes) { return file.resize(bytes); });
}

WEFT_PMPI_ALIAS(File_preallocate)
extern "C" int PMPI_File_preallocate(MPI_File fh, MPI_Offset size) {
  const call_guard guard(WEFT_CALL_NAME);
  return change_size(WEFT_CALL_NAME, fh, size, "cannot preallocate",
                     [](const io::posix_file& file, std::uint64_t bytes) { return file.preallocate(bytes); });
}

WEFT_PMPI_ALIAS(File_get_size)
extern "C" int PMPI_File_get_size(MPI_File fh, MPI_Offset* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_output(call, fh, size, "size")) return error;
  io::posix_file::size_result found = fh->shared->file.size();
  if (found.error != 0) return raise_io_error(fh, call, found.error, "cannot read the size of", fh->path);
  *size = static_cast<MPI_Offset>(found.size);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_get_group)
extern "C" int PMPI_File_get_group(MPI_File fh, MPI_Group* group) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_output(call, fh, group, "group")) return error;
  return PMPI_Comm_group(fh->comm, group);
}

WEFT_PMPI_ALIAS(File_get_amode)
extern "C" int PMPI_File_get_amode(MPI_File fh, int* amode) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_output(call, fh, amode, "amode")) return error;
  *amode = fh->amode;
  return MPI_SUCCESS;
}

// Collective. The aggregation hints take effect at the next opening; they are kept and reported now.
WEFT_PMPI_ALIAS(File_set_info)
extern "C" int PMPI_File_set_info(MPI_File fh, MPI_Info info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, fh, info, "info")) return error;
  file_hints hints = read_hints(info, fh->hints);
  fh->hints = hints.entries;
  // Collective, with the same hints everywhere: the nodes' first members keep deciding alike.
  fh->exchange_writes = hints.exchange_writes;
  fh->exchange_reads = hints.exchange_reads;
  return MPI_SUCCESS;
}

// The hints in use: those Weft reads with their values, then the others the program set.
WEFT_PMPI_ALIAS(File_get_info)
extern "C" int PMPI_File_get_info(MPI_File fh, MPI_Info* info_used) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_output(call, fh, info_used, "info_used")) return error;
  auto* info = new weft_info_s;
  const io::collective_buffering& buffering = fh->shared->buffering;
  info->entries.emplace_back("cb_buffer_size", std::to_string(buffering.buffer_bytes()));
  info->entries.emplace_back("cb_nodes", std::to_string(buffering.aggregator_count()));
  info->entries.emplace_back("romio_cb_write", exchange_name(fh->exchange_writes));
  info->entries.emplace_back("romio_cb_read", exchange_name(fh->exchange_reads));
  for (const auto& entry : fh->hints)
    if (entry.first != "cb_buffer_size" && entry.first != "cb_nodes" && entry.first != "romio_cb_write" &&
        entry.first != "romio_cb_read")
      info->entries.push_back(entry);
  *info_used = info;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_set_atomicity)
extern "C" int PMPI_File_set_atomicity(MPI_File fh, int flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  finish_transfers(fh);  // they read the mode
  PMPI_Barrier(fh->comm);
  fh->atomic = flag != 0;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_get_atomicity)
extern "C" int PMPI_File_get_atomicity(MPI_File fh, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (int error = check_output(call, fh, flag, "flag")) return error;
  *flag = fh->atomic ? 1 : 0;
  return MPI_SUCCESS;
}

// Collective: the node's members share a descriptor, so one fsync after all of them arrived serves them.
WEFT_PMPI_ALIAS(File_sync)
extern "C" int PMPI_File_sync(MPI_File fh) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_file(call, fh)) return error;
  if (fh->split) [[unlikely]]
    return raise_error(fh, MPI_ERR_OTHER, call, "%s is still under way (the _end call is missing)", fh->split->call);
  finish_transfers(fh);
  PMPI_Barrier(fh->node);
  int error = comm_rank(fh->node) == 0 ? fh->shared->file.sync() : 0;
  PMPI_Bcast(&error, 1, MPI_INT, 0, fh->node);
  if (error != 0) return raise_io_error(fh, call, error, "cannot sync", fh->path);
  return MPI_SUCCESS;
}
