// Attributes of communicators: the calls of MPI-3.1, 6.7.2, and their MPI-1 forms (MPI_Keyval_create,
// MPI_Attr_put, ...), which take the same callbacks.

#include "mpi_api/attributes.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

extern "C" int weft_mpi_comm_dup_fn(MPI_Comm, int, void*, void* attribute_val_in, void* attribute_val_out, int* flag) {
  *static_cast<void**>(attribute_val_out) = attribute_val_in;
  *flag = 1;
  return MPI_SUCCESS;
}

namespace {

int set(const char* call, MPI_Comm comm, int keyval, void* value) {
  if (int error = check_ready(call, comm)) return error;
  return set_attribute(call, comm, keyval_kind::communicator, comm, resolve(comm)->attributes, keyval, value);
}

int get(const char* call, MPI_Comm comm, int keyval, void* value, int* flag) {
  if (int error = check_ready(call, comm)) return error;
  return get_attribute(call, comm, keyval_kind::communicator, resolve(comm)->attributes, keyval, value, flag);
}

int remove(const char* call, MPI_Comm comm, int keyval) {
  if (int error = check_ready(call, comm)) return error;
  return delete_attribute(call, comm, keyval_kind::communicator, comm, resolve(comm)->attributes, keyval);
}

}  // namespace

WEFT_PMPI_ALIAS(Comm_create_keyval)
extern "C" int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function* comm_copy_attr_fn,
                                       MPI_Comm_delete_attr_function* comm_delete_attr_fn, int* comm_keyval,
                                       void* extra_state) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_keyval(WEFT_CALL_NAME, keyval_kind::communicator, reinterpret_cast<void (*)()>(comm_copy_attr_fn),
                       reinterpret_cast<void (*)()>(comm_delete_attr_fn), extra_state, comm_keyval);
}

WEFT_PMPI_ALIAS(Comm_free_keyval)
extern "C" int PMPI_Comm_free_keyval(int* comm_keyval) {
  const call_guard guard(WEFT_CALL_NAME);
  return free_keyval(WEFT_CALL_NAME, keyval_kind::communicator, comm_keyval);
}

WEFT_PMPI_ALIAS(Comm_set_attr)
extern "C" int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void* attribute_val) {
  const call_guard guard(WEFT_CALL_NAME);
  return set(WEFT_CALL_NAME, comm, comm_keyval, attribute_val);
}

WEFT_PMPI_ALIAS(Comm_get_attr)
extern "C" int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void* attribute_val, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  return get(WEFT_CALL_NAME, comm, comm_keyval, attribute_val, flag);
}

WEFT_PMPI_ALIAS(Comm_delete_attr)
extern "C" int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval) {
  const call_guard guard(WEFT_CALL_NAME);
  return remove(WEFT_CALL_NAME, comm, comm_keyval);
}

WEFT_PMPI_ALIAS(Keyval_create)
extern "C" int PMPI_Keyval_create(MPI_Copy_function* copy_fn, MPI_Delete_function* delete_fn, int* keyval,
                                  void* extra_state) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_keyval(WEFT_CALL_NAME, keyval_kind::communicator, reinterpret_cast<void (*)()>(copy_fn),
                       reinterpret_cast<void (*)()>(delete_fn), extra_state, keyval);
}

WEFT_PMPI_ALIAS(Keyval_free)
extern "C" int PMPI_Keyval_free(int* keyval) {
  const call_guard guard(WEFT_CALL_NAME);
  return free_keyval(WEFT_CALL_NAME, keyval_kind::communicator, keyval);
}

WEFT_PMPI_ALIAS(Attr_put)
extern "C" int PMPI_Attr_put(MPI_Comm comm, int keyval, void* attribute_val) {
  const call_guard guard(WEFT_CALL_NAME);
  return set(WEFT_CALL_NAME, comm, keyval, attribute_val);
}

WEFT_PMPI_ALIAS(Attr_get)
extern "C" int PMPI_Attr_get(MPI_Comm comm, int keyval, void* attribute_val, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  return get(WEFT_CALL_NAME, comm, keyval, attribute_val, flag);
}

WEFT_PMPI_ALIAS(Attr_delete)
extern "C" int PMPI_Attr_delete(MPI_Comm comm, int keyval) {
  const call_guard guard(WEFT_CALL_NAME);
  return remove(WEFT_CALL_NAME, comm, keyval);
}
