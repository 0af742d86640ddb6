// The large-count forms of one-sided communication (windows with an MPI_Aint displacement unit, and the
// communication calls): each converts its counts (large_counts.hpp) and calls the int form, which checks
// the rest. Every procedure follows one pattern, written out for each.

#include <climits>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/large_counts.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Win_create_c)
extern "C" int PMPI_Win_create_c(void* base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                                 MPI_Win* win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (disp_unit > INT_MAX || disp_unit < INT_MIN) return too_large(call, comm, "disp_unit", disp_unit);
  return PMPI_Win_create(base, size, static_cast<int>(disp_unit), info, comm, win);
}

WEFT_PMPI_ALIAS(Win_allocate_c)
extern "C" int PMPI_Win_allocate_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr,
                                   MPI_Win* win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (disp_unit > INT_MAX || disp_unit < INT_MIN) return too_large(call, comm, "disp_unit", disp_unit);
  return PMPI_Win_allocate(size, static_cast<int>(disp_unit), info, comm, baseptr, win);
}

WEFT_PMPI_ALIAS(Win_allocate_shared_c)
extern "C" int PMPI_Win_allocate_shared_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                                          void* baseptr, MPI_Win* win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (disp_unit > INT_MAX || disp_unit < INT_MIN) return too_large(call, comm, "disp_unit", disp_unit);
  return PMPI_Win_allocate_shared(size, static_cast<int>(disp_unit), info, comm, baseptr, win);
}

WEFT_PMPI_ALIAS(Win_shared_query_c)
extern "C" int PMPI_Win_shared_query_c(MPI_Win win, int rank, MPI_Aint* size, MPI_Aint* disp_unit, void* baseptr) {
  const call_guard guard(WEFT_CALL_NAME);
  int disp_unit_int = 0;
  int error = PMPI_Win_shared_query(win, rank, size, &disp_unit_int, baseptr);
  if (error == MPI_SUCCESS) *disp_unit = disp_unit_int;
  return error;
}

WEFT_PMPI_ALIAS(Put_c)
extern "C" int PMPI_Put_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                          int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype,
                          MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count origin_data(origin_count, origin_datatype);
  if (origin_data.refused()) return origin_data.report(call, win);
  const int_count target_data(target_count, target_datatype);
  if (target_data.refused()) return target_data.report(call, win);
  return PMPI_Put(origin_addr, origin_data.count, origin_data.datatype, target_rank, target_disp, target_data.count,
                  target_data.datatype, win);
}

WEFT_PMPI_ALIAS(Get_c)
extern "C" int PMPI_Get_c(void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                          MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count origin_data(origin_count, origin_datatype);
  if (origin_data.refused()) return origin_data.report(call, win);
  const int_count target_data(target_count, target_datatype);
  if (target_data.refused()) return target_data.report(call, win);
  return PMPI_Get(origin_addr, origin_data.count, origin_data.datatype, target_rank, target_disp, target_data.count,
                  target_data.datatype, win);
}

WEFT_PMPI_ALIAS(Accumulate_c)
extern "C" int PMPI_Accumulate_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                 int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                 MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count origin_data(origin_count, origin_datatype, op);
  if (origin_data.refused()) return origin_data.report(call, win);
  const int_count target_data(target_count, target_datatype, op);
  if (target_data.refused()) return target_data.report(call, win);
  return PMPI_Accumulate(origin_addr, origin_data.count, origin_data.datatype, target_rank, target_disp,
                         target_data.count, target_data.datatype, op, win);
}

WEFT_PMPI_ALIAS(Get_accumulate_c)
extern "C" int PMPI_Get_accumulate_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                     void* result_addr, MPI_Count result_count, MPI_Datatype result_datatype,
                                     int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                     MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count origin_data(origin_count, origin_datatype, op);
  if (origin_data.refused()) return origin_data.report(call, win);
  const int_count result_data(result_count, result_datatype, op);
  if (result_data.refused()) return result_data.report(call, win);
  const int_count target_data(target_count, target_datatype, op);
  if (target_data.refused()) return target_data.report(call, win);
  return PMPI_Get_accumulate(origin_addr, origin_data.count, origin_data.datatype, result_addr, result_data.count,
                             result_data.datatype, target_rank, target_disp, target_data.count, target_data.datatype,
                             op, win);
}

WEFT_PMPI_ALIAS(Rput_c)
extern "C" int PMPI_Rput_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                           int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype,
                           MPI_Win win, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count origin_data(origin_count, origin_datatype);
  if (origin_data.refused()) return origin_data.report(call, win);
  const int_count target_data(target_count, target_datatype);
  if (target_data.refused()) return target_data.report(call, win);
  return PMPI_Rput(origin_addr, origin_data.count, origin_data.datatype, target_rank, target_disp, target_data.count,
                   target_data.datatype, win, request);
}

WEFT_PMPI_ALIAS(Rget_c)
extern "C" int PMPI_Rget_c(void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                           MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
                           MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count origin_data(origin_count, origin_datatype);
  if (origin_data.refused()) return origin_data.report(call, win);
  const int_count target_data(target_count, target_datatype);
  if (target_data.refused()) return target_data.report(call, win);
  return PMPI_Rget(origin_addr, origin_data.count, origin_data.datatype, target_rank, target_disp, target_data.count,
                   target_data.datatype, win, request);
}

WEFT_PMPI_ALIAS(Raccumulate_c)
extern "C" int PMPI_Raccumulate_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                  int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                  MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count origin_data(origin_count, origin_datatype, op);
  if (origin_data.refused()) return origin_data.report(call, win);
  const int_count target_data(target_count, target_datatype, op);
  if (target_data.refused()) return target_data.report(call, win);
  return PMPI_Raccumulate(origin_addr, origin_data.count, origin_data.datatype, target_rank, target_disp,
                          target_data.count, target_data.datatype, op, win, request);
}

WEFT_PMPI_ALIAS(Rget_accumulate_c)
extern "C" int PMPI_Rget_accumulate_c(const void* origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                                      void* result_addr, MPI_Count result_count, MPI_Datatype result_datatype,
                                      int target_rank, MPI_Aint target_disp, MPI_Count target_count,
                                      MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_count origin_data(origin_count, origin_datatype, op);
  if (origin_data.refused()) return origin_data.report(call, win);
  const int_count result_data(result_count, result_datatype, op);
  if (result_data.refused()) return result_data.report(call, win);
  const int_count target_data(target_count, target_datatype, op);
  if (target_data.refused()) return target_data.report(call, win);
  return PMPI_Rget_accumulate(origin_addr, origin_data.count, origin_data.datatype, result_addr, result_data.count,
                              result_data.datatype, target_rank, target_disp, target_data.count, target_data.datatype,
                              op, win, request);
}
