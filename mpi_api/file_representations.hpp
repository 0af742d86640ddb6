#pragma once
// Data representations of file views (MPI-3.1, 13.5): "native" and "internal" (the bytes of memory),
// "external32", and those a program registers with MPI_Register_datarep. A view in a converting
// representation holds its etype densely in the file, each at the etype's size in that representation;
// transfers convert between memory and that form on their way (file_data_access.cpp).

#include <mpi.h>

#include <cstddef>
#include <string>

namespace weft::mpi {

// A representation a rank registered (rank_state.hpp holds them by name): its conversion functions of the
// int form (MPI_Register_datarep) or of the large-count form (MPI_Register_datarep_c), the others null.
struct registered_datarep {
  MPI_Datarep_conversion_function* read = nullptr;
  MPI_Datarep_conversion_function* write = nullptr;
  MPI_Datarep_conversion_function_c* read_c = nullptr;
  MPI_Datarep_conversion_function_c* write_c = nullptr;
  MPI_Datarep_extent_function* extent = nullptr;
  void* extra_state = nullptr;
};

struct file_representation {
  enum class kind { native, external32, registered };
  kind form = kind::native;
  registered_datarep functions;

  bool converts() const noexcept { return form != kind::native; }
};

// The representation named `name` for the calling rank; false when it has none of that name.
bool find_representation(const char* name, file_representation& found);

// Bytes of one element of `datatype` in the file (MPI_File_get_type_extent); an error class of the
// extent function in `error`.
MPI_Aint file_extent(const file_representation& representation, MPI_Datatype datatype, int& error);

// Converts `count` elements of `datatype` at `buffer` into the representation's bytes at `file_bytes`
// (writing), or back (reading); the conversion function's error, or MPI_SUCCESS.
int to_file(const file_representation& representation, const void* buffer, int count, MPI_Datatype datatype,
            std::byte* file_bytes);
int from_file(const file_representation& representation, void* buffer, int count, MPI_Datatype datatype,
              std::byte* file_bytes);

}  // namespace weft::mpi
