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
    case file_representation::kind::native: return datatype->layout->extent();
    case file_representation::kind::external32: return external32_size(datatype);
    case file_representation::kind::registered: break;
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
  return user.write(const_cast<void*>(buffer), datatype, count, file_bytes, 0, user.extra_state);
}

int from_file(const file_representation& representation, void* buffer, int count, MPI_Datatype datatype,
              std::byte* file_bytes) {
  if (representation.form == file_representation::kind::external32) {
    convert_external32(static_cast<std::byte*>(buffer), count, datatype, file_bytes, false);
    return MPI_SUCCESS;
  }
  const registered_datarep& user = representation.functions;
  return user.read(buffer, datatype, count, file_bytes, 0, user.extra_state);
}

}  // namespace weft::mpi

using namespace weft::mpi;

// Each rank registers its own, as each process does under other MPIs. Views of a registered representation
// need its conversion functions: MPI_CONVERSION_FN_NULL is refused (Weft would have to read the file's
// bytes as memory's, which only "native" does).
WEFT_PMPI_ALIAS(Register_datarep)
extern "C" int PMPI_Register_datarep(const char* datarep, MPI_Datarep_conversion_function* read_conversion_fn,
                                     MPI_Datarep_conversion_function* write_conversion_fn,
                                     MPI_Datarep_extent_function* dtype_file_extent_fn, void* extra_state) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_FILE_NULL, datarep, "datarep")) return error;
  std::size_t length = strnlen(datarep, MPI_MAX_DATAREP_STRING);
  if (length == 0 || length >= MPI_MAX_DATAREP_STRING)
    return raise_error(MPI_FILE_NULL, MPI_ERR_ARG, call, "datarep must have 1 to %d characters",
                       MPI_MAX_DATAREP_STRING - 1);
  if (int error = check_output(call, MPI_FILE_NULL, reinterpret_cast<void*>(dtype_file_extent_fn),
                               "dtype_file_extent_fn"))
    return error;
  if (read_conversion_fn == MPI_CONVERSION_FN_NULL || write_conversion_fn == MPI_CONVERSION_FN_NULL)
    return raise_error(MPI_FILE_NULL, MPI_ERR_CONVERSION, call,
                       "data representation \"%s\": Weft needs both conversion functions (MPI_CONVERSION_FN_NULL "
                       "is not supported)", datarep);
  file_representation existing;
  if (find_representation(datarep, existing))
    return raise_error(MPI_FILE_NULL, MPI_ERR_DUP_DATAREP, call, "data representation \"%s\" is already defined",
                       datarep);
  this_rank().datareps.emplace(datarep,
                               registered_datarep{read_conversion_fn, write_conversion_fn, dtype_file_extent_fn,
                                                  extra_state});
  return MPI_SUCCESS;
}
