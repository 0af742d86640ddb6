#pragma once
// Buffered sends: the message is copied into the buffer the rank attached (MPI_Buffer_attach), and sent
// from there while the call returns; its space is reused once the send has completed.

#include <cstddef>

#include "mpi_api/handles.hpp"
#include "shm/envelope.hpp"
#include "shm/typed_copy.hpp"

namespace weft::mpi {

// Packs `data` into the attached buffer and starts sending it from there; MPI_ERR_BUFFER (through
// `comm`'s handler) when no buffer is attached or it lacks the space.
int buffered_send(const char* call, weft_comm_s* comm, const shm::const_typed_span& data, const shm::envelope& env,
                  int destination);

// Waits until every buffered message of the calling rank has left.
void complete_buffered_sends();

}  // namespace weft::mpi
