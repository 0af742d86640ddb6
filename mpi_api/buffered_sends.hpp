#pragma once
// Buffered sends: the message is copied into the buffer attached to its communicator (MPI_Comm_attach_buffer),
// or else to the session the communicator derives from (MPI_Session_attach_buffer), or else to the rank
// (MPI_Buffer_attach), and sent from there while the call returns; its space is reused once the send has
// completed.

#include <cstddef>
#include <memory>

#include "mpi_api/handles.hpp"
#include "shm/envelope.hpp"
#include "shm/typed_copy.hpp"

namespace weft::mpi {

// Packs `data` into the attached buffer and starts sending it from there; MPI_ERR_BUFFER (through
// `comm`'s handler) when no buffer is attached or it lacks the space.
int buffered_send(const char* call, weft_comm_s* comm, const shm::const_typed_span& data, shm::envelope env,
                  int destination);

// Waits until every message in the calling rank's buffer has left.
void complete_buffered_sends();

// Waits until every message in `buffer` has left (MPI_Comm_free, MPI_Session_finalize); nothing for null.
void flush_buffer(const std::shared_ptr<attached_buffer>& buffer);

// A new session's buffer, with nothing attached yet (MPI_Session_init).
session_buffer_link new_session_buffer();

}  // namespace weft::mpi
