#pragma once
// Buffered sends: the message is copied into the buffer the rank attached (MPI_Buffer_attach), and sent
// from there while the call returns; its space is reused once the send has completed.

#include <cstddef>

#include "mpi_api/handles.hpp"
#include "shm/envelope.hpp"

namespace weft::mpi {

// Copies `bytes` into the attached buffer and starts sending them; MPI_ERR_BUFFER (through `comm`'s
// handler) when no buffer is attached or it lacks the space.
int buffered_send(const char* call, weft_comm_s* comm, const void* buffer, std::size_t bytes,
                  const shm::envelope& env, int destination);

// Waits until every buffered message of the calling rank has left.
void complete_buffered_sends();

}  // namespace weft::mpi
