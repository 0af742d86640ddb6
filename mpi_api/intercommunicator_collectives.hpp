#pragma once
// The collective calls on intercommunicators (MPI-3.1, 5.2.2): a root passes MPI_ROOT, the other ranks of
// its group MPI_PROC_NULL, and the ranks of the other group the root's rank there. Called by the calls of
// collectives.cpp once `comm` is known to be an intercommunicator; `request` as in collective_requests.hpp.

#include <mpi.h>

namespace weft::mpi {

int inter_barrier(MPI_Comm comm, MPI_Request* request);
int inter_bcast(const char* call, void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                MPI_Request* request);
int inter_reduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 int root, MPI_Comm comm, MPI_Request* request);
int inter_allreduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Request* request);

}  // namespace weft::mpi
