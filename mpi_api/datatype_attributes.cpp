// Attributes of datatypes (MPI-3.1, 6.7.4). Derived types hold theirs; the predefined ones are shared by
// all ranks, so each rank keeps its own list for each of them.

#include <memory>
#include <unordered_map>

#include "mpi_api/attributes.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"

using namespace weft::mpi;

attribute_list& weft::mpi::attributes_of_predefined(MPI_Datatype datatype) {
  static weft::runtime::rank_slots<std::unordered_map<MPI_Datatype, attribute_list>> per_rank;
  return per_rank[this_rank_id()][datatype];
}

extern "C" int weft_mpi_type_dup_fn(MPI_Datatype, int, void*, void* attribute_val_in, void* attribute_val_out,
                                    int* flag) {
  *static_cast<void**>(attribute_val_out) = attribute_val_in;
  *flag = 1;
  return MPI_SUCCESS;
}

namespace {

constexpr MPI_Comm no_comm = MPI_COMM_WORLD;

attribute_list& attributes_of(MPI_Datatype datatype) {
  return datatype->is_predefined() ? attributes_of_predefined(datatype) : datatype->attributes;
}

int check_type(const char* call, MPI_Datatype datatype) {
  if (int error = check_ready(call, no_comm)) return error;
  return check_datatype(call, no_comm, datatype);
}

}  // namespace

WEFT_PMPI_ALIAS(Type_create_keyval)
extern "C" int PMPI_Type_create_keyval(MPI_Type_copy_attr_function* type_copy_attr_fn,
                                       MPI_Type_delete_attr_function* type_delete_attr_fn, int* type_keyval,
                                       void* extra_state) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_keyval(WEFT_CALL_NAME, keyval_kind::datatype, reinterpret_cast<void (*)()>(type_copy_attr_fn),
                       reinterpret_cast<void (*)()>(type_delete_attr_fn), extra_state, type_keyval);
}

WEFT_PMPI_ALIAS(Type_free_keyval)
extern "C" int PMPI_Type_free_keyval(int* type_keyval) {
  const call_guard guard(WEFT_CALL_NAME);
  return free_keyval(WEFT_CALL_NAME, keyval_kind::datatype, type_keyval);
}

WEFT_PMPI_ALIAS(Type_set_attr)
extern "C" int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void* attribute_val) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_type(call, datatype)) return error;
  return set_attribute(call, no_comm, keyval_kind::datatype, datatype, attributes_of(datatype), type_keyval,
                       attribute_val);
}

WEFT_PMPI_ALIAS(Type_get_attr)
extern "C" int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void* attribute_val, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_type(call, datatype)) return error;
  return get_attribute(call, no_comm, keyval_kind::datatype, attributes_of(datatype), type_keyval, attribute_val, flag);
}

WEFT_PMPI_ALIAS(Type_delete_attr)
extern "C" int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_type(call, datatype)) return error;
  return delete_attribute(call, no_comm, keyval_kind::datatype, datatype, attributes_of(datatype), type_keyval);
}
