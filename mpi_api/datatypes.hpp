#pragma once
// Derived datatype objects, and buffers of MPI calls as the on-node layer sees them: count elements of
// a datatype's layout.

#include <mpi.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "mpi_api/handles.hpp"
#include "shm/typed_copy.hpp"

namespace weft::mpi {

// A new derived datatype with its constructor's arguments; it holds the datatypes among them, and
// `basis` (see weft_datatype_s).
std::unique_ptr<weft_datatype_s> derived(shm::type_layout::pointer layout, int combiner, std::vector<int> integers,
                                         std::vector<MPI_Aint> addresses, std::vector<MPI_Datatype> types,
                                         MPI_Datatype basis = nullptr);

// How a constructor's arguments are kept for MPI_Type_get_contents: as the int form gives them, or as the
// large-count form does (every count and displacement an MPI_Count).
enum class contents_form { ints, large };

// Keeps `counts`, the integer arguments of the constructor that made `type` (whole, as MPI_Count), in the
// given form: in `integers` for the int form; for the large-count form, the counts and displacements
// (`addresses` too) move to `large_counts` in MPI-4.1's order, and only the other integers stay.
void keep_counts(weft_datatype_s& type, const std::vector<MPI_Count>& counts, contents_form form);

// Reports, as `call`'s error, a new datatype whose displacements, bounds or size MPI_Aint cannot hold
// (the layout constructors give nullptr).
int report_too_large(const char* call);

// The calling rank's attributes on a predefined datatype.
attribute_list& attributes_of_predefined(MPI_Datatype datatype);

// The predefined datatypes by number, the same in every process of the job: how messages between node
// processes name one. predefined_index takes a predefined datatype.
std::uint32_t predefined_index(MPI_Datatype datatype) noexcept;
MPI_Datatype predefined_at(std::uint32_t index) noexcept;

// Whether MPI_Type_create_f90_* made the datatype: such types are never freed (parameterized_types.cpp).
bool is_parameterized(MPI_Datatype datatype) noexcept;

// How errors name a datatype: its name, or what made it.
const char* display_name(MPI_Datatype datatype) noexcept;

inline shm::const_typed_span data_of(const void* buffer, int count, MPI_Datatype datatype) noexcept {
  return {static_cast<const std::byte*>(buffer), datatype->layout.get(), static_cast<std::size_t>(count)};
}

inline shm::typed_span room_of(void* buffer, int count, MPI_Datatype datatype) noexcept {
  return {static_cast<std::byte*>(buffer), datatype->layout.get(), static_cast<std::size_t>(count)};
}

// MPI_Type_match_size's search (MPI-3.1, 17.1.9): the types of each typeclass, in the order searched (C's
// for the C call, Fortran's for the Fortran calls). The first of `typeclass` with `size` bytes, or null when
// none has or `typeclass` is not MPI_TYPECLASS_REAL, _INTEGER or _COMPLEX.
struct typeclass_types {
  std::span<const MPI_Datatype> reals, integers, complexes;
};
MPI_Datatype first_of_size(const typeclass_types& types, int typeclass, int size) noexcept;

// Keeps `datatype` alive for as long as `request` may copy through its layout.
inline void hold_datatype(weft_request_s& request, MPI_Datatype datatype) noexcept {
  if (request.datatype == nullptr) request.datatype = retain(datatype);
}

}  // namespace weft::mpi
