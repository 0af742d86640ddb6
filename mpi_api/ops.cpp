// Reduction operations: the predefined ones, the user's (MPI_Op_create), and their local application
// (MPI_Reduce_local).

#include <memory>

#include "mpi_api/bound_op.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

weft_op_s weft_mpi_op_max{"MPI_MAX", op_max};
weft_op_s weft_mpi_op_min{"MPI_MIN", op_min};
weft_op_s weft_mpi_op_sum{"MPI_SUM", op_sum};
weft_op_s weft_mpi_op_prod{"MPI_PROD", op_prod};
weft_op_s weft_mpi_op_land{"MPI_LAND", op_land};
weft_op_s weft_mpi_op_band{"MPI_BAND", op_band};
weft_op_s weft_mpi_op_lor{"MPI_LOR", op_lor};
weft_op_s weft_mpi_op_bor{"MPI_BOR", op_bor};
weft_op_s weft_mpi_op_lxor{"MPI_LXOR", op_lxor};
weft_op_s weft_mpi_op_bxor{"MPI_BXOR", op_bxor};
weft_op_s weft_mpi_op_maxloc{"MPI_MAXLOC", op_maxloc};
weft_op_s weft_mpi_op_minloc{"MPI_MINLOC", op_minloc};
// For one-sided accumulations only: no datatype has kernels for them.
weft_op_s weft_mpi_op_replace{"MPI_REPLACE", op_replace};
weft_op_s weft_mpi_op_no_op{"MPI_NO_OP", op_no_op};

namespace {

// Calls without a communicator report through MPI_COMM_WORLD's handler.
constexpr MPI_Comm no_comm = MPI_COMM_WORLD;

template <class Function>
int create_op(const char* call, Function* user_fn, int commute, MPI_Op* op) {
  if (int error = check_ready(call, no_comm)) return error;
  if (user_fn == nullptr) [[unlikely]]
    return raise_error(no_comm, MPI_ERR_ARG, call, "argument user_fn is NULL");
  if (int error = check_output(call, no_comm, op, "op")) return error;
  *op = std::make_unique<weft_op_s>(user_fn, commute != 0).release();
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Op_create)
extern "C" int PMPI_Op_create(MPI_User_function* user_fn, int commute, MPI_Op* op) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_op(WEFT_CALL_NAME, user_fn, commute, op);
}

// Its function is called with an MPI_Count length; reductions of more than 2^31 - 1 elements with a user's
// operation are refused all the same (large_counts.hpp).
WEFT_PMPI_ALIAS(Op_create_c)
extern "C" int PMPI_Op_create_c(MPI_User_function_c* user_fn, int commute, MPI_Op* op) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_op(WEFT_CALL_NAME, user_fn, commute, op);
}

WEFT_PMPI_ALIAS(Op_free)
extern "C" int PMPI_Op_free(MPI_Op* op) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_output(call, no_comm, op, "op")) return error;
  if (int error = check_op_handle(call, no_comm, *op)) return error;
  if ((*op)->is_predefined())
    return raise_error(no_comm, MPI_ERR_OP, call, "%s is predefined and cannot be freed", (*op)->name);
  release(*op);
  *op = MPI_OP_NULL;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Op_commutative)
extern "C" int PMPI_Op_commutative(MPI_Op op, int* commute) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_op_handle(call, no_comm, op)) return error;
  if (int error = check_output(call, no_comm, commute, "commute")) return error;
  *commute = op->commutative ? 1 : 0;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Reduce_local)
extern "C" int PMPI_Reduce_local(const void* inbuf, void* inoutbuf, int count, MPI_Datatype datatype, MPI_Op op) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, no_comm)) return error;
  if (inbuf == MPI_IN_PLACE || inoutbuf == MPI_IN_PLACE) [[unlikely]]
    return raise_error(no_comm, MPI_ERR_BUFFER, call, "MPI_IN_PLACE is not allowed");
  if (int error = check_buffer(call, no_comm, inbuf, count, datatype)) return error;
  if (int error = check_buffer(call, no_comm, inoutbuf, count, datatype)) return error;
  if (int error = check_op(call, no_comm, op, datatype)) return error;
  bound_op bound{op, datatype};
  bound.reduction().combine(inbuf, inoutbuf, count);
  return MPI_SUCCESS;
}
