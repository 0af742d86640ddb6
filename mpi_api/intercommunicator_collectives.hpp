#pragma once
// The collective calls on intercommunicators (MPI-3.1, 5.2.2): a root passes MPI_ROOT, the other ranks of
// its group MPI_PROC_NULL, and the ranks of the other group the root's rank there; the arrays of the v and
// w calls have an entry per rank of the remote group. Called by the calls of collectives.cpp,
// data_movement_collectives.cpp and reduction_collectives.cpp once `comm` is known to be a usable
// intercommunicator; `request` as in collective_requests.hpp. The data-movement calls are defined in
// collectives/inter/intercommunicator_data_movement.cpp.

#include <mpi.h>

#include "collectives/intercommunicator_table.hpp"
#include "mpi_api/handles.hpp"

namespace weft::mpi {

// Where the caller stands in the collectives across the groups of `inter`.
coll::crossing crossing_of(const weft_comm_s& inter);

int inter_barrier(const char* call, MPI_Comm comm, MPI_Request* request);
int inter_bcast(const char* call, void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                MPI_Request* request);
int inter_reduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 int root, MPI_Comm comm, MPI_Request* request);
int inter_allreduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Request* request);
// The caller's block of the other group's reduction is `count` elements from element `offset` of the
// `total` that each rank of the caller's group sends (the same total in both groups, as MPI requires).
int inter_reduce_scatter(const char* call, const void* sendbuf, void* recvbuf, long long offset, int count,
                         long long total, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request);

int inter_gather(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request);
int inter_gatherv(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
                  MPI_Request* request);
int inter_scatter(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request);
int inter_scatterv(const char* call, const void* sendbuf, const int sendcounts[], const int displs[],
                   MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                   MPI_Request* request);
int inter_allgather(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request);
int inter_allgatherv(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                     MPI_Request* request);
int inter_alltoall(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request);
int inter_alltoallv(const char* call, const void* sendbuf, const int sendcounts[], const int sdispls[],
                    MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                    MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request);
int inter_alltoallw(const char* call, const void* sendbuf, const int sendcounts[], const int sdispls[],
                    const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[], const int rdispls[],
                    const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request* request);

}  // namespace weft::mpi
