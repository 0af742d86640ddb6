// The Fortran bindings of the calls on arrays of requests: each request integer converts to a handle and,
// when the call completed or freed it, back; statuses fill Fortran's INTEGER(MPI_STATUS_SIZE, count) array;
// the indices Waitany and Waitsome report count from 1, as Fortran's arrays do. MPI-4.1's
// MPI_REQUEST_GET_STATUS_ANY/ALL/SOME take the same arguments as Testany/all/some (and change no request).
// And MPI_F_SYNC_REG.

#include <vector>

#include "mpi_api/fortran/arguments.hpp"

namespace {

using weft::fortran::ignores_status;
using weft::fortran::status_size;
using weft::fortran::to_c;
using weft::fortran::to_fortran;

// The requests of one call, converted in and (those that changed) back out.
class request_array {
 public:
  request_array(MPI_Fint* integers, MPI_Fint count) : integers_(integers), given_(count > 0 ? count : 0) {
    for (MPI_Request& request : given_) request = to_c<MPI_Request>(*integers++);
    handles_ = given_;
  }
  ~request_array() {
    for (std::size_t i = 0; i < handles_.size(); ++i)
      if (handles_[i] != given_[i]) integers_[i] = to_fortran(handles_[i]);
  }
  request_array(const request_array&) = delete;
  request_array& operator=(const request_array&) = delete;

  MPI_Request* data() noexcept { return handles_.data(); }

 private:
  MPI_Fint* integers_;
  std::vector<MPI_Request> given_, handles_;
};

// The statuses of one call: C's for the call, copied into Fortran's array entry by entry.
class status_array {
 public:
  // MPI_ERROR is set only where a call reports MPI_ERR_IN_STATUS; elsewhere it keeps Fortran's value.
  status_array(MPI_Fint* integers, MPI_Fint count)
      : integers_(integers), statuses_(ignores_status(integers) || count <= 0 ? 0 : count) {
    for (std::size_t i = 0; i < statuses_.size(); ++i) statuses_[i].MPI_ERROR = integers[i * status_size + 2];
  }

  MPI_Status* data() noexcept { return statuses_.empty() ? MPI_STATUSES_IGNORE : statuses_.data(); }
  void deliver(int count) {
    for (int i = 0; i < count && static_cast<std::size_t>(i) < statuses_.size(); ++i)
      PMPI_Status_c2f(&statuses_[i], integers_ + i * status_size);
  }

 private:
  MPI_Fint* integers_;
  std::vector<MPI_Status> statuses_;
};

void deliver_status(const MPI_Status& status, MPI_Fint* integers) {
  if (!ignores_status(integers)) PMPI_Status_c2f(&status, integers);
}

int from_zero(int index) { return index >= 0 ? index + 1 : index; }  // MPI_UNDEFINED stays

template <auto Waitall>
void waitall(const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* statuses, MPI_Fint* ierror) {
  request_array handles(requests, *count);
  status_array c_statuses(statuses, *count);
  *ierror = Waitall(*count, handles.data(), c_statuses.data());
  // MPI_ERR_IN_STATUS: the statuses tell which request failed.
  if (*ierror == MPI_SUCCESS || *ierror == MPI_ERR_IN_STATUS) c_statuses.deliver(*count);
}

template <auto Testall>
void testall(const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* flag, MPI_Fint* statuses, MPI_Fint* ierror) {
  request_array handles(requests, *count);
  status_array c_statuses(statuses, *count);
  *ierror = Testall(*count, handles.data(), flag, c_statuses.data());
  if ((*ierror == MPI_SUCCESS && *flag) || *ierror == MPI_ERR_IN_STATUS) c_statuses.deliver(*count);
}

template <auto Waitany>
void waitany(const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* index, MPI_Fint* status, MPI_Fint* ierror) {
  request_array handles(requests, *count);
  MPI_Status c_status = weft::fortran::status_from(status);
  *ierror = Waitany(*count, handles.data(), index, &c_status);
  if (*ierror != MPI_SUCCESS) return;
  *index = from_zero(*index);
  deliver_status(c_status, status);
}

template <auto Testany>
void testany(const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* index, MPI_Fint* flag, MPI_Fint* status,
             MPI_Fint* ierror) {
  request_array handles(requests, *count);
  MPI_Status c_status = weft::fortran::status_from(status);
  *ierror = Testany(*count, handles.data(), index, flag, &c_status);
  if (*ierror != MPI_SUCCESS) return;
  *index = from_zero(*index);
  if (*flag) deliver_status(c_status, status);
}

template <auto Some>
void some(const MPI_Fint* incount, MPI_Fint* requests, MPI_Fint* outcount, MPI_Fint* indices, MPI_Fint* statuses,
          MPI_Fint* ierror) {
  request_array handles(requests, *incount);
  status_array c_statuses(statuses, *incount);
  *ierror = Some(*incount, handles.data(), outcount, indices, c_statuses.data());
  if (*ierror != MPI_SUCCESS && *ierror != MPI_ERR_IN_STATUS) return;
  if (*outcount == MPI_UNDEFINED) return;
  for (int i = 0; i < *outcount; ++i) indices[i] = from_zero(indices[i]);
  c_statuses.deliver(*outcount);
}

template <auto Startall>
void startall(const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* ierror) {
  request_array handles(requests, *count);
  *ierror = Startall(*count, handles.data());
}

}  // namespace

WEFT_FORTRAN_BINDING(waitall, Waitall, waitall,
                     (const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* statuses, MPI_Fint* ierror),
                     (count, requests, statuses, ierror))
WEFT_FORTRAN_BINDING(testall, Testall, testall,
                     (const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* flag, MPI_Fint* statuses, MPI_Fint* ierror),
                     (count, requests, flag, statuses, ierror))
WEFT_FORTRAN_BINDING(waitany, Waitany, waitany,
                     (const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* index, MPI_Fint* status, MPI_Fint* ierror),
                     (count, requests, index, status, ierror))
WEFT_FORTRAN_BINDING(testany, Testany, testany,
                     (const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* index, MPI_Fint* flag, MPI_Fint* status,
                      MPI_Fint* ierror),
                     (count, requests, index, flag, status, ierror))
WEFT_FORTRAN_BINDING(waitsome, Waitsome, some,
                     (const MPI_Fint* incount, MPI_Fint* requests, MPI_Fint* outcount, MPI_Fint* indices,
                      MPI_Fint* statuses, MPI_Fint* ierror),
                     (incount, requests, outcount, indices, statuses, ierror))
WEFT_FORTRAN_BINDING(testsome, Testsome, some,
                     (const MPI_Fint* incount, MPI_Fint* requests, MPI_Fint* outcount, MPI_Fint* indices,
                      MPI_Fint* statuses, MPI_Fint* ierror),
                     (incount, requests, outcount, indices, statuses, ierror))
WEFT_FORTRAN_BINDING(request_get_status_all, Request_get_status_all, testall,
                     (const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* flag, MPI_Fint* statuses, MPI_Fint* ierror),
                     (count, requests, flag, statuses, ierror))
WEFT_FORTRAN_BINDING(request_get_status_any, Request_get_status_any, testany,
                     (const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* index, MPI_Fint* flag, MPI_Fint* status,
                      MPI_Fint* ierror),
                     (count, requests, index, flag, status, ierror))
WEFT_FORTRAN_BINDING(request_get_status_some, Request_get_status_some, some,
                     (const MPI_Fint* incount, MPI_Fint* requests, MPI_Fint* outcount, MPI_Fint* indices,
                      MPI_Fint* statuses, MPI_Fint* ierror),
                     (incount, requests, outcount, indices, statuses, ierror))
WEFT_FORTRAN_BINDING(startall, Startall, startall, (const MPI_Fint* count, MPI_Fint* requests, MPI_Fint* ierror),
                     (count, requests, ierror))

// MPI_F_SYNC_REG (MPI-3.1 17.1.7) does nothing: a call the compiler cannot see into is what keeps it from
// holding a nonblocking call's buffer in registers across the call that completes it.
extern "C" {
[[gnu::weak]] void mpi_f_sync_reg_(void*) {}
void pmpi_f_sync_reg_(void*) {}
[[gnu::weak, gnu::alias("mpi_f_sync_reg_")]] void MPI_F_sync_reg_f08(void*);
[[gnu::alias("pmpi_f_sync_reg_")]] void PMPI_F_sync_reg_f08(void*);
}
