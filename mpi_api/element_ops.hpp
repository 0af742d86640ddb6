#pragma once
// What an accumulate does to each target element (rma/accumulate.hpp), from a predefined operation and
// the predefined type of the elements; and the same as one number, for accumulates that travel to another
// node, where the number is read back (installed with rma::install_element_op_decoder).

#include <mpi.h>

#include <cstdint>

#include "mpi_api/handles.hpp"
#include "rma/accumulate.hpp"

namespace weft::mpi {

rma::element_op element_op_of(op_index op, MPI_Datatype basic) noexcept;
std::uint32_t element_op_code(op_index op, MPI_Datatype basic) noexcept;
rma::element_op element_op_of_code(std::uint32_t code) noexcept;

}  // namespace weft::mpi
