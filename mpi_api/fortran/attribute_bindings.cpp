// The Fortran bindings of attribute caching. Fortran's attribute values are integers, C's are void*: a value
// set from Fortran is kept as the integer's bits and read back as them, and one set from C reads in Fortran
// as its address (MPI-3.1, 17.2.7). The predefined attributes C reads through a pointer (MPI_TAG_UB, a
// window's size) read in Fortran as the value pointed to; MPI_WIN_BASE is the address itself.

#include "mpi_api/attributes.hpp"
#include "mpi_api/fortran/arguments.hpp"

namespace {

using weft::fortran::to_c;

void* as_pointer(MPI_Aint value) { return reinterpret_cast<void*>(value); }

// What Fortran reads for attribute `keyval` whose C value is `value`: `Object` tells which predefined
// attributes are pointers.
template <class Object>
MPI_Aint fortran_value(int keyval, void* value) {
  if constexpr (std::is_same_v<Object, MPI_Comm>) {
    if (weft::mpi::predefined_attribute(keyval) != nullptr) return *static_cast<const int*>(value);
  } else if constexpr (std::is_same_v<Object, MPI_Win>) {
    switch (keyval) {
      case MPI_WIN_SIZE:
        return *static_cast<const MPI_Aint*>(value);
      case MPI_WIN_DISP_UNIT:
      case MPI_WIN_CREATE_FLAVOR:
      case MPI_WIN_MODEL:
        return *static_cast<const int*>(value);
      default:
        break;
    }
  }
  return reinterpret_cast<MPI_Aint>(value);
}

template <class Object, class Value, auto Get>
void get_attribute(const MPI_Fint* object, const MPI_Fint* keyval, Value* value, MPI_Fint* flag, MPI_Fint* ierror) {
  void* c_value = nullptr;
  const weft::mpi::fortran_attribute_call from_fortran;
  *ierror = Get(to_c<Object>(*object), *keyval, &c_value, flag);
  if (*ierror == MPI_SUCCESS && *flag) *value = static_cast<Value>(fortran_value<Object>(*keyval, c_value));
}

template <class Object, class Value, auto Set>
void set_attribute(const MPI_Fint* object, const MPI_Fint* keyval, const Value* value, MPI_Fint* ierror) {
  const weft::mpi::fortran_attribute_call from_fortran;
  *ierror = Set(to_c<Object>(*object), *keyval, as_pointer(*value));
}

template <auto Comm_get_attr>
void comm_get_attr(const MPI_Fint* comm, const MPI_Fint* keyval, MPI_Aint* value, MPI_Fint* flag, MPI_Fint* ierror) {
  get_attribute<MPI_Comm, MPI_Aint, Comm_get_attr>(comm, keyval, value, flag, ierror);
}
template <auto Type_get_attr>
void type_get_attr(const MPI_Fint* type, const MPI_Fint* keyval, MPI_Aint* value, MPI_Fint* flag, MPI_Fint* ierror) {
  get_attribute<MPI_Datatype, MPI_Aint, Type_get_attr>(type, keyval, value, flag, ierror);
}
template <auto Win_get_attr>
void win_get_attr(const MPI_Fint* win, const MPI_Fint* keyval, MPI_Aint* value, MPI_Fint* flag, MPI_Fint* ierror) {
  get_attribute<MPI_Win, MPI_Aint, Win_get_attr>(win, keyval, value, flag, ierror);
}
// MPI-1's MPI_ATTR_GET: a default INTEGER value.
template <auto Attr_get>
void attr_get(const MPI_Fint* comm, const MPI_Fint* keyval, MPI_Fint* value, MPI_Fint* flag, MPI_Fint* ierror) {
  get_attribute<MPI_Comm, MPI_Fint, Attr_get>(comm, keyval, value, flag, ierror);
}

template <auto Comm_set_attr>
void comm_set_attr(const MPI_Fint* comm, const MPI_Fint* keyval, const MPI_Aint* value, MPI_Fint* ierror) {
  set_attribute<MPI_Comm, MPI_Aint, Comm_set_attr>(comm, keyval, value, ierror);
}
template <auto Type_set_attr>
void type_set_attr(const MPI_Fint* type, const MPI_Fint* keyval, const MPI_Aint* value, MPI_Fint* ierror) {
  set_attribute<MPI_Datatype, MPI_Aint, Type_set_attr>(type, keyval, value, ierror);
}
template <auto Win_set_attr>
void win_set_attr(const MPI_Fint* win, const MPI_Fint* keyval, const MPI_Aint* value, MPI_Fint* ierror) {
  set_attribute<MPI_Win, MPI_Aint, Win_set_attr>(win, keyval, value, ierror);
}
template <auto Attr_put>
void attr_put(const MPI_Fint* comm, const MPI_Fint* keyval, const MPI_Fint* value, MPI_Fint* ierror) {
  set_attribute<MPI_Comm, MPI_Fint, Attr_put>(comm, keyval, value, ierror);
}

}  // namespace

WEFT_FORTRAN_BINDING(comm_get_attr, Comm_get_attr, comm_get_attr,
                     (const MPI_Fint* comm, const MPI_Fint* keyval, MPI_Aint* value, MPI_Fint* flag, MPI_Fint* ierror),
                     (comm, keyval, value, flag, ierror))
WEFT_FORTRAN_BINDING(type_get_attr, Type_get_attr, type_get_attr,
                     (const MPI_Fint* type, const MPI_Fint* keyval, MPI_Aint* value, MPI_Fint* flag, MPI_Fint* ierror),
                     (type, keyval, value, flag, ierror))
WEFT_FORTRAN_BINDING(win_get_attr, Win_get_attr, win_get_attr,
                     (const MPI_Fint* win, const MPI_Fint* keyval, MPI_Aint* value, MPI_Fint* flag, MPI_Fint* ierror),
                     (win, keyval, value, flag, ierror))
WEFT_FORTRAN_BINDING(attr_get, Attr_get, attr_get,
                     (const MPI_Fint* comm, const MPI_Fint* keyval, MPI_Fint* value, MPI_Fint* flag, MPI_Fint* ierror),
                     (comm, keyval, value, flag, ierror))
WEFT_FORTRAN_BINDING(comm_set_attr, Comm_set_attr, comm_set_attr,
                     (const MPI_Fint* comm, const MPI_Fint* keyval, const MPI_Aint* value, MPI_Fint* ierror),
                     (comm, keyval, value, ierror))
WEFT_FORTRAN_BINDING(type_set_attr, Type_set_attr, type_set_attr,
                     (const MPI_Fint* type, const MPI_Fint* keyval, const MPI_Aint* value, MPI_Fint* ierror),
                     (type, keyval, value, ierror))
WEFT_FORTRAN_BINDING(win_set_attr, Win_set_attr, win_set_attr,
                     (const MPI_Fint* win, const MPI_Fint* keyval, const MPI_Aint* value, MPI_Fint* ierror),
                     (win, keyval, value, ierror))
WEFT_FORTRAN_BINDING(attr_put, Attr_put, attr_put,
                     (const MPI_Fint* comm, const MPI_Fint* keyval, const MPI_Fint* value, MPI_Fint* ierror),
                     (comm, keyval, value, ierror))
