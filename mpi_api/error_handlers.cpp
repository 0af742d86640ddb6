// Error handlers of communicators, windows and files: the predefined ones and the user's (MPI-3.1, 8.3). An
// object holds its handler; MPI_Errhandler_free drops the user's reference, and the handler goes when the
// last object using it does. A user's handler serves the kind of object it was made for.

#include <memory>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/file_checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/sessions.hpp"
#include "mpi_api/window_checks.hpp"

using namespace weft::mpi;

namespace {

int check_errhandler(const char* call, error_target target, MPI_Errhandler errhandler) {
  if (errhandler == MPI_ERRHANDLER_NULL)
    return raise_error(target, MPI_ERR_ARG, call, "errhandler is MPI_ERRHANDLER_NULL");
  if (!is_object(errhandler, object_kind::errhandler))
    return raise_error(target, MPI_ERR_ARG, call, "invalid error handler %p", static_cast<void*>(errhandler));
  return MPI_SUCCESS;
}

enum class handled { communicators, windows, files, sessions };

const char* name_of(handled kind) {
  switch (kind) {
    case handled::communicators:
      return "communicators";
    case handled::windows:
      return "windows";
    case handled::files:
      return "files";
    case handled::sessions:
      return "sessions";
  }
  return "";
}

// A handler for the kind of object it is set on: a predefined one, or a user's made for that kind.
int check_errhandler_for(const char* call, error_target target, MPI_Errhandler errhandler, handled kind) {
  if (int error = check_errhandler(call, target, errhandler)) return error;
  if (errhandler->is_predefined()) return MPI_SUCCESS;
  handled made = errhandler->window_function != nullptr    ? handled::windows
                 : errhandler->file_function != nullptr    ? handled::files
                 : errhandler->session_function != nullptr ? handled::sessions
                                                           : handled::communicators;
  if (made == kind) return MPI_SUCCESS;
  return raise_error(target, MPI_ERR_ARG, call, "the error handler was made for %s, not %s", name_of(made),
                     name_of(kind));
}

// Replaces `current` (held) with `errhandler`.
void replace_errhandler(MPI_Errhandler& current, MPI_Errhandler errhandler) {
  MPI_Errhandler previous = current;
  current = retain(errhandler);
  release(previous);
}

int create_comm_errhandler(const char* call, MPI_Comm_errhandler_function* function, MPI_Errhandler* errhandler) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, reinterpret_cast<void*>(function), "comm_errhandler_fn"))
    return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errhandler, "errhandler")) return error;
  *errhandler = new weft_errhandler_s(function);  // the user's reference, until MPI_Errhandler_free
  return MPI_SUCCESS;
}

int set_comm_errhandler(const char* call, MPI_Comm comm, MPI_Errhandler errhandler) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_errhandler_for(call, comm, errhandler, handled::communicators)) return error;
  replace_errhandler(errhandler_of(comm), errhandler);
  return MPI_SUCCESS;
}

int get_comm_errhandler(const char* call, MPI_Comm comm, MPI_Errhandler* errhandler) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, errhandler, "errhandler")) return error;
  *errhandler = retain(errhandler_of(comm));  // a new reference, for MPI_Errhandler_free
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Comm_create_errhandler)
extern "C" int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function* comm_errhandler_fn,
                                           MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_comm_errhandler(WEFT_CALL_NAME, comm_errhandler_fn, errhandler);
}

WEFT_PMPI_ALIAS(Comm_set_errhandler)
extern "C" int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  return set_comm_errhandler(WEFT_CALL_NAME, comm, errhandler);
}

WEFT_PMPI_ALIAS(Comm_get_errhandler)
extern "C" int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  return get_comm_errhandler(WEFT_CALL_NAME, comm, errhandler);
}

// MPI-1's names of the three (removed in MPI-3.0): MPI_Handler_function has the shape of
// MPI_Comm_errhandler_function.
WEFT_PMPI_ALIAS(Errhandler_create)
extern "C" int PMPI_Errhandler_create(MPI_Handler_function* function, MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_comm_errhandler(WEFT_CALL_NAME, function, errhandler);
}

WEFT_PMPI_ALIAS(Errhandler_set)
extern "C" int PMPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  return set_comm_errhandler(WEFT_CALL_NAME, comm, errhandler);
}

WEFT_PMPI_ALIAS(Errhandler_get)
extern "C" int PMPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  return get_comm_errhandler(WEFT_CALL_NAME, comm, errhandler);
}

WEFT_PMPI_ALIAS(Comm_call_errhandler)
extern "C" int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  raise_error(comm, errorcode, call, "called with error code %d", errorcode);
  return MPI_SUCCESS;  // the handler was called (a fatal one does not return)
}

WEFT_PMPI_ALIAS(Errhandler_free)
extern "C" int PMPI_Errhandler_free(MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errhandler, "errhandler")) return error;
  if (int error = check_errhandler(call, MPI_COMM_WORLD, *errhandler)) return error;
  release(*errhandler);  // predefined handlers stay
  *errhandler = MPI_ERRHANDLER_NULL;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_create_errhandler)
extern "C" int PMPI_Win_create_errhandler(MPI_Win_errhandler_function* win_errhandler_fn, MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, reinterpret_cast<void*>(win_errhandler_fn), "win_errhandler_fn"))
    return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errhandler, "errhandler")) return error;
  *errhandler = new weft_errhandler_s(win_errhandler_fn);  // the user's reference, until MPI_Errhandler_free
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_set_errhandler)
extern "C" int PMPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_errhandler_for(call, win, errhandler, handled::windows)) return error;
  replace_errhandler(win->errhandler, errhandler);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_get_errhandler)
extern "C" int PMPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_output(call, win, errhandler, "errhandler")) return error;
  *errhandler = retain(win->errhandler);  // a new reference, for MPI_Errhandler_free
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_call_errhandler)
extern "C" int PMPI_Win_call_errhandler(MPI_Win win, int errorcode) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  raise_error(win, errorcode, call, "called with error code %d", errorcode);
  return MPI_SUCCESS;  // the handler was called (a fatal one does not return)
}

WEFT_PMPI_ALIAS(File_create_errhandler)
extern "C" int PMPI_File_create_errhandler(MPI_File_errhandler_function* file_errhandler_fn,
                                           MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, reinterpret_cast<void*>(file_errhandler_fn), "file_errhandler_fn"))
    return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errhandler, "errhandler")) return error;
  *errhandler = new weft_errhandler_s(file_errhandler_fn);  // the user's reference, until MPI_Errhandler_free
  return MPI_SUCCESS;
}

// On MPI_FILE_NULL it sets the handler of the files the rank opens from then on, and of file errors
// without a file.
WEFT_PMPI_ALIAS(File_set_errhandler)
extern "C" int PMPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (file != MPI_FILE_NULL)
    if (int error = check_file(call, file)) return error;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_errhandler_for(call, file, errhandler, handled::files)) return error;
  replace_errhandler(file != MPI_FILE_NULL ? file->errhandler : file_null_errhandler(), errhandler);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_get_errhandler)
extern "C" int PMPI_File_get_errhandler(MPI_File file, MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (file != MPI_FILE_NULL)
    if (int error = check_file(call, file)) return error;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, file, errhandler, "errhandler")) return error;
  // A new reference, for MPI_Errhandler_free.
  *errhandler = retain(file != MPI_FILE_NULL ? file->errhandler : file_null_errhandler());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(File_call_errhandler)
extern "C" int PMPI_File_call_errhandler(MPI_File fh, int errorcode) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (fh != MPI_FILE_NULL)
    if (int error = check_file(call, fh)) return error;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  raise_error(fh, errorcode, call, "called with error code %d", errorcode);
  return MPI_SUCCESS;  // the handler was called (a fatal one does not return)
}

// Session error handlers may be made before any initialization, as MPI-4.1 allows.
WEFT_PMPI_ALIAS(Session_create_errhandler)
extern "C" int PMPI_Session_create_errhandler(MPI_Session_errhandler_function* session_errhandler_fn,
                                              MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error =
          check_output(call, MPI_COMM_WORLD, reinterpret_cast<void*>(session_errhandler_fn), "session_errhandler_fn"))
    return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errhandler, "errhandler")) return error;
  *errhandler = new weft_errhandler_s(session_errhandler_fn);  // the user's reference, until MPI_Errhandler_free
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_set_errhandler)
extern "C" int PMPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  if (int error = check_errhandler_for(call, session, errhandler, handled::sessions)) return error;
  replace_errhandler(session->errhandler, errhandler);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_get_errhandler)
extern "C" int PMPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  if (int error = check_output(call, session, errhandler, "errhandler")) return error;
  *errhandler = retain(session->errhandler);  // a new reference, for MPI_Errhandler_free
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Session_call_errhandler)
extern "C" int PMPI_Session_call_errhandler(MPI_Session session, int errorcode) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_session(call, session)) return error;
  raise_error(session, errorcode, call, "called with error code %d", errorcode);
  return MPI_SUCCESS;  // the handler was called (a fatal one does not return)
}
