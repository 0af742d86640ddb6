// Error handlers of communicators and windows: the predefined ones and the user's (MPI-3.1, 8.3). An
// object holds its handler; MPI_Errhandler_free drops the user's reference, and the handler goes when the
// last object using it does. A user's handler serves the kind of object it was made for.

#include <memory>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
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

// A handler for the kind of object it is set on: a predefined one, or a user's made for that kind.
int check_errhandler_for(const char* call, error_target target, MPI_Errhandler errhandler, bool for_window) {
  if (int error = check_errhandler(call, target, errhandler)) return error;
  if (errhandler->is_predefined() || (errhandler->window_function != nullptr) == for_window) return MPI_SUCCESS;
  return raise_error(target, MPI_ERR_ARG, call, "the error handler was made for %s, not %s",
                     for_window ? "communicators" : "windows", for_window ? "windows" : "communicators");
}

// Replaces `current` (held) with `errhandler`.
void replace_errhandler(MPI_Errhandler& current, MPI_Errhandler errhandler) {
  MPI_Errhandler previous = current;
  current = retain(errhandler);
  release(previous);
}

}  // namespace

WEFT_PMPI_ALIAS(Comm_create_errhandler)
extern "C" int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function* comm_errhandler_fn,
                                           MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, reinterpret_cast<void*>(comm_errhandler_fn), "comm_errhandler_fn"))
    return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errhandler, "errhandler")) return error;
  *errhandler = new weft_errhandler_s(comm_errhandler_fn);  // the user's reference, until MPI_Errhandler_free
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_set_errhandler)
extern "C" int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_errhandler_for(call, comm, errhandler, false)) return error;
  replace_errhandler(errhandler_of(comm), errhandler);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_get_errhandler)
extern "C" int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler* errhandler) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, errhandler, "errhandler")) return error;
  *errhandler = retain(errhandler_of(comm));  // a new reference, for MPI_Errhandler_free
  return MPI_SUCCESS;
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
  if (int error = check_errhandler_for(call, win, errhandler, true)) return error;
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
