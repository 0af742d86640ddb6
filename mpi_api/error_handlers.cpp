// Error handlers of communicators: the predefined ones and the user's (MPI-3.1, 8.3). A communicator
// holds its handler; MPI_Errhandler_free drops the user's reference, and the handler goes when the last
// communicator using it does.

#include <memory>

#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

namespace {

int check_errhandler(const char* call, MPI_Comm comm, MPI_Errhandler errhandler) {
  if (errhandler == MPI_ERRHANDLER_NULL)
    return raise_error(comm, MPI_ERR_ARG, call, "errhandler is MPI_ERRHANDLER_NULL");
  if (!is_object(errhandler, object_kind::errhandler))
    return raise_error(comm, MPI_ERR_ARG, call, "invalid error handler %p", static_cast<void*>(errhandler));
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Comm_create_errhandler)
extern "C" int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function* comm_errhandler_fn,
                                           MPI_Errhandler* errhandler) {
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
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_errhandler(call, comm, errhandler)) return error;
  MPI_Errhandler& current = errhandler_of(comm);
  MPI_Errhandler previous = current;
  current = retain(errhandler);
  release(previous);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_get_errhandler)
extern "C" int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler* errhandler) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, errhandler, "errhandler")) return error;
  *errhandler = retain(errhandler_of(comm));  // a new reference, for MPI_Errhandler_free
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_call_errhandler)
extern "C" int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  raise_error(comm, errorcode, call, "called with error code %d", errorcode);
  return MPI_SUCCESS;  // the handler was called (a fatal one does not return)
}

WEFT_PMPI_ALIAS(Errhandler_free)
extern "C" int PMPI_Errhandler_free(MPI_Errhandler* errhandler) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, errhandler, "errhandler")) return error;
  if (int error = check_errhandler(call, MPI_COMM_WORLD, *errhandler)) return error;
  release(*errhandler);  // predefined handlers stay
  *errhandler = MPI_ERRHANDLER_NULL;
  return MPI_SUCCESS;
}
