#pragma once
// How the arguments of a Fortran call (mpif.h and `use mpi`) become those of the C function, and its outputs
// go back. Fortran passes every argument by reference; a handle is an INTEGER (MPI_*_c2f's), a status an
// INTEGER array of MPI_STATUS_SIZE, a LOGICAL 4 bytes holding 0 or 1 (flang's representation, which C's int
// flags share), and MPI_BOTTOM, MPI_IN_PLACE and MPI_STATUS_IGNORE are variables in COMMON blocks, known
// by their addresses. `argument<C>` converts for one C parameter type C; `call` runs a whole C function.

#include <mpi.h>

#include <cstddef>
#include <tuple>
#include <type_traits>

#include "mpi_api/files.hpp"
#include "mpi_api/fortran_handles.hpp"
#include "mpi_api/sessions.hpp"

namespace weft::fortran {

// Fortran's status: MPI_SOURCE, MPI_TAG, MPI_ERROR, then the rest of MPI_Status_c2f's layout.
inline constexpr int status_size = 6;

}  // namespace weft::fortran

// The COMMON blocks of mpif.h's sentinels, one per block, defined in the library. Their names start with
// weft_mpi_, which the privatizing pass leaves shared: every rank's program sees the library's address.
extern "C" {
extern MPI_Fint weft_mpi_bottom_;
extern MPI_Fint weft_mpi_in_place_;
extern MPI_Fint weft_mpi_status_ignore_[weft::fortran::status_size];
extern MPI_Fint weft_mpi_statuses_ignore_[weft::fortran::status_size];
extern MPI_Fint weft_mpi_errcodes_ignore_;
extern MPI_Fint weft_mpi_unweighted_;
extern MPI_Fint weft_mpi_weights_empty_;
}

namespace weft::fortran {

// A buffer: the address the program passed, or what the sentinel at it stands for.
inline void* buffer(const void* address) noexcept {
  if (address == &weft_mpi_bottom_) return MPI_BOTTOM;
  if (address == &weft_mpi_in_place_) return MPI_IN_PLACE;
  return const_cast<void*>(address);
}

inline bool ignores_status(const MPI_Fint* status) noexcept {
  return status == weft_mpi_status_ignore_ || status == weft_mpi_statuses_ignore_;
}

// The conversions of one kind of handle. An integer is looked up in place (every call converts its
// handles); a handle's integer, an output, through MPI_*_c2f.
template <class Handle>
struct handle_kind;
#define WEFT_FORTRAN_HANDLE_KIND(Handle, Name, kind)                                         \
  template <>                                                                                \
  struct handle_kind<Handle> {                                                               \
    [[gnu::always_inline]] static Handle to_c(MPI_Fint integer) noexcept {                   \
      return mpi::handle_of<Handle>(integer, mpi::object_kind::kind);                        \
    }                                                                                        \
    static MPI_Fint to_fortran(Handle handle) noexcept { return PMPI_##Name##_c2f(handle); } \
  };
WEFT_FORTRAN_HANDLE_KIND(MPI_Comm, Comm, communicator)
WEFT_FORTRAN_HANDLE_KIND(MPI_Group, Group, group)
WEFT_FORTRAN_HANDLE_KIND(MPI_Datatype, Type, datatype)
WEFT_FORTRAN_HANDLE_KIND(MPI_Op, Op, op)
WEFT_FORTRAN_HANDLE_KIND(MPI_Errhandler, Errhandler, errhandler)
WEFT_FORTRAN_HANDLE_KIND(MPI_Request, Request, request)
WEFT_FORTRAN_HANDLE_KIND(MPI_Message, Message, message)
WEFT_FORTRAN_HANDLE_KIND(MPI_Info, Info, info)
WEFT_FORTRAN_HANDLE_KIND(MPI_Win, Win, window)
WEFT_FORTRAN_HANDLE_KIND(MPI_File, File, file)
WEFT_FORTRAN_HANDLE_KIND(MPI_Session, Session, session)
#undef WEFT_FORTRAN_HANDLE_KIND
// MPIX_Halo's objects have no MPIX_*_c2f of their own: their integers come straight from the table.
template <class Handle, mpi::object_kind kind>
struct extension_handle_kind {
  [[gnu::always_inline]] static Handle to_c(MPI_Fint integer) noexcept { return mpi::handle_of<Handle>(integer, kind); }
  static MPI_Fint to_fortran(Handle handle) noexcept {
    return handle == nullptr ? 0 : mpi::fortran_handles().integer_of(*handle);
  }
};
template <>
struct handle_kind<MPI_Halo> : extension_handle_kind<MPI_Halo, mpi::object_kind::halo_cell> {};
template <>
struct handle_kind<MPI_Halo_exchange> : extension_handle_kind<MPI_Halo_exchange, mpi::object_kind::halo_exchange> {};

template <class T>
concept handle = requires(MPI_Fint integer) { handle_kind<T>::to_c(integer); };

template <handle Handle>
Handle to_c(MPI_Fint integer) noexcept {
  return handle_kind<Handle>::to_c(integer);
}

template <handle Handle>
MPI_Fint to_fortran(Handle handle) noexcept {
  return handle_kind<Handle>::to_fortran(handle);
}

// The integer types Fortran has a kind of the same size for: INTEGER, and INTEGER(KIND=MPI_ADDRESS_KIND),
// MPI_OFFSET_KIND and MPI_COUNT_KIND.
template <class T>
concept fortran_integer = std::is_same_v<T, int> || std::is_same_v<T, MPI_Aint> || std::is_same_v<T, MPI_Offset>;

// One C parameter type: `fortran` is what the Fortran caller passes, `c()` the C argument, and `finish`
// writes an output back once the C function succeeded. The primary template is the pass-through of arrays
// and outputs of integers, whose memory C and Fortran lay out alike.
template <class C>
struct argument {
  static_assert(std::is_pointer_v<C>, "no Fortran form for this C parameter type");
  using fortran = C;
  C value;
  argument(fortran f) noexcept : value(f) {}
  C c() const noexcept { return value; }
  void finish(bool) noexcept {}
};

// Integers passed by value in C: by reference in Fortran.
template <fortran_integer C>
struct argument<C> {
  using fortran = const C*;
  C value;
  argument(fortran f) noexcept : value(*f) {}
  C c() const noexcept { return value; }
  void finish(bool) noexcept {}
};

template <handle C>
struct argument<C> {
  using fortran = const MPI_Fint*;
  C value;
  argument(fortran f) noexcept : value(to_c<C>(*f)) {}
  C c() const noexcept { return value; }
  void finish(bool) noexcept {}
};

// A handle the call may set (an output, or an input it frees or commits): written back when it changed.
template <handle C>
struct argument<C*> {
  using fortran = MPI_Fint*;
  MPI_Fint* integer;
  C given, value;
  argument(fortran f) noexcept : integer(f), given(to_c<C>(*f)), value(given) {}
  C* c() noexcept { return &value; }
  void finish(bool) noexcept {
    if (value != given) *integer = to_fortran(value);
  }
};

template <>
struct argument<void*> {
  using fortran = void*;
  void* value;
  argument(fortran f) noexcept : value(buffer(f)) {}
  void* c() const noexcept { return value; }
  void finish(bool) noexcept {}
};

template <>
struct argument<const void*> {
  using fortran = const void*;
  const void* value;
  argument(fortran f) noexcept : value(buffer(f)) {}
  const void* c() const noexcept { return value; }
  void finish(bool) noexcept {}
};

// Single-request calls leave a status's MPI_ERROR as it was (MPI-3.1, 3.2.5): C's starts with Fortran's.
inline MPI_Status status_from(const MPI_Fint* integers) noexcept {
  MPI_Status status{};
  if (!ignores_status(integers)) status.MPI_ERROR = integers[2];
  return status;
}

// One status the call fills.
template <>
struct argument<MPI_Status*> {
  using fortran = MPI_Fint*;
  MPI_Fint* integers;
  MPI_Status status;
  argument(fortran f) noexcept : integers(f), status(status_from(f)) {}
  MPI_Status* c() noexcept { return ignores_status(integers) ? MPI_STATUS_IGNORE : &status; }
  void finish(bool succeeded) noexcept {
    if (succeeded && !ignores_status(integers)) PMPI_Status_c2f(&status, integers);
  }
};

// One status the call reads (MPI_Get_count and its kin).
template <>
struct argument<const MPI_Status*> {
  using fortran = const MPI_Fint*;
  MPI_Status status{};
  argument(fortran f) noexcept { PMPI_Status_f2c(f, &status); }
  const MPI_Status* c() const noexcept { return &status; }
  void finish(bool) noexcept {}
};

// MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY stand where an array of weights goes.
template <>
struct argument<const int*> {
  using fortran = const MPI_Fint*;
  const int* value;
  argument(fortran f) noexcept
      : value(f == &weft_mpi_unweighted_      ? MPI_UNWEIGHTED
              : f == &weft_mpi_weights_empty_ ? MPI_WEIGHTS_EMPTY
                                              : f) {}
  const int* c() const noexcept { return value; }
  void finish(bool) noexcept {}
};

template <>
struct argument<int*> {
  using fortran = MPI_Fint*;
  int* value;
  argument(fortran f) noexcept
      : value(f == &weft_mpi_errcodes_ignore_ ? MPI_ERRCODES_IGNORE
              : f == &weft_mpi_unweighted_    ? MPI_UNWEIGHTED
              : f == &weft_mpi_weights_empty_ ? MPI_WEIGHTS_EMPTY
                                              : f) {}
  int* c() const noexcept { return value; }
  void finish(bool) noexcept {}
};

template <class Function>
struct parameters_of;
template <class... C>
struct parameters_of<int (*)(C...)> {
  using type = std::tuple<argument<C>...>;
};

// Runs Function on the converted arguments and stores its result in ierror.
template <auto Function, class... Fortran>
void call(MPI_Fint* ierror, Fortran... given) {
  typename parameters_of<decltype(Function)>::type arguments{given...};
  int error = std::apply([](auto&... a) { return Function(a.c()...); }, arguments);
  std::apply([&](auto&... a) { (a.finish(error == MPI_SUCCESS), ...); }, arguments);
  *ierror = error;
}

// What a Fortran caller passes for a C parameter of type C.
template <class C>
using fortran_t = typename argument<C>::fortran;

}  // namespace weft::fortran

// Defines the Fortran names of MPI_<Name>: mpi_<lower>_ (weak, for profiling tools) calling MPI_<Name>,
// and pmpi_<lower>_ calling PMPI_<Name>, each through implementation<the C function>; and the names of
// mpi_f08's specific procedures, MPI_<Name>_f08 and PMPI_<Name>_f08, the same functions under the standard's
// linker names (mpi_f08's handle types and statuses are laid out as mpif.h's integers). The parameters end
// with `MPI_Fint* ierror` (before any string lengths), which mpi_f08's interfaces leave out when the
// program does: an absent OPTIONAL argument arrives as a null pointer.
#define WEFT_FORTRAN_BINDING(lower, Name, implementation, parameters, arguments) \
  WEFT_FORTRAN_BINDING_OF(mpi, MPI, lower, Name, implementation, parameters, arguments)
// The same for Weft's extensions, MPIX_<Name>: mpix_<lower>_, pmpix_<lower>_ and MPIX_<Name>_f08.
#define WEFT_FORTRAN_EXTENSION(lower, Name, implementation, parameters, arguments) \
  WEFT_FORTRAN_BINDING_OF(mpix, MPIX, lower, Name, implementation, parameters, arguments)
#define WEFT_FORTRAN_BINDING_OF(prefix, PREFIX, lower, Name, implementation, parameters, arguments) \
  extern "C" [[gnu::weak]] void prefix##_##lower##_ parameters {                                    \
    MPI_Fint unwanted_error;                                                                        \
    if (ierror == nullptr) ierror = &unwanted_error;                                                \
    implementation<PREFIX##_##Name> arguments;                                                      \
  }                                                                                                 \
  extern "C" void p##prefix##_##lower##_ parameters {                                               \
    MPI_Fint unwanted_error;                                                                        \
    if (ierror == nullptr) ierror = &unwanted_error;                                                \
    implementation<P##PREFIX##_##Name> arguments;                                                   \
  }                                                                                                 \
  WEFT_FORTRAN_F08_NAMES(prefix, PREFIX, lower, Name, void, parameters)
// The same for the functions that return a value (MPI_Wtime and the address arithmetic) and take no ierror.
#define WEFT_FORTRAN_FUNCTION(lower, Name, result, parameters, arguments)                    \
  extern "C" [[gnu::weak]] result mpi_##lower##_ parameters { return MPI_##Name arguments; } \
  extern "C" result pmpi_##lower##_ parameters { return PMPI_##Name arguments; }             \
  WEFT_FORTRAN_F08_NAMES(mpi, MPI, lower, Name, result, parameters)
#define WEFT_FORTRAN_F08_NAMES(prefix, PREFIX, lower, Name, result, parameters)                         \
  extern "C" [[gnu::weak, gnu::alias(#prefix "_" #lower "_")]] result PREFIX##_##Name##_f08 parameters; \
  extern "C" [[gnu::alias("p" #prefix "_" #lower "_")]] result P##PREFIX##_##Name##_f08 parameters;
