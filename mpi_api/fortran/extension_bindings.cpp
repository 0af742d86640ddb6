// The Fortran bindings of Weft's extensions, MPIX_Halo and ownership passing, for mpi_f08 (whose
// interfaces name MPIX_<Name>_f08) and for mpif.h and the mpi module (mpix_<lower>_, with INTEGER
// handles). A buffer's address is a TYPE(C_PTR) or an INTEGER(KIND=MPI_ADDRESS_KIND), which C's void*
// is; a cell's data is a choice buffer whose address the cell keeps, so it must be a TARGET that stays.

#include "mpi_api/fortran/arguments.hpp"
#include "mpi_api/fortran/strings.hpp"
#include "mpi_api/halo_objects.hpp"

namespace {

using weft::fortran::call;
using weft::fortran::fortran_t;
using weft::fortran::from_fortran;
using weft::fortran::to_c;
using weft::fortran::to_fortran;

template <auto Halo_cell_init>
void halo_cell_init(MPI_Fint* halo, const char* label, const MPI_Fint* datatype, const MPI_Fint* count,
                    MPI_Fint* ierror, std::size_t label_length) {
  MPI_Halo cell = MPI_HALO_NULL;
  *ierror = Halo_cell_init(&cell, from_fortran(label, label_length).c_str(), to_c<MPI_Datatype>(*datatype), *count);
  if (*ierror == MPI_SUCCESS) *halo = to_fortran(cell);
}

template <auto Halo_cell_bind_remote>
void halo_cell_bind_remote(const MPI_Fint* exchange, const MPI_Fint* halo, const MPI_Fint* rank,
                           const char* remote_label, MPI_Fint* ierror, std::size_t remote_label_length) {
  *ierror = Halo_cell_bind_remote(to_c<MPI_Halo_exchange>(*exchange), to_c<MPI_Halo>(*halo), *rank,
                                  from_fortran(remote_label, remote_label_length).c_str());
}

// C answers 1, 0 or an error class; Fortran has a LOGICAL and ierror.
template <auto Halo_cell_is_remote>
void halo_cell_is_remote(const MPI_Fint* halo, MPI_Fint* is_remote, MPI_Fint* ierror) {
  int answer = Halo_cell_is_remote(to_c<MPI_Halo>(*halo));
  *ierror = answer == 0 || answer == 1 ? MPI_SUCCESS : answer;
  if (*ierror == MPI_SUCCESS) *is_remote = answer;
}

}  // namespace

WEFT_FORTRAN_EXTENSION(halo_cell_init, Halo_cell_init, halo_cell_init,
                       (MPI_Fint * halo, const char* label, const MPI_Fint* datatype, const MPI_Fint* count,
                        MPI_Fint* ierror, std::size_t label_length),
                       (halo, label, datatype, count, ierror, label_length))
WEFT_FORTRAN_EXTENSION(halo_cell_release, Halo_cell_release, call, (fortran_t<MPI_Halo*> halo, MPI_Fint* ierror),
                       (ierror, halo))
WEFT_FORTRAN_EXTENSION(halo_cell_set, Halo_cell_set, call,
                       (fortran_t<MPI_Halo> halo, fortran_t<void*> data, MPI_Fint* ierror), (ierror, halo, data))
WEFT_FORTRAN_EXTENSION(halo_cell_get, Halo_cell_get, call,
                       (fortran_t<MPI_Halo> halo, fortran_t<void**> data, MPI_Fint* ierror), (ierror, halo, data))
WEFT_FORTRAN_EXTENSION(halo_cell_is_remote, Halo_cell_is_remote, halo_cell_is_remote,
                       (const MPI_Fint* halo, MPI_Fint* is_remote, MPI_Fint* ierror), (halo, is_remote, ierror))
WEFT_FORTRAN_EXTENSION(halo_exchange_init, Halo_exchange_init, call,
                       (fortran_t<MPI_Halo_exchange*> exchange, MPI_Fint* ierror), (ierror, exchange))
WEFT_FORTRAN_EXTENSION(halo_exchange_init_comm, Halo_exchange_init_comm, call,
                       (fortran_t<MPI_Comm> comm, fortran_t<MPI_Halo_exchange*> exchange, MPI_Fint* ierror),
                       (ierror, comm, exchange))
WEFT_FORTRAN_EXTENSION(halo_cell_bind_local, Halo_cell_bind_local, call,
                       (fortran_t<MPI_Halo_exchange> exchange, fortran_t<MPI_Halo> halo, MPI_Fint* ierror),
                       (ierror, exchange, halo))
WEFT_FORTRAN_EXTENSION(halo_cell_bind_remote, Halo_cell_bind_remote, halo_cell_bind_remote,
                       (const MPI_Fint* exchange, const MPI_Fint* halo, const MPI_Fint* rank, const char* remote_label,
                        MPI_Fint* ierror, std::size_t remote_label_length),
                       (exchange, halo, rank, remote_label, ierror, remote_label_length))
WEFT_FORTRAN_EXTENSION(halo_exchange_commit, Halo_exchange_commit, call,
                       (fortran_t<MPI_Halo_exchange> exchange, MPI_Fint* ierror), (ierror, exchange))
WEFT_FORTRAN_EXTENSION(halo_iexchange, Halo_iexchange, call, (fortran_t<MPI_Halo_exchange> exchange, MPI_Fint* ierror),
                       (ierror, exchange))
WEFT_FORTRAN_EXTENSION(halo_iexchange_wait, Halo_iexchange_wait, call,
                       (fortran_t<MPI_Halo_exchange> exchange, MPI_Fint* ierror), (ierror, exchange))
WEFT_FORTRAN_EXTENSION(halo_exchange, Halo_exchange, call, (fortran_t<MPI_Halo_exchange> exchange, MPI_Fint* ierror),
                       (ierror, exchange))
WEFT_FORTRAN_EXTENSION(halo_exchange_release, Halo_exchange_release, call,
                       (fortran_t<MPI_Halo_exchange*> exchange, MPI_Fint* ierror), (ierror, exchange))

WEFT_FORTRAN_EXTENSION(alloc, Alloc, call, (fortran_t<void**> ptr, fortran_t<MPI_Aint> size, MPI_Fint* ierror),
                       (ierror, ptr, size))
WEFT_FORTRAN_EXTENSION(free, Free, call, (fortran_t<void**> ptr, MPI_Fint* ierror), (ierror, ptr))
WEFT_FORTRAN_EXTENSION(give, Give, call,
                       (fortran_t<void**> ptr, fortran_t<int> count, fortran_t<MPI_Datatype> datatype,
                        fortran_t<int> dest, fortran_t<int> tag, fortran_t<MPI_Comm> comm, MPI_Fint* ierror),
                       (ierror, ptr, count, datatype, dest, tag, comm))
WEFT_FORTRAN_EXTENSION(igive, Igive, call,
                       (fortran_t<void**> ptr, fortran_t<int> count, fortran_t<MPI_Datatype> datatype,
                        fortran_t<int> dest, fortran_t<int> tag, fortran_t<MPI_Comm> comm,
                        fortran_t<MPI_Request*> request, MPI_Fint* ierror),
                       (ierror, ptr, count, datatype, dest, tag, comm, request))
WEFT_FORTRAN_EXTENSION(take, Take, call,
                       (fortran_t<void**> ptr, fortran_t<int> count, fortran_t<MPI_Datatype> datatype,
                        fortran_t<int> source, fortran_t<int> tag, fortran_t<MPI_Comm> comm,
                        fortran_t<MPI_Status*> status, MPI_Fint* ierror),
                       (ierror, ptr, count, datatype, source, tag, comm, status))
WEFT_FORTRAN_EXTENSION(itake, Itake, call,
                       (fortran_t<void**> ptr, fortran_t<int> count, fortran_t<MPI_Datatype> datatype,
                        fortran_t<int> source, fortran_t<int> tag, fortran_t<MPI_Comm> comm,
                        fortran_t<MPI_Request*> request, MPI_Fint* ierror),
                       (ierror, ptr, count, datatype, source, tag, comm, request))
