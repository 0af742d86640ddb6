#include "mpi_api/errors.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/files.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/rank_state.hpp"
#include "mpi_api/sessions.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"

weft_errhandler_s weft_mpi_errors_are_fatal{"MPI_ERRORS_ARE_FATAL"};
weft_errhandler_s weft_mpi_errors_return{"MPI_ERRORS_RETURN"};
weft_errhandler_s weft_mpi_errors_abort{"MPI_ERRORS_ABORT"};

namespace weft::mpi {
namespace {

struct error_class_entry {
  int code;
  const char* name;
  const char* text;
};

constexpr error_class_entry error_classes[] = {
    {MPI_SUCCESS, "MPI_SUCCESS", "no error"},
    {MPI_ERR_BUFFER, "MPI_ERR_BUFFER", "invalid buffer pointer"},
    {MPI_ERR_COUNT, "MPI_ERR_COUNT", "invalid count argument"},
    {MPI_ERR_TYPE, "MPI_ERR_TYPE", "invalid datatype"},
    {MPI_ERR_TAG, "MPI_ERR_TAG", "invalid tag"},
    {MPI_ERR_COMM, "MPI_ERR_COMM", "invalid communicator"},
    {MPI_ERR_RANK, "MPI_ERR_RANK", "invalid rank"},
    {MPI_ERR_ROOT, "MPI_ERR_ROOT", "invalid root"},
    {MPI_ERR_GROUP, "MPI_ERR_GROUP", "invalid group"},
    {MPI_ERR_OP, "MPI_ERR_OP", "invalid reduce operation"},
    {MPI_ERR_TOPOLOGY, "MPI_ERR_TOPOLOGY", "invalid topology"},
    {MPI_ERR_DIMS, "MPI_ERR_DIMS", "invalid dimension argument"},
    {MPI_ERR_ARG, "MPI_ERR_ARG", "invalid argument"},
    {MPI_ERR_UNKNOWN, "MPI_ERR_UNKNOWN", "unknown error"},
    {MPI_ERR_TRUNCATE, "MPI_ERR_TRUNCATE", "message truncated on receive"},
    {MPI_ERR_OTHER, "MPI_ERR_OTHER", "other error"},
    {MPI_ERR_INTERN, "MPI_ERR_INTERN", "internal error"},
    {MPI_ERR_IN_STATUS, "MPI_ERR_IN_STATUS", "error code is in status"},
    {MPI_ERR_PENDING, "MPI_ERR_PENDING", "pending request"},
    {MPI_ERR_REQUEST, "MPI_ERR_REQUEST", "invalid request"},
    {MPI_ERR_ACCESS, "MPI_ERR_ACCESS", "permission denied"},
    {MPI_ERR_AMODE, "MPI_ERR_AMODE", "invalid file access mode"},
    {MPI_ERR_BAD_FILE, "MPI_ERR_BAD_FILE", "invalid file name"},
    {MPI_ERR_CONVERSION, "MPI_ERR_CONVERSION", "error in a data conversion function"},
    {MPI_ERR_DUP_DATAREP, "MPI_ERR_DUP_DATAREP", "data representation already defined"},
    {MPI_ERR_FILE_EXISTS, "MPI_ERR_FILE_EXISTS", "file exists"},
    {MPI_ERR_FILE_IN_USE, "MPI_ERR_FILE_IN_USE", "file in use"},
    {MPI_ERR_FILE, "MPI_ERR_FILE", "invalid file handle"},
    {MPI_ERR_INFO, "MPI_ERR_INFO", "invalid info object"},
    {MPI_ERR_INFO_KEY, "MPI_ERR_INFO_KEY", "invalid info key"},
    {MPI_ERR_INFO_VALUE, "MPI_ERR_INFO_VALUE", "invalid info value"},
    {MPI_ERR_INFO_NOKEY, "MPI_ERR_INFO_NOKEY", "info key not defined"},
    {MPI_ERR_IO, "MPI_ERR_IO", "I/O error"},
    {MPI_ERR_NAME, "MPI_ERR_NAME", "service name not published"},
    {MPI_ERR_NO_MEM, "MPI_ERR_NO_MEM", "out of memory"},
    {MPI_ERR_NOT_SAME, "MPI_ERR_NOT_SAME", "collective arguments differ between processes"},
    {MPI_ERR_NO_SPACE, "MPI_ERR_NO_SPACE", "no space left"},
    {MPI_ERR_NO_SUCH_FILE, "MPI_ERR_NO_SUCH_FILE", "no such file"},
    {MPI_ERR_PORT, "MPI_ERR_PORT", "invalid port name"},
    {MPI_ERR_QUOTA, "MPI_ERR_QUOTA", "quota exceeded"},
    {MPI_ERR_READ_ONLY, "MPI_ERR_READ_ONLY", "read-only file or file system"},
    {MPI_ERR_SERVICE, "MPI_ERR_SERVICE", "service not published"},
    {MPI_ERR_SPAWN, "MPI_ERR_SPAWN", "cannot spawn processes"},
    {MPI_ERR_UNSUPPORTED_DATAREP, "MPI_ERR_UNSUPPORTED_DATAREP", "unsupported data representation"},
    {MPI_ERR_UNSUPPORTED_OPERATION, "MPI_ERR_UNSUPPORTED_OPERATION", "unsupported operation"},
    {MPI_ERR_WIN, "MPI_ERR_WIN", "invalid window"},
    {MPI_ERR_BASE, "MPI_ERR_BASE", "invalid base address"},
    {MPI_ERR_LOCKTYPE, "MPI_ERR_LOCKTYPE", "invalid lock type"},
    {MPI_ERR_KEYVAL, "MPI_ERR_KEYVAL", "invalid attribute key"},
    {MPI_ERR_RMA_CONFLICT, "MPI_ERR_RMA_CONFLICT", "conflicting accesses to a window"},
    {MPI_ERR_RMA_SYNC, "MPI_ERR_RMA_SYNC", "wrong synchronization of RMA calls"},
    {MPI_ERR_SIZE, "MPI_ERR_SIZE", "invalid size"},
    {MPI_ERR_DISP, "MPI_ERR_DISP", "invalid displacement"},
    {MPI_ERR_ASSERT, "MPI_ERR_ASSERT", "invalid assertion"},
    {MPI_ERR_RMA_RANGE, "MPI_ERR_RMA_RANGE", "target memory outside the window"},
    {MPI_ERR_RMA_ATTACH, "MPI_ERR_RMA_ATTACH", "memory cannot be attached"},
    {MPI_ERR_RMA_SHARED, "MPI_ERR_RMA_SHARED", "memory cannot be shared"},
    {MPI_ERR_RMA_FLAVOR, "MPI_ERR_RMA_FLAVOR", "wrong window flavor"},
    {MPI_ERR_SESSION, "MPI_ERR_SESSION", "invalid session"},
    {MPI_ERR_PROC_ABORTED, "MPI_ERR_PROC_ABORTED", "communication with an aborted process"},
    {MPI_ERR_VALUE_TOO_LARGE, "MPI_ERR_VALUE_TOO_LARGE", "value too large to store"},
    {MPI_ERR_ERRHANDLER, "MPI_ERR_ERRHANDLER", "invalid error handler"},
};

const error_class_entry* find_class(int code) noexcept {
  for (const error_class_entry& entry : error_classes)
    if (entry.code == code) return &entry;
  return nullptr;
}

// Classes and codes added by MPI_Add_error_class/code, numbered from MPI_ERR_LASTCODE + 1 on each rank
// (error codes are per process in MPI). A removed one keeps its number while later ones are in use.
struct added_error {
  int error_class;
  std::string text;
  bool removed = false;
};

std::vector<added_error>& added_errors() {
  static runtime::rank_slots<std::vector<added_error>> per_rank;
  return per_rank[this_rank_id()];
}

added_error* find_added(int code) {
  std::vector<added_error>& added = added_errors();
  if (code <= MPI_ERR_LASTCODE || code > MPI_ERR_LASTCODE + static_cast<int>(added.size())) return nullptr;
  added_error& found = added[code - MPI_ERR_LASTCODE - 1];
  return found.removed ? nullptr : &found;
}

}  // namespace

int last_used_code() noexcept { return MPI_ERR_LASTCODE + static_cast<int>(added_errors().size()); }

// The job's exit status for a fatal error: the class, which fits a status for the predefined ones.
int exit_status_of(int code) noexcept {
  if (added_error* added = find_added(code)) code = added->error_class;
  return code > 0 && code < 256 ? code : MPI_ERR_OTHER;
}

std::string error_name(int code) {
  if (const char* name = error_class_name(code)) return name;
  if (added_error* added = find_added(code))
    return added->error_class == code ? "error class " + std::to_string(code)
                                      : "error code " + std::to_string(code) + " of " + error_name(added->error_class);
  return "MPI_ERR_UNKNOWN";
}

namespace {

constexpr int new_class = -1;

// A new code of `error_class`, or a new class; an error class (<= MPI_ERR_LASTCODE) when none is left.
int add_error(const char* call, int error_class) {
  if (last_used_code() == std::numeric_limits<int>::max())
    return raise_error(MPI_COMM_WORLD, MPI_ERR_OTHER, call, "no error codes are left");
  int code = last_used_code() + 1;
  added_errors().push_back({error_class == new_class ? code : error_class, {}});
  return code;
}

// Removes `added`; the numbers at the end that are all removed go, so that MPI_LASTUSEDCODE comes back down
// and they may be given again (no program holds them any more).
void forget(added_error& added) {
  added.removed = true;
  std::vector<added_error>& all = added_errors();
  while (!all.empty() && all.back().removed) all.pop_back();
}

}  // namespace

const char* error_class_name(int error_class) noexcept {
  const error_class_entry* entry = find_class(error_class);
  return entry != nullptr ? entry->name : nullptr;
}

const char* error_class_text(int error_class) noexcept {
  const error_class_entry* entry = find_class(error_class);
  return entry != nullptr ? entry->text : nullptr;
}

MPI_Errhandler& errhandler_of(MPI_Comm comm) noexcept { return resolve(comm)->errhandler; }

MPI_Errhandler& file_null_errhandler() noexcept { return this_rank().file_errhandler; }

int raise_error(error_target target, int error_class, const char* call, const char* format, ...) {
  // Errors without a valid communicator or window go to MPI_COMM_WORLD's handler, as MPI 3.1 says of
  // errors not tied to an object, those of file calls without a valid file to MPI_FILE_NULL's; before
  // MPI_Init there is no handler to ask, so they are fatal.
  MPI_Win win = is_object(target.win(), object_kind::window) ? target.win() : MPI_WIN_NULL;
  MPI_File file = is_object(target.file(), object_kind::file) ? target.file() : MPI_FILE_NULL;
  MPI_Session session = is_object(target.session(), object_kind::session) ? target.session() : MPI_SESSION_NULL;
  MPI_Comm comm = is_communicator(target.comm()) ? target.comm() : MPI_COMM_WORLD;
  const rank_state& state = this_rank();
  MPI_Errhandler handler = session != MPI_SESSION_NULL                      ? session->errhandler
                           : !state.initialized && state.open_sessions == 0 ? MPI_ERRORS_ARE_FATAL
                           : target.for_file()   ? (file != MPI_FILE_NULL ? file->errhandler : file_null_errhandler())
                           : win != MPI_WIN_NULL ? win->errhandler
                                                 : errhandler_of(comm);
  if (handler == MPI_ERRORS_RETURN) return error_class;
  if (!handler->is_predefined()) {
    int code = error_class;
    if (handler->fortran_function) {
      MPI_Fint integer = session != MPI_SESSION_NULL ? PMPI_Session_c2f(session)
                         : target.for_file()         ? PMPI_File_c2f(file)
                         : win != MPI_WIN_NULL       ? PMPI_Win_c2f(win)
                                                     : PMPI_Comm_c2f(comm);
      auto* function = reinterpret_cast<fortran_errhandler_function*>(
          session != MPI_SESSION_NULL ? reinterpret_cast<void (*)()>(handler->session_function)
          : target.for_file()         ? reinterpret_cast<void (*)()>(handler->file_function)
          : win != MPI_WIN_NULL       ? reinterpret_cast<void (*)()>(handler->window_function)
                                      : reinterpret_cast<void (*)()>(handler->function));
      function(&integer, &code);
    } else if (session != MPI_SESSION_NULL) {
      handler->session_function(&session, &code);
    } else if (target.for_file()) {
      handler->file_function(&file, &code);
    } else if (win != MPI_WIN_NULL) {
      handler->window_function(&win, &code);
    } else {
      handler->function(&comm, &code);
    }
    return error_class;
  }
  char detail[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(detail, sizeof detail, format, args);
  va_end(args);
  runtime::fatal(exit_status_of(error_class), "rank %d: %s: %s: %s", this_rank_id(), call,
                 error_name(error_class).c_str(), detail);
}

}  // namespace weft::mpi

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Error_class)
extern "C" int PMPI_Error_class(int errorcode, int* errorclass) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, errorclass, "errorclass")) return error;
  if (error_class_name(errorcode) != nullptr) {
    *errorclass = errorcode;
    return MPI_SUCCESS;
  }
  if (added_error* added = find_added(errorcode)) {
    *errorclass = added->error_class;
    return MPI_SUCCESS;
  }
  return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "unknown error code %d", errorcode);
}

WEFT_PMPI_ALIAS(Error_string)
extern "C" int PMPI_Error_string(int errorcode, char* string, int* resultlen) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, string, "string")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, resultlen, "resultlen")) return error;
  int length;
  if (const char* name = error_class_name(errorcode)) {
    length = std::snprintf(string, MPI_MAX_ERROR_STRING, "%s: %s", name, error_class_text(errorcode));
  } else if (added_error* added = find_added(errorcode)) {
    length = std::snprintf(string, MPI_MAX_ERROR_STRING, "%s", added->text.c_str());
  } else {
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "unknown error code %d", errorcode);
  }
  *resultlen = length < MPI_MAX_ERROR_STRING ? length : MPI_MAX_ERROR_STRING - 1;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Add_error_class)
extern "C" int PMPI_Add_error_class(int* errorclass) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errorclass, "errorclass")) return error;
  int code = add_error(call, new_class);
  if (code <= MPI_ERR_LASTCODE) return code;
  *errorclass = code;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Add_error_code)
extern "C" int PMPI_Add_error_code(int errorclass, int* errorcode) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errorcode, "errorcode")) return error;
  added_error* added = find_added(errorclass);
  bool is_class = error_class_name(errorclass) != nullptr || (added != nullptr && added->error_class == errorclass);
  if (!is_class) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "%d is not an error class", errorclass);
  int code = add_error(call, errorclass);
  if (code <= MPI_ERR_LASTCODE) return code;
  *errorcode = code;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Add_error_string)
extern "C" int PMPI_Add_error_string(int errorcode, const char* string) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, string, "string")) return error;
  added_error* added = find_added(errorcode);
  if (added == nullptr)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call,
                       "%d is not a code added by MPI_Add_error_class or MPI_Add_error_code", errorcode);
  added->text.assign(string, strnlen(string, MPI_MAX_ERROR_STRING - 1));
  return MPI_SUCCESS;
}

// MPI-4.1, 9.5: what was added is removed in the reverse order: a string before its code or class, the codes
// of a class before the class.
WEFT_PMPI_ALIAS(Remove_error_string)
extern "C" int PMPI_Remove_error_string(int errorcode) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  added_error* added = find_added(errorcode);
  if (added == nullptr)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call,
                       "%d is not a code or class added by MPI_Add_error_class or MPI_Add_error_code", errorcode);
  if (added->text.empty())
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "error %d has no string to remove", errorcode);
  added->text.clear();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Remove_error_code)
extern "C" int PMPI_Remove_error_code(int errorcode) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  added_error* added = find_added(errorcode);
  if (added == nullptr || added->error_class == errorcode)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "%d is not a code added by MPI_Add_error_code", errorcode);
  if (!added->text.empty())
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call,
                       "error code %d still has a string; remove it first (MPI_Remove_error_string)", errorcode);
  forget(*added);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Remove_error_class)
extern "C" int PMPI_Remove_error_class(int errorclass) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  added_error* added = find_added(errorclass);
  if (added == nullptr || added->error_class != errorclass)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "%d is not a class added by MPI_Add_error_class", errorclass);
  if (!added->text.empty())
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call,
                       "error class %d still has a string; remove it first (MPI_Remove_error_string)", errorclass);
  for (int code = MPI_ERR_LASTCODE + 1; code <= last_used_code(); ++code)
    if (added_error* other = find_added(code);
        other != nullptr && code != errorclass && other->error_class == errorclass)
      return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call,
                         "error class %d still has code %d; remove its codes first (MPI_Remove_error_code)", errorclass,
                         code);
  forget(*added);
  return MPI_SUCCESS;
}
