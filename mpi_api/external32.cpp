// MPI_Pack_external, MPI_Unpack_external and MPI_Pack_external_size: the portable "external32"
// representation (MPI-3.1, 13.5.2), big-endian with fixed sizes. Each basic element is converted on
// its own, so the walk goes element by element through the constructors that made the datatype.

#include "mpi_api/external32.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

namespace {

constexpr MPI_Comm no_comm = MPI_COMM_WORLD;

// Calls visit(predefined type, offset) for each basic element of one element of `datatype` at `origin`,
// in type-signature order.
template <class Visit>
void for_each_basic(MPI_Datatype datatype, std::ptrdiff_t origin, Visit& visit) {
  // The constructor's integer arguments and its displacements in bytes (the i-th of n); a large-count
  // constructor's are all counts, the displacements last (weft_datatype_s::large_counts).
  const std::vector<MPI_Count>& counts = datatype->large_counts;
  bool large = !counts.empty();
  auto ints = [&](std::size_t k) -> MPI_Count { return large ? counts[k] : datatype->integers[k]; };
  auto address = [&](MPI_Count i, MPI_Count n) -> MPI_Aint {
    return large ? counts[counts.size() - n + i] : datatype->addresses[i];
  };
  auto blocks = [&](MPI_Datatype old, std::ptrdiff_t at, MPI_Count blocklength) {
    for (MPI_Count j = 0; j < blocklength; ++j) for_each_basic(old, at + j * old->layout->extent(), visit);
  };
  if (datatype->basis != nullptr) return for_each_basic(datatype->basis, origin, visit);
  MPI_Datatype old = datatype->types.empty() ? nullptr : datatype->types[0];
  switch (datatype->combiner) {
    case MPI_COMBINER_NAMED: {
      // The pair types are a value and an int index.
      struct pair {
        MPI_Datatype type, value;
        std::ptrdiff_t index;
      };
      static const pair pairs[] = {{MPI_FLOAT_INT, MPI_FLOAT, offsetof(value_index<float>, index)},
                                   {MPI_DOUBLE_INT, MPI_DOUBLE, offsetof(value_index<double>, index)},
                                   {MPI_LONG_INT, MPI_LONG, offsetof(value_index<long>, index)},
                                   {MPI_2INT, MPI_INT, offsetof(value_index<int>, index)},
                                   {MPI_SHORT_INT, MPI_SHORT, offsetof(value_index<short>, index)},
                                   {MPI_LONG_DOUBLE_INT, MPI_LONG_DOUBLE, offsetof(value_index<long double>, index)}};
      // Fortran's are two values of one type.
      static const pair twins[] = {{MPI_2REAL, MPI_REAL, offsetof(value_pair<float>, index)},
                                   {MPI_2DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, offsetof(value_pair<double>, index)},
                                   {MPI_2INTEGER, MPI_INTEGER, offsetof(value_pair<std::int32_t>, index)}};
      for (const pair& p : pairs)
        if (p.type == datatype) {
          visit(p.value, origin);
          visit(MPI_INT, origin + p.index);
          return;
        }
      for (const pair& p : twins)
        if (p.type == datatype) {
          visit(p.value, origin);
          visit(p.value, origin + p.index);
          return;
        }
      visit(datatype, origin);
      return;
    }
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED:
      return for_each_basic(old, origin, visit);
    case MPI_COMBINER_CONTIGUOUS:
      return blocks(old, origin, ints(0));
    case MPI_COMBINER_VECTOR:
      for (MPI_Count i = 0; i < ints(0); ++i) blocks(old, origin + i * ints(2) * old->layout->extent(), ints(1));
      return;
    case MPI_COMBINER_HVECTOR:
      for (MPI_Count i = 0; i < ints(0); ++i) blocks(old, origin + i * address(0, 1), ints(1));
      return;
    case MPI_COMBINER_INDEXED:
      for (MPI_Count i = 0; i < ints(0); ++i)
        blocks(old, origin + ints(1 + ints(0) + i) * old->layout->extent(), ints(1 + i));
      return;
    case MPI_COMBINER_HINDEXED:
      for (MPI_Count i = 0; i < ints(0); ++i) blocks(old, origin + address(i, ints(0)), ints(1 + i));
      return;
    case MPI_COMBINER_INDEXED_BLOCK:
      for (MPI_Count i = 0; i < ints(0); ++i) blocks(old, origin + ints(2 + i) * old->layout->extent(), ints(1));
      return;
    case MPI_COMBINER_HINDEXED_BLOCK:
      for (MPI_Count i = 0; i < ints(0); ++i) blocks(old, origin + address(i, ints(0)), ints(1));
      return;
    case MPI_COMBINER_STRUCT:
      for (MPI_Count i = 0; i < ints(0); ++i) blocks(datatype->types[i], origin + address(i, ints(0)), ints(1 + i));
      return;
  }
}

// How a basic element converts: `components` values (two for complex types), each `native` bytes in
// memory and `external` bytes in external32.
struct external_form {
  enum class kind { swapped, signed_integer, unsigned_integer, extended } how;
  int components;
  std::size_t native;
  std::size_t external;
};

external_form form_of(MPI_Datatype type) {
  std::size_t native = type->layout->size();
  if (type == MPI_LONG_DOUBLE) return {external_form::kind::extended, 1, native, 16};
  if (type == MPI_C_LONG_DOUBLE_COMPLEX || type == MPI_CXX_LONG_DOUBLE_COMPLEX)
    return {external_form::kind::extended, 2, native / 2, 16};
  if (type == MPI_LONG || type == MPI_WCHAR)
    return {external_form::kind::signed_integer, 1, native, type->external_size};
  if (type == MPI_UNSIGNED_LONG) return {external_form::kind::unsigned_integer, 1, native, type->external_size};
  bool complex = type == MPI_C_FLOAT_COMPLEX || type == MPI_CXX_FLOAT_COMPLEX || type == MPI_C_DOUBLE_COMPLEX ||
                 type == MPI_CXX_DOUBLE_COMPLEX || type == MPI_COMPLEX || type == MPI_DOUBLE_COMPLEX ||
                 type == MPI_COMPLEX4 || type == MPI_COMPLEX8 || type == MPI_COMPLEX16 || type == MPI_COMPLEX32;
  int components = complex ? 2 : 1;
  return {external_form::kind::swapped, components, native / components, type->external_size / components};
}

// Big-endian bytes of the low `size` bytes of `value`, and back.
void store_big_endian(std::uint64_t value, std::byte* out, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) out[size - 1 - i] = static_cast<std::byte>(value >> (8 * i));
}

std::uint64_t load_big_endian(const std::byte* in, std::size_t size) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < size; ++i) value = value << 8 | std::to_integer<std::uint64_t>(in[i]);
  return value;
}

// x87 extended precision (64-bit significand with an explicit integer bit) to IEEE binary128 and back;
// both have a 15-bit exponent with the same bias, so only the significand moves. Going back keeps the
// 63 leading fraction bits.
void extended_to_quad(const std::byte* native, std::byte* external) {
  std::uint64_t significand;
  std::uint16_t sign_exponent;
  std::memcpy(&significand, native, 8);
  std::memcpy(&sign_exponent, native + 8, 2);
  std::uint64_t fraction = significand & ~(std::uint64_t{1} << 63);
  store_big_endian(std::uint64_t{sign_exponent} << 48 | fraction >> 15, external, 8);
  store_big_endian(fraction << 49, external + 8, 8);
}

void quad_to_extended(const std::byte* external, std::byte* native) {
  std::uint64_t high = load_big_endian(external, 8), low = load_big_endian(external + 8, 8);
  auto sign_exponent = static_cast<std::uint16_t>(high >> 48);
  std::uint64_t fraction = (high & 0xFFFFFFFFFFFF) << 15 | low >> 49;
  std::uint64_t integer_bit = (sign_exponent & 0x7FFF) != 0 ? std::uint64_t{1} << 63 : 0;
  std::uint64_t significand = integer_bit | fraction;
  std::memset(native, 0, 16);
  std::memcpy(native, &significand, 8);
  std::memcpy(native + 8, &sign_exponent, 2);
}

// Converts one basic element at `native` to or from external32 at `external`.
void convert(MPI_Datatype type, std::byte* native, std::byte* external, bool packing) {
  static_assert(std::endian::native == std::endian::little, "external32 conversion assumes a little-endian host");
  external_form form = form_of(type);
  for (int c = 0; c < form.components; ++c, native += form.native, external += form.external) {
    switch (form.how) {
      case external_form::kind::swapped:
        for (std::size_t i = 0; i < form.native; ++i) {
          if (packing)
            external[i] = native[form.native - 1 - i];
          else
            native[form.native - 1 - i] = external[i];
        }
        break;
      case external_form::kind::signed_integer:
      case external_form::kind::unsigned_integer: {
        if (packing) {
          std::uint64_t value = 0;
          std::memcpy(&value, native, form.native);
          store_big_endian(value, external, form.external);
          break;
        }
        std::uint64_t value = load_big_endian(external, form.external);
        unsigned shift = 64 - 8 * static_cast<unsigned>(form.external);
        if (form.how == external_form::kind::signed_integer)
          value = static_cast<std::uint64_t>(static_cast<std::int64_t>(value << shift) >> shift);
        std::memcpy(native, &value, form.native);
        break;
      }
      case external_form::kind::extended:
        if (packing)
          extended_to_quad(native, external);
        else
          quad_to_extended(external, native);
        break;
    }
  }
}

int check_datarep(const char* call, const char* datarep) {
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_output(call, no_comm, datarep, "datarep")) return error;
  if (std::strcmp(datarep, "external32") == 0) return MPI_SUCCESS;
  return raise_error(no_comm, MPI_ERR_ARG, call, "data representation \"%s\" is not \"external32\"", datarep);
}

// `position` and `size` are MPI_Aint in the int forms, MPI_Count in the large-count forms.
template <class Position>
int check_room(const char* call, Position size, const Position* position, MPI_Aint bytes, const char* what) {
  if (int error = check_output(call, no_comm, position, "position")) return error;
  if (*position < 0 || *position > size)
    return raise_error(no_comm, MPI_ERR_ARG, call, "position %lld is outside the %s of %lld bytes",
                       static_cast<long long>(*position), what, static_cast<long long>(size));
  if (bytes > size - *position)
    return raise_error(no_comm, MPI_ERR_TRUNCATE, call,
                       "%td bytes do not fit from position %lld in the %s of %lld bytes", bytes,
                       static_cast<long long>(*position), what, static_cast<long long>(size));
  return MPI_SUCCESS;
}

// The bytes `count` elements of `datatype` take in external32, into `bytes`; MPI_ERR_COUNT when MPI_Aint
// cannot hold them.
int external_bytes(const char* call, MPI_Count count, MPI_Datatype datatype, MPI_Aint& bytes) {
  if (__builtin_mul_overflow(static_cast<MPI_Aint>(count), external32_size(datatype), &bytes))
    return raise_error(no_comm, MPI_ERR_COUNT, call,
                       "%lld elements of %s take more bytes in external32 than MPI_Aint "
                       "holds",
                       static_cast<long long>(count), display_name(datatype));
  return MPI_SUCCESS;
}

// MPI_Pack_external_size and its large-count form.
template <class Size>
int pack_external_size(const char* call, const char datarep[], MPI_Count incount, MPI_Datatype datatype, Size* size) {
  if (int error = check_datarep(call, datarep)) return error;
  if (int error = check_count(call, no_comm, incount)) return error;
  if (int error = check_committed(call, no_comm, datatype)) return error;
  if (int error = check_output(call, no_comm, size, "size")) return error;
  MPI_Aint bytes = 0;
  if (int error = external_bytes(call, incount, datatype, bytes)) return error;
  *size = bytes;
  return MPI_SUCCESS;
}

// MPI_Pack_external and its large-count form.
template <class Position>
int pack_external(const char* call, const char datarep[], const void* inbuf, MPI_Count incount, MPI_Datatype datatype,
                  void* outbuf, Position outsize, Position* position) {
  if (int error = check_datarep(call, datarep)) return error;
  if (int error = check_buffer(call, no_comm, inbuf, incount, datatype)) return error;
  MPI_Aint bytes = 0;
  if (int error = external_bytes(call, incount, datatype, bytes)) return error;
  if (int error = check_room(call, outsize, position, bytes, "outsize")) return error;
  if (bytes != 0 && outbuf == nullptr) return raise_error(no_comm, MPI_ERR_BUFFER, call, "outbuf is NULL");
  // Packing only reads the input buffer; the walk is shared with unpacking.
  convert_external32(static_cast<std::byte*>(const_cast<void*>(inbuf)), incount, datatype,
                     static_cast<std::byte*>(outbuf) + *position, true);
  *position += bytes;
  return MPI_SUCCESS;
}

// MPI_Unpack_external and its large-count form.
template <class Position>
int unpack_external(const char* call, const char datarep[], const void* inbuf, Position insize, Position* position,
                    void* outbuf, MPI_Count outcount, MPI_Datatype datatype) {
  if (int error = check_datarep(call, datarep)) return error;
  if (int error = check_buffer(call, no_comm, outbuf, outcount, datatype)) return error;
  MPI_Aint bytes = 0;
  if (int error = external_bytes(call, outcount, datatype, bytes)) return error;
  if (int error = check_room(call, insize, position, bytes, "insize")) return error;
  if (bytes != 0 && inbuf == nullptr) return raise_error(no_comm, MPI_ERR_BUFFER, call, "inbuf is NULL");
  convert_external32(static_cast<std::byte*>(outbuf), outcount, datatype,
                     static_cast<std::byte*>(const_cast<void*>(inbuf)) + *position, false);
  *position += bytes;
  return MPI_SUCCESS;
}

}  // namespace

namespace weft::mpi {

MPI_Aint external32_size(MPI_Datatype datatype) {
  MPI_Aint size = 0;
  auto add = [&](MPI_Datatype basic, std::ptrdiff_t) { size += static_cast<MPI_Aint>(basic->external_size); };
  for_each_basic(datatype, 0, add);
  return size;
}

void convert_external32(std::byte* buffer, MPI_Count count, MPI_Datatype datatype, std::byte* external, bool packing) {
  auto one = [&](MPI_Datatype basic, std::ptrdiff_t offset) {
    convert(basic, buffer + offset, external, packing);
    external += basic->external_size;
  };
  for (MPI_Count i = 0; i < count; ++i) for_each_basic(datatype, i * datatype->layout->extent(), one);
}

}  // namespace weft::mpi

WEFT_PMPI_ALIAS(Pack_external_size)
extern "C" int PMPI_Pack_external_size(const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint* size) {
  const call_guard guard(WEFT_CALL_NAME);
  return pack_external_size(WEFT_CALL_NAME, datarep, incount, datatype, size);
}

WEFT_PMPI_ALIAS(Pack_external_size_c)
extern "C" int PMPI_Pack_external_size_c(const char datarep[], MPI_Count incount, MPI_Datatype datatype,
                                         MPI_Count* size) {
  const call_guard guard(WEFT_CALL_NAME);
  return pack_external_size(WEFT_CALL_NAME, datarep, incount, datatype, size);
}

WEFT_PMPI_ALIAS(Pack_external)
extern "C" int PMPI_Pack_external(const char datarep[], const void* inbuf, int incount, MPI_Datatype datatype,
                                  void* outbuf, MPI_Aint outsize, MPI_Aint* position) {
  const call_guard guard(WEFT_CALL_NAME);
  return pack_external(WEFT_CALL_NAME, datarep, inbuf, incount, datatype, outbuf, outsize, position);
}

WEFT_PMPI_ALIAS(Pack_external_c)
extern "C" int PMPI_Pack_external_c(const char datarep[], const void* inbuf, MPI_Count incount, MPI_Datatype datatype,
                                    void* outbuf, MPI_Count outsize, MPI_Count* position) {
  const call_guard guard(WEFT_CALL_NAME);
  return pack_external(WEFT_CALL_NAME, datarep, inbuf, incount, datatype, outbuf, outsize, position);
}

WEFT_PMPI_ALIAS(Unpack_external)
extern "C" int PMPI_Unpack_external(const char datarep[], const void* inbuf, MPI_Aint insize, MPI_Aint* position,
                                    void* outbuf, int outcount, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  return unpack_external(WEFT_CALL_NAME, datarep, inbuf, insize, position, outbuf, outcount, datatype);
}

WEFT_PMPI_ALIAS(Unpack_external_c)
extern "C" int PMPI_Unpack_external_c(const char datarep[], const void* inbuf, MPI_Count insize, MPI_Count* position,
                                      void* outbuf, MPI_Count outcount, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  return unpack_external(WEFT_CALL_NAME, datarep, inbuf, insize, position, outbuf, outcount, datatype);
}
