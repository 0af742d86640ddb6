// The large-count forms of the collectives (blocking, nonblocking, persistent and neighborhood): each
// converts its counts (large_counts.hpp) and calls the int form, which checks the rest. Every procedure
// follows one pattern, written out for each.

#include <climits>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/large_counts.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Bcast_c)
extern "C" int PMPI_Bcast_c(void* buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Bcast(buffer, data.count, data.datatype, root, comm);
}

WEFT_PMPI_ALIAS(Gather_c)
extern "C" int PMPI_Gather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Gather(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, root,
                     comm);
}

WEFT_PMPI_ALIAS(Gatherv_c)
extern "C" int PMPI_Gatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                              const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                              MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_array recvcounts_int(recvcounts, is_root(comm, root) ? group_entries(comm) : 0);
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  const int_array displs_int(displs, is_root(comm, root) ? group_entries(comm) : 0);
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  return PMPI_Gatherv(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(), displs_int.data(),
                      recvtype, root, comm);
}

WEFT_PMPI_ALIAS(Scatter_c)
extern "C" int PMPI_Scatter_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Scatter(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, root,
                      comm);
}

WEFT_PMPI_ALIAS(Scatterv_c)
extern "C" int PMPI_Scatterv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                               MPI_Datatype sendtype, void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                               int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_array sendcounts_int(sendcounts, is_root(comm, root) ? group_entries(comm) : 0);
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  const int_array displs_int(displs, is_root(comm, root) ? group_entries(comm) : 0);
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Scatterv(sendbuf, sendcounts_int.data(), displs_int.data(), sendtype, recvbuf, recvdata.count,
                       recvdata.datatype, root, comm);
}

WEFT_PMPI_ALIAS(Allgather_c)
extern "C" int PMPI_Allgather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Allgather(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, comm);
}

WEFT_PMPI_ALIAS(Allgatherv_c)
extern "C" int PMPI_Allgatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                 const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                 MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  const int_array displs_int(displs, group_entries(comm));
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  return PMPI_Allgatherv(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(), displs_int.data(),
                         recvtype, comm);
}

WEFT_PMPI_ALIAS(Alltoall_c)
extern "C" int PMPI_Alltoall_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Alltoall(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, comm);
}

WEFT_PMPI_ALIAS(Alltoallv_c)
extern "C" int PMPI_Alltoallv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                MPI_Datatype sendtype, void* recvbuf, const MPI_Count recvcounts[],
                                const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_array sendcounts_int(sendcounts, group_entries(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  const int_array sdispls_int(sdispls, group_entries(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  const int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  const int_array rdispls_int(rdispls, group_entries(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  return PMPI_Alltoallv(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtype, recvbuf, recvcounts_int.data(),
                        rdispls_int.data(), recvtype, comm);
}

WEFT_PMPI_ALIAS(Alltoallw_c)
extern "C" int PMPI_Alltoallw_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                const MPI_Datatype sendtypes[], void* recvbuf, const MPI_Count recvcounts[],
                                const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_array sendcounts_int(sendcounts, group_entries(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  const int_array sdispls_int(sdispls, group_entries(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  const int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  const int_array rdispls_int(rdispls, group_entries(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  return PMPI_Alltoallw(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtypes, recvbuf, recvcounts_int.data(),
                        rdispls_int.data(), recvtypes, comm);
}

WEFT_PMPI_ALIAS(Reduce_c)
extern "C" int PMPI_Reduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                             int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Reduce(sendbuf, recvbuf, data.count, data.datatype, op, root, comm);
}

WEFT_PMPI_ALIAS(Allreduce_c)
extern "C" int PMPI_Allreduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Allreduce(sendbuf, recvbuf, data.count, data.datatype, op, comm);
}

WEFT_PMPI_ALIAS(Reduce_scatter_block_c)
extern "C" int PMPI_Reduce_scatter_block_c(const void* sendbuf, void* recvbuf, MPI_Count recvcount,
                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count recvdata(recvcount, datatype, op);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvdata.count, recvdata.datatype, op, comm);
}

WEFT_PMPI_ALIAS(Reduce_scatter_c)
extern "C" int PMPI_Reduce_scatter_c(const void* sendbuf, void* recvbuf, const MPI_Count recvcounts[],
                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts_int.data(), datatype, op, comm);
}

WEFT_PMPI_ALIAS(Scan_c)
extern "C" int PMPI_Scan_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Scan(sendbuf, recvbuf, data.count, data.datatype, op, comm);
}

WEFT_PMPI_ALIAS(Exscan_c)
extern "C" int PMPI_Exscan_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Exscan(sendbuf, recvbuf, data.count, data.datatype, op, comm);
}

WEFT_PMPI_ALIAS(Ibcast_c)
extern "C" int PMPI_Ibcast_c(void* buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                             MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Ibcast(buffer, data.count, data.datatype, root, comm, request);
}

WEFT_PMPI_ALIAS(Igather_c)
extern "C" int PMPI_Igather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                              MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Igather(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, root,
                      comm, request);
}

WEFT_PMPI_ALIAS(Igatherv_c)
extern "C" int PMPI_Igatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                               const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                               MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  int_array recvcounts_int(recvcounts, is_root(comm, root) ? group_entries(comm) : 0);
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array displs_int(displs, is_root(comm, root) ? group_entries(comm) : 0);
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  int error = PMPI_Igatherv(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(),
                            displs_int.data(), recvtype, root, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&recvcounts_int, &displs_int});
  return error;
}

WEFT_PMPI_ALIAS(Iscatter_c)
extern "C" int PMPI_Iscatter_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                               MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Iscatter(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, root,
                       comm, request);
}

WEFT_PMPI_ALIAS(Iscatterv_c)
extern "C" int PMPI_Iscatterv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                MPI_Datatype sendtype, void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                int root, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, is_root(comm, root) ? group_entries(comm) : 0);
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array displs_int(displs, is_root(comm, root) ? group_entries(comm) : 0);
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  int error = PMPI_Iscatterv(sendbuf, sendcounts_int.data(), displs_int.data(), sendtype, recvbuf, recvdata.count,
                             recvdata.datatype, root, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &displs_int});
  return error;
}

WEFT_PMPI_ALIAS(Iallgather_c)
extern "C" int PMPI_Iallgather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                 MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Iallgather(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, comm,
                         request);
}

WEFT_PMPI_ALIAS(Iallgatherv_c)
extern "C" int PMPI_Iallgatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                  const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                  MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array displs_int(displs, group_entries(comm));
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  int error = PMPI_Iallgatherv(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(),
                               displs_int.data(), recvtype, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&recvcounts_int, &displs_int});
  return error;
}

WEFT_PMPI_ALIAS(Ialltoall_c)
extern "C" int PMPI_Ialltoall_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Ialltoall(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, comm,
                        request);
}

WEFT_PMPI_ALIAS(Ialltoallv_c)
extern "C" int PMPI_Ialltoallv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                 MPI_Datatype sendtype, void* recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, group_entries(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array sdispls_int(sdispls, group_entries(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array rdispls_int(rdispls, group_entries(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  int error = PMPI_Ialltoallv(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtype, recvbuf,
                              recvcounts_int.data(), rdispls_int.data(), recvtype, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &sdispls_int, &recvcounts_int, &rdispls_int});
  return error;
}

WEFT_PMPI_ALIAS(Ialltoallw_c)
extern "C" int PMPI_Ialltoallw_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                 const MPI_Datatype sendtypes[], void* recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                 MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, group_entries(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array sdispls_int(sdispls, group_entries(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array rdispls_int(rdispls, group_entries(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  int error = PMPI_Ialltoallw(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtypes, recvbuf,
                              recvcounts_int.data(), rdispls_int.data(), recvtypes, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &sdispls_int, &recvcounts_int, &rdispls_int});
  return error;
}

WEFT_PMPI_ALIAS(Ireduce_c)
extern "C" int PMPI_Ireduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              int root, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Ireduce(sendbuf, recvbuf, data.count, data.datatype, op, root, comm, request);
}

WEFT_PMPI_ALIAS(Iallreduce_c)
extern "C" int PMPI_Iallreduce_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Iallreduce(sendbuf, recvbuf, data.count, data.datatype, op, comm, request);
}

WEFT_PMPI_ALIAS(Ireduce_scatter_block_c)
extern "C" int PMPI_Ireduce_scatter_block_c(const void* sendbuf, void* recvbuf, MPI_Count recvcount,
                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count recvdata(recvcount, datatype, op);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvdata.count, recvdata.datatype, op, comm, request);
}

WEFT_PMPI_ALIAS(Ireduce_scatter_c)
extern "C" int PMPI_Ireduce_scatter_c(const void* sendbuf, void* recvbuf, const MPI_Count recvcounts[],
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int error = PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts_int.data(), datatype, op, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&recvcounts_int});
  return error;
}

WEFT_PMPI_ALIAS(Iscan_c)
extern "C" int PMPI_Iscan_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Iscan(sendbuf, recvbuf, data.count, data.datatype, op, comm, request);
}

WEFT_PMPI_ALIAS(Iexscan_c)
extern "C" int PMPI_Iexscan_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Iexscan(sendbuf, recvbuf, data.count, data.datatype, op, comm, request);
}

WEFT_PMPI_ALIAS(Bcast_init_c)
extern "C" int PMPI_Bcast_init_c(void* buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                 MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Bcast_init(buffer, data.count, data.datatype, root, comm, info, request);
}

WEFT_PMPI_ALIAS(Gather_init_c)
extern "C" int PMPI_Gather_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                  MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                  MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Gather_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, root,
                          comm, info, request);
}

WEFT_PMPI_ALIAS(Gatherv_init_c)
extern "C" int PMPI_Gatherv_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                   const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                   int root, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  int_array recvcounts_int(recvcounts, is_root(comm, root) ? group_entries(comm) : 0);
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array displs_int(displs, is_root(comm, root) ? group_entries(comm) : 0);
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  int error = PMPI_Gatherv_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(),
                                displs_int.data(), recvtype, root, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&recvcounts_int, &displs_int});
  return error;
}

WEFT_PMPI_ALIAS(Scatter_init_c)
extern "C" int PMPI_Scatter_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                   MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                   MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Scatter_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype, root,
                           comm, info, request);
}

WEFT_PMPI_ALIAS(Scatterv_init_c)
extern "C" int PMPI_Scatterv_init_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                    MPI_Datatype sendtype, void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                    int root, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, is_root(comm, root) ? group_entries(comm) : 0);
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array displs_int(displs, is_root(comm, root) ? group_entries(comm) : 0);
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  int error = PMPI_Scatterv_init(sendbuf, sendcounts_int.data(), displs_int.data(), sendtype, recvbuf, recvdata.count,
                                 recvdata.datatype, root, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &displs_int});
  return error;
}

WEFT_PMPI_ALIAS(Allgather_init_c)
extern "C" int PMPI_Allgather_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                     MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Allgather_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype,
                             comm, info, request);
}

WEFT_PMPI_ALIAS(Allgatherv_init_c)
extern "C" int PMPI_Allgatherv_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                      const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                      MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array displs_int(displs, group_entries(comm));
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  int error = PMPI_Allgatherv_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(),
                                   displs_int.data(), recvtype, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&recvcounts_int, &displs_int});
  return error;
}

WEFT_PMPI_ALIAS(Alltoall_init_c)
extern "C" int PMPI_Alltoall_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                    MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Alltoall_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype,
                            comm, info, request);
}

WEFT_PMPI_ALIAS(Alltoallv_init_c)
extern "C" int PMPI_Alltoallv_init_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                     MPI_Datatype sendtype, void* recvbuf, const MPI_Count recvcounts[],
                                     const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                     MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, group_entries(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array sdispls_int(sdispls, group_entries(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array rdispls_int(rdispls, group_entries(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  int error = PMPI_Alltoallv_init(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtype, recvbuf,
                                  recvcounts_int.data(), rdispls_int.data(), recvtype, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &sdispls_int, &recvcounts_int, &rdispls_int});
  return error;
}

WEFT_PMPI_ALIAS(Alltoallw_init_c)
extern "C" int PMPI_Alltoallw_init_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                     const MPI_Datatype sendtypes[], void* recvbuf, const MPI_Count recvcounts[],
                                     const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                     MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, group_entries(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array sdispls_int(sdispls, group_entries(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array rdispls_int(rdispls, group_entries(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  int error = PMPI_Alltoallw_init(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtypes, recvbuf,
                                  recvcounts_int.data(), rdispls_int.data(), recvtypes, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &sdispls_int, &recvcounts_int, &rdispls_int});
  return error;
}

WEFT_PMPI_ALIAS(Reduce_init_c)
extern "C" int PMPI_Reduce_init_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                  int root, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Reduce_init(sendbuf, recvbuf, data.count, data.datatype, op, root, comm, info, request);
}

WEFT_PMPI_ALIAS(Allreduce_init_c)
extern "C" int PMPI_Allreduce_init_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype,
                                     MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Allreduce_init(sendbuf, recvbuf, data.count, data.datatype, op, comm, info, request);
}

WEFT_PMPI_ALIAS(Reduce_scatter_block_init_c)
extern "C" int PMPI_Reduce_scatter_block_init_c(const void* sendbuf, void* recvbuf, MPI_Count recvcount,
                                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count recvdata(recvcount, datatype, op);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Reduce_scatter_block_init(sendbuf, recvbuf, recvdata.count, recvdata.datatype, op, comm, info, request);
}

WEFT_PMPI_ALIAS(Reduce_scatter_init_c)
extern "C" int PMPI_Reduce_scatter_init_c(const void* sendbuf, void* recvbuf, const MPI_Count recvcounts[],
                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                          MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array recvcounts_int(recvcounts, group_entries(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int error = PMPI_Reduce_scatter_init(sendbuf, recvbuf, recvcounts_int.data(), datatype, op, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&recvcounts_int});
  return error;
}

WEFT_PMPI_ALIAS(Scan_init_c)
extern "C" int PMPI_Scan_init_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Scan_init(sendbuf, recvbuf, data.count, data.datatype, op, comm, info, request);
}

WEFT_PMPI_ALIAS(Exscan_init_c)
extern "C" int PMPI_Exscan_init_c(const void* sendbuf, void* recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                  MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Exscan_init(sendbuf, recvbuf, data.count, data.datatype, op, comm, info, request);
}

WEFT_PMPI_ALIAS(Neighbor_allgather_c)
extern "C" int PMPI_Neighbor_allgather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Neighbor_allgather(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype,
                                 comm);
}

WEFT_PMPI_ALIAS(Neighbor_allgatherv_c)
extern "C" int PMPI_Neighbor_allgatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                          void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                          MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  const int_array displs_int(displs, neighbor_sources(comm));
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  return PMPI_Neighbor_allgatherv(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(),
                                  displs_int.data(), recvtype, comm);
}

WEFT_PMPI_ALIAS(Neighbor_alltoall_c)
extern "C" int PMPI_Neighbor_alltoall_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                        MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Neighbor_alltoall(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype,
                                comm);
}

WEFT_PMPI_ALIAS(Neighbor_alltoallv_c)
extern "C" int PMPI_Neighbor_alltoallv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                         MPI_Datatype sendtype, void* recvbuf, const MPI_Count recvcounts[],
                                         const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_array sendcounts_int(sendcounts, neighbor_destinations(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  const int_array sdispls_int(sdispls, neighbor_destinations(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  const int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  const int_array rdispls_int(rdispls, neighbor_sources(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  return PMPI_Neighbor_alltoallv(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtype, recvbuf,
                                 recvcounts_int.data(), rdispls_int.data(), recvtype, comm);
}

WEFT_PMPI_ALIAS(Neighbor_alltoallw_c)
extern "C" int PMPI_Neighbor_alltoallw_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                         const MPI_Datatype sendtypes[], void* recvbuf, const MPI_Count recvcounts[],
                                         const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_array sendcounts_int(sendcounts, neighbor_destinations(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  const int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  return PMPI_Neighbor_alltoallw(sendbuf, sendcounts_int.data(), sdispls, sendtypes, recvbuf, recvcounts_int.data(),
                                 rdispls, recvtypes, comm);
}

WEFT_PMPI_ALIAS(Ineighbor_allgather_c)
extern "C" int PMPI_Ineighbor_allgather_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                          void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                          MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Ineighbor_allgather(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count,
                                  recvdata.datatype, comm, request);
}

WEFT_PMPI_ALIAS(Ineighbor_allgatherv_c)
extern "C" int PMPI_Ineighbor_allgatherv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                           void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array displs_int(displs, neighbor_sources(comm));
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  int error = PMPI_Ineighbor_allgatherv(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(),
                                        displs_int.data(), recvtype, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&recvcounts_int, &displs_int});
  return error;
}

WEFT_PMPI_ALIAS(Ineighbor_alltoall_c)
extern "C" int PMPI_Ineighbor_alltoall_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void* recvbuf,
                                         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                         MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Ineighbor_alltoall(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count, recvdata.datatype,
                                 comm, request);
}

WEFT_PMPI_ALIAS(Ineighbor_alltoallv_c)
extern "C" int PMPI_Ineighbor_alltoallv_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                          MPI_Datatype sendtype, void* recvbuf, const MPI_Count recvcounts[],
                                          const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                          MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, neighbor_destinations(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array sdispls_int(sdispls, neighbor_destinations(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array rdispls_int(rdispls, neighbor_sources(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  int error = PMPI_Ineighbor_alltoallv(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtype, recvbuf,
                                       recvcounts_int.data(), rdispls_int.data(), recvtype, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &sdispls_int, &recvcounts_int, &rdispls_int});
  return error;
}

WEFT_PMPI_ALIAS(Ineighbor_alltoallw_c)
extern "C" int PMPI_Ineighbor_alltoallw_c(const void* sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                          const MPI_Datatype sendtypes[], void* recvbuf, const MPI_Count recvcounts[],
                                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                          MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, neighbor_destinations(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int error = PMPI_Ineighbor_alltoallw(sendbuf, sendcounts_int.data(), sdispls, sendtypes, recvbuf,
                                       recvcounts_int.data(), rdispls, recvtypes, comm, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &recvcounts_int});
  return error;
}

WEFT_PMPI_ALIAS(Neighbor_allgather_init_c)
extern "C" int PMPI_Neighbor_allgather_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                              void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                              MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Neighbor_allgather_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count,
                                      recvdata.datatype, comm, info, request);
}

WEFT_PMPI_ALIAS(Neighbor_allgatherv_init_c)
extern "C" int PMPI_Neighbor_allgatherv_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                               void* recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                               MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array displs_int(displs, neighbor_sources(comm));
  if (displs_int.refused()) return displs_int.report(call, comm, MPI_ERR_ARG, "displs");
  int error = PMPI_Neighbor_allgatherv_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvcounts_int.data(),
                                            displs_int.data(), recvtype, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&recvcounts_int, &displs_int});
  return error;
}

WEFT_PMPI_ALIAS(Neighbor_alltoall_init_c)
extern "C" int PMPI_Neighbor_alltoall_init_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                             void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                             MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Neighbor_alltoall_init(sendbuf, senddata.count, senddata.datatype, recvbuf, recvdata.count,
                                     recvdata.datatype, comm, info, request);
}

WEFT_PMPI_ALIAS(Neighbor_alltoallv_init_c)
extern "C" int PMPI_Neighbor_alltoallv_init_c(const void* sendbuf, const MPI_Count sendcounts[],
                                              const MPI_Aint sdispls[], MPI_Datatype sendtype, void* recvbuf,
                                              const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                              MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, neighbor_destinations(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array sdispls_int(sdispls, neighbor_destinations(comm));
  if (sdispls_int.refused()) return sdispls_int.report(call, comm, MPI_ERR_ARG, "sdispls");
  int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int_array rdispls_int(rdispls, neighbor_sources(comm));
  if (rdispls_int.refused()) return rdispls_int.report(call, comm, MPI_ERR_ARG, "rdispls");
  int error = PMPI_Neighbor_alltoallv_init(sendbuf, sendcounts_int.data(), sdispls_int.data(), sendtype, recvbuf,
                                           recvcounts_int.data(), rdispls_int.data(), recvtype, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &sdispls_int, &recvcounts_int, &rdispls_int});
  return error;
}

WEFT_PMPI_ALIAS(Neighbor_alltoallw_init_c)
extern "C" int PMPI_Neighbor_alltoallw_init_c(const void* sendbuf, const MPI_Count sendcounts[],
                                              const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void* recvbuf,
                                              const MPI_Count recvcounts[], const MPI_Aint rdispls[],
                                              const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                              MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  int_array sendcounts_int(sendcounts, neighbor_destinations(comm));
  if (sendcounts_int.refused()) return sendcounts_int.report(call, comm, MPI_ERR_COUNT, "sendcounts");
  int_array recvcounts_int(recvcounts, neighbor_sources(comm));
  if (recvcounts_int.refused()) return recvcounts_int.report(call, comm, MPI_ERR_COUNT, "recvcounts");
  int error = PMPI_Neighbor_alltoallw_init(sendbuf, sendcounts_int.data(), sdispls, sendtypes, recvbuf,
                                           recvcounts_int.data(), rdispls, recvtypes, comm, info, request);
  if (error == MPI_SUCCESS) keep_for(*request, {&sendcounts_int, &recvcounts_int});
  return error;
}

WEFT_PMPI_ALIAS(Reduce_local_c)
extern "C" int PMPI_Reduce_local_c(const void* inbuf, void* inoutbuf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Op op) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype, op);
  if (data.refused()) return data.report(call, MPI_COMM_WORLD);
  return PMPI_Reduce_local(inbuf, inoutbuf, data.count, data.datatype, op);
}
