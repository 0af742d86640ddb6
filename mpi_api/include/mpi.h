/* Weft's MPI interface for C and C++.
 *
 * Handles are pointers to opaque structs, so the compiler catches a communicator passed where a datatype
 * belongs; predefined handles are the addresses of objects inside the library. Every MPI_ function has a
 * PMPI_ twin (the MPI_ name is weak) for profiling tools. */
#ifndef WEFT_MPI_H
#define WEFT_MPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MPI_VERSION 3
#define MPI_SUBVERSION 1

/* Weft extension. Every rank gets its own copy of the program's globals and statics (mpicc and mpicxx
 * load a privatizing compiler pass); a global declared WEFT_SHARED is instead shared by all the ranks of
 * a node, as in a threaded program. Compilers other than clang do not privatize, so there it is empty. */
#if defined(__clang__)
#define WEFT_SHARED __attribute__((annotate("weft.shared")))
#else
#define WEFT_SHARED
#endif

#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_LIBRARY_VERSION_STRING 512
#define MPI_MAX_ERROR_STRING 512

typedef ptrdiff_t MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;

typedef struct weft_comm_s *MPI_Comm;
typedef struct weft_datatype_s *MPI_Datatype;
typedef struct weft_op_s *MPI_Op;
typedef struct weft_request_s *MPI_Request;
typedef struct weft_errhandler_s *MPI_Errhandler;

typedef struct MPI_Status {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  /* Internal: bytes received and whether the request was cancelled. */
  MPI_Count weft_count;
  int weft_cancelled;
} MPI_Status;

/* Predefined objects live in the library; their addresses are the handles. */
extern struct weft_comm_s weft_mpi_comm_world, weft_mpi_comm_self;
#define MPI_COMM_WORLD ((MPI_Comm)&weft_mpi_comm_world)
#define MPI_COMM_SELF ((MPI_Comm)&weft_mpi_comm_self)
#define MPI_COMM_NULL ((MPI_Comm)0)

#define WEFT_DECLARE_DATATYPE(name) extern struct weft_datatype_s weft_mpi_##name;
#define WEFT_DATATYPE(name) ((MPI_Datatype)&weft_mpi_##name)
WEFT_DECLARE_DATATYPE(char)
WEFT_DECLARE_DATATYPE(signed_char)
WEFT_DECLARE_DATATYPE(unsigned_char)
WEFT_DECLARE_DATATYPE(byte)
WEFT_DECLARE_DATATYPE(wchar)
WEFT_DECLARE_DATATYPE(short)
WEFT_DECLARE_DATATYPE(unsigned_short)
WEFT_DECLARE_DATATYPE(int)
WEFT_DECLARE_DATATYPE(unsigned)
WEFT_DECLARE_DATATYPE(long)
WEFT_DECLARE_DATATYPE(unsigned_long)
WEFT_DECLARE_DATATYPE(long_long)
WEFT_DECLARE_DATATYPE(unsigned_long_long)
WEFT_DECLARE_DATATYPE(float)
WEFT_DECLARE_DATATYPE(double)
WEFT_DECLARE_DATATYPE(long_double)
WEFT_DECLARE_DATATYPE(int8_t)
WEFT_DECLARE_DATATYPE(int16_t)
WEFT_DECLARE_DATATYPE(int32_t)
WEFT_DECLARE_DATATYPE(int64_t)
WEFT_DECLARE_DATATYPE(uint8_t)
WEFT_DECLARE_DATATYPE(uint16_t)
WEFT_DECLARE_DATATYPE(uint32_t)
WEFT_DECLARE_DATATYPE(uint64_t)
WEFT_DECLARE_DATATYPE(c_bool)
WEFT_DECLARE_DATATYPE(aint)
WEFT_DECLARE_DATATYPE(offset)
WEFT_DECLARE_DATATYPE(count)
WEFT_DECLARE_DATATYPE(float_int)
WEFT_DECLARE_DATATYPE(double_int)
WEFT_DECLARE_DATATYPE(long_int)
WEFT_DECLARE_DATATYPE(2int)
WEFT_DECLARE_DATATYPE(short_int)
WEFT_DECLARE_DATATYPE(long_double_int)
#undef WEFT_DECLARE_DATATYPE

#define MPI_DATATYPE_NULL ((MPI_Datatype)0)
#define MPI_CHAR WEFT_DATATYPE(char)
#define MPI_SIGNED_CHAR WEFT_DATATYPE(signed_char)
#define MPI_UNSIGNED_CHAR WEFT_DATATYPE(unsigned_char)
#define MPI_BYTE WEFT_DATATYPE(byte)
#define MPI_WCHAR WEFT_DATATYPE(wchar)
#define MPI_SHORT WEFT_DATATYPE(short)
#define MPI_UNSIGNED_SHORT WEFT_DATATYPE(unsigned_short)
#define MPI_INT WEFT_DATATYPE(int)
#define MPI_UNSIGNED WEFT_DATATYPE(unsigned)
#define MPI_LONG WEFT_DATATYPE(long)
#define MPI_UNSIGNED_LONG WEFT_DATATYPE(unsigned_long)
#define MPI_LONG_LONG_INT WEFT_DATATYPE(long_long)
#define MPI_LONG_LONG WEFT_DATATYPE(long_long)
#define MPI_UNSIGNED_LONG_LONG WEFT_DATATYPE(unsigned_long_long)
#define MPI_FLOAT WEFT_DATATYPE(float)
#define MPI_DOUBLE WEFT_DATATYPE(double)
#define MPI_LONG_DOUBLE WEFT_DATATYPE(long_double)
#define MPI_INT8_T WEFT_DATATYPE(int8_t)
#define MPI_INT16_T WEFT_DATATYPE(int16_t)
#define MPI_INT32_T WEFT_DATATYPE(int32_t)
#define MPI_INT64_T WEFT_DATATYPE(int64_t)
#define MPI_UINT8_T WEFT_DATATYPE(uint8_t)
#define MPI_UINT16_T WEFT_DATATYPE(uint16_t)
#define MPI_UINT32_T WEFT_DATATYPE(uint32_t)
#define MPI_UINT64_T WEFT_DATATYPE(uint64_t)
#define MPI_C_BOOL WEFT_DATATYPE(c_bool)
#define MPI_AINT WEFT_DATATYPE(aint)
#define MPI_OFFSET WEFT_DATATYPE(offset)
#define MPI_COUNT WEFT_DATATYPE(count)
#define MPI_FLOAT_INT WEFT_DATATYPE(float_int)
#define MPI_DOUBLE_INT WEFT_DATATYPE(double_int)
#define MPI_LONG_INT WEFT_DATATYPE(long_int)
#define MPI_2INT WEFT_DATATYPE(2int)
#define MPI_SHORT_INT WEFT_DATATYPE(short_int)
#define MPI_LONG_DOUBLE_INT WEFT_DATATYPE(long_double_int)

#define WEFT_DECLARE_OP(name) extern struct weft_op_s weft_mpi_op_##name;
WEFT_DECLARE_OP(max)
WEFT_DECLARE_OP(min)
WEFT_DECLARE_OP(sum)
WEFT_DECLARE_OP(prod)
WEFT_DECLARE_OP(land)
WEFT_DECLARE_OP(band)
WEFT_DECLARE_OP(lor)
WEFT_DECLARE_OP(bor)
WEFT_DECLARE_OP(lxor)
WEFT_DECLARE_OP(bxor)
WEFT_DECLARE_OP(maxloc)
WEFT_DECLARE_OP(minloc)
#undef WEFT_DECLARE_OP
#define MPI_OP_NULL ((MPI_Op)0)
#define MPI_MAX ((MPI_Op)&weft_mpi_op_max)
#define MPI_MIN ((MPI_Op)&weft_mpi_op_min)
#define MPI_SUM ((MPI_Op)&weft_mpi_op_sum)
#define MPI_PROD ((MPI_Op)&weft_mpi_op_prod)
#define MPI_LAND ((MPI_Op)&weft_mpi_op_land)
#define MPI_BAND ((MPI_Op)&weft_mpi_op_band)
#define MPI_LOR ((MPI_Op)&weft_mpi_op_lor)
#define MPI_BOR ((MPI_Op)&weft_mpi_op_bor)
#define MPI_LXOR ((MPI_Op)&weft_mpi_op_lxor)
#define MPI_BXOR ((MPI_Op)&weft_mpi_op_bxor)
#define MPI_MAXLOC ((MPI_Op)&weft_mpi_op_maxloc)
#define MPI_MINLOC ((MPI_Op)&weft_mpi_op_minloc)

extern struct weft_errhandler_s weft_mpi_errors_are_fatal, weft_mpi_errors_return;
#define MPI_ERRHANDLER_NULL ((MPI_Errhandler)0)
#define MPI_ERRORS_ARE_FATAL ((MPI_Errhandler)&weft_mpi_errors_are_fatal)
#define MPI_ERRORS_RETURN ((MPI_Errhandler)&weft_mpi_errors_return)

#define MPI_REQUEST_NULL ((MPI_Request)0)

#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)

#define MPI_ANY_SOURCE (-1)
#define MPI_PROC_NULL (-2)
#define MPI_ROOT (-3)
#define MPI_ANY_TAG (-1)
#define MPI_UNDEFINED (-32766)

#define MPI_IN_PLACE ((void *)-1)
#define MPI_BOTTOM ((void *)0)

#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

/* Error classes, numbered as MPICH numbers them. */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_ROOT 7
#define MPI_ERR_TRUNCATE 14
#define MPI_ERR_GROUP 8
#define MPI_ERR_OP 9
#define MPI_ERR_REQUEST 19
#define MPI_ERR_TOPOLOGY 10
#define MPI_ERR_DIMS 11
#define MPI_ERR_ARG 12
#define MPI_ERR_OTHER 15
#define MPI_ERR_UNKNOWN 13
#define MPI_ERR_INTERN 16
#define MPI_ERR_IN_STATUS 17
#define MPI_ERR_PENDING 18
#define MPI_ERR_NO_MEM 34
#define MPI_ERR_LASTCODE 0x3fffffff

/* Environment */
int MPI_Init(int *argc, char ***argv);
int MPI_Init_thread(int *argc, char ***argv, int required, int *provided);
int MPI_Initialized(int *flag);
int MPI_Finalize(void);
int MPI_Finalized(int *flag);
int MPI_Query_thread(int *provided);
int MPI_Is_thread_main(int *flag);
int MPI_Abort(MPI_Comm comm, int errorcode);
double MPI_Wtime(void);
double MPI_Wtick(void);
int MPI_Get_processor_name(char *name, int *resultlen);
int MPI_Get_version(int *version, int *subversion);
int MPI_Get_library_version(char *version, int *resultlen);

/* Errors */
int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);
int MPI_Error_string(int errorcode, char *string, int *resultlen);
int MPI_Error_class(int errorcode, int *errorclass);

/* Communicators and datatypes */
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_size(MPI_Comm comm, int *size);
int MPI_Type_size(MPI_Datatype datatype, int *size);

/* Point-to-point */
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status *status);
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request);
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status);
int MPI_Wait(MPI_Request *request, MPI_Status *status);
int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);

/* Collectives */
int MPI_Barrier(MPI_Comm comm);
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
               MPI_Comm comm);
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                  MPI_Comm comm);

/* Profiling names */
int PMPI_Init(int *argc, char ***argv);
int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided);
int PMPI_Initialized(int *flag);
int PMPI_Finalize(void);
int PMPI_Finalized(int *flag);
int PMPI_Query_thread(int *provided);
int PMPI_Is_thread_main(int *flag);
int PMPI_Abort(MPI_Comm comm, int errorcode);
double PMPI_Wtime(void);
double PMPI_Wtick(void);
int PMPI_Get_processor_name(char *name, int *resultlen);
int PMPI_Get_version(int *version, int *subversion);
int PMPI_Get_library_version(char *version, int *resultlen);
int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);
int PMPI_Error_string(int errorcode, char *string, int *resultlen);
int PMPI_Error_class(int errorcode, int *errorclass);
int PMPI_Comm_rank(MPI_Comm comm, int *rank);
int PMPI_Comm_size(MPI_Comm comm, int *size);
int PMPI_Type_size(MPI_Datatype datatype, int *size);
int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Status *status);
int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request);
int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                MPI_Request *request);
int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
               MPI_Request *request);
int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                  MPI_Comm comm, MPI_Status *status);
int PMPI_Wait(MPI_Request *request, MPI_Status *status);
int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status);
int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
int PMPI_Barrier(MPI_Comm comm);
int PMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int PMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                MPI_Comm comm);
int PMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                   MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif /* WEFT_MPI_H */
