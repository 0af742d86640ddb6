#pragma once
// Argument checks of the MPIX_Halo calls, in the manner of checks.hpp. Errors about a cell go to the
// handler of its exchange's communicator, or of MPI_COMM_WORLD while it is bound to none.

#include <mpi.h>

#include <cstring>

#include "halo/cell.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/halo_objects.hpp"

namespace weft::mpi {

inline MPI_Comm error_comm(MPI_Halo halo) noexcept {
  return halo->exchange != nullptr ? halo->exchange->comm : MPI_COMM_WORLD;
}

[[nodiscard]] inline int check_halo(const char* call, MPI_Halo halo) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (halo == MPI_HALO_NULL) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "cell is MPI_HALO_NULL");
  if (!is_object(halo, object_kind::halo_cell)) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "invalid cell %p", static_cast<void*>(halo));
  return MPI_SUCCESS;
}

[[nodiscard]] inline int check_halo_exchange(const char* call, MPI_Halo_exchange exchange) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (exchange == MPI_HALO_EXCHANGE_NULL) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "exchange is MPI_HALO_EXCHANGE_NULL");
  if (!is_object(exchange, object_kind::halo_exchange)) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "invalid exchange %p", static_cast<void*>(exchange));
  return MPI_SUCCESS;
}

[[nodiscard]] inline int check_label(const char* call, MPI_Comm comm, const char* label, const char* argument) {
  if (int error = check_output(call, comm, label, argument)) return error;
  if (std::strlen(label) > halo::max_label_length) [[unlikely]]
    return raise_error(comm, MPI_ERR_ARG, call, "%s is longer than %zu characters", argument, halo::max_label_length);
  return MPI_SUCCESS;
}

// An exchange that cells may still be bound to: not committed.
[[nodiscard]] inline int check_uncommitted(const char* call, MPI_Halo_exchange exchange) {
  if (!exchange->exchange.committed()) [[likely]]
    return MPI_SUCCESS;
  return raise_error(exchange->comm, MPI_ERR_OTHER, call, "the exchange is committed already");
}

// A cell bound to no exchange yet.
[[nodiscard]] inline int check_unbound(const char* call, MPI_Halo_exchange exchange, MPI_Halo halo) {
  weft::halo::role role = halo->cell.bound_as();
  if (role == weft::halo::role::unbound) [[likely]]
    return MPI_SUCCESS;
  return raise_error(exchange->comm, MPI_ERR_ARG, call, "cell '%s' is bound already, as %s, to %s exchange",
                     halo->cell.label().c_str(), role == weft::halo::role::local ? "local" : "remote",
                     halo->exchange == exchange ? "this" : "another");
}

}  // namespace weft::mpi
