#pragma once
// Starting sends and receives on behalf of a request, shared by the nonblocking and the persistent calls,
// and the status and errors of completed receives.

#include <mpi.h>

#include <cstddef>

#include "mpi_api/handles.hpp"
#include "shm/operations.hpp"

namespace weft::mpi {

// Sets what a completed operation reports. MPI_ERROR is left alone: calls that return one status report
// their error as their result, and those returning several set it when they fail (MPI_ERR_IN_STATUS).
void fill_status(MPI_Status* status, int source, int tag, std::size_t bytes) noexcept;

// MPI_Isendrecv_replace's completion: the `received` bytes of the staged message into the buffer.
void unstage(const paired_send& paired, std::size_t received) noexcept;

// MPI_SUCCESS, or MPI_ERR_TRUNCATE delivered to comm's handler when the message did not fit.
int receive_outcome(const shm::recv_request& receive, MPI_Comm comm, const char* call);

// Starts the operation of `request` (whose communicator is set) with checked arguments. A buffered send
// copies the message into the attached buffer and may fail with MPI_ERR_BUFFER; the others cannot fail.
int start_send(const char* call, weft_request_s& request, const void* buf, int count, MPI_Datatype datatype, int dest,
               int tag, send_kind kind);
void start_receive(weft_request_s& request, void* buf, int count, MPI_Datatype datatype, int source, int tag);

// MPI_Start of a partitioned request (partitioned.cpp): a receive is posted; a send goes once its
// partitions are ready.
void start_partitioned(weft_request_s& request, persistent_partitioned& bound);

// Argument checks of sends and receives.
[[nodiscard]] int check_send(const char* call, const void* buf, int count, MPI_Datatype datatype, int dest, int tag,
                             MPI_Comm comm);
[[nodiscard]] int check_receive(const char* call, const void* buf, int count, MPI_Datatype datatype, int source,
                                int tag, MPI_Comm comm);

}  // namespace weft::mpi
