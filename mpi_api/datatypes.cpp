// The predefined datatypes, MPI_Type_size and their names.

#include <algorithm>
#include <climits>
#include <complex>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <unordered_map>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"

using namespace weft::mpi;

// Every predefined datatype: handle suffix, name, C type, bytes of an element in external32 (MPI-3.1,
// 13.5.2), reduction kernels.
#define WEFT_PREDEFINED_DATATYPES(X)                                                                                 \
  X(char, "MPI_CHAR", char, 1, integer_kernels<char>())                                                              \
  X(signed_char, "MPI_SIGNED_CHAR", signed char, 1, integer_kernels<signed char>())                                  \
  X(unsigned_char, "MPI_UNSIGNED_CHAR", unsigned char, 1, integer_kernels<unsigned char>())                          \
  X(byte, "MPI_BYTE", unsigned char, 1, byte_kernels())                                                              \
  X(packed, "MPI_PACKED", unsigned char, 1, kernel_table{})                                                          \
  X(wchar, "MPI_WCHAR", wchar_t, 2, integer_kernels<wchar_t>())                                                      \
  X(short, "MPI_SHORT", short, 2, integer_kernels<short>())                                                          \
  X(unsigned_short, "MPI_UNSIGNED_SHORT", unsigned short, 2, integer_kernels<unsigned short>())                      \
  X(int, "MPI_INT", int, 4, integer_kernels<int>())                                                                  \
  X(unsigned, "MPI_UNSIGNED", unsigned, 4, integer_kernels<unsigned>())                                              \
  X(long, "MPI_LONG", long, 4, integer_kernels<long>())                                                              \
  X(unsigned_long, "MPI_UNSIGNED_LONG", unsigned long, 4, integer_kernels<unsigned long>())                          \
  X(long_long, "MPI_LONG_LONG", long long, 8, integer_kernels<long long>())                                          \
  X(unsigned_long_long, "MPI_UNSIGNED_LONG_LONG", unsigned long long, 8, integer_kernels<unsigned long long>())      \
  X(float, "MPI_FLOAT", float, 4, floating_kernels<float>())                                                         \
  X(double, "MPI_DOUBLE", double, 8, floating_kernels<double>())                                                     \
  X(long_double, "MPI_LONG_DOUBLE", long double, 16, floating_kernels<long double>())                                \
  X(int8_t, "MPI_INT8_T", std::int8_t, 1, integer_kernels<std::int8_t>())                                            \
  X(int16_t, "MPI_INT16_T", std::int16_t, 2, integer_kernels<std::int16_t>())                                        \
  X(int32_t, "MPI_INT32_T", std::int32_t, 4, integer_kernels<std::int32_t>())                                        \
  X(int64_t, "MPI_INT64_T", std::int64_t, 8, integer_kernels<std::int64_t>())                                        \
  X(uint8_t, "MPI_UINT8_T", std::uint8_t, 1, integer_kernels<std::uint8_t>())                                        \
  X(uint16_t, "MPI_UINT16_T", std::uint16_t, 2, integer_kernels<std::uint16_t>())                                    \
  X(uint32_t, "MPI_UINT32_T", std::uint32_t, 4, integer_kernels<std::uint32_t>())                                    \
  X(uint64_t, "MPI_UINT64_T", std::uint64_t, 8, integer_kernels<std::uint64_t>())                                    \
  X(c_bool, "MPI_C_BOOL", bool, 1, logical_kernels())                                                                \
  X(c_float_complex, "MPI_C_FLOAT_COMPLEX", std::complex<float>, 8, complex_kernels<std::complex<float>>())          \
  X(c_double_complex, "MPI_C_DOUBLE_COMPLEX", std::complex<double>, 16, complex_kernels<std::complex<double>>())     \
  X(c_long_double_complex, "MPI_C_LONG_DOUBLE_COMPLEX", std::complex<long double>, 32,                               \
    complex_kernels<std::complex<long double>>())                                                                    \
  X(cxx_bool, "MPI_CXX_BOOL", bool, 1, logical_kernels())                                                            \
  X(cxx_float_complex, "MPI_CXX_FLOAT_COMPLEX", std::complex<float>, 8, complex_kernels<std::complex<float>>())      \
  X(cxx_double_complex, "MPI_CXX_DOUBLE_COMPLEX", std::complex<double>, 16, complex_kernels<std::complex<double>>()) \
  X(cxx_long_double_complex, "MPI_CXX_LONG_DOUBLE_COMPLEX", std::complex<long double>, 32,                           \
    complex_kernels<std::complex<long double>>())                                                                    \
  X(aint, "MPI_AINT", MPI_Aint, 8, integer_kernels<MPI_Aint>())                                                      \
  X(offset, "MPI_OFFSET", MPI_Offset, 8, integer_kernels<MPI_Offset>())                                              \
  X(count, "MPI_COUNT", MPI_Count, 8, integer_kernels<MPI_Count>())                                                  \
  X(float_int, "MPI_FLOAT_INT", value_index<float>, 8, pair_kernels<value_index<float>>())                           \
  X(double_int, "MPI_DOUBLE_INT", value_index<double>, 12, pair_kernels<value_index<double>>())                      \
  X(long_int, "MPI_LONG_INT", value_index<long>, 8, pair_kernels<value_index<long>>())                               \
  X(2int, "MPI_2INT", value_index<int>, 8, pair_kernels<value_index<int>>())                                         \
  X(short_int, "MPI_SHORT_INT", value_index<short>, 6, pair_kernels<value_index<short>>())                           \
  X(long_double_int, "MPI_LONG_DOUBLE_INT", value_index<long double>, 20, pair_kernels<value_index<long double>>())  \
  WEFT_FORTRAN_DATATYPES(X)

// The Fortran types, named in C as well (MPI-3.1, 3.2.2), as flang lays them out on this platform: default
// INTEGER, REAL and LOGICAL are 4 bytes, DOUBLE PRECISION 8, REAL(16) IEEE binary128, a LOGICAL true is 1.
#define WEFT_FORTRAN_DATATYPES(X)                                                                            \
  X(integer, "MPI_INTEGER", std::int32_t, 4, integer_kernels<std::int32_t>())                                \
  X(real, "MPI_REAL", float, 4, floating_kernels<float>())                                                   \
  X(double_precision, "MPI_DOUBLE_PRECISION", double, 8, floating_kernels<double>())                         \
  X(complex, "MPI_COMPLEX", std::complex<float>, 8, complex_kernels<std::complex<float>>())                  \
  X(double_complex, "MPI_DOUBLE_COMPLEX", std::complex<double>, 16, complex_kernels<std::complex<double>>()) \
  X(logical, "MPI_LOGICAL", std::int32_t, 4, fortran_logical_kernels())                                      \
  X(character, "MPI_CHARACTER", char, 1, kernel_table{})                                                     \
  X(integer1, "MPI_INTEGER1", std::int8_t, 1, integer_kernels<std::int8_t>())                                \
  X(integer2, "MPI_INTEGER2", std::int16_t, 2, integer_kernels<std::int16_t>())                              \
  X(integer4, "MPI_INTEGER4", std::int32_t, 4, integer_kernels<std::int32_t>())                              \
  X(integer8, "MPI_INTEGER8", std::int64_t, 8, integer_kernels<std::int64_t>())                              \
  X(integer16, "MPI_INTEGER16", __int128, 16, integer_kernels<__int128>())                                   \
  X(real2, "MPI_REAL2", _Float16, 2, floating_kernels<_Float16>())                                           \
  X(real4, "MPI_REAL4", float, 4, floating_kernels<float>())                                                 \
  X(real8, "MPI_REAL8", double, 8, floating_kernels<double>())                                               \
  X(real16, "MPI_REAL16", __float128, 16, floating_kernels<__float128>())                                    \
  X(complex4, "MPI_COMPLEX4", complex_pair<_Float16>, 4, complex_kernels<complex_pair<_Float16>>())          \
  X(complex8, "MPI_COMPLEX8", std::complex<float>, 8, complex_kernels<std::complex<float>>())                \
  X(complex16, "MPI_COMPLEX16", std::complex<double>, 16, complex_kernels<std::complex<double>>())           \
  X(complex32, "MPI_COMPLEX32", complex_pair<__float128>, 32, complex_kernels<complex_pair<__float128>>())   \
  X(2real, "MPI_2REAL", value_pair<float>, 8, pair_kernels<value_pair<float>>())                             \
  X(2double_precision, "MPI_2DOUBLE_PRECISION", value_pair<double>, 16, pair_kernels<value_pair<double>>())  \
  X(2integer, "MPI_2INTEGER", value_pair<std::int32_t>, 8, pair_kernels<value_pair<std::int32_t>>())

namespace {

using weft::shm::type_layout;

// One basic element; the value-index pairs are two, with the padding of their C struct.
template <class T>
type_layout::pointer predefined_layout() {
  return type_layout::basic(sizeof(T), alignof(T));
}

template <class T>
  requires std::same_as<T, value_index<decltype(T::value)>> || std::same_as<T, value_pair<decltype(T::value)>>
type_layout::pointer predefined_layout() {
  return type_layout::basic_pair(sizeof(T::value), alignof(decltype(T::value)), sizeof(T::index),
                                 alignof(decltype(T::index)));
}

}  // namespace

#define WEFT_DEFINE_DATATYPE(handle, name, c_type, external32_size, kernels) \
  weft_datatype_s weft_mpi_##handle{name, predefined_layout<c_type>(), external32_size, kernels};
WEFT_PREDEFINED_DATATYPES(WEFT_DEFINE_DATATYPE)

// MPI-1's bound markers (removed in MPI-3.0, still used by old codes): no data, no external32 form.
weft_datatype_s weft_mpi_lb{"MPI_LB", type_layout::marker(true), 0, {}};
weft_datatype_s weft_mpi_ub{"MPI_UB", type_layout::marker(false), 0, {}};

namespace {

#define WEFT_DATATYPE_ADDRESS(handle, name, c_type, external32_size, kernels) &weft_mpi_##handle,
const MPI_Datatype predefined_types[] = {WEFT_PREDEFINED_DATATYPES(WEFT_DATATYPE_ADDRESS) MPI_LB, MPI_UB};

}  // namespace

std::uint32_t weft::mpi::predefined_index(MPI_Datatype datatype) noexcept {
  return static_cast<std::uint32_t>(std::find(std::begin(predefined_types), std::end(predefined_types), datatype) -
                                    std::begin(predefined_types));
}

MPI_Datatype weft::mpi::predefined_at(std::uint32_t index) noexcept { return predefined_types[index]; }

weft_datatype_s::~weft_datatype_s() {
  for (MPI_Datatype type : types) release(type);
  if (basis != nullptr) release(basis);
}

namespace weft::mpi {

std::unique_ptr<weft_datatype_s> derived(shm::type_layout::pointer layout, int combiner, std::vector<int> integers,
                                         std::vector<MPI_Aint> addresses, std::vector<MPI_Datatype> types,
                                         MPI_Datatype basis) {
  auto made = std::make_unique<weft_datatype_s>(std::move(layout), combiner);
  made->integers = std::move(integers);
  made->addresses = std::move(addresses);
  made->types = std::move(types);
  for (MPI_Datatype type : made->types) retain(type);
  // Parts without data (MPI_LB, MPI_UB, empty types) add no basic elements.
  made->basic_type = made->types.empty() ? nullptr : made->types.front()->basic_type;
  bool any_data = false;
  for (MPI_Datatype type : made->types) {
    if (type->layout->size() == 0) continue;
    if (!any_data)
      made->basic_type = type->basic_type;
    else if (type->basic_type != made->basic_type)
      made->basic_type = nullptr;
    any_data = true;
  }
  made->basis = basis != nullptr ? retain(basis) : nullptr;
  return made;
}

void keep_counts(weft_datatype_s& type, const std::vector<MPI_Count>& counts, contents_form form) {
  if (form == contents_form::ints) {
    type.integers.assign(counts.begin(), counts.end());  // an int form's counts fit
    return;
  }
  auto ints = [&](std::size_t first, std::size_t n) {
    type.integers.insert(type.integers.end(), counts.begin() + first, counts.begin() + first + n);
  };
  auto large = [&](std::size_t first, std::size_t n) {
    type.large_counts.insert(type.large_counts.end(), counts.begin() + first, counts.begin() + first + n);
  };
  type.integers.clear();
  type.large_counts.clear();
  switch (type.combiner) {
    case MPI_COMBINER_SUBARRAY: {  // ndims, sizes, subsizes, starts, order: the arrays are counts
      std::size_t ndims = counts[0];
      ints(0, 1);
      ints(1 + 3 * ndims, 1);
      large(1, 3 * ndims);
      return;
    }
    case MPI_COMBINER_DARRAY: {  // size, rank, ndims, gsizes, distribs, dargs, psizes, order: gsizes
      std::size_t ndims = counts[2];
      ints(0, 3);
      ints(3 + ndims, 3 * ndims + 1);
      large(3, ndims);  // are the counts
      return;
    }
    default:  // every integer argument is a count, and the displacements in bytes follow them
      large(0, counts.size());
      type.large_counts.insert(type.large_counts.end(), type.addresses.begin(), type.addresses.end());
      type.addresses.clear();
  }
}

MPI_Datatype first_of_size(const typeclass_types& types, int typeclass, int size) noexcept {
  std::span<const MPI_Datatype> candidates;
  if (typeclass == MPI_TYPECLASS_REAL) candidates = types.reals;
  if (typeclass == MPI_TYPECLASS_INTEGER) candidates = types.integers;
  if (typeclass == MPI_TYPECLASS_COMPLEX) candidates = types.complexes;
  for (MPI_Datatype candidate : candidates)
    if (candidate->layout->size() == static_cast<std::size_t>(size)) return candidate;
  return nullptr;
}

}  // namespace weft::mpi

WEFT_PMPI_ALIAS(Type_size)
extern "C" int PMPI_Type_size(MPI_Datatype datatype, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_datatype(call, MPI_COMM_WORLD, datatype)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, size, "size")) return error;
  std::size_t bytes = datatype->layout->size();
  *size = bytes > INT_MAX ? MPI_UNDEFINED : static_cast<int>(bytes);  // MPI_Type_size_x has the whole size
  return MPI_SUCCESS;
}

namespace {

// Names given to predefined datatypes with MPI_Type_set_name: per rank, since each rank is a process and
// the predefined objects are shared.
std::unordered_map<MPI_Datatype, std::string>& renamed_types() {
  static weft::runtime::rank_slots<std::unordered_map<MPI_Datatype, std::string>> per_rank;
  return per_rank[this_rank_id()];
}

}  // namespace

const char* weft::mpi::display_name(MPI_Datatype datatype) noexcept {
  if (datatype->is_predefined()) {
    auto& renamed = renamed_types();
    auto found = renamed.find(datatype);
    return found != renamed.end() ? found->second.c_str() : datatype->name;
  }
  if (!datatype->user_name.empty()) return datatype->user_name.c_str();
  switch (datatype->combiner) {
    case MPI_COMBINER_DUP:
      return "(a datatype from MPI_Type_dup)";
    case MPI_COMBINER_CONTIGUOUS:
      return "(a datatype from MPI_Type_contiguous)";
    case MPI_COMBINER_VECTOR:
      return "(a datatype from MPI_Type_vector)";
    case MPI_COMBINER_HVECTOR:
      return "(a datatype from MPI_Type_create_hvector)";
    case MPI_COMBINER_INDEXED:
      return "(a datatype from MPI_Type_indexed)";
    case MPI_COMBINER_HINDEXED:
      return "(a datatype from MPI_Type_create_hindexed)";
    case MPI_COMBINER_INDEXED_BLOCK:
      return "(a datatype from MPI_Type_create_indexed_block)";
    case MPI_COMBINER_HINDEXED_BLOCK:
      return "(a datatype from MPI_Type_create_hindexed_block)";
    case MPI_COMBINER_STRUCT:
      return "(a datatype from MPI_Type_create_struct)";
    case MPI_COMBINER_SUBARRAY:
      return "(a datatype from MPI_Type_create_subarray)";
    case MPI_COMBINER_DARRAY:
      return "(a datatype from MPI_Type_create_darray)";
    case MPI_COMBINER_RESIZED:
      return "(a datatype from MPI_Type_create_resized)";
    default:
      return "(a derived datatype)";
  }
}

WEFT_PMPI_ALIAS(Type_set_name)
extern "C" int PMPI_Type_set_name(MPI_Datatype datatype, const char* type_name) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_datatype(call, MPI_COMM_WORLD, datatype)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, type_name, "type_name")) return error;
  std::string& name = datatype->is_predefined() ? renamed_types()[datatype] : datatype->user_name;
  name.assign(type_name, strnlen(type_name, MPI_MAX_OBJECT_NAME - 1));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Type_get_name)
extern "C" int PMPI_Type_get_name(MPI_Datatype datatype, char* type_name, int* resultlen) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_datatype(call, MPI_COMM_WORLD, datatype)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, type_name, "type_name")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, resultlen, "resultlen")) return error;
  // A derived type has no name until one is set.
  const char* name = datatype->is_predefined() ? display_name(datatype) : datatype->user_name.c_str();
  std::size_t length = std::strlen(name);
  std::memcpy(type_name, name, length + 1);
  *resultlen = static_cast<int>(length);
  return MPI_SUCCESS;
}
