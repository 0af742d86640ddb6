// Generalized requests: operations the program runs itself and completes with MPI_Grequest_complete,
// which another thread of the rank may call, so it touches nothing of the rank's MPI state.

#include <memory>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/scheduler.hpp"

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Grequest_start)
extern "C" int PMPI_Grequest_start(MPI_Grequest_query_function* query_fn, MPI_Grequest_free_function* free_fn,
                                   MPI_Grequest_cancel_function* cancel_fn, void* extra_state, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, request, "request")) return error;
  if (query_fn == nullptr || free_fn == nullptr || cancel_fn == nullptr)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "the query, free and cancel callbacks must all be given");
  auto handle = std::make_unique<weft_request_s>(nullptr);
  handle->operation.emplace<generalized_operation>(query_fn, free_fn, cancel_fn, extra_state,
                                                   weft::runtime::current_rank());
  *request = handle.release();  // owned by the user until a completion call frees it
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Grequest_complete)
extern "C" int PMPI_Grequest_complete(MPI_Request request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (!is_object(request, object_kind::request) || !std::holds_alternative<generalized_operation>(request->operation))
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, WEFT_CALL_NAME, "the request is not a generalized request");
  generalized_operation& operation = std::get<generalized_operation>(request->operation);
  weft::runtime::rank* owner = operation.owner;
  operation.complete.store(true, std::memory_order_release);
  weft::runtime::unpark(owner);  // the owner may be waiting for it
  return MPI_SUCCESS;
}
