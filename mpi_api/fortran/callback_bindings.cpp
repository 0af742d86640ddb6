// The Fortran bindings of the calls that take a user's procedure: MPI_OP_CREATE and the error handlers
// (flagged Fortran, so the library passes them handles as integers), the keyvals, whose copy and delete
// procedures run behind C trampolines that convert the handle and the attribute value, generalized
// requests, whose query procedure fills a Fortran status, and data representations (MPI_REGISTER_DATAREP),
// whose conversion and extent procedures run behind trampolines too. The
// predefined copy and delete procedures (MPI_COMM_DUP_FN, ...) are Fortran procedures here too.

#include <memory>
#include <type_traits>

#include "mpi_api/fortran/arguments.hpp"
#include "mpi_api/fortran/strings.hpp"
#include "mpi_api/handles.hpp"

namespace {

using weft::fortran::to_c;
using weft::fortran::to_fortran;

template <auto Op_create>
void op_create(weft::mpi::fortran_user_function* function, const MPI_Fint* commute, MPI_Fint* op, MPI_Fint* ierror) {
  MPI_Op made = MPI_OP_NULL;
  *ierror = Op_create(reinterpret_cast<MPI_User_function*>(function), *commute, &made);
  if (*ierror != MPI_SUCCESS) return;
  made->fortran_function = true;
  *op = to_fortran(made);
}

// The large-count form (mpi_f08's MPI_Op_create_c): the procedure takes an INTEGER(KIND=MPI_COUNT_KIND) length.
template <auto Op_create_c>
void op_create_c(weft::mpi::fortran_user_function_c* function, const MPI_Fint* commute, MPI_Fint* op,
                 MPI_Fint* ierror) {
  MPI_Op made = MPI_OP_NULL;
  *ierror = Op_create_c(reinterpret_cast<MPI_User_function_c*>(function), *commute, &made);
  if (*ierror != MPI_SUCCESS) return;
  made->fortran_function = true;
  *op = to_fortran(made);
}

template <auto Create, class Function>
void create_errhandler(weft::mpi::fortran_errhandler_function* function, MPI_Fint* errhandler, MPI_Fint* ierror) {
  MPI_Errhandler made = MPI_ERRHANDLER_NULL;
  *ierror = Create(reinterpret_cast<Function*>(function), &made);
  if (*ierror != MPI_SUCCESS) return;
  made->fortran_function = true;
  *errhandler = to_fortran(made);
}

template <auto Comm_create_errhandler>
void comm_create_errhandler(weft::mpi::fortran_errhandler_function* function, MPI_Fint* errhandler, MPI_Fint* ierror) {
  create_errhandler<Comm_create_errhandler, MPI_Comm_errhandler_function>(function, errhandler, ierror);
}

template <auto Win_create_errhandler>
void win_create_errhandler(weft::mpi::fortran_errhandler_function* function, MPI_Fint* errhandler, MPI_Fint* ierror) {
  create_errhandler<Win_create_errhandler, MPI_Win_errhandler_function>(function, errhandler, ierror);
}

template <auto File_create_errhandler>
void file_create_errhandler(weft::mpi::fortran_errhandler_function* function, MPI_Fint* errhandler, MPI_Fint* ierror) {
  create_errhandler<File_create_errhandler, MPI_File_errhandler_function>(function, errhandler, ierror);
}

template <auto Session_create_errhandler>
void session_create_errhandler(weft::mpi::fortran_errhandler_function* function, MPI_Fint* errhandler,
                               MPI_Fint* ierror) {
  create_errhandler<Session_create_errhandler, MPI_Session_errhandler_function>(function, errhandler, ierror);
}

// A keyval's Fortran procedures and the extra state the program gave. `Value` is the attribute's Fortran
// type: INTEGER(KIND=MPI_ADDRESS_KIND) for MPI-2's calls, INTEGER for MPI-1's MPI_KEYVAL_CREATE.
template <class Value>
struct fortran_keyval {
  using copy_function = void(const MPI_Fint* old_handle, const MPI_Fint* keyval, const Value* extra_state,
                             const Value* value_in, Value* value_out, MPI_Fint* flag, MPI_Fint* ierror);
  using delete_function = void(const MPI_Fint* handle, const MPI_Fint* keyval, const Value* value,
                               const Value* extra_state, MPI_Fint* ierror);
  copy_function* copy;
  delete_function* del;
  Value extra_state;
};

// The C callbacks of a keyval made from Fortran: `extra_state` is its fortran_keyval. An attribute set from
// Fortran holds the integer itself as its void* (MPI-3.1, 17.2.7).
template <class Handle, class Value>
int copy_trampoline(Handle old_handle, int keyval, void* extra_state, void* value_in, void* value_out, int* flag) {
  const auto& procedures = *static_cast<const fortran_keyval<Value>*>(extra_state);
  MPI_Fint handle = to_fortran(old_handle), yes = 0, error = MPI_SUCCESS;
  auto in = static_cast<Value>(reinterpret_cast<MPI_Aint>(value_in));
  Value out = 0;
  procedures.copy(&handle, &keyval, &procedures.extra_state, &in, &out, &yes, &error);
  *static_cast<void**>(value_out) = reinterpret_cast<void*>(static_cast<MPI_Aint>(out));
  *flag = yes != 0;
  return error;
}

template <class Handle, class Value>
int delete_trampoline(Handle handle, int keyval, void* value, void* extra_state) {
  const auto& procedures = *static_cast<const fortran_keyval<Value>*>(extra_state);
  MPI_Fint integer = to_fortran(handle), error = MPI_SUCCESS;
  auto fortran_value = static_cast<Value>(reinterpret_cast<MPI_Aint>(value));
  procedures.del(&integer, &keyval, &fortran_value, &procedures.extra_state, &error);
  return error;
}

// The procedures live as long as the process: the keyval's callbacks may run until its last attribute
// goes, after MPI_*_FREE_KEYVAL; a keyval is made a few times per program.
template <class Handle, class Value, class Create>
int create_keyval(Create create, typename fortran_keyval<Value>::copy_function* copy,
                  typename fortran_keyval<Value>::delete_function* del, MPI_Fint* keyval, const Value* extra_state) {
  auto* procedures = new fortran_keyval<Value>{copy, del, *extra_state};
  return create(copy_trampoline<Handle, Value>, delete_trampoline<Handle, Value>, keyval, procedures);
}

template <auto Comm_create_keyval>
void comm_create_keyval(fortran_keyval<MPI_Aint>::copy_function* copy, fortran_keyval<MPI_Aint>::delete_function* del,
                        MPI_Fint* keyval, const MPI_Aint* extra_state, MPI_Fint* ierror) {
  *ierror = create_keyval<MPI_Comm, MPI_Aint>(Comm_create_keyval, copy, del, keyval, extra_state);
}

template <auto Type_create_keyval>
void type_create_keyval(fortran_keyval<MPI_Aint>::copy_function* copy, fortran_keyval<MPI_Aint>::delete_function* del,
                        MPI_Fint* keyval, const MPI_Aint* extra_state, MPI_Fint* ierror) {
  *ierror = create_keyval<MPI_Datatype, MPI_Aint>(Type_create_keyval, copy, del, keyval, extra_state);
}

template <auto Win_create_keyval>
void win_create_keyval(fortran_keyval<MPI_Aint>::copy_function* copy, fortran_keyval<MPI_Aint>::delete_function* del,
                       MPI_Fint* keyval, const MPI_Aint* extra_state, MPI_Fint* ierror) {
  *ierror = create_keyval<MPI_Win, MPI_Aint>(Win_create_keyval, copy, del, keyval, extra_state);
}

template <auto Keyval_create>
void keyval_create(fortran_keyval<MPI_Fint>::copy_function* copy, fortran_keyval<MPI_Fint>::delete_function* del,
                   MPI_Fint* keyval, const MPI_Fint* extra_state, MPI_Fint* ierror) {
  *ierror = create_keyval<MPI_Comm, MPI_Fint>(Keyval_create, copy, del, keyval, extra_state);
}

// A generalized request's Fortran procedures and the program's extra-state variable, behind C trampolines;
// freed with the request, after its free procedure ran. The procedures get the variable itself, so what they
// change there the program sees, as under MPICH.
struct fortran_grequest {
  using query_function = void(MPI_Aint* extra_state, MPI_Fint* status, MPI_Fint* ierror);
  using free_function = void(MPI_Aint* extra_state, MPI_Fint* ierror);
  using cancel_function = void(MPI_Aint* extra_state, const MPI_Fint* complete, MPI_Fint* ierror);
  query_function* query;
  free_function* free;
  cancel_function* cancel;
  MPI_Aint* extra_state;
};

int grequest_query(void* extra_state, MPI_Status* status) {
  const auto& procedures = *static_cast<const fortran_grequest*>(extra_state);
  MPI_Fint integers[weft::fortran::status_size] = {}, error = MPI_SUCCESS;
  PMPI_Status_c2f(status, integers);
  procedures.query(procedures.extra_state, integers, &error);
  PMPI_Status_f2c(integers, status);
  return error;
}

int grequest_free(void* extra_state) {
  auto* procedures = static_cast<fortran_grequest*>(extra_state);
  MPI_Fint error = MPI_SUCCESS;
  procedures->free(procedures->extra_state, &error);
  delete procedures;
  return error;
}

int grequest_cancel(void* extra_state, int complete) {
  const auto& procedures = *static_cast<const fortran_grequest*>(extra_state);
  MPI_Fint error = MPI_SUCCESS, fortran_complete = complete != 0;
  procedures.cancel(procedures.extra_state, &fortran_complete, &error);
  return error;
}

template <auto Grequest_start>
void grequest_start(fortran_grequest::query_function* query, fortran_grequest::free_function* free,
                    fortran_grequest::cancel_function* cancel, MPI_Aint* extra_state, MPI_Fint* request,
                    MPI_Fint* ierror) {
  auto* procedures = new fortran_grequest{query, free, cancel, extra_state};
  MPI_Request made = MPI_REQUEST_NULL;
  *ierror = Grequest_start(grequest_query, grequest_free, grequest_cancel, procedures, &made);
  if (*ierror != MPI_SUCCESS) {
    delete procedures;
    return;
  }
  *request = to_fortran(made);
}

// A data representation registered from Fortran: its procedures and the value of the program's extra_state,
// whose address they get. Registered representations live as long as the rank (MPI has no unregistering).
struct fortran_datarep {
  using conversion_function = void(void* userbuf, const MPI_Fint* datatype, const MPI_Fint* count, void* filebuf,
                                   const MPI_Offset* position, MPI_Aint* extra_state, MPI_Fint* ierror);
  using extent_function = void(const MPI_Fint* datatype, MPI_Aint* extent, MPI_Aint* extra_state, MPI_Fint* ierror);
  conversion_function* read;
  conversion_function* write;
  extent_function* extent;
  MPI_Aint extra_state;
};

int convert(fortran_datarep::conversion_function* procedure, void* userbuf, MPI_Datatype datatype, int count,
            void* filebuf, MPI_Offset position, void* extra_state) {
  auto& procedures = *static_cast<fortran_datarep*>(extra_state);
  MPI_Fint type = to_fortran(datatype), error = MPI_SUCCESS;
  procedure(userbuf, &type, &count, filebuf, &position, &procedures.extra_state, &error);
  return error;
}

int datarep_read(void* userbuf, MPI_Datatype datatype, int count, void* filebuf, MPI_Offset position,
                 void* extra_state) {
  return convert(static_cast<fortran_datarep*>(extra_state)->read, userbuf, datatype, count, filebuf, position,
                 extra_state);
}

int datarep_write(void* userbuf, MPI_Datatype datatype, int count, void* filebuf, MPI_Offset position,
                  void* extra_state) {
  return convert(static_cast<fortran_datarep*>(extra_state)->write, userbuf, datatype, count, filebuf, position,
                 extra_state);
}

int datarep_extent(MPI_Datatype datatype, MPI_Aint* extent, void* extra_state) {
  auto& procedures = *static_cast<fortran_datarep*>(extra_state);
  MPI_Fint type = to_fortran(datatype), error = MPI_SUCCESS;
  procedures.extent(&type, extent, &procedures.extra_state, &error);
  return error;
}

template <auto Register_datarep>
void register_datarep(const char* datarep, fortran_datarep::conversion_function* read,
                      fortran_datarep::conversion_function* write, fortran_datarep::extent_function* extent,
                      const MPI_Aint* extra_state, MPI_Fint* ierror, std::size_t datarep_length) {
  auto procedures = std::make_unique<fortran_datarep>(fortran_datarep{read, write, extent, *extra_state});
  *ierror = Register_datarep(weft::fortran::from_fortran(datarep, datarep_length).c_str(), datarep_read, datarep_write,
                             datarep_extent, procedures.get());
  if (*ierror == MPI_SUCCESS) static_cast<void>(procedures.release());  // the rank's representation holds it now
}

// The predefined procedures, in their Fortran forms.
template <class Value>
void null_copy(const MPI_Fint*, const MPI_Fint*, const Value*, const Value*, Value*, MPI_Fint* flag, MPI_Fint* ierror) {
  *flag = 0;
  *ierror = MPI_SUCCESS;
}

template <class Value>
void dup_copy(const MPI_Fint*, const MPI_Fint*, const Value*, const Value* value_in, Value* value_out, MPI_Fint* flag,
              MPI_Fint* ierror) {
  *value_out = *value_in;
  *flag = 1;
  *ierror = MPI_SUCCESS;
}

template <class Value>
void null_delete(const MPI_Fint*, const MPI_Fint*, const Value*, const Value*, MPI_Fint* ierror) {
  *ierror = MPI_SUCCESS;
}

}  // namespace

WEFT_FORTRAN_BINDING(op_create, Op_create, op_create,
                     (weft::mpi::fortran_user_function * function, const MPI_Fint* commute, MPI_Fint* op,
                      MPI_Fint* ierror),
                     (function, commute, op, ierror))
WEFT_FORTRAN_BINDING(op_create_c, Op_create_c, op_create_c,
                     (weft::mpi::fortran_user_function_c * function, const MPI_Fint* commute, MPI_Fint* op,
                      MPI_Fint* ierror),
                     (function, commute, op, ierror))
WEFT_FORTRAN_BINDING(comm_create_errhandler, Comm_create_errhandler, comm_create_errhandler,
                     (weft::mpi::fortran_errhandler_function * function, MPI_Fint* errhandler, MPI_Fint* ierror),
                     (function, errhandler, ierror))
WEFT_FORTRAN_BINDING(win_create_errhandler, Win_create_errhandler, win_create_errhandler,
                     (weft::mpi::fortran_errhandler_function * function, MPI_Fint* errhandler, MPI_Fint* ierror),
                     (function, errhandler, ierror))
WEFT_FORTRAN_BINDING(file_create_errhandler, File_create_errhandler, file_create_errhandler,
                     (weft::mpi::fortran_errhandler_function * function, MPI_Fint* errhandler, MPI_Fint* ierror),
                     (function, errhandler, ierror))
WEFT_FORTRAN_BINDING(session_create_errhandler, Session_create_errhandler, session_create_errhandler,
                     (weft::mpi::fortran_errhandler_function * function, MPI_Fint* errhandler, MPI_Fint* ierror),
                     (function, errhandler, ierror))
WEFT_FORTRAN_BINDING(register_datarep, Register_datarep, register_datarep,
                     (const char* datarep, fortran_datarep::conversion_function* read,
                      fortran_datarep::conversion_function* write, fortran_datarep::extent_function* extent,
                      const MPI_Aint* extra_state, MPI_Fint* ierror, std::size_t datarep_length),
                     (datarep, read, write, extent, extra_state, ierror, datarep_length))
WEFT_FORTRAN_BINDING(grequest_start, Grequest_start, grequest_start,
                     (fortran_grequest::query_function * query, fortran_grequest::free_function* free,
                      fortran_grequest::cancel_function* cancel, MPI_Aint* extra_state, MPI_Fint* request,
                      MPI_Fint* ierror),
                     (query, free, cancel, extra_state, request, ierror))
WEFT_FORTRAN_BINDING(comm_create_keyval, Comm_create_keyval, comm_create_keyval,
                     (fortran_keyval<MPI_Aint>::copy_function * copy, fortran_keyval<MPI_Aint>::delete_function* del,
                      MPI_Fint* keyval, const MPI_Aint* extra_state, MPI_Fint* ierror),
                     (copy, del, keyval, extra_state, ierror))
WEFT_FORTRAN_BINDING(type_create_keyval, Type_create_keyval, type_create_keyval,
                     (fortran_keyval<MPI_Aint>::copy_function * copy, fortran_keyval<MPI_Aint>::delete_function* del,
                      MPI_Fint* keyval, const MPI_Aint* extra_state, MPI_Fint* ierror),
                     (copy, del, keyval, extra_state, ierror))
WEFT_FORTRAN_BINDING(win_create_keyval, Win_create_keyval, win_create_keyval,
                     (fortran_keyval<MPI_Aint>::copy_function * copy, fortran_keyval<MPI_Aint>::delete_function* del,
                      MPI_Fint* keyval, const MPI_Aint* extra_state, MPI_Fint* ierror),
                     (copy, del, keyval, extra_state, ierror))
WEFT_FORTRAN_BINDING(keyval_create, Keyval_create, keyval_create,
                     (fortran_keyval<MPI_Fint>::copy_function * copy, fortran_keyval<MPI_Fint>::delete_function* del,
                      MPI_Fint* keyval, const MPI_Fint* extra_state, MPI_Fint* ierror),
                     (copy, del, keyval, extra_state, ierror))

// MPI_COMM_NULL_COPY_FN, MPI_COMM_DUP_FN, ... as mpif.h declares them EXTERNAL; those of datatypes and
// windows are the same procedures under their names.
extern "C" {
void mpi_comm_null_copy_fn_(const MPI_Fint* handle, const MPI_Fint* keyval, const MPI_Aint* extra_state,
                            const MPI_Aint* value_in, MPI_Aint* value_out, MPI_Fint* flag, MPI_Fint* ierror) {
  null_copy(handle, keyval, extra_state, value_in, value_out, flag, ierror);
}
void mpi_comm_dup_fn_(const MPI_Fint* handle, const MPI_Fint* keyval, const MPI_Aint* extra_state,
                      const MPI_Aint* value_in, MPI_Aint* value_out, MPI_Fint* flag, MPI_Fint* ierror) {
  dup_copy(handle, keyval, extra_state, value_in, value_out, flag, ierror);
}
void mpi_comm_null_delete_fn_(const MPI_Fint* handle, const MPI_Fint* keyval, const MPI_Aint* value,
                              const MPI_Aint* extra_state, MPI_Fint* ierror) {
  null_delete(handle, keyval, value, extra_state, ierror);
}
void mpi_null_copy_fn_(const MPI_Fint* handle, const MPI_Fint* keyval, const MPI_Fint* extra_state,
                       const MPI_Fint* value_in, MPI_Fint* value_out, MPI_Fint* flag, MPI_Fint* ierror) {
  null_copy(handle, keyval, extra_state, value_in, value_out, flag, ierror);
}
void mpi_dup_fn_(const MPI_Fint* handle, const MPI_Fint* keyval, const MPI_Fint* extra_state, const MPI_Fint* value_in,
                 MPI_Fint* value_out, MPI_Fint* flag, MPI_Fint* ierror) {
  dup_copy(handle, keyval, extra_state, value_in, value_out, flag, ierror);
}
void mpi_null_delete_fn_(const MPI_Fint* handle, const MPI_Fint* keyval, const MPI_Fint* value,
                         const MPI_Fint* extra_state, MPI_Fint* ierror) {
  null_delete(handle, keyval, value, extra_state, ierror);
}
void mpi_type_null_copy_fn_() __attribute__((alias("mpi_comm_null_copy_fn_")));
void mpi_win_null_copy_fn_() __attribute__((alias("mpi_comm_null_copy_fn_")));
void mpi_type_dup_fn_() __attribute__((alias("mpi_comm_dup_fn_")));
void mpi_win_dup_fn_() __attribute__((alias("mpi_comm_dup_fn_")));
void mpi_type_null_delete_fn_() __attribute__((alias("mpi_comm_null_delete_fn_")));
void mpi_win_null_delete_fn_() __attribute__((alias("mpi_comm_null_delete_fn_")));
}
