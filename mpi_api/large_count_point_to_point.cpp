// The large-count forms of point-to-point communication and the send buffer: each converts its counts
// (large_counts.hpp) and calls the int form, which checks the rest. Every procedure follows one pattern,
// written out for each.

#include <climits>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/large_counts.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Send_c)
extern "C" int PMPI_Send_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Send(buf, data.count, data.datatype, dest, tag, comm);
}

WEFT_PMPI_ALIAS(Bsend_c)
extern "C" int PMPI_Bsend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Bsend(buf, data.count, data.datatype, dest, tag, comm);
}

WEFT_PMPI_ALIAS(Ssend_c)
extern "C" int PMPI_Ssend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Ssend(buf, data.count, data.datatype, dest, tag, comm);
}

WEFT_PMPI_ALIAS(Rsend_c)
extern "C" int PMPI_Rsend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Rsend(buf, data.count, data.datatype, dest, tag, comm);
}

WEFT_PMPI_ALIAS(Recv_c)
extern "C" int PMPI_Recv_c(void* buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                           MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Recv(buf, data.count, data.datatype, source, tag, comm, status);
}

WEFT_PMPI_ALIAS(Isend_c)
extern "C" int PMPI_Isend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Isend(buf, data.count, data.datatype, dest, tag, comm, request);
}

WEFT_PMPI_ALIAS(Ibsend_c)
extern "C" int PMPI_Ibsend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Ibsend(buf, data.count, data.datatype, dest, tag, comm, request);
}

WEFT_PMPI_ALIAS(Issend_c)
extern "C" int PMPI_Issend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Issend(buf, data.count, data.datatype, dest, tag, comm, request);
}

WEFT_PMPI_ALIAS(Irsend_c)
extern "C" int PMPI_Irsend_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Irsend(buf, data.count, data.datatype, dest, tag, comm, request);
}

WEFT_PMPI_ALIAS(Irecv_c)
extern "C" int PMPI_Irecv_c(void* buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                            MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Irecv(buf, data.count, data.datatype, source, tag, comm, request);
}

WEFT_PMPI_ALIAS(Mrecv_c)
extern "C" int PMPI_Mrecv_c(void* buf, MPI_Count count, MPI_Datatype datatype, MPI_Message* message,
                            MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, MPI_COMM_WORLD);
  return PMPI_Mrecv(buf, data.count, data.datatype, message, status);
}

WEFT_PMPI_ALIAS(Imrecv_c)
extern "C" int PMPI_Imrecv_c(void* buf, MPI_Count count, MPI_Datatype datatype, MPI_Message* message,
                             MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, MPI_COMM_WORLD);
  return PMPI_Imrecv(buf, data.count, data.datatype, message, request);
}

WEFT_PMPI_ALIAS(Send_init_c)
extern "C" int PMPI_Send_init_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Send_init(buf, data.count, data.datatype, dest, tag, comm, request);
}

WEFT_PMPI_ALIAS(Bsend_init_c)
extern "C" int PMPI_Bsend_init_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                 MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Bsend_init(buf, data.count, data.datatype, dest, tag, comm, request);
}

WEFT_PMPI_ALIAS(Ssend_init_c)
extern "C" int PMPI_Ssend_init_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                 MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Ssend_init(buf, data.count, data.datatype, dest, tag, comm, request);
}

WEFT_PMPI_ALIAS(Rsend_init_c)
extern "C" int PMPI_Rsend_init_c(const void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag,
                                 MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Rsend_init(buf, data.count, data.datatype, dest, tag, comm, request);
}

WEFT_PMPI_ALIAS(Recv_init_c)
extern "C" int PMPI_Recv_init_c(void* buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                                MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Recv_init(buf, data.count, data.datatype, source, tag, comm, request);
}

WEFT_PMPI_ALIAS(Sendrecv_c)
extern "C" int PMPI_Sendrecv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                               void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                               MPI_Comm comm, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Sendrecv(sendbuf, senddata.count, senddata.datatype, dest, sendtag, recvbuf, recvdata.count,
                       recvdata.datatype, source, recvtag, comm, status);
}

WEFT_PMPI_ALIAS(Sendrecv_replace_c)
extern "C" int PMPI_Sendrecv_replace_c(void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                       int source, int recvtag, MPI_Comm comm, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Sendrecv_replace(buf, data.count, data.datatype, dest, sendtag, source, recvtag, comm, status);
}

WEFT_PMPI_ALIAS(Isendrecv_c)
extern "C" int PMPI_Isendrecv_c(const void* sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                                void* recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                                MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count senddata(sendcount, sendtype);
  if (senddata.refused()) return senddata.report(call, comm);
  const int_count recvdata(recvcount, recvtype);
  if (recvdata.refused()) return recvdata.report(call, comm);
  return PMPI_Isendrecv(sendbuf, senddata.count, senddata.datatype, dest, sendtag, recvbuf, recvdata.count,
                        recvdata.datatype, source, recvtag, comm, request);
}

WEFT_PMPI_ALIAS(Isendrecv_replace_c)
extern "C" int PMPI_Isendrecv_replace_c(void* buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                        int source, int recvtag, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, comm);
  return PMPI_Isendrecv_replace(buf, data.count, data.datatype, dest, sendtag, source, recvtag, comm, request);
}
