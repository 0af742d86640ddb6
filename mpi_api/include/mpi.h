/* Weft's MPI interface for C and C++: every function and constant of MPI 3.1, and the MPIX_Halo extension.
 *
 * Handles are pointers to opaque structs, so the compiler catches a communicator passed where a datatype
 * belongs; predefined handles are the addresses of objects inside the library. Every MPI_ function has a
 * PMPI_ twin (the MPI_ name is weak) for profiling tools. docs/mpi-coverage.md lists the functions that are
 * declared here but not implemented yet: they return MPI_ERR_OTHER through the error handler. */
#ifndef WEFT_MPI_H
#define WEFT_MPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MPI_VERSION 4
#define MPI_SUBVERSION 1

/* Weft extension. Every rank gets its own copy of the program's globals and statics (mpicc and mpicxx
 * load a privatizing compiler pass); a global declared WEFT_SHARED is instead shared by all the ranks of
 * a node, as in a threaded program. Compilers other than clang do not privatize, so there it is empty. */
#if defined(__clang__)
#define WEFT_SHARED __attribute__((annotate("weft.shared")))
#else
#define WEFT_SHARED
#endif

/* ---- Sizes of names and strings ---- */
#define MPI_MAX_PROCESSOR_NAME 256
#define MPI_MAX_LIBRARY_VERSION_STRING 512
#define MPI_MAX_ERROR_STRING 512
#define MPI_MAX_OBJECT_NAME 128
#define MPI_MAX_INFO_KEY 255
#define MPI_MAX_INFO_VAL 1024
#define MPI_MAX_PORT_NAME 256
#define MPI_MAX_DATAREP_STRING 128
#define MPI_MAX_PSET_NAME_LEN 256
#define MPI_MAX_STRINGTAG_LEN 256

/* ---- Types ---- */
typedef ptrdiff_t MPI_Aint;
typedef long long MPI_Offset;
typedef long long MPI_Count;
typedef int MPI_Fint;

typedef struct weft_comm_s *MPI_Comm;
typedef struct weft_group_s *MPI_Group;
typedef struct weft_datatype_s *MPI_Datatype;
typedef struct weft_op_s *MPI_Op;
typedef struct weft_request_s *MPI_Request;
typedef struct weft_message_s *MPI_Message;
typedef struct weft_errhandler_s *MPI_Errhandler;
typedef struct weft_info_s *MPI_Info;
typedef struct weft_win_s *MPI_Win;
typedef struct weft_file_s *MPI_File;
typedef struct weft_session_s *MPI_Session;

typedef struct MPI_Status {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  /* Internal: bytes received and whether the request was cancelled. */
  MPI_Count weft_count;
  int weft_cancelled;
} MPI_Status;

/* ---- Predefined objects: they live in the library, their addresses are the handles ---- */
extern struct weft_comm_s weft_mpi_comm_world, weft_mpi_comm_self;
#define MPI_COMM_WORLD ((MPI_Comm)&weft_mpi_comm_world)
#define MPI_COMM_SELF ((MPI_Comm)&weft_mpi_comm_self)
#define MPI_COMM_NULL ((MPI_Comm)0)

extern struct weft_group_s weft_mpi_group_empty;
#define MPI_GROUP_EMPTY ((MPI_Group)&weft_mpi_group_empty)
#define MPI_GROUP_NULL ((MPI_Group)0)

#define WEFT_DECLARE_DATATYPE(name) extern struct weft_datatype_s weft_mpi_##name;
#define WEFT_DATATYPE(name) ((MPI_Datatype)&weft_mpi_##name)
WEFT_DECLARE_DATATYPE(char)
WEFT_DECLARE_DATATYPE(signed_char)
WEFT_DECLARE_DATATYPE(unsigned_char)
WEFT_DECLARE_DATATYPE(byte)
WEFT_DECLARE_DATATYPE(packed)
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
WEFT_DECLARE_DATATYPE(c_float_complex)
WEFT_DECLARE_DATATYPE(c_double_complex)
WEFT_DECLARE_DATATYPE(c_long_double_complex)
WEFT_DECLARE_DATATYPE(cxx_bool)
WEFT_DECLARE_DATATYPE(cxx_float_complex)
WEFT_DECLARE_DATATYPE(cxx_double_complex)
WEFT_DECLARE_DATATYPE(cxx_long_double_complex)
WEFT_DECLARE_DATATYPE(aint)
WEFT_DECLARE_DATATYPE(offset)
WEFT_DECLARE_DATATYPE(count)
WEFT_DECLARE_DATATYPE(float_int)
WEFT_DECLARE_DATATYPE(double_int)
WEFT_DECLARE_DATATYPE(long_int)
WEFT_DECLARE_DATATYPE(2int)
WEFT_DECLARE_DATATYPE(short_int)
WEFT_DECLARE_DATATYPE(long_double_int)
WEFT_DECLARE_DATATYPE(integer)
WEFT_DECLARE_DATATYPE(real)
WEFT_DECLARE_DATATYPE(double_precision)
WEFT_DECLARE_DATATYPE(complex)
WEFT_DECLARE_DATATYPE(double_complex)
WEFT_DECLARE_DATATYPE(logical)
WEFT_DECLARE_DATATYPE(character)
WEFT_DECLARE_DATATYPE(integer1)
WEFT_DECLARE_DATATYPE(integer2)
WEFT_DECLARE_DATATYPE(integer4)
WEFT_DECLARE_DATATYPE(integer8)
WEFT_DECLARE_DATATYPE(integer16)
WEFT_DECLARE_DATATYPE(real2)
WEFT_DECLARE_DATATYPE(real4)
WEFT_DECLARE_DATATYPE(real8)
WEFT_DECLARE_DATATYPE(real16)
WEFT_DECLARE_DATATYPE(complex4)
WEFT_DECLARE_DATATYPE(complex8)
WEFT_DECLARE_DATATYPE(complex16)
WEFT_DECLARE_DATATYPE(complex32)
WEFT_DECLARE_DATATYPE(2real)
WEFT_DECLARE_DATATYPE(2double_precision)
WEFT_DECLARE_DATATYPE(2integer)
#undef WEFT_DECLARE_DATATYPE

#define MPI_DATATYPE_NULL ((MPI_Datatype)0)
#define MPI_CHAR WEFT_DATATYPE(char)
#define MPI_SIGNED_CHAR WEFT_DATATYPE(signed_char)
#define MPI_UNSIGNED_CHAR WEFT_DATATYPE(unsigned_char)
#define MPI_BYTE WEFT_DATATYPE(byte)
#define MPI_PACKED WEFT_DATATYPE(packed)
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
#define MPI_C_FLOAT_COMPLEX WEFT_DATATYPE(c_float_complex)
#define MPI_C_COMPLEX WEFT_DATATYPE(c_float_complex)
#define MPI_C_DOUBLE_COMPLEX WEFT_DATATYPE(c_double_complex)
#define MPI_C_LONG_DOUBLE_COMPLEX WEFT_DATATYPE(c_long_double_complex)
#define MPI_CXX_BOOL WEFT_DATATYPE(cxx_bool)
#define MPI_CXX_FLOAT_COMPLEX WEFT_DATATYPE(cxx_float_complex)
#define MPI_CXX_DOUBLE_COMPLEX WEFT_DATATYPE(cxx_double_complex)
#define MPI_CXX_LONG_DOUBLE_COMPLEX WEFT_DATATYPE(cxx_long_double_complex)
#define MPI_AINT WEFT_DATATYPE(aint)
#define MPI_OFFSET WEFT_DATATYPE(offset)
#define MPI_COUNT WEFT_DATATYPE(count)
#define MPI_FLOAT_INT WEFT_DATATYPE(float_int)
#define MPI_DOUBLE_INT WEFT_DATATYPE(double_int)
#define MPI_LONG_INT WEFT_DATATYPE(long_int)
#define MPI_2INT WEFT_DATATYPE(2int)
#define MPI_SHORT_INT WEFT_DATATYPE(short_int)
#define MPI_LONG_DOUBLE_INT WEFT_DATATYPE(long_double_int)
/* The Fortran types, which C programs name too (a C++ traits class, a C library called from Fortran). */
#define MPI_INTEGER WEFT_DATATYPE(integer)
#define MPI_REAL WEFT_DATATYPE(real)
#define MPI_DOUBLE_PRECISION WEFT_DATATYPE(double_precision)
#define MPI_COMPLEX WEFT_DATATYPE(complex)
#define MPI_DOUBLE_COMPLEX WEFT_DATATYPE(double_complex)
#define MPI_LOGICAL WEFT_DATATYPE(logical)
#define MPI_CHARACTER WEFT_DATATYPE(character)
#define MPI_INTEGER1 WEFT_DATATYPE(integer1)
#define MPI_INTEGER2 WEFT_DATATYPE(integer2)
#define MPI_INTEGER4 WEFT_DATATYPE(integer4)
#define MPI_INTEGER8 WEFT_DATATYPE(integer8)
#define MPI_INTEGER16 WEFT_DATATYPE(integer16)
#define MPI_REAL2 WEFT_DATATYPE(real2)
#define MPI_REAL4 WEFT_DATATYPE(real4)
#define MPI_REAL8 WEFT_DATATYPE(real8)
#define MPI_REAL16 WEFT_DATATYPE(real16)
#define MPI_COMPLEX4 WEFT_DATATYPE(complex4)
#define MPI_COMPLEX8 WEFT_DATATYPE(complex8)
#define MPI_COMPLEX16 WEFT_DATATYPE(complex16)
#define MPI_COMPLEX32 WEFT_DATATYPE(complex32)
#define MPI_2REAL WEFT_DATATYPE(2real)
#define MPI_2DOUBLE_PRECISION WEFT_DATATYPE(2double_precision)
#define MPI_2INTEGER WEFT_DATATYPE(2integer)

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
WEFT_DECLARE_OP(replace)
WEFT_DECLARE_OP(no_op)
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
#define MPI_REPLACE ((MPI_Op)&weft_mpi_op_replace)
#define MPI_NO_OP ((MPI_Op)&weft_mpi_op_no_op)

extern struct weft_errhandler_s weft_mpi_errors_are_fatal, weft_mpi_errors_return, weft_mpi_errors_abort;
#define MPI_ERRHANDLER_NULL ((MPI_Errhandler)0)
#define MPI_ERRORS_ARE_FATAL ((MPI_Errhandler)&weft_mpi_errors_are_fatal)
#define MPI_ERRORS_RETURN ((MPI_Errhandler)&weft_mpi_errors_return)
/* Ends the job, as MPI_Abort on the communicator does (Weft ends every process of a job that aborts). */
#define MPI_ERRORS_ABORT ((MPI_Errhandler)&weft_mpi_errors_abort)

extern struct weft_info_s weft_mpi_info_env;
#define MPI_INFO_NULL ((MPI_Info)0)
#define MPI_INFO_ENV ((MPI_Info)&weft_mpi_info_env)

extern struct weft_message_s weft_mpi_message_no_proc;
#define MPI_MESSAGE_NULL ((MPI_Message)0)
#define MPI_MESSAGE_NO_PROC ((MPI_Message)&weft_mpi_message_no_proc)

#define MPI_REQUEST_NULL ((MPI_Request)0)
#define MPI_WIN_NULL ((MPI_Win)0)
#define MPI_FILE_NULL ((MPI_File)0)
#define MPI_SESSION_NULL ((MPI_Session)0)
/* ROMIO's names for MPI-IO requests, from before MPI-2 made them MPI_Requests: older codes still use them. */
typedef MPI_Request MPIO_Request;
#define MPIO_REQUEST_NULL MPI_REQUEST_NULL
#define MPIO_Wait MPI_Wait
#define MPIO_Test MPI_Test

/* ---- Special values ---- */
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)
#define MPI_ERRCODES_IGNORE ((int *)0)
#define MPI_F_STATUS_IGNORE ((MPI_Fint *)0)
#define MPI_F_STATUSES_IGNORE ((MPI_Fint *)0)
#define MPI_ARGV_NULL ((char **)0)
#define MPI_ARGVS_NULL ((char ***)0)
#define MPI_UNWEIGHTED ((int *)1)
#define MPI_WEIGHTS_EMPTY ((int *)2)
#define MPI_IN_PLACE ((void *)-1)
#define MPI_BOTTOM ((void *)0)
#define MPI_BUFFER_AUTOMATIC ((void *)-2)

#define MPI_ANY_SOURCE (-1)
#define MPI_PROC_NULL (-2)
#define MPI_ROOT (-3)
#define MPI_ANY_TAG (-1)
#define MPI_UNDEFINED (-32766)
#define MPI_KEYVAL_INVALID 0x24000000
#define MPI_BSEND_OVERHEAD 96

/* Results of comparisons */
#define MPI_IDENT 0
#define MPI_CONGRUENT 1
#define MPI_SIMILAR 2
#define MPI_UNEQUAL 3

/* Thread levels */
#define MPI_THREAD_SINGLE 0
#define MPI_THREAD_FUNNELED 1
#define MPI_THREAD_SERIALIZED 2
#define MPI_THREAD_MULTIPLE 3

/* Topologies */
#define MPI_GRAPH 1
#define MPI_CART 2
#define MPI_DIST_GRAPH 3

/* MPI_Comm_split_type */
#define MPI_COMM_TYPE_SHARED 1

/* Datatype constructors (MPI_Type_get_envelope), distributions and orders */
#define MPI_COMBINER_NAMED 1
#define MPI_COMBINER_DUP 2
#define MPI_COMBINER_CONTIGUOUS 3
#define MPI_COMBINER_VECTOR 4
#define MPI_COMBINER_HVECTOR_INTEGER 5
#define MPI_COMBINER_HVECTOR 6
#define MPI_COMBINER_INDEXED 7
#define MPI_COMBINER_HINDEXED_INTEGER 8
#define MPI_COMBINER_HINDEXED 9
#define MPI_COMBINER_INDEXED_BLOCK 10
#define MPI_COMBINER_STRUCT_INTEGER 11
#define MPI_COMBINER_STRUCT 12
#define MPI_COMBINER_SUBARRAY 13
#define MPI_COMBINER_DARRAY 14
#define MPI_COMBINER_F90_REAL 15
#define MPI_COMBINER_F90_COMPLEX 16
#define MPI_COMBINER_F90_INTEGER 17
#define MPI_COMBINER_RESIZED 18
#define MPI_COMBINER_HINDEXED_BLOCK 19
#define MPI_COMBINER_VALUE_INDEX 20
#define MPI_DISTRIBUTE_BLOCK 121
#define MPI_DISTRIBUTE_CYCLIC 122
#define MPI_DISTRIBUTE_NONE 123
#define MPI_DISTRIBUTE_DFLT_DARG (-49767)
#define MPI_ORDER_C 56
#define MPI_ORDER_FORTRAN 57
#define MPI_TYPECLASS_REAL 1
#define MPI_TYPECLASS_INTEGER 2
#define MPI_TYPECLASS_COMPLEX 3

/* One-sided communication */
#define MPI_MODE_NOCHECK 1024
#define MPI_MODE_NOSTORE 2048
#define MPI_MODE_NOPUT 4096
#define MPI_MODE_NOPRECEDE 8192
#define MPI_MODE_NOSUCCEED 16384
#define MPI_LOCK_EXCLUSIVE 234
#define MPI_LOCK_SHARED 235
#define MPI_WIN_FLAVOR_CREATE 1
#define MPI_WIN_FLAVOR_ALLOCATE 2
#define MPI_WIN_FLAVOR_DYNAMIC 3
#define MPI_WIN_FLAVOR_SHARED 4
#define MPI_WIN_SEPARATE 1
#define MPI_WIN_UNIFIED 2

/* I/O */
#define MPI_MODE_RDONLY 2
#define MPI_MODE_RDWR 8
#define MPI_MODE_WRONLY 4
#define MPI_MODE_CREATE 1
#define MPI_MODE_EXCL 64
#define MPI_MODE_DELETE_ON_CLOSE 16
#define MPI_MODE_UNIQUE_OPEN 32
#define MPI_MODE_APPEND 128
#define MPI_MODE_SEQUENTIAL 256
#define MPI_SEEK_SET 600
#define MPI_SEEK_CUR 602
#define MPI_SEEK_END 604
#define MPI_DISPLACEMENT_CURRENT (-54278278)

/* ---- Predefined attribute keys ---- */
#define MPI_TAG_UB 1
#define MPI_HOST 2
#define MPI_IO 3
#define MPI_WTIME_IS_GLOBAL 4
#define MPI_UNIVERSE_SIZE 5
#define MPI_LASTUSEDCODE 6
#define MPI_APPNUM 7
#define MPI_WIN_BASE 8
#define MPI_WIN_SIZE 9
#define MPI_WIN_DISP_UNIT 10
#define MPI_WIN_CREATE_FLAVOR 11
#define MPI_WIN_MODEL 12

/* ---- Error classes, numbered as MPICH numbers them ---- */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_ROOT 7
#define MPI_ERR_GROUP 8
#define MPI_ERR_OP 9
#define MPI_ERR_TOPOLOGY 10
#define MPI_ERR_DIMS 11
#define MPI_ERR_ARG 12
#define MPI_ERR_UNKNOWN 13
#define MPI_ERR_TRUNCATE 14
#define MPI_ERR_OTHER 15
#define MPI_ERR_INTERN 16
#define MPI_ERR_IN_STATUS 17
#define MPI_ERR_PENDING 18
#define MPI_ERR_REQUEST 19
#define MPI_ERR_ACCESS 20
#define MPI_ERR_AMODE 21
#define MPI_ERR_BAD_FILE 22
#define MPI_ERR_CONVERSION 23
#define MPI_ERR_DUP_DATAREP 24
#define MPI_ERR_FILE_EXISTS 25
#define MPI_ERR_FILE_IN_USE 26
#define MPI_ERR_FILE 27
#define MPI_ERR_INFO 28
#define MPI_ERR_INFO_KEY 29
#define MPI_ERR_INFO_VALUE 30
#define MPI_ERR_INFO_NOKEY 31
#define MPI_ERR_IO 32
#define MPI_ERR_NAME 33
#define MPI_ERR_NO_MEM 34
#define MPI_ERR_NOT_SAME 35
#define MPI_ERR_NO_SPACE 36
#define MPI_ERR_NO_SUCH_FILE 37
#define MPI_ERR_PORT 38
#define MPI_ERR_QUOTA 39
#define MPI_ERR_READ_ONLY 40
#define MPI_ERR_SERVICE 41
#define MPI_ERR_SPAWN 42
#define MPI_ERR_UNSUPPORTED_DATAREP 43
#define MPI_ERR_UNSUPPORTED_OPERATION 44
#define MPI_ERR_WIN 45
#define MPI_ERR_BASE 46
#define MPI_ERR_LOCKTYPE 47
#define MPI_ERR_KEYVAL 48
#define MPI_ERR_RMA_CONFLICT 49
#define MPI_ERR_RMA_SYNC 50
#define MPI_ERR_SIZE 51
#define MPI_ERR_DISP 52
#define MPI_ERR_ASSERT 53
#define MPI_ERR_RMA_RANGE 55
#define MPI_ERR_RMA_ATTACH 56
#define MPI_ERR_RMA_SHARED 57
#define MPI_ERR_RMA_FLAVOR 58
/* MPI-4 */
#define MPI_ERR_SESSION 75
#define MPI_ERR_PROC_ABORTED 76
#define MPI_ERR_VALUE_TOO_LARGE 77
#define MPI_ERR_ERRHANDLER 80
#define MPI_ERR_LASTCODE 0x3fffffff

/* ---- Callback types ---- */
typedef void MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);
typedef void MPI_User_function_c(void *invec, void *inoutvec, MPI_Count *len, MPI_Datatype *datatype);
typedef int MPI_Comm_copy_attr_function(MPI_Comm oldcomm, int comm_keyval, void *extra_state,
                                        void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Comm_delete_attr_function(MPI_Comm comm, int comm_keyval, void *attribute_val, void *extra_state);
typedef int MPI_Type_copy_attr_function(MPI_Datatype oldtype, int type_keyval, void *extra_state,
                                        void *attribute_val_in, void *attribute_val_out, int *flag);
typedef int MPI_Type_delete_attr_function(MPI_Datatype datatype, int type_keyval, void *attribute_val,
                                          void *extra_state);
typedef int MPI_Win_copy_attr_function(MPI_Win oldwin, int win_keyval, void *extra_state, void *attribute_val_in,
                                       void *attribute_val_out, int *flag);
typedef int MPI_Win_delete_attr_function(MPI_Win win, int win_keyval, void *attribute_val, void *extra_state);
typedef int MPI_Copy_function(MPI_Comm oldcomm, int keyval, void *extra_state, void *attribute_val_in,
                              void *attribute_val_out, int *flag);
typedef int MPI_Delete_function(MPI_Comm comm, int keyval, void *attribute_val, void *extra_state);
typedef void MPI_Comm_errhandler_function(MPI_Comm *comm, int *error_code, ...);
typedef void MPI_Win_errhandler_function(MPI_Win *win, int *error_code, ...);
typedef void MPI_File_errhandler_function(MPI_File *file, int *error_code, ...);
typedef void MPI_Session_errhandler_function(MPI_Session *session, int *error_code, ...);
typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;
typedef MPI_Win_errhandler_function MPI_Win_errhandler_fn;
typedef MPI_File_errhandler_function MPI_File_errhandler_fn;
typedef int MPI_Grequest_query_function(void *extra_state, MPI_Status *status);
typedef int MPI_Grequest_free_function(void *extra_state);
typedef int MPI_Grequest_cancel_function(void *extra_state, int complete);
typedef int MPI_Datarep_conversion_function(void *userbuf, MPI_Datatype datatype, int count, void *filebuf,
                                            MPI_Offset position, void *extra_state);
typedef int MPI_Datarep_extent_function(MPI_Datatype datatype, MPI_Aint *extent, void *extra_state);
typedef int MPI_Datarep_conversion_function_c(void *userbuf, MPI_Datatype datatype, MPI_Count count, void *filebuf,
                                              MPI_Offset position, void *extra_state);

/* Predefined attribute callbacks: the null ones do nothing (copy: the attribute is not copied), the dup
 * ones copy the attribute value. */
int weft_mpi_comm_dup_fn(MPI_Comm, int, void *, void *, void *, int *);
int weft_mpi_type_dup_fn(MPI_Datatype, int, void *, void *, void *, int *);
int weft_mpi_win_dup_fn(MPI_Win, int, void *, void *, void *, int *);
#define MPI_COMM_NULL_COPY_FN ((MPI_Comm_copy_attr_function *)0)
#define MPI_COMM_NULL_DELETE_FN ((MPI_Comm_delete_attr_function *)0)
#define MPI_COMM_DUP_FN ((MPI_Comm_copy_attr_function *)weft_mpi_comm_dup_fn)
#define MPI_TYPE_NULL_COPY_FN ((MPI_Type_copy_attr_function *)0)
#define MPI_TYPE_NULL_DELETE_FN ((MPI_Type_delete_attr_function *)0)
#define MPI_TYPE_DUP_FN ((MPI_Type_copy_attr_function *)weft_mpi_type_dup_fn)
#define MPI_WIN_NULL_COPY_FN ((MPI_Win_copy_attr_function *)0)
#define MPI_WIN_NULL_DELETE_FN ((MPI_Win_delete_attr_function *)0)
#define MPI_WIN_DUP_FN ((MPI_Win_copy_attr_function *)weft_mpi_win_dup_fn)
#define MPI_NULL_COPY_FN ((MPI_Copy_function *)0)
#define MPI_NULL_DELETE_FN ((MPI_Delete_function *)0)
#define MPI_DUP_FN ((MPI_Copy_function *)weft_mpi_comm_dup_fn)
#define MPI_CONVERSION_FN_NULL ((MPI_Datarep_conversion_function *)0)
#define MPI_CONVERSION_FN_NULL_C ((MPI_Datarep_conversion_function_c *)0)

/* ---- Tool information interface (MPI_T) ---- */
typedef struct weft_t_enum_s *MPI_T_enum;
typedef struct weft_t_cvar_handle_s *MPI_T_cvar_handle;
typedef struct weft_t_pvar_handle_s *MPI_T_pvar_handle;
typedef struct weft_t_pvar_session_s *MPI_T_pvar_session;
#define MPI_T_ENUM_NULL ((MPI_T_enum)0)
#define MPI_T_CVAR_HANDLE_NULL ((MPI_T_cvar_handle)0)
#define MPI_T_PVAR_HANDLE_NULL ((MPI_T_pvar_handle)0)
#define MPI_T_PVAR_SESSION_NULL ((MPI_T_pvar_session)0)
/* MPI-4 events: Weft raises none yet; its one event source is the rank's monotonic clock. */
typedef struct weft_t_event_registration_s *MPI_T_event_registration;
typedef struct weft_t_event_instance_s *MPI_T_event_instance;
typedef enum { MPI_T_CB_REQUIRE_NONE, MPI_T_CB_REQUIRE_MPI_RESTRICTED, MPI_T_CB_REQUIRE_THREAD_SAFE,
               MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE } MPI_T_cb_safety;
typedef enum { MPI_T_SOURCE_ORDERED, MPI_T_SOURCE_UNORDERED } MPI_T_source_order;
typedef void MPI_T_event_cb_function(MPI_T_event_instance event_instance, MPI_T_event_registration event_registration,
                                     MPI_T_cb_safety cb_safety, void *user_data);
typedef void MPI_T_event_free_cb_function(MPI_T_event_registration event_registration, MPI_T_cb_safety cb_safety,
                                          void *user_data);
typedef void MPI_T_event_dropped_cb_function(MPI_Count count, MPI_T_event_registration event_registration,
                                             int source_index, MPI_T_cb_safety cb_safety, void *user_data);
#define MPI_T_PVAR_ALL_HANDLES ((MPI_T_pvar_handle)1)
#define MPI_T_VERBOSITY_USER_BASIC 221
#define MPI_T_VERBOSITY_USER_DETAIL 222
#define MPI_T_VERBOSITY_USER_ALL 223
#define MPI_T_VERBOSITY_TUNER_BASIC 224
#define MPI_T_VERBOSITY_TUNER_DETAIL 225
#define MPI_T_VERBOSITY_TUNER_ALL 226
#define MPI_T_VERBOSITY_MPIDEV_BASIC 227
#define MPI_T_VERBOSITY_MPIDEV_DETAIL 228
#define MPI_T_VERBOSITY_MPIDEV_ALL 229
#define MPI_T_BIND_NO_OBJECT 9700
#define MPI_T_BIND_MPI_COMM 9701
#define MPI_T_BIND_MPI_DATATYPE 9702
#define MPI_T_BIND_MPI_ERRHANDLER 9703
#define MPI_T_BIND_MPI_FILE 9704
#define MPI_T_BIND_MPI_GROUP 9705
#define MPI_T_BIND_MPI_OP 9706
#define MPI_T_BIND_MPI_REQUEST 9707
#define MPI_T_BIND_MPI_WIN 9708
#define MPI_T_BIND_MPI_MESSAGE 9709
#define MPI_T_BIND_MPI_INFO 9710
#define MPI_T_BIND_MPI_SESSION 9711 /* MPI-4 */
#define MPI_T_SCOPE_CONSTANT 60438
#define MPI_T_SCOPE_READONLY 60439
#define MPI_T_SCOPE_LOCAL 60440
#define MPI_T_SCOPE_GROUP 60441
#define MPI_T_SCOPE_GROUP_EQ 60442
#define MPI_T_SCOPE_ALL 60443
#define MPI_T_SCOPE_ALL_EQ 60444
#define MPI_T_PVAR_CLASS_STATE 240
#define MPI_T_PVAR_CLASS_LEVEL 241
#define MPI_T_PVAR_CLASS_SIZE 242
#define MPI_T_PVAR_CLASS_PERCENTAGE 243
#define MPI_T_PVAR_CLASS_HIGHWATERMARK 244
#define MPI_T_PVAR_CLASS_LOWWATERMARK 245
#define MPI_T_PVAR_CLASS_COUNTER 246
#define MPI_T_PVAR_CLASS_AGGREGATE 247
#define MPI_T_PVAR_CLASS_TIMER 248
#define MPI_T_PVAR_CLASS_GENERIC 249
#define MPI_T_ERR_MEMORY 59
#define MPI_T_ERR_NOT_INITIALIZED 60
#define MPI_T_ERR_CANNOT_INIT 61
#define MPI_T_ERR_INVALID_INDEX 62
#define MPI_T_ERR_INVALID_ITEM 63
#define MPI_T_ERR_INVALID_HANDLE 64
#define MPI_T_ERR_OUT_OF_HANDLES 65
#define MPI_T_ERR_OUT_OF_SESSIONS 66
#define MPI_T_ERR_INVALID_SESSION 67
#define MPI_T_ERR_CVAR_SET_NOT_NOW 68
#define MPI_T_ERR_CVAR_SET_NEVER 69
#define MPI_T_ERR_PVAR_NO_STARTSTOP 70
#define MPI_T_ERR_PVAR_NO_WRITE 71
#define MPI_T_ERR_PVAR_NO_ATOMIC 72
#define MPI_T_ERR_INVALID_NAME 73
#define MPI_T_ERR_INVALID 74

/* Every function is declared twice: MPI_name for programs, PMPI_name for profiling tools. */
#define WEFT_API(result, name, parameters) result MPI_##name parameters; result PMPI_##name parameters;

/* ---- Point-to-point communication ---- */
WEFT_API(int, Send, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
WEFT_API(int, Bsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
WEFT_API(int, Ssend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
WEFT_API(int, Rsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
WEFT_API(int, Recv, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                     MPI_Status *status))
WEFT_API(int, Get_count, (const MPI_Status *status, MPI_Datatype datatype, int *count))
WEFT_API(int, Buffer_attach, (void *buffer, int size))
WEFT_API(int, Buffer_detach, (void *buffer_addr, int *size))
/* MPI-4.1: a communicator's own buffer, and flushes that wait until a buffer's messages have left. */
WEFT_API(int, Buffer_flush, (void))
WEFT_API(int, Buffer_iflush, (MPI_Request *request))
WEFT_API(int, Comm_attach_buffer, (MPI_Comm comm, void *buffer, int size))
WEFT_API(int, Comm_detach_buffer, (MPI_Comm comm, void *buffer_addr, int *size))
WEFT_API(int, Comm_flush_buffer, (MPI_Comm comm))
WEFT_API(int, Comm_iflush_buffer, (MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Isend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                      MPI_Request *request))
WEFT_API(int, Ibsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                       MPI_Request *request))
WEFT_API(int, Issend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                       MPI_Request *request))
WEFT_API(int, Irsend, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                       MPI_Request *request))
WEFT_API(int, Irecv, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                      MPI_Request *request))
WEFT_API(int, Wait, (MPI_Request *request, MPI_Status *status))
WEFT_API(int, Test, (MPI_Request *request, int *flag, MPI_Status *status))
WEFT_API(int, Request_free, (MPI_Request *request))
WEFT_API(int, Waitany, (int count, MPI_Request array_of_requests[], int *index, MPI_Status *status))
WEFT_API(int, Testany, (int count, MPI_Request array_of_requests[], int *index, int *flag, MPI_Status *status))
WEFT_API(int, Waitall, (int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]))
WEFT_API(int, Testall, (int count, MPI_Request array_of_requests[], int *flag, MPI_Status array_of_statuses[]))
WEFT_API(int, Waitsome, (int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                         MPI_Status array_of_statuses[]))
WEFT_API(int, Testsome, (int incount, MPI_Request array_of_requests[], int *outcount, int array_of_indices[],
                         MPI_Status array_of_statuses[]))
WEFT_API(int, Request_get_status, (MPI_Request request, int *flag, MPI_Status *status))
WEFT_API(int, Request_get_status_any, (int count, const MPI_Request array_of_requests[], int *index, int *flag,
                                       MPI_Status *status))
WEFT_API(int, Request_get_status_all, (int count, const MPI_Request array_of_requests[], int *flag,
                                       MPI_Status array_of_statuses[]))
WEFT_API(int, Request_get_status_some, (int incount, const MPI_Request array_of_requests[], int *outcount,
                                        int array_of_indices[], MPI_Status array_of_statuses[]))
WEFT_API(int, Iprobe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status))
WEFT_API(int, Probe, (int source, int tag, MPI_Comm comm, MPI_Status *status))
WEFT_API(int, Improbe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status))
WEFT_API(int, Mprobe, (int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status))
WEFT_API(int, Mrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status))
WEFT_API(int, Imrecv, (void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request))
WEFT_API(int, Cancel, (MPI_Request *request))
WEFT_API(int, Test_cancelled, (const MPI_Status *status, int *flag))
WEFT_API(int, Send_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                          MPI_Request *request))
WEFT_API(int, Bsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request))
WEFT_API(int, Ssend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request))
WEFT_API(int, Rsend_init, (const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                           MPI_Request *request))
WEFT_API(int, Recv_init, (void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                          MPI_Request *request))
WEFT_API(int, Psend_init, (const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest,
                           int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Precv_init, (void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                           MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Pready, (int partition, MPI_Request request))
WEFT_API(int, Pready_range, (int partition_low, int partition_high, MPI_Request request))
WEFT_API(int, Pready_list, (int length, const int array_of_partitions[], MPI_Request request))
WEFT_API(int, Parrived, (MPI_Request request, int partition, int *flag))
WEFT_API(int, Start, (MPI_Request *request))
WEFT_API(int, Startall, (int count, MPI_Request array_of_requests[]))
WEFT_API(int, Sendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                         MPI_Status *status))
WEFT_API(int, Sendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                 int recvtag, MPI_Comm comm, MPI_Status *status))
WEFT_API(int, Isendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                          MPI_Request *request))
WEFT_API(int, Isendrecv_replace, (void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                  int recvtag, MPI_Comm comm, MPI_Request *request))

/* ---- Datatypes ---- */
WEFT_API(int, Type_contiguous, (int count, MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_API(int, Type_vector, (int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_API(int, Type_create_hvector, (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                    MPI_Datatype *newtype))
WEFT_API(int, Type_indexed, (int count, const int array_of_blocklengths[], const int array_of_displacements[],
                             MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_API(int, Type_create_hindexed, (int count, const int array_of_blocklengths[],
                                     const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                     MPI_Datatype *newtype))
WEFT_API(int, Type_create_indexed_block, (int count, int blocklength, const int array_of_displacements[],
                                          MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_API(int, Type_create_hindexed_block, (int count, int blocklength, const MPI_Aint array_of_displacements[],
                                           MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_API(int, Type_create_struct, (int count, const int array_of_blocklengths[],
                                   const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[],
                                   MPI_Datatype *newtype))
WEFT_API(int, Type_create_subarray, (int ndims, const int array_of_sizes[], const int array_of_subsizes[],
                                     const int array_of_starts[], int order, MPI_Datatype oldtype,
                                     MPI_Datatype *newtype))
WEFT_API(int, Type_create_darray, (int size, int rank, int ndims, const int array_of_gsizes[],
                                   const int array_of_distribs[], const int array_of_dargs[],
                                   const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                   MPI_Datatype *newtype))
WEFT_API(int, Get_address, (const void *location, MPI_Aint *address))
WEFT_API(MPI_Aint, Aint_add, (MPI_Aint base, MPI_Aint disp))
WEFT_API(MPI_Aint, Aint_diff, (MPI_Aint addr1, MPI_Aint addr2))
WEFT_API(int, Type_size, (MPI_Datatype datatype, int *size))
WEFT_API(int, Type_size_x, (MPI_Datatype datatype, MPI_Count *size))
WEFT_API(int, Type_get_extent, (MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent))
WEFT_API(int, Type_get_extent_x, (MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent))
WEFT_API(int, Type_create_resized, (MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype))
WEFT_API(int, Type_get_true_extent, (MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent))
WEFT_API(int, Type_get_true_extent_x, (MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent))
WEFT_API(int, Type_commit, (MPI_Datatype *datatype))
WEFT_API(int, Type_free, (MPI_Datatype *datatype))
WEFT_API(int, Type_dup, (MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_API(int, Get_elements, (const MPI_Status *status, MPI_Datatype datatype, int *count))
WEFT_API(int, Get_elements_x, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
WEFT_API(int, Type_get_envelope, (MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes,
                                  int *combiner))
WEFT_API(int, Type_get_contents, (MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes,
                                  int array_of_integers[], MPI_Aint array_of_addresses[],
                                  MPI_Datatype array_of_datatypes[]))
WEFT_API(int, Pack, (const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
                     int *position, MPI_Comm comm))
WEFT_API(int, Unpack, (const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                       MPI_Datatype datatype, MPI_Comm comm))
WEFT_API(int, Pack_size, (int incount, MPI_Datatype datatype, MPI_Comm comm, int *size))
WEFT_API(int, Pack_external, (const char datarep[], const void *inbuf, int incount, MPI_Datatype datatype,
                              void *outbuf, MPI_Aint outsize, MPI_Aint *position))
WEFT_API(int, Unpack_external, (const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position,
                                void *outbuf, int outcount, MPI_Datatype datatype))
WEFT_API(int, Pack_external_size, (const char datarep[], int incount, MPI_Datatype datatype, MPI_Aint *size))
WEFT_API(int, Type_get_envelope_c, (MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses,
                                    MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner))
WEFT_API(int, Type_get_contents_c, (MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses,
                                    MPI_Count max_large_counts, MPI_Count max_datatypes, int array_of_integers[],
                                    MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                                    MPI_Datatype array_of_datatypes[]))
WEFT_API(int, Pack_external_c, (const char datarep[], const void *inbuf, MPI_Count incount, MPI_Datatype datatype,
                                void *outbuf, MPI_Count outsize, MPI_Count *position))
WEFT_API(int, Unpack_external_c, (const char datarep[], const void *inbuf, MPI_Count insize, MPI_Count *position,
                                  void *outbuf, MPI_Count outcount, MPI_Datatype datatype))
WEFT_API(int, Pack_external_size_c, (const char datarep[], MPI_Count incount, MPI_Datatype datatype,
                                     MPI_Count *size))
WEFT_API(int, Type_match_size, (int typeclass, int size, MPI_Datatype *datatype))
WEFT_API(int, Type_get_value_index, (MPI_Datatype value_type, MPI_Datatype index_type, MPI_Datatype *pair_type))
WEFT_API(int, Type_create_f90_real, (int p, int r, MPI_Datatype *newtype))
WEFT_API(int, Type_create_f90_complex, (int p, int r, MPI_Datatype *newtype))
WEFT_API(int, Type_create_f90_integer, (int r, MPI_Datatype *newtype))

/* ---- Collective communication ---- */
WEFT_API(int, Barrier, (MPI_Comm comm))
WEFT_API(int, Bcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm))
WEFT_API(int, Gather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                       MPI_Datatype recvtype, int root, MPI_Comm comm))
WEFT_API(int, Gatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm))
WEFT_API(int, Scatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, MPI_Comm comm))
WEFT_API(int, Scatterv, (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
WEFT_API(int, Allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                          MPI_Comm comm))
WEFT_API(int, Alltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                          const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
                          const MPI_Datatype recvtypes[], MPI_Comm comm))
WEFT_API(int, Reduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                       MPI_Comm comm))
WEFT_API(int, Allreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm))
WEFT_API(int, Reduce_local, (const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op))
WEFT_API(int, Reduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                     MPI_Op op, MPI_Comm comm))
WEFT_API(int, Reduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                               MPI_Op op, MPI_Comm comm))
WEFT_API(int, Scan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                     MPI_Comm comm))
WEFT_API(int, Exscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm))
WEFT_API(int, Op_create, (MPI_User_function *user_fn, int commute, MPI_Op *op))
WEFT_API(int, Op_create_c, (MPI_User_function_c *user_fn, int commute, MPI_Op *op))
WEFT_API(int, Op_free, (MPI_Op *op))
WEFT_API(int, Op_commutative, (MPI_Op op, int *commute))
WEFT_API(int, Ibarrier, (MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ibcast, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                       MPI_Request *request))
WEFT_API(int, Igather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Igatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
                         MPI_Request *request))
WEFT_API(int, Iscatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iscatterv, (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                          MPI_Request *request))
WEFT_API(int, Iallgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iallgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                            MPI_Request *request))
WEFT_API(int, Ialltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ialltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ialltoallw, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                           const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[],
                           const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ireduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                        MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iallreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ireduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                      MPI_Op op, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ireduce_scatter, (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                MPI_Op op, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                      MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iexscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Barrier_init, (MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Bcast_init, (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                           MPI_Request *request))
WEFT_API(int, Gather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Gatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                             MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Scatter_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Scatterv_init, (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                              MPI_Info info, MPI_Request *request))
WEFT_API(int, Allgather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                               MPI_Request *request))
WEFT_API(int, Allgatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Info info, MPI_Request *request))
WEFT_API(int, Alltoall_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Alltoallv_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                               MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Alltoallw_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                               const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                               const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                               MPI_Request *request))
WEFT_API(int, Reduce_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                            MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Allreduce_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Reduce_scatter_block_init, (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Reduce_scatter_init, (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                    MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Scan_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Exscan_init, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm, MPI_Info info, MPI_Request *request))

/* ---- Groups, communicators and caching ---- */
WEFT_API(int, Group_size, (MPI_Group group, int *size))
WEFT_API(int, Group_rank, (MPI_Group group, int *rank))
WEFT_API(int, Group_translate_ranks, (MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]))
WEFT_API(int, Group_compare, (MPI_Group group1, MPI_Group group2, int *result))
WEFT_API(int, Comm_group, (MPI_Comm comm, MPI_Group *group))
WEFT_API(int, Group_union, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
WEFT_API(int, Group_intersection, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
WEFT_API(int, Group_difference, (MPI_Group group1, MPI_Group group2, MPI_Group *newgroup))
WEFT_API(int, Group_incl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
WEFT_API(int, Group_excl, (MPI_Group group, int n, const int ranks[], MPI_Group *newgroup))
WEFT_API(int, Group_range_incl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
WEFT_API(int, Group_range_excl, (MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup))
WEFT_API(int, Group_free, (MPI_Group *group))
WEFT_API(int, Comm_size, (MPI_Comm comm, int *size))
WEFT_API(int, Comm_rank, (MPI_Comm comm, int *rank))
WEFT_API(int, Comm_compare, (MPI_Comm comm1, MPI_Comm comm2, int *result))
WEFT_API(int, Comm_dup, (MPI_Comm comm, MPI_Comm *newcomm))
WEFT_API(int, Comm_dup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm))
WEFT_API(int, Comm_idup, (MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request))
WEFT_API(int, Comm_idup_with_info, (MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request))
WEFT_API(int, Comm_create, (MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm))
WEFT_API(int, Comm_create_group, (MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm))
WEFT_API(int, Comm_split, (MPI_Comm comm, int color, int key, MPI_Comm *newcomm))
WEFT_API(int, Comm_split_type, (MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm))
WEFT_API(int, Comm_free, (MPI_Comm *comm))
WEFT_API(int, Comm_set_info, (MPI_Comm comm, MPI_Info info))
WEFT_API(int, Comm_get_info, (MPI_Comm comm, MPI_Info *info_used))
WEFT_API(int, Comm_test_inter, (MPI_Comm comm, int *flag))
WEFT_API(int, Comm_remote_size, (MPI_Comm comm, int *size))
WEFT_API(int, Comm_remote_group, (MPI_Comm comm, MPI_Group *group))
WEFT_API(int, Intercomm_create, (MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader,
                                 int tag, MPI_Comm *newintercomm))
WEFT_API(int, Intercomm_merge, (MPI_Comm intercomm, int high, MPI_Comm *newintracomm))
WEFT_API(int, Comm_create_keyval, (MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                                   MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval,
                                   void *extra_state))
WEFT_API(int, Comm_free_keyval, (int *comm_keyval))
WEFT_API(int, Comm_set_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val))
WEFT_API(int, Comm_get_attr, (MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag))
WEFT_API(int, Comm_delete_attr, (MPI_Comm comm, int comm_keyval))
WEFT_API(int, Win_create_keyval, (MPI_Win_copy_attr_function *win_copy_attr_fn,
                                  MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval,
                                  void *extra_state))
WEFT_API(int, Win_free_keyval, (int *win_keyval))
WEFT_API(int, Win_set_attr, (MPI_Win win, int win_keyval, void *attribute_val))
WEFT_API(int, Win_get_attr, (MPI_Win win, int win_keyval, void *attribute_val, int *flag))
WEFT_API(int, Win_delete_attr, (MPI_Win win, int win_keyval))
WEFT_API(int, Type_create_keyval, (MPI_Type_copy_attr_function *type_copy_attr_fn,
                                   MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                                   void *extra_state))
WEFT_API(int, Type_free_keyval, (int *type_keyval))
WEFT_API(int, Type_set_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val))
WEFT_API(int, Type_get_attr, (MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag))
WEFT_API(int, Type_delete_attr, (MPI_Datatype datatype, int type_keyval))
WEFT_API(int, Comm_set_name, (MPI_Comm comm, const char *comm_name))
WEFT_API(int, Comm_get_name, (MPI_Comm comm, char *comm_name, int *resultlen))
WEFT_API(int, Type_set_name, (MPI_Datatype datatype, const char *type_name))
WEFT_API(int, Type_get_name, (MPI_Datatype datatype, char *type_name, int *resultlen))
WEFT_API(int, Win_set_name, (MPI_Win win, const char *win_name))
WEFT_API(int, Win_get_name, (MPI_Win win, char *win_name, int *resultlen))
/* Deprecated in MPI 2.0, still part of MPI 3.1. */
WEFT_API(int, Keyval_create, (MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                              void *extra_state))
WEFT_API(int, Keyval_free, (int *keyval))
WEFT_API(int, Attr_put, (MPI_Comm comm, int keyval, void *attribute_val))
WEFT_API(int, Attr_get, (MPI_Comm comm, int keyval, void *attribute_val, int *flag))
WEFT_API(int, Attr_delete, (MPI_Comm comm, int keyval))

/* ---- Process topologies ---- */
WEFT_API(int, Cart_create, (MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                            MPI_Comm *comm_cart))
WEFT_API(int, Dims_create, (int nnodes, int ndims, int dims[]))
WEFT_API(int, Graph_create, (MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                             MPI_Comm *comm_graph))
WEFT_API(int, Dist_graph_create_adjacent, (MPI_Comm comm_old, int indegree, const int sources[],
                                           const int sourceweights[], int outdegree, const int destinations[],
                                           const int destweights[], MPI_Info info, int reorder,
                                           MPI_Comm *comm_dist_graph))
WEFT_API(int, Dist_graph_create, (MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                                  const int destinations[], const int weights[], MPI_Info info, int reorder,
                                  MPI_Comm *comm_dist_graph))
WEFT_API(int, Topo_test, (MPI_Comm comm, int *status))
WEFT_API(int, Graphdims_get, (MPI_Comm comm, int *nnodes, int *nedges))
WEFT_API(int, Graph_get, (MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]))
WEFT_API(int, Cartdim_get, (MPI_Comm comm, int *ndims))
WEFT_API(int, Cart_get, (MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[]))
WEFT_API(int, Cart_rank, (MPI_Comm comm, const int coords[], int *rank))
WEFT_API(int, Cart_coords, (MPI_Comm comm, int rank, int maxdims, int coords[]))
WEFT_API(int, Graph_neighbors_count, (MPI_Comm comm, int rank, int *nneighbors))
WEFT_API(int, Graph_neighbors, (MPI_Comm comm, int rank, int maxneighbors, int neighbors[]))
WEFT_API(int, Dist_graph_neighbors_count, (MPI_Comm comm, int *indegree, int *outdegree, int *weighted))
WEFT_API(int, Dist_graph_neighbors, (MPI_Comm comm, int maxindegree, int sources[], int sourceweights[],
                                     int maxoutdegree, int destinations[], int destweights[]))
WEFT_API(int, Cart_shift, (MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest))
WEFT_API(int, Cart_sub, (MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm))
WEFT_API(int, Cart_map, (MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank))
WEFT_API(int, Graph_map, (MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank))
WEFT_API(int, Neighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Neighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                    MPI_Comm comm))
WEFT_API(int, Neighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Neighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                                   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Neighbor_alltoallw, (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                   const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                   const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm))
WEFT_API(int, Ineighbor_allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ineighbor_allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                     MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ineighbor_alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ineighbor_alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                                    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                    const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                    MPI_Request *request))
WEFT_API(int, Ineighbor_alltoallw, (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                    const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                    const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                    MPI_Request *request))
WEFT_API(int, Neighbor_allgather_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                        MPI_Request *request))
WEFT_API(int, Neighbor_allgatherv_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                         MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Neighbor_alltoall_init, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                       MPI_Request *request))
WEFT_API(int, Neighbor_alltoallv_init, (const void *sendbuf, const int sendcounts[], const int sdispls[],
                                        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                        const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                        MPI_Request *request))
WEFT_API(int, Neighbor_alltoallw_init, (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                        const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                        const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                        MPI_Info info, MPI_Request *request))

/* ---- Environment and errors ---- */
WEFT_API(int, Init, (int *argc, char ***argv))
WEFT_API(int, Init_thread, (int *argc, char ***argv, int required, int *provided))
WEFT_API(int, Initialized, (int *flag))
WEFT_API(int, Finalize, (void))
WEFT_API(int, Finalized, (int *flag))
WEFT_API(int, Query_thread, (int *provided))
WEFT_API(int, Is_thread_main, (int *flag))
WEFT_API(int, Abort, (MPI_Comm comm, int errorcode))
WEFT_API(double, Wtime, (void))
WEFT_API(double, Wtick, (void))
WEFT_API(int, Get_processor_name, (char *name, int *resultlen))
WEFT_API(int, Get_version, (int *version, int *subversion))
WEFT_API(int, Get_library_version, (char *version, int *resultlen))
WEFT_API(int, Alloc_mem, (MPI_Aint size, MPI_Info info, void *baseptr))
WEFT_API(int, Free_mem, (void *base))
WEFT_API(int, Pcontrol, (const int level, ...))
WEFT_API(int, Comm_create_errhandler, (MPI_Comm_errhandler_function *comm_errhandler_fn,
                                       MPI_Errhandler *errhandler))
WEFT_API(int, Comm_set_errhandler, (MPI_Comm comm, MPI_Errhandler errhandler))
WEFT_API(int, Comm_get_errhandler, (MPI_Comm comm, MPI_Errhandler *errhandler))
WEFT_API(int, Comm_call_errhandler, (MPI_Comm comm, int errorcode))
WEFT_API(int, Win_create_errhandler, (MPI_Win_errhandler_function *win_errhandler_fn, MPI_Errhandler *errhandler))
WEFT_API(int, Win_set_errhandler, (MPI_Win win, MPI_Errhandler errhandler))
WEFT_API(int, Win_get_errhandler, (MPI_Win win, MPI_Errhandler *errhandler))
WEFT_API(int, Win_call_errhandler, (MPI_Win win, int errorcode))
WEFT_API(int, File_create_errhandler, (MPI_File_errhandler_function *file_errhandler_fn,
                                       MPI_Errhandler *errhandler))
WEFT_API(int, File_set_errhandler, (MPI_File file, MPI_Errhandler errhandler))
WEFT_API(int, File_get_errhandler, (MPI_File file, MPI_Errhandler *errhandler))
WEFT_API(int, File_call_errhandler, (MPI_File fh, int errorcode))
WEFT_API(int, Session_create_errhandler, (MPI_Session_errhandler_function *session_errhandler_fn,
                                          MPI_Errhandler *errhandler))
WEFT_API(int, Session_set_errhandler, (MPI_Session session, MPI_Errhandler errhandler))
WEFT_API(int, Session_get_errhandler, (MPI_Session session, MPI_Errhandler *errhandler))
WEFT_API(int, Session_call_errhandler, (MPI_Session session, int errorcode))
WEFT_API(int, Errhandler_free, (MPI_Errhandler *errhandler))
WEFT_API(int, Error_string, (int errorcode, char *string, int *resultlen))
WEFT_API(int, Error_class, (int errorcode, int *errorclass))
WEFT_API(int, Add_error_class, (int *errorclass))
WEFT_API(int, Add_error_code, (int errorclass, int *errorcode))
WEFT_API(int, Add_error_string, (int errorcode, const char *string))
WEFT_API(int, Remove_error_class, (int errorclass))
WEFT_API(int, Remove_error_code, (int errorcode))
WEFT_API(int, Remove_error_string, (int errorcode))
/* MPI-4.1: the hardware the calling rank is restricted to, as URI keys ("hwloc://Machine:0") with values
 * "true" or "false". */
WEFT_API(int, Get_hw_resource_info, (MPI_Info *hw_info))

/* ---- Info objects ---- */
WEFT_API(int, Info_create, (MPI_Info *info))
WEFT_API(int, Info_set, (MPI_Info info, const char *key, const char *value))
WEFT_API(int, Info_delete, (MPI_Info info, const char *key))
WEFT_API(int, Info_get, (MPI_Info info, const char *key, int valuelen, char *value, int *flag))
WEFT_API(int, Info_get_valuelen, (MPI_Info info, const char *key, int *valuelen, int *flag))
WEFT_API(int, Info_get_string, (MPI_Info info, const char *key, int *buflen, char *value, int *flag))
WEFT_API(int, Info_create_env, (int argc, char *argv[], MPI_Info *info))
WEFT_API(int, Info_get_nkeys, (MPI_Info info, int *nkeys))
WEFT_API(int, Info_get_nthkey, (MPI_Info info, int n, char *key))
WEFT_API(int, Info_dup, (MPI_Info info, MPI_Info *newinfo))
WEFT_API(int, Info_free, (MPI_Info *info))

/* ---- Large counts (MPI-4.1): the "_c" forms, MPI_Count counts and MPI_Aint displacements ----
 * A buffer's count may exceed 2^31 - 1; the counts and displacements of the v collectives must fit an int
 * (MPI_ERR_COUNT otherwise), and so must the count of a reduction with a user's operation. */
WEFT_API(int, Send_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
WEFT_API(int, Bsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
WEFT_API(int, Ssend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
WEFT_API(int, Rsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
WEFT_API(int, Recv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                       MPI_Status *status))
WEFT_API(int, Isend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                        MPI_Request *request))
WEFT_API(int, Ibsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                         MPI_Request *request))
WEFT_API(int, Issend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                         MPI_Request *request))
WEFT_API(int, Irsend_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                         MPI_Request *request))
WEFT_API(int, Irecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                        MPI_Request *request))
WEFT_API(int, Mrecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status))
WEFT_API(int, Imrecv_c, (void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request))
WEFT_API(int, Send_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                            MPI_Request *request))
WEFT_API(int, Bsend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request *request))
WEFT_API(int, Ssend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request *request))
WEFT_API(int, Rsend_init_c, (const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                             MPI_Request *request))
WEFT_API(int, Recv_init_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                            MPI_Request *request))
WEFT_API(int, Sendrecv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                           void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                           MPI_Comm comm, MPI_Status *status))
WEFT_API(int, Sendrecv_replace_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source,
                                   int recvtag, MPI_Comm comm, MPI_Status *status))
WEFT_API(int, Isendrecv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                            void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag,
                            MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Isendrecv_replace_c, (void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag,
                                    int source, int recvtag, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Get_count_c, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
WEFT_API(int, Buffer_attach_c, (void *buffer, MPI_Count size))
WEFT_API(int, Buffer_detach_c, (void *buffer_addr, MPI_Count *size))
WEFT_API(int, Comm_attach_buffer_c, (MPI_Comm comm, void *buffer, MPI_Count size))
WEFT_API(int, Comm_detach_buffer_c, (MPI_Comm comm, void *buffer_addr, MPI_Count *size))
WEFT_API(int, Session_attach_buffer_c, (MPI_Session session, void *buffer, MPI_Count size))
WEFT_API(int, Session_detach_buffer_c, (MPI_Session session, void *buffer_addr, MPI_Count *size))
WEFT_API(int, Bcast_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm))
WEFT_API(int, Gather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                         MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
WEFT_API(int, Gatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                          MPI_Comm comm))
WEFT_API(int, Scatter_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm))
WEFT_API(int, Scatterv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                           MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                           MPI_Comm comm))
WEFT_API(int, Allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                             MPI_Comm comm))
WEFT_API(int, Alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                            MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                            const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm))
WEFT_API(int, Reduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                         int root, MPI_Comm comm))
WEFT_API(int, Allreduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm))
WEFT_API(int, Reduce_scatter_block_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                       MPI_Op op, MPI_Comm comm))
WEFT_API(int, Reduce_scatter_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm))
WEFT_API(int, Scan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm))
WEFT_API(int, Exscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm))
WEFT_API(int, Ibcast_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                         MPI_Request *request))
WEFT_API(int, Igather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                          MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Igatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                           MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iscatter_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                           MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iscatterv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                            MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iallgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                             MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iallgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                              MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ialltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                            MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ialltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                             MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                             const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ialltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                             const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                             const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                             MPI_Request *request))
WEFT_API(int, Ireduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                          int root, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iallreduce_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ireduce_scatter_block_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype,
                                        MPI_Op op, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ireduce_scatter_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                        MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Iexscan_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Bcast_init_c, (void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm,
                             MPI_Info info, MPI_Request *request))
WEFT_API(int, Gather_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                              MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                              MPI_Request *request))
WEFT_API(int, Gatherv_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root,
                               MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Scatter_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                               MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                               MPI_Request *request))
WEFT_API(int, Scatterv_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[],
                                MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                                int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Allgather_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request))
WEFT_API(int, Allgatherv_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                  MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Alltoall_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                MPI_Request *request))
WEFT_API(int, Alltoallv_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                 MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request))
WEFT_API(int, Alltoallw_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                 const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                 const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                 MPI_Request *request))
WEFT_API(int, Reduce_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              int root, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Allreduce_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Reduce_scatter_block_init_c, (const void *sendbuf, void *recvbuf, MPI_Count recvcount,
                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                            MPI_Request *request))
WEFT_API(int, Reduce_scatter_init_c, (const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[],
                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                      MPI_Request *request))
WEFT_API(int, Scan_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Exscan_init_c, (const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Neighbor_allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Neighbor_allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                      MPI_Comm comm))
WEFT_API(int, Neighbor_alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Neighbor_alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                     MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                     const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm))
WEFT_API(int, Neighbor_alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                     const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                     const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm))
WEFT_API(int, Ineighbor_allgather_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ineighbor_allgatherv_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype,
                                       MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ineighbor_alltoall_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request))
WEFT_API(int, Ineighbor_alltoallv_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                      MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                      const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                      MPI_Request *request))
WEFT_API(int, Ineighbor_alltoallw_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                      const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                      const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                      MPI_Request *request))
WEFT_API(int, Neighbor_allgather_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                          MPI_Info info, MPI_Request *request))
WEFT_API(int, Neighbor_allgatherv_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype,
                                           void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[],
                                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request))
WEFT_API(int, Neighbor_alltoall_init_c, (const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                         MPI_Request *request))
WEFT_API(int, Neighbor_alltoallv_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                          MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[],
                                          const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                          MPI_Request *request))
WEFT_API(int, Neighbor_alltoallw_init_c, (const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[],
                                          const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[],
                                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                          MPI_Info info, MPI_Request *request))
WEFT_API(int, Reduce_local_c, (const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op))
WEFT_API(int, Win_create_c, (void *base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win))
WEFT_API(int, Win_allocate_c, (MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                               MPI_Win *win))
WEFT_API(int, Win_allocate_shared_c, (MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                                      MPI_Win *win))
WEFT_API(int, Win_shared_query_c, (MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit, void *baseptr))
WEFT_API(int, Put_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                      MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win))
WEFT_API(int, Get_c, (void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                      MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win))
WEFT_API(int, Accumulate_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                             int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                             MPI_Datatype target_datatype, MPI_Op op, MPI_Win win))
WEFT_API(int, Get_accumulate_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                 void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype,
                                 int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                 MPI_Datatype target_datatype, MPI_Op op, MPI_Win win))
WEFT_API(int, Rput_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                       MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
                       MPI_Request *request))
WEFT_API(int, Rget_c, (void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                       MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
                       MPI_Request *request))
WEFT_API(int, Raccumulate_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                              int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                              MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request))
WEFT_API(int, Rget_accumulate_c, (const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                  void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype,
                                  int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                  MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request))
WEFT_API(int, File_read_at_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype,
                               MPI_Status *status))
WEFT_API(int, File_read_at_all_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Status *status))
WEFT_API(int, File_write_at_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                MPI_Status *status))
WEFT_API(int, File_write_at_all_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                    MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_iread_at_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype,
                                MPI_Request *request))
WEFT_API(int, File_iwrite_at_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                 MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_iread_at_all_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype,
                                    MPI_Request *request))
WEFT_API(int, File_iwrite_at_all_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                     MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_read_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_read_all_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_write_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_write_all_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                 MPI_Status *status))
WEFT_API(int, File_iread_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_iwrite_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                              MPI_Request *request))
WEFT_API(int, File_iread_all_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_iwrite_all_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                  MPI_Request *request))
WEFT_API(int, File_read_shared_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_write_shared_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                    MPI_Status *status))
WEFT_API(int, File_iread_shared_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype,
                                    MPI_Request *request))
WEFT_API(int, File_iwrite_shared_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                     MPI_Request *request))
WEFT_API(int, File_read_ordered_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_write_ordered_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype,
                                     MPI_Status *status))
WEFT_API(int, File_read_at_all_begin_c, (MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count,
                                         MPI_Datatype datatype))
WEFT_API(int, File_write_at_all_begin_c, (MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count,
                                          MPI_Datatype datatype))
WEFT_API(int, File_read_all_begin_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype))
WEFT_API(int, File_write_all_begin_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype))
WEFT_API(int, File_read_ordered_begin_c, (MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype))
WEFT_API(int, File_write_ordered_begin_c, (MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype))

WEFT_API(int, Get_elements_c, (const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count))
WEFT_API(int, Type_size_c, (MPI_Datatype datatype, MPI_Count *size))
WEFT_API(int, Type_get_extent_c, (MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent))
WEFT_API(int, Type_get_true_extent_c, (MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent))
WEFT_API(int, Type_contiguous_c, (MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_API(int, Type_vector_c, (MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                              MPI_Datatype *newtype))
WEFT_API(int, Type_create_hvector_c, (MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                                      MPI_Datatype *newtype))
WEFT_API(int, Type_indexed_c, (MPI_Count count, const MPI_Count array_of_blocklengths[],
                               const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_API(int, Type_create_hindexed_c, (MPI_Count count, const MPI_Count array_of_blocklengths[],
                                       const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                       MPI_Datatype *newtype))
WEFT_API(int, Type_create_indexed_block_c, (MPI_Count count, MPI_Count blocklength,
                                            const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                            MPI_Datatype *newtype))
WEFT_API(int, Type_create_hindexed_block_c, (MPI_Count count, MPI_Count blocklength,
                                             const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                             MPI_Datatype *newtype))
WEFT_API(int, Type_create_struct_c, (MPI_Count count, const MPI_Count array_of_blocklengths[],
                                     const MPI_Count array_of_displacements[], const MPI_Datatype array_of_types[],
                                     MPI_Datatype *newtype))
WEFT_API(int, Type_create_subarray_c, (int ndims, const MPI_Count array_of_sizes[], const MPI_Count array_of_subsizes[],
                                       const MPI_Count array_of_starts[], int order, MPI_Datatype oldtype,
                                       MPI_Datatype *newtype))
WEFT_API(int, Type_create_darray_c, (int size, int rank, int ndims, const MPI_Count array_of_gsizes[],
                                     const int array_of_distribs[], const int array_of_dargs[],
                                     const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                     MPI_Datatype *newtype))
WEFT_API(int, Type_create_resized_c, (MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype))
WEFT_API(int, Pack_c, (const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize,
                       MPI_Count *position, MPI_Comm comm))
WEFT_API(int, Unpack_c, (const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount,
                         MPI_Datatype datatype, MPI_Comm comm))
WEFT_API(int, Pack_size_c, (MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size))

/* ---- Sessions (MPI-4.1): MPI without MPI_Init, and process sets ----
 * Process sets: "mpi://WORLD", "mpi://SELF", "mpix://SHARED" (the ranks of the caller's node) and
 * "weft://node/K" for each node K of the job. */
WEFT_API(int, Session_init, (MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session))
WEFT_API(int, Session_finalize, (MPI_Session *session))
WEFT_API(int, Session_get_num_psets, (MPI_Session session, MPI_Info info, int *npset_names))
WEFT_API(int, Session_get_nth_pset, (MPI_Session session, MPI_Info info, int n, int *pset_len, char *pset_name))
WEFT_API(int, Session_get_info, (MPI_Session session, MPI_Info *info_used))
WEFT_API(int, Session_get_pset_info, (MPI_Session session, const char *pset_name, MPI_Info *info))
/* MPI-4.1: a session's buffer for the buffered sends of its communicators that have none of their own. */
WEFT_API(int, Session_attach_buffer, (MPI_Session session, void *buffer, int size))
WEFT_API(int, Session_detach_buffer, (MPI_Session session, void *buffer_addr, int *size))
WEFT_API(int, Session_flush_buffer, (MPI_Session session))
WEFT_API(int, Session_iflush_buffer, (MPI_Session session, MPI_Request *request))
WEFT_API(int, Group_from_session_pset, (MPI_Session session, const char *pset_name, MPI_Group *newgroup))
WEFT_API(int, Comm_create_from_group, (MPI_Group group, const char *stringtag, MPI_Info info,
                                       MPI_Errhandler errhandler, MPI_Comm *newcomm))
WEFT_API(int, Intercomm_create_from_groups, (MPI_Group local_group, int local_leader, MPI_Group remote_group,
                                             int remote_leader, const char *stringtag, MPI_Info info,
                                             MPI_Errhandler errhandler, MPI_Comm *newintercomm))

/* ---- Process creation and management ---- */
WEFT_API(int, Comm_spawn, (const char *command, char *argv[], int maxprocs, MPI_Info info, int root, MPI_Comm comm,
                           MPI_Comm *intercomm, int array_of_errcodes[]))
WEFT_API(int, Comm_spawn_multiple, (int count, char *array_of_commands[], char **array_of_argv[],
                                    const int array_of_maxprocs[], const MPI_Info array_of_info[], int root,
                                    MPI_Comm comm, MPI_Comm *intercomm, int array_of_errcodes[]))
WEFT_API(int, Comm_get_parent, (MPI_Comm *parent))
WEFT_API(int, Open_port, (MPI_Info info, char *port_name))
WEFT_API(int, Close_port, (const char *port_name))
WEFT_API(int, Comm_accept, (const char *port_name, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *newcomm))
WEFT_API(int, Comm_connect, (const char *port_name, MPI_Info info, int root, MPI_Comm comm, MPI_Comm *newcomm))
WEFT_API(int, Publish_name, (const char *service_name, MPI_Info info, const char *port_name))
WEFT_API(int, Unpublish_name, (const char *service_name, MPI_Info info, const char *port_name))
WEFT_API(int, Lookup_name, (const char *service_name, MPI_Info info, char *port_name))
WEFT_API(int, Comm_disconnect, (MPI_Comm *comm))
WEFT_API(int, Comm_join, (int fd, MPI_Comm *intercomm))

/* ---- One-sided communication ---- */
WEFT_API(int, Win_create, (void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win))
WEFT_API(int, Win_allocate, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                             MPI_Win *win))
WEFT_API(int, Win_allocate_shared, (MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                                    MPI_Win *win))
WEFT_API(int, Win_shared_query, (MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr))
WEFT_API(int, Win_create_dynamic, (MPI_Info info, MPI_Comm comm, MPI_Win *win))
WEFT_API(int, Win_attach, (MPI_Win win, void *base, MPI_Aint size))
WEFT_API(int, Win_detach, (MPI_Win win, const void *base))
WEFT_API(int, Win_free, (MPI_Win *win))
WEFT_API(int, Win_get_group, (MPI_Win win, MPI_Group *group))
WEFT_API(int, Win_set_info, (MPI_Win win, MPI_Info info))
WEFT_API(int, Win_get_info, (MPI_Win win, MPI_Info *info_used))
WEFT_API(int, Put, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win))
WEFT_API(int, Get, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win))
WEFT_API(int, Accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                           int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
                           MPI_Op op, MPI_Win win))
WEFT_API(int, Get_accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                               void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
                               MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                               MPI_Win win))
WEFT_API(int, Fetch_and_op, (const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank,
                             MPI_Aint target_disp, MPI_Op op, MPI_Win win))
WEFT_API(int, Compare_and_swap, (const void *origin_addr, const void *compare_addr, void *result_addr,
                                 MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win))
WEFT_API(int, Rput, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                     MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
                     MPI_Request *request))
WEFT_API(int, Rget, (void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank,
                     MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win,
                     MPI_Request *request))
WEFT_API(int, Raccumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                            int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype,
                            MPI_Op op, MPI_Win win, MPI_Request *request))
WEFT_API(int, Rget_accumulate, (const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                                void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank,
                                MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op,
                                MPI_Win win, MPI_Request *request))
WEFT_API(int, Win_fence, (int assert, MPI_Win win))
WEFT_API(int, Win_start, (MPI_Group group, int assert, MPI_Win win))
WEFT_API(int, Win_complete, (MPI_Win win))
WEFT_API(int, Win_post, (MPI_Group group, int assert, MPI_Win win))
WEFT_API(int, Win_wait, (MPI_Win win))
WEFT_API(int, Win_test, (MPI_Win win, int *flag))
WEFT_API(int, Win_lock, (int lock_type, int rank, int assert, MPI_Win win))
WEFT_API(int, Win_lock_all, (int assert, MPI_Win win))
WEFT_API(int, Win_unlock, (int rank, MPI_Win win))
WEFT_API(int, Win_unlock_all, (MPI_Win win))
WEFT_API(int, Win_flush, (int rank, MPI_Win win))
WEFT_API(int, Win_flush_all, (MPI_Win win))
WEFT_API(int, Win_flush_local, (int rank, MPI_Win win))
WEFT_API(int, Win_flush_local_all, (MPI_Win win))
WEFT_API(int, Win_sync, (MPI_Win win))

/* ---- External interfaces ---- */
WEFT_API(int, Grequest_start, (MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                               MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request))
WEFT_API(int, Grequest_complete, (MPI_Request request))
WEFT_API(int, Status_set_elements, (MPI_Status *status, MPI_Datatype datatype, int count))
WEFT_API(int, Status_set_elements_x, (MPI_Status *status, MPI_Datatype datatype, MPI_Count count))
WEFT_API(int, Status_set_cancelled, (MPI_Status *status, int flag))
WEFT_API(int, Status_set_source, (MPI_Status *status, int source))
WEFT_API(int, Status_set_tag, (MPI_Status *status, int tag))
WEFT_API(int, Status_set_error, (MPI_Status *status, int error))
WEFT_API(int, Status_get_source, (const MPI_Status *status, int *source))
WEFT_API(int, Status_get_tag, (const MPI_Status *status, int *tag))
WEFT_API(int, Status_get_error, (const MPI_Status *status, int *error))

/* ---- I/O ---- */
WEFT_API(int, File_open, (MPI_Comm comm, const char *filename, int amode, MPI_Info info, MPI_File *fh))
WEFT_API(int, File_close, (MPI_File *fh))
WEFT_API(int, File_delete, (const char *filename, MPI_Info info))
WEFT_API(int, File_set_size, (MPI_File fh, MPI_Offset size))
WEFT_API(int, File_preallocate, (MPI_File fh, MPI_Offset size))
WEFT_API(int, File_get_size, (MPI_File fh, MPI_Offset *size))
WEFT_API(int, File_get_group, (MPI_File fh, MPI_Group *group))
WEFT_API(int, File_get_amode, (MPI_File fh, int *amode))
WEFT_API(int, File_set_info, (MPI_File fh, MPI_Info info))
WEFT_API(int, File_get_info, (MPI_File fh, MPI_Info *info_used))
WEFT_API(int, File_set_view, (MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype,
                              const char *datarep, MPI_Info info))
WEFT_API(int, File_get_view, (MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype,
                              char *datarep))
WEFT_API(int, File_read_at, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                             MPI_Status *status))
WEFT_API(int, File_read_at_all, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                                 MPI_Status *status))
WEFT_API(int, File_write_at, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype,
                              MPI_Status *status))
WEFT_API(int, File_write_at_all, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                  MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_iread_at, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                              MPI_Request *request))
WEFT_API(int, File_iwrite_at, (MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype,
                               MPI_Request *request))
WEFT_API(int, File_iread_at_all, (MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype,
                                  MPI_Request *request))
WEFT_API(int, File_iwrite_at_all, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                   MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_read, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_read_all, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_write, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_write_all, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                               MPI_Status *status))
WEFT_API(int, File_iread, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_iwrite, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_iread_all, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_iwrite_all, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                MPI_Request *request))
WEFT_API(int, File_seek, (MPI_File fh, MPI_Offset offset, int whence))
WEFT_API(int, File_get_position, (MPI_File fh, MPI_Offset *offset))
WEFT_API(int, File_get_byte_offset, (MPI_File fh, MPI_Offset offset, MPI_Offset *disp))
WEFT_API(int, File_read_shared, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_write_shared, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                  MPI_Status *status))
WEFT_API(int, File_iread_shared, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request))
WEFT_API(int, File_iwrite_shared, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                   MPI_Request *request))
WEFT_API(int, File_read_ordered, (MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status))
WEFT_API(int, File_write_ordered, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype,
                                   MPI_Status *status))
WEFT_API(int, File_seek_shared, (MPI_File fh, MPI_Offset offset, int whence))
WEFT_API(int, File_get_position_shared, (MPI_File fh, MPI_Offset *offset))
WEFT_API(int, File_read_at_all_begin, (MPI_File fh, MPI_Offset offset, void *buf, int count,
                                       MPI_Datatype datatype))
WEFT_API(int, File_read_at_all_end, (MPI_File fh, void *buf, MPI_Status *status))
WEFT_API(int, File_write_at_all_begin, (MPI_File fh, MPI_Offset offset, const void *buf, int count,
                                        MPI_Datatype datatype))
WEFT_API(int, File_write_at_all_end, (MPI_File fh, const void *buf, MPI_Status *status))
WEFT_API(int, File_read_all_begin, (MPI_File fh, void *buf, int count, MPI_Datatype datatype))
WEFT_API(int, File_read_all_end, (MPI_File fh, void *buf, MPI_Status *status))
WEFT_API(int, File_write_all_begin, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype))
WEFT_API(int, File_write_all_end, (MPI_File fh, const void *buf, MPI_Status *status))
WEFT_API(int, File_read_ordered_begin, (MPI_File fh, void *buf, int count, MPI_Datatype datatype))
WEFT_API(int, File_read_ordered_end, (MPI_File fh, void *buf, MPI_Status *status))
WEFT_API(int, File_write_ordered_begin, (MPI_File fh, const void *buf, int count, MPI_Datatype datatype))
WEFT_API(int, File_write_ordered_end, (MPI_File fh, const void *buf, MPI_Status *status))
WEFT_API(int, File_get_type_extent, (MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent))
WEFT_API(int, Register_datarep, (const char *datarep, MPI_Datarep_conversion_function *read_conversion_fn,
                                 MPI_Datarep_conversion_function *write_conversion_fn,
                                 MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state))
WEFT_API(int, File_get_type_extent_c, (MPI_File fh, MPI_Datatype datatype, MPI_Count *extent))
WEFT_API(int, Register_datarep_c, (const char *datarep, MPI_Datarep_conversion_function_c *read_conversion_fn,
                                   MPI_Datarep_conversion_function_c *write_conversion_fn,
                                   MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state))
WEFT_API(int, File_set_atomicity, (MPI_File fh, int flag))
WEFT_API(int, File_get_atomicity, (MPI_File fh, int *flag))
WEFT_API(int, File_sync, (MPI_File fh))

/* ---- Language interoperability: handles as Fortran integers ---- */
WEFT_API(MPI_Fint, Comm_c2f, (MPI_Comm comm))
WEFT_API(MPI_Comm, Comm_f2c, (MPI_Fint comm))
WEFT_API(MPI_Fint, Type_c2f, (MPI_Datatype datatype))
WEFT_API(MPI_Datatype, Type_f2c, (MPI_Fint datatype))
WEFT_API(MPI_Fint, Group_c2f, (MPI_Group group))
WEFT_API(MPI_Group, Group_f2c, (MPI_Fint group))
WEFT_API(MPI_Fint, Request_c2f, (MPI_Request request))
WEFT_API(MPI_Request, Request_f2c, (MPI_Fint request))
WEFT_API(MPI_Fint, Op_c2f, (MPI_Op op))
WEFT_API(MPI_Op, Op_f2c, (MPI_Fint op))
WEFT_API(MPI_Fint, Info_c2f, (MPI_Info info))
WEFT_API(MPI_Info, Info_f2c, (MPI_Fint info))
WEFT_API(MPI_Fint, Errhandler_c2f, (MPI_Errhandler errhandler))
WEFT_API(MPI_Errhandler, Errhandler_f2c, (MPI_Fint errhandler))
WEFT_API(MPI_Fint, Win_c2f, (MPI_Win win))
WEFT_API(MPI_Win, Win_f2c, (MPI_Fint win))
WEFT_API(MPI_Fint, File_c2f, (MPI_File file))
WEFT_API(MPI_File, File_f2c, (MPI_Fint file))
WEFT_API(MPI_Fint, Session_c2f, (MPI_Session session))
WEFT_API(MPI_Session, Session_f2c, (MPI_Fint session))
WEFT_API(MPI_Fint, Message_c2f, (MPI_Message message))
WEFT_API(MPI_Message, Message_f2c, (MPI_Fint message))
WEFT_API(int, Status_c2f, (const MPI_Status *c_status, MPI_Fint *f_status))
WEFT_API(int, Status_f2c, (const MPI_Fint *f_status, MPI_Status *c_status))
/* mpif.h's status seen from C: its size and where source, tag and error are (MPI-4.0's names, which
 * MPICH's mpi.h has too). */
#define MPI_F_STATUS_SIZE 6
#define MPI_F_SOURCE 0
#define MPI_F_TAG 1
#define MPI_F_ERROR 2
/* mpi_f08's TYPE(MPI_Status) seen from C: mpif.h's MPI_STATUS_SIZE integers, under names. */
typedef struct {
  MPI_Fint MPI_SOURCE, MPI_TAG, MPI_ERROR;
  MPI_Fint weft_count_low, weft_count_high, weft_cancelled;
} MPI_F08_status;
WEFT_API(int, Status_c2f08, (const MPI_Status *c_status, MPI_F08_status *f08_status))
WEFT_API(int, Status_f082c, (const MPI_F08_status *f08_status, MPI_Status *c_status))
WEFT_API(int, Status_f082f, (const MPI_F08_status *f08_status, MPI_Fint *f_status))
WEFT_API(int, Status_f2f08, (const MPI_Fint *f_status, MPI_F08_status *f08_status))

/* ---- Tool information interface ---- */
WEFT_API(int, T_init_thread, (int required, int *provided))
WEFT_API(int, T_finalize, (void))
WEFT_API(int, T_enum_get_info, (MPI_T_enum enumtype, int *num, char *name, int *name_len))
WEFT_API(int, T_enum_get_item, (MPI_T_enum enumtype, int index, int *value, char *name, int *name_len))
WEFT_API(int, T_cvar_get_num, (int *num_cvar))
WEFT_API(int, T_cvar_get_info, (int cvar_index, char *name, int *name_len, int *verbosity, MPI_Datatype *datatype,
                                MPI_T_enum *enumtype, char *desc, int *desc_len, int *bind, int *scope))
WEFT_API(int, T_cvar_get_index, (const char *name, int *cvar_index))
WEFT_API(int, T_cvar_handle_alloc, (int cvar_index, void *obj_handle, MPI_T_cvar_handle *handle, int *count))
WEFT_API(int, T_cvar_handle_free, (MPI_T_cvar_handle *handle))
WEFT_API(int, T_cvar_read, (MPI_T_cvar_handle handle, void *buf))
WEFT_API(int, T_cvar_write, (MPI_T_cvar_handle handle, const void *buf))
WEFT_API(int, T_pvar_get_num, (int *num_pvar))
WEFT_API(int, T_pvar_get_info, (int pvar_index, char *name, int *name_len, int *verbosity, int *var_class,
                                MPI_Datatype *datatype, MPI_T_enum *enumtype, char *desc, int *desc_len,
                                int *bind, int *readonly, int *continuous, int *atomic))
WEFT_API(int, T_pvar_get_index, (const char *name, int var_class, int *pvar_index))
WEFT_API(int, T_pvar_session_create, (MPI_T_pvar_session *session))
WEFT_API(int, T_pvar_session_free, (MPI_T_pvar_session *session))
WEFT_API(int, T_pvar_handle_alloc, (MPI_T_pvar_session session, int pvar_index, void *obj_handle,
                                    MPI_T_pvar_handle *handle, int *count))
WEFT_API(int, T_pvar_handle_free, (MPI_T_pvar_session session, MPI_T_pvar_handle *handle))
WEFT_API(int, T_pvar_start, (MPI_T_pvar_session session, MPI_T_pvar_handle handle))
WEFT_API(int, T_pvar_stop, (MPI_T_pvar_session session, MPI_T_pvar_handle handle))
WEFT_API(int, T_pvar_read, (MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf))
WEFT_API(int, T_pvar_write, (MPI_T_pvar_session session, MPI_T_pvar_handle handle, const void *buf))
WEFT_API(int, T_pvar_reset, (MPI_T_pvar_session session, MPI_T_pvar_handle handle))
WEFT_API(int, T_pvar_readreset, (MPI_T_pvar_session session, MPI_T_pvar_handle handle, void *buf))
WEFT_API(int, T_category_get_num, (int *num_cat))
WEFT_API(int, T_category_get_info, (int cat_index, char *name, int *name_len, char *desc, int *desc_len,
                                    int *num_cvars, int *num_pvars, int *num_categories))
WEFT_API(int, T_category_get_index, (const char *name, int *cat_index))
WEFT_API(int, T_category_get_cvars, (int cat_index, int len, int indices[]))
WEFT_API(int, T_category_get_pvars, (int cat_index, int len, int indices[]))
WEFT_API(int, T_category_get_categories, (int cat_index, int len, int indices[]))
WEFT_API(int, T_category_changed, (int *stamp))
WEFT_API(int, T_category_get_num_events, (int cat_index, int *num_events))
WEFT_API(int, T_category_get_events, (int cat_index, int len, int indices[]))
WEFT_API(int, T_source_get_num, (int *num_sources))
WEFT_API(int, T_source_get_info, (int source_index, char *name, int *name_len, char *desc, int *desc_len,
                                  MPI_T_source_order *ordering, MPI_Count *ticks_per_second, MPI_Count *max_ticks,
                                  MPI_Info *info))
WEFT_API(int, T_source_get_timestamp, (int source_index, MPI_Count *timestamp))
WEFT_API(int, T_event_get_num, (int *num_events))
WEFT_API(int, T_event_get_info, (int event_index, char *name, int *name_len, int *verbosity,
                                 MPI_Datatype array_of_datatypes[], MPI_Aint array_of_displacements[],
                                 int *num_elements, MPI_T_enum *enumtype, MPI_Info *info, char *desc, int *desc_len,
                                 int *bind))
WEFT_API(int, T_event_get_index, (const char *name, int *event_index))
WEFT_API(int, T_event_handle_alloc, (int event_index, void *obj_handle, MPI_Info info,
                                     MPI_T_event_registration *event_registration))
WEFT_API(int, T_event_handle_set_info, (MPI_T_event_registration event_registration, MPI_Info info))
WEFT_API(int, T_event_handle_get_info, (MPI_T_event_registration event_registration, MPI_Info *info_used))
WEFT_API(int, T_event_register_callback, (MPI_T_event_registration event_registration, MPI_T_cb_safety cb_safety,
                                          MPI_Info info, void *user_data, MPI_T_event_cb_function *event_cb_function))
WEFT_API(int, T_event_callback_set_info, (MPI_T_event_registration event_registration, MPI_T_cb_safety cb_safety,
                                          MPI_Info info))
WEFT_API(int, T_event_callback_get_info, (MPI_T_event_registration event_registration, MPI_T_cb_safety cb_safety,
                                          MPI_Info *info_used))
WEFT_API(int, T_event_handle_free, (MPI_T_event_registration event_registration, void *user_data,
                                    MPI_T_event_free_cb_function *free_cb_function))
WEFT_API(int, T_event_set_dropped_handler, (MPI_T_event_registration event_registration,
                                            MPI_T_event_dropped_cb_function *dropped_cb_function))
WEFT_API(int, T_event_read, (MPI_T_event_instance event_instance, int element_index, void *buffer))
WEFT_API(int, T_event_copy, (MPI_T_event_instance event_instance, void *buffer))
WEFT_API(int, T_event_get_timestamp, (MPI_T_event_instance event_instance, MPI_Count *event_timestamp))
WEFT_API(int, T_event_get_source, (MPI_T_event_instance event_instance, int *source_index))

/* ---- MPI-1 names removed in MPI-3.0 ----
 * Old codes still call them (MPICH declares them too), so they are here with their MPI-1 meaning, marked
 * deprecated: the compiler names what replaces each. Define WEFT_OMIT_MPI1_COMPAT_DECLS before including
 * mpi.h for a header without them. The Fortran forms with default-INTEGER addresses (MPI_ADDRESS,
 * MPI_TYPE_EXTENT, ...) are not provided: an address does not fit a default INTEGER. */
#if !defined(WEFT_OMIT_MPI1_COMPAT_DECLS)
#if (defined(__GNUC__) || defined(__clang__)) && !defined(WEFT_MPI_IMPLEMENTATION)
#define WEFT_REMOVED(replacement) __attribute__((deprecated("removed in MPI-3.0: use " replacement)))
#else
#define WEFT_REMOVED(replacement)
#endif
/* Bound markers: a lower (MPI_LB) or upper (MPI_UB) bound where they stand in MPI_Type_struct, kept by
 * the types built from it. */
extern struct weft_datatype_s weft_mpi_lb WEFT_REMOVED("MPI_Type_create_resized");
extern struct weft_datatype_s weft_mpi_ub WEFT_REMOVED("MPI_Type_create_resized");
#define MPI_LB WEFT_DATATYPE(lb)
#define MPI_UB WEFT_DATATYPE(ub)
typedef void MPI_Handler_function(MPI_Comm *comm, int *error_code, ...);
WEFT_REMOVED("MPI_Get_address") WEFT_API(int, Address, (void *location, MPI_Aint *address))
WEFT_REMOVED("MPI_Type_get_extent") WEFT_API(int, Type_extent, (MPI_Datatype datatype, MPI_Aint *extent))
WEFT_REMOVED("MPI_Type_get_extent") WEFT_API(int, Type_lb, (MPI_Datatype datatype, MPI_Aint *displacement))
WEFT_REMOVED("MPI_Type_get_extent") WEFT_API(int, Type_ub, (MPI_Datatype datatype, MPI_Aint *displacement))
WEFT_REMOVED("MPI_Type_create_hvector")
WEFT_API(int, Type_hvector, (int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_REMOVED("MPI_Type_create_hindexed")
WEFT_API(int, Type_hindexed, (int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                              MPI_Datatype oldtype, MPI_Datatype *newtype))
WEFT_REMOVED("MPI_Type_create_struct")
WEFT_API(int, Type_struct, (int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                            MPI_Datatype array_of_types[], MPI_Datatype *newtype))
WEFT_REMOVED("MPI_Comm_create_errhandler")
WEFT_API(int, Errhandler_create, (MPI_Handler_function *function, MPI_Errhandler *errhandler))
WEFT_REMOVED("MPI_Comm_set_errhandler") WEFT_API(int, Errhandler_set, (MPI_Comm comm, MPI_Errhandler errhandler))
WEFT_REMOVED("MPI_Comm_get_errhandler") WEFT_API(int, Errhandler_get, (MPI_Comm comm, MPI_Errhandler *errhandler))
#undef WEFT_REMOVED
#endif

/* ---- MPIX ownership passing: buffers handed from rank to rank instead of copied ----
 * A Weft extension after the OPI calls of the HMPI thesis (Friedley, 2013); docs/ownership.md gives the
 * rules. MPIX_Alloc and MPIX_Take produce a buffer the caller owns; MPIX_Give, MPIX_Igive and MPIX_Free
 * consume it and set *ptr to NULL. Gives and takes match ordinary sends and receives; between a give and
 * a take on the node the taker gets the giver's very pointer, whatever the size. */
#define WEFT_APIX(result, name, parameters) result MPIX_##name parameters; result PMPIX_##name parameters;
WEFT_APIX(int, Alloc, (void **ptr, MPI_Aint size))
/* A NULL *ptr is accepted and does nothing, as with free(). */
WEFT_APIX(int, Free, (void **ptr))
WEFT_APIX(int, Give, (void **ptr, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm))
/* Completes at once: the buffer left the caller with the call. */
WEFT_APIX(int, Igive, (void **ptr, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
                       MPI_Request *request))
WEFT_APIX(int, Take, (void **ptr, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                      MPI_Status *status))
/* *ptr receives the buffer when the request completes; it must stay valid until then. */
WEFT_APIX(int, Itake, (void **ptr, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                       MPI_Request *request))
#undef WEFT_APIX
#undef WEFT_API

/* ---- MPIX_Halo: halo cells named by labels, exchanged as views of the owner's memory on the node ----
 * A Weft extension after Besnard et al. (EuroMPI'15); docs/halo.md gives the rules. A cell is bound to an
 * exchange as local (its owner's data, readable by others) or remote (a view of another rank's local cell,
 * found by its label). On the node MPIX_Halo_cell_get returns the owner's own pointer; across nodes, or
 * with WEFT_HALO_COPY=1, a copy the cell owns. A view stays valid until its reader's next exchange, and
 * an owner's exchange completes only once its readers have left the views of the one before. */
typedef struct weft_halo_s *MPI_Halo;
typedef struct weft_halo_exchange_s *MPI_Halo_exchange;
#define MPI_HALO_NULL ((MPI_Halo)0)
#define MPI_HALO_EXCHANGE_NULL ((MPI_Halo_exchange)0)

#define WEFT_APIX(result, name, parameters) result MPIX_##name parameters; result PMPIX_##name parameters;
WEFT_APIX(int, Halo_cell_init, (MPI_Halo *halo, const char *label, MPI_Datatype datatype, int count))
WEFT_APIX(int, Halo_cell_release, (MPI_Halo *halo))
WEFT_APIX(int, Halo_cell_set, (MPI_Halo halo, void *data))
WEFT_APIX(int, Halo_cell_get, (MPI_Halo halo, void **data))
/* 1 when the cell is a copy, 0 when it is a view of the owner's memory; an error class on error. */
WEFT_APIX(int, Halo_cell_is_remote, (MPI_Halo halo))
/* An exchange among the ranks of MPI_COMM_WORLD, or of `comm`. */
WEFT_APIX(int, Halo_exchange_init, (MPI_Halo_exchange *exchange))
WEFT_APIX(int, Halo_exchange_init_comm, (MPI_Comm comm, MPI_Halo_exchange *exchange))
WEFT_APIX(int, Halo_cell_bind_local, (MPI_Halo_exchange exchange, MPI_Halo halo))
WEFT_APIX(int, Halo_cell_bind_remote, (MPI_Halo_exchange exchange, MPI_Halo halo, int rank, const char *remote_label))
/* Collective over the exchange's communicator. */
WEFT_APIX(int, Halo_exchange_commit, (MPI_Halo_exchange exchange))
WEFT_APIX(int, Halo_iexchange, (MPI_Halo_exchange exchange))
WEFT_APIX(int, Halo_iexchange_wait, (MPI_Halo_exchange exchange))
WEFT_APIX(int, Halo_exchange, (MPI_Halo_exchange exchange))
/* Collective over the exchange's peers: returns once none of them views the caller's cells any more. */
WEFT_APIX(int, Halo_exchange_release, (MPI_Halo_exchange *exchange))
#undef WEFT_APIX

#ifdef __cplusplus
}
#endif

#endif /* WEFT_MPI_H */
