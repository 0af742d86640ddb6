#include "mpi_api/file_representations.hpp"

#include <cstring>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/external32.hpp"
#include "mpi_api/pmpi.hpp"

namespace weft::mpi {

bool find_representation(const char* name, file_representation& found) {
  if (std::strcmp(name, "native") == 0 || std::strcmp(name, "internal") == 0) {
    found = {};
    return true;
  }
  if (std::strcmp(name, "external32") == 0) {
    found = {file_representation::kind::external32, {}};
    return true;
  }
  const auto& registered = this_rank().datareps;
  auto entry = registered.find(name);
  if (entry == registered.end()) return false;
  found = {file_representation::kind::registered, entry->second};
  return true;
}

MPI_Aint file_extent(const file_representation& representation, MPI_Datatype datatype, int& error) {
  error = MPI_SUCCESS;
  switch (representation.form) {
    case file_representation::kind::native:
      return datatype->layout->extent();
    case file_representation::kind::external32:
      return external32_size(datatype);
    case file_representation::kind::registered:
      break;
  }
  MPI_Aint extent = 0;
  error = representation.functions.extent(datatype, &extent, representation.functions.extra_state);
  return extent;
}

int to_file(const file_representation& representation, const void* buffer, int count, MPI_Datatype datatype,
            std::byte* file_bytes) {
  if (representation.form == file_representation::kind::external32) {
    // Converting only reads the buffer; the walk is shared with reading.
    convert_external32(static_cast<std::byte*>(const_cast<void*>(buffer)), count, datatype, file_bytes, true);
    return MPI_SUCCESS;
  }
  const registered_datarep& user = representation.functions;
  void* data = const_cast<void*>(buffer);
  if (user.write_c != nullptr) return user.write_c(data, datatype, count, file_bytes, 0, user.extra_state);
  return user.write(data, datatype, count, file_bytes, 0, user.extra_state);
}

int from_file(const file_representation& representation, void* buffer, int count, MPI_Datatype datatype,
              std::byte* file_bytes) {
  if (representation.form == file_representation::kind::external32) {
    convert_external32(static_cast<std::byte*>(buffer), count, datatype, file_bytes, false);
    return MPI_SUCCESS;
  }
  const registered_datarep& user = representation.functions;
  if (user.read_c != nullptr) return user.read_c(buffer, datatype, count, file_bytes, 0, user.extra_state);
  return user.read(buffer, datatype, count, file_bytes, 0, user.extra_state);
}

}  // namespace weft::mpi

using namespace weft::mpi;

namespace {

// MPI_Register_datarep and its large-count form: `functions` holds the conversion functions of one form.
int register_datarep(const char* call, const char* datarep, const registered_datarep& functions) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_FILE_NULL, datarep, "datarep")) return error;
  std::size_t length = strnlen(datarep, MPI_MAX_DATAREP_STRING);
  if (length == 0 || length >= MPI_MAX_DATAREP_STRING)
    return raise_error(MPI_FILE_NULL, MPI_ERR_ARG, call, "datarep must have 1 to %d characters",
                       MPI_MAX_DATAREP_STRING - 1);
  if (int error = check_output(call, MPI_FILE_NULL, reinterpret_cast<void*>(functions.extent), "dtype_file_extent_fn"))
    return error;
  bool reads = functions.read != nullptr || functions.read_c != nullptr;
  bool writes = functions.write != nullptr || functions.write_c != nullptr;
  if (!reads || !writes)
    return raise_error(MPI_FILE_NULL, MPI_ERR_CONVERSION, call,
                       "data representation \"%s\": Weft needs both conversion functions (MPI_CONVERSION_FN_NULL "
                       "is not supported)",
                       datarep);
  file_representation existing;
  if (find_representation(datarep, existing))
    return raise_error(MPI_FILE_NULL, MPI_ERR_DUP_DATAREP, call, "data representation \"%s\" is already defined",
                       datarep);
  this_rank().datareps.emplace(datarep, functions);
  return MPI_SUCCESS;
}

}  // namespace

// Each rank registers its own, as each process does under other MPIs. Views of a registered representation
// need its conversion functions: MPI_CONVERSION_FN_NULL is refused (Weft would have to read the file's
// bytes as memory's, which only "native" does).
WEFT_PMPI_ALIAS(Register_datarep)
extern "C" int PMPI_Register_datarep(const char* datarep, MPI_Datarep_conversion_function* read_conversion_fn,
                                     MPI_Datarep_conversion_function* write_conversion_fn,
                                     MPI_Datarep_extent_function* dtype_file_extent_fn, void* extra_state) {
  const call_guard guard(WEFT_CALL_NAME);
  return register_datarep(WEFT_CALL_NAME, datarep,
                          {.read = read_conversion_fn,
                           .write = write_conversion_fn,
                           .extent = dtype_file_extent_fn,
                           .extra_state = extra_state});
}

WEFT_PMPI_ALIAS(Register_datarep_c)
extern "C" int PMPI_Register_datarep_c(const char* datarep, MPI_Datarep_conversion_function_c* read_conversion_fn,
                                       MPI_Datarep_conversion_function_c* write_conversion_fn,
                                       MPI_Datarep_extent_function* dtype_file_extent_fn, void* extra_state) {
  const call_guard guard(WEFT_CALL_NAME);
  return register_datarep(WEFT_CALL_NAME, datarep,
                          {.read_c = read_conversion_fn,
                           .write_c = write_conversion_fn,
                           .extent = dtype_file_extent_fn,
                           .extra_state = extra_state});
}
