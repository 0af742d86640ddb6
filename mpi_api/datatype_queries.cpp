// What can be asked of a datatype: size, bounds, how it was made, how many elements a status holds; and
// the address arithmetic that builds datatypes of absolute addresses.

#include <algorithm>
#include <climits>
#include <cstdint>
#include <iterator>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

namespace {

constexpr MPI_Comm no_comm = MPI_COMM_WORLD;

int check_query(const char* call, MPI_Datatype datatype) { return check_datatype(call, no_comm, datatype); }

template <class Count>
int bounds(const char* call, MPI_Datatype datatype, Count* lb, Count* extent, bool true_bounds) {
  if (int error = check_query(call, datatype)) return error;
  if (int error = check_output(call, no_comm, lb, true_bounds ? "true_lb" : "lb")) return error;
  if (int error = check_output(call, no_comm, extent, true_bounds ? "true_extent" : "extent")) return error;
  const weft::shm::type_layout& layout = *datatype->layout;
  *lb = static_cast<Count>(true_bounds ? layout.true_lb() : layout.lb());
  *extent = static_cast<Count>(true_bounds ? layout.true_extent() : layout.extent());
  return MPI_SUCCESS;
}

// The int forms of the envelope and contents cannot give a large-count constructor's arguments.
int check_int_counts(const char* call, MPI_Datatype datatype) {
  if (datatype->large_counts.empty()) return MPI_SUCCESS;
  return raise_error(no_comm, MPI_ERR_TYPE, call,
                     "%s was made by a large-count constructor (MPI_Type_*_c): "
                     "MPI_Type_get_envelope_c and MPI_Type_get_contents_c give its arguments",
                     display_name(datatype));
}

// MPI_Type_get_envelope and its large-count form (which alone gives `num_large_counts`).
template <class Count>
int envelope(const char* call, MPI_Datatype datatype, Count* num_integers, Count* num_addresses,
             Count* num_large_counts, Count* num_datatypes, int* combiner, bool large_form) {
  if (int error = check_query(call, datatype)) return error;
  if (int error = check_output(call, no_comm, num_integers, "num_integers")) return error;
  if (int error = check_output(call, no_comm, num_addresses, "num_addresses")) return error;
  if (large_form)
    if (int error = check_output(call, no_comm, num_large_counts, "num_large_counts")) return error;
  if (int error = check_output(call, no_comm, num_datatypes, "num_datatypes")) return error;
  if (int error = check_output(call, no_comm, combiner, "combiner")) return error;
  if (!large_form)
    if (int error = check_int_counts(call, datatype)) return error;
  *num_integers = static_cast<Count>(datatype->integers.size());
  *num_addresses = static_cast<Count>(datatype->addresses.size());
  if (large_form) *num_large_counts = static_cast<Count>(datatype->large_counts.size());
  *num_datatypes = static_cast<Count>(datatype->types.size());
  *combiner = datatype->combiner;
  return MPI_SUCCESS;
}

// MPI_Type_get_contents and its large-count form (which alone has `array_of_large_counts`).
template <class Count>
int contents(const char* call, MPI_Datatype datatype, Count max_integers, Count max_addresses, Count max_large_counts,
             Count max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[],
             MPI_Count array_of_large_counts[], MPI_Datatype array_of_datatypes[], bool large_form) {
  if (int error = check_query(call, datatype)) return error;
  if (datatype->is_predefined())
    return raise_error(no_comm, MPI_ERR_TYPE, call, "%s is predefined: it has no contents", display_name(datatype));
  if (!large_form)
    if (int error = check_int_counts(call, datatype)) return error;
  auto fits = [&](std::size_t needed, Count room, const void* array, const char* name) {
    if (room < 0 || static_cast<std::size_t>(room) < needed)
      return raise_error(no_comm, MPI_ERR_ARG, call,
                         "%s has room for %lld entries; the datatype has %zu (see "
                         "MPI_Type_get_envelope)",
                         name, static_cast<long long>(room), needed);
    return needed == 0 ? MPI_SUCCESS : check_output(call, no_comm, array, name);
  };
  const weft_datatype_s& type = *datatype;
  if (int error = fits(type.integers.size(), max_integers, array_of_integers, "array_of_integers")) return error;
  if (int error = fits(type.addresses.size(), max_addresses, array_of_addresses, "array_of_addresses")) return error;
  if (large_form)
    if (int error = fits(type.large_counts.size(), max_large_counts, array_of_large_counts, "array_of_large_counts"))
      return error;
  if (int error = fits(type.types.size(), max_datatypes, array_of_datatypes, "array_of_datatypes")) return error;
  std::copy(type.integers.begin(), type.integers.end(), array_of_integers);
  std::copy(type.addresses.begin(), type.addresses.end(), array_of_addresses);
  std::copy(type.large_counts.begin(), type.large_counts.end(), array_of_large_counts);
  // Derived types come back as new handles, which the caller frees.
  for (std::size_t i = 0; i < type.types.size(); ++i) array_of_datatypes[i] = retain(type.types[i]);
  return MPI_SUCCESS;
}

// MPI-1's MPI_Type_extent, MPI_Type_lb and MPI_Type_ub: one of the bounds.
enum class bound { extent, lb, ub };
int one_bound(const char* call, MPI_Datatype datatype, MPI_Aint* value, bound which) {
  if (int error = check_query(call, datatype)) return error;
  if (int error = check_output(call, no_comm, value, which == bound::extent ? "extent" : "displacement")) return error;
  const weft::shm::type_layout& layout = *datatype->layout;
  *value = which == bound::extent ? layout.extent() : which == bound::lb ? layout.lb() : layout.ub();
  return MPI_SUCCESS;
}

int address_of(const char* call, const void* location, MPI_Aint* address) {
  if (int error = check_output(call, no_comm, address, "address")) return error;
  *address = static_cast<MPI_Aint>(reinterpret_cast<std::uintptr_t>(location));
  return MPI_SUCCESS;
}

int size_of(const char* call, MPI_Datatype datatype, MPI_Count* size) {
  if (int error = check_query(call, datatype)) return error;
  if (int error = check_output(call, no_comm, size, "size")) return error;
  *size = static_cast<MPI_Count>(datatype->layout->size());
  return MPI_SUCCESS;
}

// Basic elements in a status's message; MPI_UNDEFINED when it ends inside one.
MPI_Count elements_in(const MPI_Status* status, MPI_Datatype datatype) {
  auto bytes = static_cast<std::size_t>(status->weft_count);
  if (datatype->layout->size() == 0) return 0;
  weft::shm::type_layout::element_count counted = datatype->layout->basic_elements(bytes);
  return counted.ends_inside ? MPI_UNDEFINED : static_cast<MPI_Count>(counted.whole);
}

int check_elements(const char* call, const MPI_Status* status, MPI_Datatype datatype, const void* count) {
  if (int error = check_output(call, no_comm, status, "status")) return error;
  if (int error = check_query(call, datatype)) return error;
  return check_output(call, no_comm, count, "count");
}

int count_elements(const char* call, const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count) {
  if (int error = check_elements(call, status, datatype, count)) return error;
  *count = elements_in(status, datatype);
  return MPI_SUCCESS;
}

int set_elements(const char* call, MPI_Status* status, MPI_Datatype datatype, MPI_Count count) {
  if (int error = check_elements(call, status, datatype, status)) return error;
  if (count < 0) return raise_error(no_comm, MPI_ERR_COUNT, call, "negative count %lld", static_cast<long long>(count));
  status->weft_count = static_cast<MPI_Count>(datatype->layout->bytes_of_elements(static_cast<std::size_t>(count)));
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Type_size_x)
extern "C" int PMPI_Type_size_x(MPI_Datatype datatype, MPI_Count* size) {
  const call_guard guard(WEFT_CALL_NAME);
  return size_of(WEFT_CALL_NAME, datatype, size);
}

// The large-count forms of MPI-4 are the _x forms of MPI-3 under new names.
WEFT_PMPI_ALIAS(Type_size_c)
extern "C" int PMPI_Type_size_c(MPI_Datatype datatype, MPI_Count* size) {
  const call_guard guard(WEFT_CALL_NAME);
  return size_of(WEFT_CALL_NAME, datatype, size);
}

WEFT_PMPI_ALIAS(Type_get_extent_c)
extern "C" int PMPI_Type_get_extent_c(MPI_Datatype datatype, MPI_Count* lb, MPI_Count* extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return bounds(WEFT_CALL_NAME, datatype, lb, extent, false);
}

WEFT_PMPI_ALIAS(Type_get_true_extent_c)
extern "C" int PMPI_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count* true_lb, MPI_Count* true_extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return bounds(WEFT_CALL_NAME, datatype, true_lb, true_extent, true);
}

WEFT_PMPI_ALIAS(Get_elements_c)
extern "C" int PMPI_Get_elements_c(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count) {
  const call_guard guard(WEFT_CALL_NAME);
  return count_elements(WEFT_CALL_NAME, status, datatype, count);
}

WEFT_PMPI_ALIAS(Type_get_extent)
extern "C" int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint* lb, MPI_Aint* extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return bounds(WEFT_CALL_NAME, datatype, lb, extent, false);
}

WEFT_PMPI_ALIAS(Type_extent)
extern "C" int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint* extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return one_bound(WEFT_CALL_NAME, datatype, extent, bound::extent);
}

WEFT_PMPI_ALIAS(Type_lb)
extern "C" int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint* displacement) {
  const call_guard guard(WEFT_CALL_NAME);
  return one_bound(WEFT_CALL_NAME, datatype, displacement, bound::lb);
}

WEFT_PMPI_ALIAS(Type_ub)
extern "C" int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint* displacement) {
  const call_guard guard(WEFT_CALL_NAME);
  return one_bound(WEFT_CALL_NAME, datatype, displacement, bound::ub);
}

WEFT_PMPI_ALIAS(Type_get_extent_x)
extern "C" int PMPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count* lb, MPI_Count* extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return bounds(WEFT_CALL_NAME, datatype, lb, extent, false);
}

WEFT_PMPI_ALIAS(Type_get_true_extent)
extern "C" int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint* true_lb, MPI_Aint* true_extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return bounds(WEFT_CALL_NAME, datatype, true_lb, true_extent, true);
}

WEFT_PMPI_ALIAS(Type_get_true_extent_x)
extern "C" int PMPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count* true_lb, MPI_Count* true_extent) {
  const call_guard guard(WEFT_CALL_NAME);
  return bounds(WEFT_CALL_NAME, datatype, true_lb, true_extent, true);
}

WEFT_PMPI_ALIAS(Get_elements)
extern "C" int PMPI_Get_elements(const MPI_Status* status, MPI_Datatype datatype, int* count) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_elements(call, status, datatype, count)) return error;
  MPI_Count elements = elements_in(status, datatype);
  *count = elements > INT_MAX ? MPI_UNDEFINED : static_cast<int>(elements);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Get_elements_x)
extern "C" int PMPI_Get_elements_x(const MPI_Status* status, MPI_Datatype datatype, MPI_Count* count) {
  const call_guard guard(WEFT_CALL_NAME);
  return count_elements(WEFT_CALL_NAME, status, datatype, count);
}

WEFT_PMPI_ALIAS(Status_set_elements)
extern "C" int PMPI_Status_set_elements(MPI_Status* status, MPI_Datatype datatype, int count) {
  const call_guard guard(WEFT_CALL_NAME);
  return set_elements(WEFT_CALL_NAME, status, datatype, count);
}

WEFT_PMPI_ALIAS(Status_set_elements_x)
extern "C" int PMPI_Status_set_elements_x(MPI_Status* status, MPI_Datatype datatype, MPI_Count count) {
  const call_guard guard(WEFT_CALL_NAME);
  return set_elements(WEFT_CALL_NAME, status, datatype, count);
}

WEFT_PMPI_ALIAS(Type_get_envelope)
extern "C" int PMPI_Type_get_envelope(MPI_Datatype datatype, int* num_integers, int* num_addresses, int* num_datatypes,
                                      int* combiner) {
  const call_guard guard(WEFT_CALL_NAME);
  return envelope<int>(WEFT_CALL_NAME, datatype, num_integers, num_addresses, nullptr, num_datatypes, combiner, false);
}

WEFT_PMPI_ALIAS(Type_get_envelope_c)
extern "C" int PMPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count* num_integers, MPI_Count* num_addresses,
                                        MPI_Count* num_large_counts, MPI_Count* num_datatypes, int* combiner) {
  const call_guard guard(WEFT_CALL_NAME);
  return envelope(WEFT_CALL_NAME, datatype, num_integers, num_addresses, num_large_counts, num_datatypes, combiner,
                  true);
}

WEFT_PMPI_ALIAS(Type_get_contents)
extern "C" int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                                      int array_of_integers[], MPI_Aint array_of_addresses[],
                                      MPI_Datatype array_of_datatypes[]) {
  const call_guard guard(WEFT_CALL_NAME);
  return contents(WEFT_CALL_NAME, datatype, max_integers, max_addresses, 0, max_datatypes, array_of_integers,
                  array_of_addresses, nullptr, array_of_datatypes, false);
}

WEFT_PMPI_ALIAS(Type_get_contents_c)
extern "C" int PMPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                                        MPI_Count max_large_counts, MPI_Count max_datatypes, int array_of_integers[],
                                        MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                                        MPI_Datatype array_of_datatypes[]) {
  const call_guard guard(WEFT_CALL_NAME);
  return contents(WEFT_CALL_NAME, datatype, max_integers, max_addresses, max_large_counts, max_datatypes,
                  array_of_integers, array_of_addresses, array_of_large_counts, array_of_datatypes, true);
}

WEFT_PMPI_ALIAS(Type_match_size)
extern "C" int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype* datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, no_comm, datatype, "datatype")) return error;
  if (typeclass != MPI_TYPECLASS_REAL && typeclass != MPI_TYPECLASS_INTEGER && typeclass != MPI_TYPECLASS_COMPLEX)
    return raise_error(no_comm, MPI_ERR_ARG, call, "invalid typeclass %d", typeclass);
  // The C types of each class, in the order MPICH searches them.
  static const MPI_Datatype reals[] = {MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE};
  static const MPI_Datatype integers[] = {MPI_SIGNED_CHAR, MPI_SHORT, MPI_INT, MPI_LONG, MPI_LONG_LONG};
  static const MPI_Datatype complexes[] = {MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX, MPI_C_LONG_DOUBLE_COMPLEX};
  if (MPI_Datatype found = first_of_size({reals, integers, complexes}, typeclass, size)) {
    *datatype = found;
    return MPI_SUCCESS;
  }
  return raise_error(no_comm, MPI_ERR_ARG, call, "no type of typeclass %d has %d bytes", typeclass, size);
}

// MPI-4.1, 6.9.4: the predefined pair type of MPI_MINLOC and MPI_MAXLOC for a value type and an index type,
// MPI_DATATYPE_NULL for a pair that has none.
WEFT_PMPI_ALIAS(Type_get_value_index)
extern "C" int PMPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type, MPI_Datatype* pair_type) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_query(call, value_type)) return error;
  if (int error = check_query(call, index_type)) return error;
  if (int error = check_output(call, no_comm, pair_type, "pair_type")) return error;
  struct pair {
    MPI_Datatype value, index, both;
  };
  static const pair pairs[] = {
      {MPI_FLOAT, MPI_INT, MPI_FLOAT_INT},     {MPI_DOUBLE, MPI_INT, MPI_DOUBLE_INT},
      {MPI_LONG, MPI_INT, MPI_LONG_INT},       {MPI_INT, MPI_INT, MPI_2INT},
      {MPI_SHORT, MPI_INT, MPI_SHORT_INT},     {MPI_LONG_DOUBLE, MPI_INT, MPI_LONG_DOUBLE_INT},
      {MPI_REAL, MPI_REAL, MPI_2REAL},         {MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_2DOUBLE_PRECISION},
      {MPI_INTEGER, MPI_INTEGER, MPI_2INTEGER}};
  auto found =
      std::ranges::find_if(pairs, [&](const pair& p) { return p.value == value_type && p.index == index_type; });
  *pair_type = found != std::end(pairs) ? found->both : MPI_DATATYPE_NULL;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Get_address)
extern "C" int PMPI_Get_address(const void* location, MPI_Aint* address) {
  const call_guard guard(WEFT_CALL_NAME);
  return address_of(WEFT_CALL_NAME, location, address);
}

WEFT_PMPI_ALIAS(Address)
extern "C" int PMPI_Address(void* location, MPI_Aint* address) {
  const call_guard guard(WEFT_CALL_NAME);
  return address_of(WEFT_CALL_NAME, location, address);
}

// Addresses are plain integers in one address space: the arithmetic is exact.
WEFT_PMPI_ALIAS(Aint_add)
extern "C" MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp) {
  return static_cast<MPI_Aint>(static_cast<std::uintptr_t>(base) + static_cast<std::uintptr_t>(disp));
}

WEFT_PMPI_ALIAS(Aint_diff)
extern "C" MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2) {
  return static_cast<MPI_Aint>(static_cast<std::uintptr_t>(addr1) - static_cast<std::uintptr_t>(addr2));
}
