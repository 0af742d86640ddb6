// The predefined datatypes, MPI_Type_size and their names.

#include <complex>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <cstdint>

#include "mpi_api/checks.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/scheduler.hpp"

using namespace weft::mpi;

// Every predefined datatype: handle suffix, name, C type, reduction kernels.
#define WEFT_PREDEFINED_DATATYPES(X) \
  X(char, "MPI_CHAR", char, integer_kernels<char>()) \
  X(signed_char, "MPI_SIGNED_CHAR", signed char, integer_kernels<signed char>()) \
  X(unsigned_char, "MPI_UNSIGNED_CHAR", unsigned char, integer_kernels<unsigned char>()) \
  X(byte, "MPI_BYTE", unsigned char, byte_kernels()) \
  X(packed, "MPI_PACKED", unsigned char, kernel_table{}) \
  X(wchar, "MPI_WCHAR", wchar_t, integer_kernels<wchar_t>()) \
  X(short, "MPI_SHORT", short, integer_kernels<short>()) \
  X(unsigned_short, "MPI_UNSIGNED_SHORT", unsigned short, integer_kernels<unsigned short>()) \
  X(int, "MPI_INT", int, integer_kernels<int>()) \
  X(unsigned, "MPI_UNSIGNED", unsigned, integer_kernels<unsigned>()) \
  X(long, "MPI_LONG", long, integer_kernels<long>()) \
  X(unsigned_long, "MPI_UNSIGNED_LONG", unsigned long, integer_kernels<unsigned long>()) \
  X(long_long, "MPI_LONG_LONG", long long, integer_kernels<long long>()) \
  X(unsigned_long_long, "MPI_UNSIGNED_LONG_LONG", unsigned long long, integer_kernels<unsigned long long>()) \
  X(float, "MPI_FLOAT", float, floating_kernels<float>()) \
  X(double, "MPI_DOUBLE", double, floating_kernels<double>()) \
  X(long_double, "MPI_LONG_DOUBLE", long double, floating_kernels<long double>()) \
  X(int8_t, "MPI_INT8_T", std::int8_t, integer_kernels<std::int8_t>()) \
  X(int16_t, "MPI_INT16_T", std::int16_t, integer_kernels<std::int16_t>()) \
  X(int32_t, "MPI_INT32_T", std::int32_t, integer_kernels<std::int32_t>()) \
  X(int64_t, "MPI_INT64_T", std::int64_t, integer_kernels<std::int64_t>()) \
  X(uint8_t, "MPI_UINT8_T", std::uint8_t, integer_kernels<std::uint8_t>()) \
  X(uint16_t, "MPI_UINT16_T", std::uint16_t, integer_kernels<std::uint16_t>()) \
  X(uint32_t, "MPI_UINT32_T", std::uint32_t, integer_kernels<std::uint32_t>()) \
  X(uint64_t, "MPI_UINT64_T", std::uint64_t, integer_kernels<std::uint64_t>()) \
  X(c_bool, "MPI_C_BOOL", bool, logical_kernels()) \
  X(c_float_complex, "MPI_C_FLOAT_COMPLEX", std::complex<float>, complex_kernels<std::complex<float>>()) \
  X(c_double_complex, "MPI_C_DOUBLE_COMPLEX", std::complex<double>, complex_kernels<std::complex<double>>()) \
  X(c_long_double_complex, "MPI_C_LONG_DOUBLE_COMPLEX", std::complex<long double>, \
    complex_kernels<std::complex<long double>>()) \
  X(cxx_bool, "MPI_CXX_BOOL", bool, logical_kernels()) \
  X(cxx_float_complex, "MPI_CXX_FLOAT_COMPLEX", std::complex<float>, complex_kernels<std::complex<float>>()) \
  X(cxx_double_complex, "MPI_CXX_DOUBLE_COMPLEX", std::complex<double>, complex_kernels<std::complex<double>>()) \
  X(cxx_long_double_complex, "MPI_CXX_LONG_DOUBLE_COMPLEX", std::complex<long double>, \
    complex_kernels<std::complex<long double>>()) \
  X(aint, "MPI_AINT", MPI_Aint, integer_kernels<MPI_Aint>()) \
  X(offset, "MPI_OFFSET", MPI_Offset, integer_kernels<MPI_Offset>()) \
  X(count, "MPI_COUNT", MPI_Count, integer_kernels<MPI_Count>()) \
  X(float_int, "MPI_FLOAT_INT", value_index<float>, pair_kernels<float>()) \
  X(double_int, "MPI_DOUBLE_INT", value_index<double>, pair_kernels<double>()) \
  X(long_int, "MPI_LONG_INT", value_index<long>, pair_kernels<long>()) \
  X(2int, "MPI_2INT", value_index<int>, pair_kernels<int>()) \
  X(short_int, "MPI_SHORT_INT", value_index<short>, pair_kernels<short>()) \
  X(long_double_int, "MPI_LONG_DOUBLE_INT", value_index<long double>, pair_kernels<long double>())

namespace {

// Data bytes of one element: the value-index pairs have padding that is not data.
template <class T>
constexpr std::size_t data_size = sizeof(T);
template <class V>
constexpr std::size_t data_size<value_index<V>> = sizeof(V) + sizeof(int);

}  // namespace

#define WEFT_DEFINE_DATATYPE(handle, name, c_type, kernels) \
  weft_datatype_s weft_mpi_##handle{name, data_size<c_type>, sizeof(c_type), kernels};
WEFT_PREDEFINED_DATATYPES(WEFT_DEFINE_DATATYPE)

WEFT_PMPI_ALIAS(Type_size)
extern "C" int PMPI_Type_size(MPI_Datatype datatype, int* size) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_datatype(call, MPI_COMM_WORLD, datatype)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, size, "size")) return error;
  *size = static_cast<int>(datatype->size);
  return MPI_SUCCESS;
}

namespace {

// Names given to predefined datatypes with MPI_Type_set_name: per rank, since each rank is a process and
// the predefined objects are shared.
std::unordered_map<MPI_Datatype, std::string>& renamed_types() {
  static const std::unique_ptr<std::unordered_map<MPI_Datatype, std::string>[]> per_rank =
      std::make_unique<std::unordered_map<MPI_Datatype, std::string>[]>(weft::runtime::job_size());
  return per_rank[this_rank_id()];
}

}  // namespace

WEFT_PMPI_ALIAS(Type_set_name)
extern "C" int PMPI_Type_set_name(MPI_Datatype datatype, const char* type_name) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_datatype(call, MPI_COMM_WORLD, datatype)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, type_name, "type_name")) return error;
  renamed_types()[datatype].assign(type_name, strnlen(type_name, MPI_MAX_OBJECT_NAME - 1));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Type_get_name)
extern "C" int PMPI_Type_get_name(MPI_Datatype datatype, char* type_name, int* resultlen) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_datatype(call, MPI_COMM_WORLD, datatype)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, type_name, "type_name")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, resultlen, "resultlen")) return error;
  auto& renamed = renamed_types();
  auto found = renamed.find(datatype);
  const char* name = found != renamed.end() ? found->second.c_str() : datatype->name;
  std::size_t length = std::strlen(name);
  std::memcpy(type_name, name, length + 1);
  *resultlen = static_cast<int>(length);
  return MPI_SUCCESS;
}
