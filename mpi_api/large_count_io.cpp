// The large-count forms of file data access: each converts its counts (large_counts.hpp) and calls the int
// form, which checks the rest. Every procedure follows one pattern, written out for each.

#include <climits>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/large_counts.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

WEFT_PMPI_ALIAS(File_read_at_c)
extern "C" int PMPI_File_read_at_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count, MPI_Datatype datatype,
                                   MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read_at(fh, offset, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_read_at_all_c)
extern "C" int PMPI_File_read_at_all_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count,
                                       MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read_at_all(fh, offset, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_write_at_c)
extern "C" int PMPI_File_write_at_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                                    MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write_at(fh, offset, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_write_at_all_c)
extern "C" int PMPI_File_write_at_all_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                                        MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write_at_all(fh, offset, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_iread_at_c)
extern "C" int PMPI_File_iread_at_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count, MPI_Datatype datatype,
                                    MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iread_at(fh, offset, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_iwrite_at_c)
extern "C" int PMPI_File_iwrite_at_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                                     MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iwrite_at(fh, offset, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_iread_at_all_c)
extern "C" int PMPI_File_iread_at_all_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count,
                                        MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iread_at_all(fh, offset, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_iwrite_at_all_c)
extern "C" int PMPI_File_iwrite_at_all_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                                         MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iwrite_at_all(fh, offset, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_read_c)
extern "C" int PMPI_File_read_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read(fh, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_read_all_c)
extern "C" int PMPI_File_read_all_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                                    MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read_all(fh, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_write_c)
extern "C" int PMPI_File_write_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                                 MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write(fh, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_write_all_c)
extern "C" int PMPI_File_write_all_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                                     MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write_all(fh, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_iread_c)
extern "C" int PMPI_File_iread_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iread(fh, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_iwrite_c)
extern "C" int PMPI_File_iwrite_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                                  MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iwrite(fh, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_iread_all_c)
extern "C" int PMPI_File_iread_all_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                                     MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iread_all(fh, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_iwrite_all_c)
extern "C" int PMPI_File_iwrite_all_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                                      MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iwrite_all(fh, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_read_shared_c)
extern "C" int PMPI_File_read_shared_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                                       MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read_shared(fh, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_write_shared_c)
extern "C" int PMPI_File_write_shared_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                                        MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write_shared(fh, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_iread_shared_c)
extern "C" int PMPI_File_iread_shared_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                                        MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iread_shared(fh, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_iwrite_shared_c)
extern "C" int PMPI_File_iwrite_shared_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                                         MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_iwrite_shared(fh, buf, data.count, data.datatype, request);
}

WEFT_PMPI_ALIAS(File_read_ordered_c)
extern "C" int PMPI_File_read_ordered_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype,
                                        MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read_ordered(fh, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_write_ordered_c)
extern "C" int PMPI_File_write_ordered_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype,
                                         MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write_ordered(fh, buf, data.count, data.datatype, status);
}

WEFT_PMPI_ALIAS(File_read_at_all_begin_c)
extern "C" int PMPI_File_read_at_all_begin_c(MPI_File fh, MPI_Offset offset, void* buf, MPI_Count count,
                                             MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read_at_all_begin(fh, offset, buf, data.count, data.datatype);
}

WEFT_PMPI_ALIAS(File_write_at_all_begin_c)
extern "C" int PMPI_File_write_at_all_begin_c(MPI_File fh, MPI_Offset offset, const void* buf, MPI_Count count,
                                              MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write_at_all_begin(fh, offset, buf, data.count, data.datatype);
}

WEFT_PMPI_ALIAS(File_read_all_begin_c)
extern "C" int PMPI_File_read_all_begin_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read_all_begin(fh, buf, data.count, data.datatype);
}

WEFT_PMPI_ALIAS(File_write_all_begin_c)
extern "C" int PMPI_File_write_all_begin_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write_all_begin(fh, buf, data.count, data.datatype);
}

WEFT_PMPI_ALIAS(File_read_ordered_begin_c)
extern "C" int PMPI_File_read_ordered_begin_c(MPI_File fh, void* buf, MPI_Count count, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_read_ordered_begin(fh, buf, data.count, data.datatype);
}

WEFT_PMPI_ALIAS(File_write_ordered_begin_c)
extern "C" int PMPI_File_write_ordered_begin_c(MPI_File fh, const void* buf, MPI_Count count, MPI_Datatype datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count data(count, datatype);
  if (data.refused()) return data.report(call, fh);
  return PMPI_File_write_ordered_begin(fh, buf, data.count, data.datatype);
}
