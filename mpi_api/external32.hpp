#pragma once
// The portable "external32" representation (MPI-3.1, 13.5.2), for MPI_Pack_external and for file views.

#include <mpi.h>

#include <cstddef>

namespace weft::mpi {

// Bytes of one element of `datatype` in external32.
MPI_Aint external32_size(MPI_Datatype datatype);

// Converts `count` elements at `buffer` to (`packing`) or from the external32 bytes at `external`.
void convert_external32(std::byte* buffer, MPI_Count count, MPI_Datatype datatype, std::byte* external, bool packing);

}  // namespace weft::mpi
