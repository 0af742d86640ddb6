#pragma once
// An MPI session (MPI-4.1's Sessions Model): a rank's handle on MPI made without MPI_Init. Weft's ranks are set up
// before main runs, so a session only makes MPI usable on its rank while it is open (checks.hpp) and
// carries what the standard gives it: an error handler, the thread level asked for and a buffer for buffered
// sends.

#include <mpi.h>

#include "mpi_api/handles.hpp"

struct weft_session_s : weft::mpi::object_header {
  weft_session_s(MPI_Errhandler handler, int level, weft::mpi::session_buffer_link buffer) noexcept
      : object_header(weft::mpi::object_kind::session),
        errhandler(weft::mpi::retain(handler)),
        thread_level(level),
        send_buffer(std::move(buffer)) {}
  ~weft_session_s() { weft::mpi::release(errhandler); }
  weft_session_s(const weft_session_s&) = delete;
  weft_session_s& operator=(const weft_session_s&) = delete;

  MPI_Errhandler errhandler;  // held
  int thread_level;           // provided, from the "thread_level" asked for
  // MPI_Session_attach_buffer's buffer, shared with the groups and communicators derived from the session.
  weft::mpi::session_buffer_link send_buffer;
};

namespace weft::mpi {

// MPI is usable on the calling rank and `session` is a session; otherwise the error, raised.
[[nodiscard]] int check_session(const char* call, MPI_Session session);

}  // namespace weft::mpi
