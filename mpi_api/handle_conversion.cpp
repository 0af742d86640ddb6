// MPI_*_c2f and MPI_*_f2c: handles as Fortran integers, through the table of fortran_handles.hpp.

#include <mpi.h>

#include <algorithm>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/errors.hpp"
#include "mpi_api/files.hpp"
#include "mpi_api/fortran_handles.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/sessions.hpp"

namespace weft::mpi {
namespace {

// A handle that is not null and not an object of its kind has no integer: the standard leaves its
// conversion undefined, Weft reports it and answers the null handle's 0.
template <class Handle>
MPI_Fint to_integer(Handle handle, object_kind kind, const char* call) {
  if (handle == nullptr) return 0;
  if (!is_object(handle, kind)) {
    raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "invalid handle %p", static_cast<void*>(handle));
    return 0;
  }
  return fortran_handles().integer_of(*handle);
}

}  // namespace

void forget_fortran_handle(object_header& object) noexcept { fortran_handles().forget(object); }

}  // namespace weft::mpi

using weft::mpi::handle_of;
using weft::mpi::object_kind;
using weft::mpi::to_integer;

// The pair of conversions of one kind of handle. (Each name's WEFT_PMPI_ALIAS stands on a line of its own,
// where the build looks for the functions that are defined.)
#define WEFT_HANDLE_CONVERSIONS(Name, Handle, kind)                    \
  extern "C" MPI_Fint PMPI_##Name##_c2f(Handle handle) {               \
    return to_integer(handle, object_kind::kind, "MPI_" #Name "_c2f"); \
  }                                                                    \
  extern "C" Handle PMPI_##Name##_f2c(MPI_Fint integer) { return handle_of<Handle>(integer, object_kind::kind); }

WEFT_PMPI_ALIAS(Comm_c2f)
WEFT_PMPI_ALIAS(Comm_f2c)
WEFT_HANDLE_CONVERSIONS(Comm, MPI_Comm, communicator)
WEFT_PMPI_ALIAS(Group_c2f)
WEFT_PMPI_ALIAS(Group_f2c)
WEFT_HANDLE_CONVERSIONS(Group, MPI_Group, group)
WEFT_PMPI_ALIAS(Type_c2f)
WEFT_PMPI_ALIAS(Type_f2c)
WEFT_HANDLE_CONVERSIONS(Type, MPI_Datatype, datatype)
WEFT_PMPI_ALIAS(Op_c2f)
WEFT_PMPI_ALIAS(Op_f2c)
WEFT_HANDLE_CONVERSIONS(Op, MPI_Op, op)
WEFT_PMPI_ALIAS(Errhandler_c2f)
WEFT_PMPI_ALIAS(Errhandler_f2c)
WEFT_HANDLE_CONVERSIONS(Errhandler, MPI_Errhandler, errhandler)
WEFT_PMPI_ALIAS(Request_c2f)
WEFT_PMPI_ALIAS(Request_f2c)
WEFT_HANDLE_CONVERSIONS(Request, MPI_Request, request)
WEFT_PMPI_ALIAS(Message_c2f)
WEFT_PMPI_ALIAS(Message_f2c)
WEFT_HANDLE_CONVERSIONS(Message, MPI_Message, message)
WEFT_PMPI_ALIAS(Info_c2f)
WEFT_PMPI_ALIAS(Info_f2c)
WEFT_HANDLE_CONVERSIONS(Info, MPI_Info, info)
WEFT_PMPI_ALIAS(Win_c2f)
WEFT_PMPI_ALIAS(Win_f2c)
WEFT_HANDLE_CONVERSIONS(Win, MPI_Win, window)
WEFT_PMPI_ALIAS(File_c2f)
WEFT_PMPI_ALIAS(File_f2c)
WEFT_HANDLE_CONVERSIONS(File, MPI_File, file)
WEFT_PMPI_ALIAS(Session_c2f)
WEFT_PMPI_ALIAS(Session_f2c)
WEFT_HANDLE_CONVERSIONS(Session, MPI_Session, session)

// A Fortran status is MPI_SOURCE, MPI_TAG, MPI_ERROR, then the received bytes as two integers (low word
// first) and the cancelled flag.
WEFT_PMPI_ALIAS(Status_c2f)
extern "C" int PMPI_Status_c2f(const MPI_Status* c_status, MPI_Fint* f_status) {
  const weft::mpi::call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (c_status == MPI_STATUS_IGNORE)
    return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "c_status is MPI_STATUS_IGNORE");
  if (f_status == nullptr) return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "f_status is NULL");
  auto bytes = static_cast<unsigned long long>(c_status->weft_count);
  f_status[0] = c_status->MPI_SOURCE;
  f_status[1] = c_status->MPI_TAG;
  f_status[2] = c_status->MPI_ERROR;
  f_status[3] = static_cast<MPI_Fint>(bytes & 0xffffffffu);
  f_status[4] = static_cast<MPI_Fint>(bytes >> 32);
  f_status[5] = c_status->weft_cancelled;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Status_f2c)
extern "C" int PMPI_Status_f2c(const MPI_Fint* f_status, MPI_Status* c_status) {
  const weft::mpi::call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (f_status == nullptr) return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "f_status is NULL");
  if (c_status == MPI_STATUS_IGNORE)
    return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "c_status is MPI_STATUS_IGNORE");
  c_status->MPI_SOURCE = f_status[0];
  c_status->MPI_TAG = f_status[1];
  c_status->MPI_ERROR = f_status[2];
  c_status->weft_count =
      static_cast<MPI_Count>(static_cast<unsigned long long>(static_cast<std::uint32_t>(f_status[3])) |
                             static_cast<unsigned long long>(static_cast<std::uint32_t>(f_status[4])) << 32);
  c_status->weft_cancelled = f_status[5];
  return MPI_SUCCESS;
}

// mpi_f08's status is the Fortran status under names: the same integers, copied as they are.
namespace {
constexpr int fortran_status_size = sizeof(MPI_F08_status) / sizeof(MPI_Fint);

const MPI_Fint* integers_of(const MPI_F08_status* status) { return reinterpret_cast<const MPI_Fint*>(status); }
MPI_Fint* integers_of(MPI_F08_status* status) { return reinterpret_cast<MPI_Fint*>(status); }

int copy_status(const MPI_Fint* from, MPI_Fint* to, const char* call, const char* from_name, const char* to_name) {
  if (from == nullptr) return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "%s is NULL", from_name);
  if (to == nullptr) return weft::mpi::raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "%s is NULL", to_name);
  std::copy_n(from, fortran_status_size, to);
  return MPI_SUCCESS;
}
}  // namespace

WEFT_PMPI_ALIAS(Status_c2f08)
extern "C" int PMPI_Status_c2f08(const MPI_Status* c_status, MPI_F08_status* f08_status) {
  return PMPI_Status_c2f(c_status, integers_of(f08_status));
}

WEFT_PMPI_ALIAS(Status_f082c)
extern "C" int PMPI_Status_f082c(const MPI_F08_status* f08_status, MPI_Status* c_status) {
  return PMPI_Status_f2c(integers_of(f08_status), c_status);
}

WEFT_PMPI_ALIAS(Status_f082f)
extern "C" int PMPI_Status_f082f(const MPI_F08_status* f08_status, MPI_Fint* f_status) {
  const weft::mpi::call_guard guard(WEFT_CALL_NAME);
  return copy_status(integers_of(f08_status), f_status, WEFT_CALL_NAME, "f08_status", "f_status");
}

WEFT_PMPI_ALIAS(Status_f2f08)
extern "C" int PMPI_Status_f2f08(const MPI_Fint* f_status, MPI_F08_status* f08_status) {
  const weft::mpi::call_guard guard(WEFT_CALL_NAME);
  return copy_status(f_status, integers_of(f08_status), WEFT_CALL_NAME, "f_status", "f08_status");
}
