#pragma once
// Argument checks of the window calls (MPI-3.1, chapter 11). Errors go to the window's error handler,
// those of an invalid window to MPI_COMM_WORLD's.

#include <mpi.h>

#include "mpi_api/checks.hpp"

namespace weft::mpi {

// A live window exists only after MPI_Init, so a valid one needs no look at the rank's state: RMA calls
// are short enough for that to show.
[[nodiscard]] inline int check_window(const char* call, MPI_Win win) {
  if (is_object(win, object_kind::window)) [[likely]]
    return MPI_SUCCESS;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (win == MPI_WIN_NULL) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_WIN, call, "window is MPI_WIN_NULL");
  if (!is_object(win, object_kind::window)) [[unlikely]]
    return raise_error(MPI_COMM_WORLD, MPI_ERR_WIN, call, "invalid window %p", static_cast<void*>(win));
  return MPI_SUCCESS;
}

inline int window_size(MPI_Win win) noexcept { return win->shared->size(); }

// A rank of the window's group, or MPI_PROC_NULL.
[[nodiscard]] inline int check_target(const char* call, MPI_Win win, int rank, const char* argument) {
  if ((rank >= 0 && rank < window_size(win)) || rank == MPI_PROC_NULL) [[likely]]
    return MPI_SUCCESS;
  return raise_error(win, MPI_ERR_RANK, call, "invalid %s %d (the window's group has %d ranks)", argument, rank,
                     window_size(win));
}

// Assertions: a combination of the MPI_MODE_ flags `allowed`.
[[nodiscard]] inline int check_assert(const char* call, MPI_Win win, int assert, int allowed) {
  if ((assert & ~allowed) == 0) [[likely]]
    return MPI_SUCCESS;
  return raise_error(win, MPI_ERR_ASSERT, call, "invalid assert %d for this call", assert);
}

// Reports a failure a target on another node found (a dynamic window's bytes not attached there).
inline int report_remote_failure(const char* call, MPI_Win win, rma::remote_origin::failure failed) {
  if (failed.status == rma::wire::reply_status::done) [[likely]]
    return MPI_SUCCESS;
  return raise_error(win, MPI_ERR_RMA_RANGE, call,
                     "an operation of this rank on target %d touched bytes that target did not attach", failed.target);
}

// Waits until the calling rank's operations on members of other nodes are complete at their targets;
// reports a failure a target found.
inline int complete_remote_operations(const char* call, MPI_Win win) {
  return report_remote_failure(call, win, win->remote.complete_all());
}

[[nodiscard]] inline int check_flavor(const char* call, MPI_Win win, int flavor, const char* needed) {
  if (win->flavor == flavor) [[likely]]
    return MPI_SUCCESS;
  return raise_error(win, MPI_ERR_RMA_FLAVOR, call, "the window is not %s", needed);
}

}  // namespace weft::mpi
