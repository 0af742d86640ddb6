#pragma once
// The objects behind mpi.h's opaque handles.

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <variant>

#include "collectives/communicator_view.hpp"
#include "mpi_api/reduce_kernels.hpp"
#include "shm/operations.hpp"

// Predefined datatypes are contiguous; each carries the reduction kernels defined for it. Messages carry
// elements in their memory layout (extent bytes each); size counts the data bytes only, as MPI_Type_size
// reports them (12 for MPI_DOUBLE_INT, whose extent is 16).
struct weft_datatype_s {
  const char* name;
  std::size_t size;
  std::size_t extent;
  weft::mpi::kernel_table kernels;
};

struct weft_op_s {
  const char* name;
  weft::mpi::op_index index;
};

struct weft_errhandler_s {
  const char* name;
};

// Predefined communicators: their members are consecutive job ranks, so a communicator is its context
// and a rule for its first rank.
struct weft_comm_s {
  const char* name;
  std::uint32_t context;  // point-to-point context; context + 1 carries collective traffic
  bool is_self;
};

struct weft_request_s {
  template <class Operation>
  weft_request_s(MPI_Comm owner, std::in_place_type_t<Operation> kind, bool to_proc_null)
      : comm(owner), operation(kind), proc_null(to_proc_null) {}

  MPI_Comm comm;
  std::variant<weft::shm::send_request, weft::shm::recv_request> operation;
  bool proc_null;  // to or from MPI_PROC_NULL: complete from the start
};
