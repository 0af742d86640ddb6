// The Fortran bindings of the calls on datatypes that type alone cannot convert: those that take arrays of
// datatypes (MPI_TYPE_CREATE_STRUCT, the alltoallw collectives and their persistent forms, MPI_TYPE_GET_CONTENTS) or a
// data representation's name (MPI_PACK_EXTERNAL and its kin), and MPI_TYPE_MATCH_SIZE, which answers Fortran's types to
// Fortran.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "mpi_api/datatypes.hpp"
#include "mpi_api/fortran/arguments.hpp"
#include "mpi_api/fortran/strings.hpp"
#include "mpi_api/handles.hpp"

namespace {

using weft::fortran::buffer;
using weft::fortran::from_fortran;
using weft::fortran::to_c;
using weft::fortran::to_fortran;

std::vector<MPI_Datatype> datatypes(const MPI_Fint* integers, MPI_Count count) {
  std::vector<MPI_Datatype> types(count > 0 ? count : 0);
  for (MPI_Datatype& type : types) type = to_c<MPI_Datatype>(*integers++);
  return types;
}

// How many datatypes each side of an alltoallw takes: the group's size, the remote group's on an
// intercommunicator.
int peers(MPI_Comm comm) {
  int inter = 0, size = 0;
  if (comm == MPI_COMM_NULL || PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS) return 0;
  if (inter)
    PMPI_Comm_remote_size(comm, &size);
  else
    PMPI_Comm_size(comm, &size);
  return size;
}

// A neighborhood collective's sources and destinations, as its topology gives them.
void neighbors(MPI_Comm comm, int& sources, int& destinations) {
  sources = destinations = 0;
  int topology = MPI_UNDEFINED, rank = 0, weighted = 0;
  if (comm == MPI_COMM_NULL || PMPI_Topo_test(comm, &topology) != MPI_SUCCESS) return;
  switch (topology) {
    case MPI_CART:
      PMPI_Cartdim_get(comm, &sources);
      sources = destinations = 2 * sources;
      break;
    case MPI_GRAPH:
      PMPI_Comm_rank(comm, &rank);
      PMPI_Graph_neighbors_count(comm, rank, &sources);
      destinations = sources;
      break;
    case MPI_DIST_GRAPH:
      PMPI_Dist_graph_neighbors_count(comm, &sources, &destinations, &weighted);
      break;
    default:
      break;
  }
}

// Count and Displacement are MPI_Fint and MPI_Aint in the int forms, MPI_Count in the large-count ones.
template <auto Type_create_struct, class Count, class Displacement>
void type_create_struct(const Count* count, const Count* blocklengths, const Displacement* displacements,
                        const MPI_Fint* types, MPI_Fint* newtype, MPI_Fint* ierror) {
  std::vector<MPI_Datatype> c_types = datatypes(types, *count);
  MPI_Datatype made = MPI_DATATYPE_NULL;
  *ierror = Type_create_struct(*count, blocklengths, displacements, c_types.data(), &made);
  if (*ierror == MPI_SUCCESS) *newtype = to_fortran(made);
}

template <auto Type_get_contents>
void type_get_contents(const MPI_Fint* datatype, const MPI_Fint* max_integers, const MPI_Fint* max_addresses,
                       const MPI_Fint* max_datatypes, MPI_Fint* integers, MPI_Aint* addresses, MPI_Fint* types,
                       MPI_Fint* ierror) {
  std::vector<MPI_Datatype> c_types(*max_datatypes > 0 ? *max_datatypes : 0);
  *ierror = Type_get_contents(to_c<MPI_Datatype>(*datatype), *max_integers, *max_addresses, *max_datatypes, integers,
                              addresses, c_types.data());
  if (*ierror != MPI_SUCCESS) return;
  int envelope_integers = 0, envelope_addresses = 0, envelope_types = 0, combiner = 0;
  PMPI_Type_get_envelope(to_c<MPI_Datatype>(*datatype), &envelope_integers, &envelope_addresses, &envelope_types,
                         &combiner);
  for (int i = 0; i < envelope_types; ++i) types[i] = to_fortran(c_types[i]);
}

template <auto Type_get_contents_c>
void type_get_contents_c(const MPI_Fint* datatype, const MPI_Count* max_integers, const MPI_Count* max_addresses,
                         const MPI_Count* max_large_counts, const MPI_Count* max_datatypes, MPI_Fint* integers,
                         MPI_Aint* addresses, MPI_Count* large_counts, MPI_Fint* types, MPI_Fint* ierror) {
  std::vector<MPI_Datatype> c_types(*max_datatypes > 0 ? *max_datatypes : 0);
  *ierror = Type_get_contents_c(to_c<MPI_Datatype>(*datatype), *max_integers, *max_addresses, *max_large_counts,
                                *max_datatypes, integers, addresses, large_counts, c_types.data());
  if (*ierror != MPI_SUCCESS) return;
  MPI_Count envelope_integers = 0, envelope_addresses = 0, envelope_counts = 0, envelope_types = 0;
  int combiner = 0;
  PMPI_Type_get_envelope_c(to_c<MPI_Datatype>(*datatype), &envelope_integers, &envelope_addresses, &envelope_counts,
                           &envelope_types, &combiner);
  for (MPI_Count i = 0; i < envelope_types; ++i) types[i] = to_fortran(c_types[i]);
}

template <auto Alltoallw, class Count, class Displacement>
void alltoallw(const void* sendbuf, const Count* sendcounts, const Displacement* sdispls, const MPI_Fint* sendtypes,
               void* recvbuf, const Count* recvcounts, const Displacement* rdispls, const MPI_Fint* recvtypes,
               const MPI_Fint* comm, MPI_Fint* ierror) {
  MPI_Comm c_comm = to_c<MPI_Comm>(*comm);
  int n = peers(c_comm);
  const void* send = buffer(sendbuf);
  std::vector<MPI_Datatype> send_types = send == MPI_IN_PLACE ? std::vector<MPI_Datatype>() : datatypes(sendtypes, n);
  std::vector<MPI_Datatype> recv_types = datatypes(recvtypes, n);
  *ierror = Alltoallw(send, sendcounts, sdispls, send_types.data(), buffer(recvbuf), recvcounts, rdispls,
                      recv_types.data(), c_comm);
}

template <auto Ialltoallw, class Count, class Displacement>
void ialltoallw(const void* sendbuf, const Count* sendcounts, const Displacement* sdispls, const MPI_Fint* sendtypes,
                void* recvbuf, const Count* recvcounts, const Displacement* rdispls, const MPI_Fint* recvtypes,
                const MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierror) {
  MPI_Comm c_comm = to_c<MPI_Comm>(*comm);
  int n = peers(c_comm);
  const void* send = buffer(sendbuf);
  std::vector<MPI_Datatype> send_types = send == MPI_IN_PLACE ? std::vector<MPI_Datatype>() : datatypes(sendtypes, n);
  std::vector<MPI_Datatype> recv_types = datatypes(recvtypes, n);
  MPI_Request made = MPI_REQUEST_NULL;
  *ierror = Ialltoallw(send, sendcounts, sdispls, send_types.data(), buffer(recvbuf), recvcounts, rdispls,
                       recv_types.data(), c_comm, &made);
  if (*ierror == MPI_SUCCESS) *request = to_fortran(made);
}

// A persistent alltoallw reads its datatype arrays at every start: the request keeps the converted ones.
void keep_datatypes(MPI_Request request, std::vector<MPI_Datatype>& send_types, std::vector<MPI_Datatype>& recv_types) {
  for (std::vector<MPI_Datatype>* types : {&send_types, &recv_types})
    request->converted_arguments.push_back(std::make_shared<const std::vector<MPI_Datatype>>(std::move(*types)));
}

template <auto Alltoallw_init, class Count, class Displacement>
void alltoallw_init(const void* sendbuf, const Count* sendcounts, const Displacement* sdispls,
                    const MPI_Fint* sendtypes, void* recvbuf, const Count* recvcounts, const Displacement* rdispls,
                    const MPI_Fint* recvtypes, const MPI_Fint* comm, const MPI_Fint* info, MPI_Fint* request,
                    MPI_Fint* ierror) {
  MPI_Comm c_comm = to_c<MPI_Comm>(*comm);
  int n = peers(c_comm);
  const void* send = buffer(sendbuf);
  std::vector<MPI_Datatype> send_types = send == MPI_IN_PLACE ? std::vector<MPI_Datatype>() : datatypes(sendtypes, n);
  std::vector<MPI_Datatype> recv_types = datatypes(recvtypes, n);
  MPI_Request made = MPI_REQUEST_NULL;
  *ierror = Alltoallw_init(send, sendcounts, sdispls, send_types.data(), buffer(recvbuf), recvcounts, rdispls,
                           recv_types.data(), c_comm, to_c<MPI_Info>(*info), &made);
  if (*ierror != MPI_SUCCESS) return;
  keep_datatypes(made, send_types, recv_types);
  *request = to_fortran(made);
}

template <auto Neighbor_alltoallw, class Count>
void neighbor_alltoallw(const void* sendbuf, const Count* sendcounts, const MPI_Aint* sdispls,
                        const MPI_Fint* sendtypes, void* recvbuf, const Count* recvcounts, const MPI_Aint* rdispls,
                        const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* ierror) {
  MPI_Comm c_comm = to_c<MPI_Comm>(*comm);
  int sources = 0, destinations = 0;
  neighbors(c_comm, sources, destinations);
  std::vector<MPI_Datatype> send_types = datatypes(sendtypes, destinations), recv_types = datatypes(recvtypes, sources);
  *ierror = Neighbor_alltoallw(buffer(sendbuf), sendcounts, sdispls, send_types.data(), buffer(recvbuf), recvcounts,
                               rdispls, recv_types.data(), c_comm);
}

template <auto Ineighbor_alltoallw, class Count>
void ineighbor_alltoallw(const void* sendbuf, const Count* sendcounts, const MPI_Aint* sdispls,
                         const MPI_Fint* sendtypes, void* recvbuf, const Count* recvcounts, const MPI_Aint* rdispls,
                         const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierror) {
  MPI_Comm c_comm = to_c<MPI_Comm>(*comm);
  int sources = 0, destinations = 0;
  neighbors(c_comm, sources, destinations);
  std::vector<MPI_Datatype> send_types = datatypes(sendtypes, destinations), recv_types = datatypes(recvtypes, sources);
  MPI_Request made = MPI_REQUEST_NULL;
  *ierror = Ineighbor_alltoallw(buffer(sendbuf), sendcounts, sdispls, send_types.data(), buffer(recvbuf), recvcounts,
                                rdispls, recv_types.data(), c_comm, &made);
  if (*ierror == MPI_SUCCESS) *request = to_fortran(made);
}

template <auto Neighbor_alltoallw_init, class Count>
void neighbor_alltoallw_init(const void* sendbuf, const Count* sendcounts, const MPI_Aint* sdispls,
                             const MPI_Fint* sendtypes, void* recvbuf, const Count* recvcounts, const MPI_Aint* rdispls,
                             const MPI_Fint* recvtypes, const MPI_Fint* comm, const MPI_Fint* info, MPI_Fint* request,
                             MPI_Fint* ierror) {
  MPI_Comm c_comm = to_c<MPI_Comm>(*comm);
  int sources = 0, destinations = 0;
  neighbors(c_comm, sources, destinations);
  std::vector<MPI_Datatype> send_types = datatypes(sendtypes, destinations), recv_types = datatypes(recvtypes, sources);
  MPI_Request made = MPI_REQUEST_NULL;
  *ierror = Neighbor_alltoallw_init(buffer(sendbuf), sendcounts, sdispls, send_types.data(), buffer(recvbuf),
                                    recvcounts, rdispls, recv_types.data(), c_comm, to_c<MPI_Info>(*info), &made);
  if (*ierror != MPI_SUCCESS) return;
  keep_datatypes(made, send_types, recv_types);
  *request = to_fortran(made);
}

// Count and Position are MPI_Fint and MPI_Aint in the int forms, MPI_Count in the large-count ones.
template <auto Pack_external, class Count, class Position>
void pack_external(const char* datarep, const void* inbuf, const Count* incount, const MPI_Fint* datatype, void* outbuf,
                   const Position* outsize, Position* position, MPI_Fint* ierror, std::size_t datarep_length) {
  *ierror = Pack_external(from_fortran(datarep, datarep_length).c_str(), buffer(inbuf), *incount,
                          to_c<MPI_Datatype>(*datatype), outbuf, *outsize, position);
}

template <auto Unpack_external, class Count, class Position>
void unpack_external(const char* datarep, const void* inbuf, const Position* insize, Position* position, void* outbuf,
                     const Count* outcount, const MPI_Fint* datatype, MPI_Fint* ierror, std::size_t datarep_length) {
  *ierror = Unpack_external(from_fortran(datarep, datarep_length).c_str(), inbuf, *insize, position, buffer(outbuf),
                            *outcount, to_c<MPI_Datatype>(*datatype));
}

template <auto Pack_external_size, class Count, class Size>
void pack_external_size(const char* datarep, const Count* incount, const MPI_Fint* datatype, Size* size,
                        MPI_Fint* ierror, std::size_t datarep_length) {
  *ierror =
      Pack_external_size(from_fortran(datarep, datarep_length).c_str(), *incount, to_c<MPI_Datatype>(*datatype), size);
}

// A Fortran variable's size names a Fortran type: REAL of 16 bytes is IEEE binary128 (MPI_REAL16), where
// C's long double of 16 bytes is x87's extended precision.
template <auto Type_match_size>
void type_match_size(const MPI_Fint* typeclass, const MPI_Fint* size, MPI_Fint* datatype, MPI_Fint* ierror) {
  static const MPI_Datatype reals[] = {MPI_REAL2, MPI_REAL4, MPI_REAL8, MPI_REAL16};
  static const MPI_Datatype integers[] = {MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER4, MPI_INTEGER8, MPI_INTEGER16};
  static const MPI_Datatype complexes[] = {MPI_COMPLEX4, MPI_COMPLEX8, MPI_COMPLEX16, MPI_COMPLEX32};
  if (MPI_Datatype found = weft::mpi::first_of_size({reals, integers, complexes}, *typeclass, *size)) {
    *datatype = to_fortran(found);
    *ierror = MPI_SUCCESS;
    return;
  }
  // No Fortran type: the C call reports the error, with its message.
  MPI_Datatype none = MPI_DATATYPE_NULL;
  *ierror = Type_match_size(*typeclass, *size, &none);
  if (*ierror == MPI_SUCCESS) *datatype = to_fortran(none);
}

}  // namespace

WEFT_FORTRAN_BINDING(type_match_size, Type_match_size, type_match_size,
                     (const MPI_Fint* typeclass, const MPI_Fint* size, MPI_Fint* datatype, MPI_Fint* ierror),
                     (typeclass, size, datatype, ierror))
WEFT_FORTRAN_BINDING(type_create_struct, Type_create_struct, type_create_struct,
                     (const MPI_Fint* count, const MPI_Fint* blocklengths, const MPI_Aint* displacements,
                      const MPI_Fint* types, MPI_Fint* newtype, MPI_Fint* ierror),
                     (count, blocklengths, displacements, types, newtype, ierror))
WEFT_FORTRAN_BINDING(type_get_contents, Type_get_contents, type_get_contents,
                     (const MPI_Fint* datatype, const MPI_Fint* max_integers, const MPI_Fint* max_addresses,
                      const MPI_Fint* max_datatypes, MPI_Fint* integers, MPI_Aint* addresses, MPI_Fint* types,
                      MPI_Fint* ierror),
                     (datatype, max_integers, max_addresses, max_datatypes, integers, addresses, types, ierror))
WEFT_FORTRAN_BINDING(alltoallw, Alltoallw, alltoallw,
                     (const void* sendbuf, const MPI_Fint* sendcounts, const MPI_Fint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Fint* recvcounts, const MPI_Fint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, ierror))
WEFT_FORTRAN_BINDING(ialltoallw, Ialltoallw, ialltoallw,
                     (const void* sendbuf, const MPI_Fint* sendcounts, const MPI_Fint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Fint* recvcounts, const MPI_Fint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request,
                      ierror))
WEFT_FORTRAN_BINDING(neighbor_alltoallw, Neighbor_alltoallw, neighbor_alltoallw,
                     (const void* sendbuf, const MPI_Fint* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Fint* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, ierror))
WEFT_FORTRAN_BINDING(ineighbor_alltoallw, Ineighbor_alltoallw, ineighbor_alltoallw,
                     (const void* sendbuf, const MPI_Fint* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Fint* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request,
                      ierror))
WEFT_FORTRAN_BINDING(alltoallw_init, Alltoallw_init, alltoallw_init,
                     (const void* sendbuf, const MPI_Fint* sendcounts, const MPI_Fint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Fint* recvcounts, const MPI_Fint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, const MPI_Fint* info, MPI_Fint* request,
                      MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info,
                      request, ierror))
WEFT_FORTRAN_BINDING(neighbor_alltoallw_init, Neighbor_alltoallw_init, neighbor_alltoallw_init,
                     (const void* sendbuf, const MPI_Fint* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Fint* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, const MPI_Fint* info, MPI_Fint* request,
                      MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info,
                      request, ierror))
WEFT_FORTRAN_BINDING(pack_external, Pack_external, pack_external,
                     (const char* datarep, const void* inbuf, const MPI_Fint* incount, const MPI_Fint* datatype,
                      void* outbuf, const MPI_Aint* outsize, MPI_Aint* position, MPI_Fint* ierror,
                      std::size_t datarep_length),
                     (datarep, inbuf, incount, datatype, outbuf, outsize, position, ierror, datarep_length))
WEFT_FORTRAN_BINDING(unpack_external, Unpack_external, unpack_external,
                     (const char* datarep, const void* inbuf, const MPI_Aint* insize, MPI_Aint* position, void* outbuf,
                      const MPI_Fint* outcount, const MPI_Fint* datatype, MPI_Fint* ierror, std::size_t datarep_length),
                     (datarep, inbuf, insize, position, outbuf, outcount, datatype, ierror, datarep_length))
WEFT_FORTRAN_BINDING(pack_external_size, Pack_external_size, pack_external_size,
                     (const char* datarep, const MPI_Fint* incount, const MPI_Fint* datatype, MPI_Aint* size,
                      MPI_Fint* ierror, std::size_t datarep_length),
                     (datarep, incount, datatype, size, ierror, datarep_length))

// The large-count forms (mpi_f08's MPI_Alltoallw_c_f08 ...): the same procedures over MPI_Count counts.
WEFT_FORTRAN_BINDING(type_create_struct_c, Type_create_struct_c, type_create_struct,
                     (const MPI_Count* count, const MPI_Count* blocklengths, const MPI_Count* displacements,
                      const MPI_Fint* types, MPI_Fint* newtype, MPI_Fint* ierror),
                     (count, blocklengths, displacements, types, newtype, ierror))
WEFT_FORTRAN_BINDING(type_get_contents_c, Type_get_contents_c, type_get_contents_c,
                     (const MPI_Fint* datatype, const MPI_Count* max_integers, const MPI_Count* max_addresses,
                      const MPI_Count* max_large_counts, const MPI_Count* max_datatypes, MPI_Fint* integers,
                      MPI_Aint* addresses, MPI_Count* large_counts, MPI_Fint* types, MPI_Fint* ierror),
                     (datatype, max_integers, max_addresses, max_large_counts, max_datatypes, integers, addresses,
                      large_counts, types, ierror))
WEFT_FORTRAN_BINDING(alltoallw_c, Alltoallw_c, alltoallw,
                     (const void* sendbuf, const MPI_Count* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Count* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, ierror))
WEFT_FORTRAN_BINDING(ialltoallw_c, Ialltoallw_c, ialltoallw,
                     (const void* sendbuf, const MPI_Count* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Count* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request,
                      ierror))
WEFT_FORTRAN_BINDING(alltoallw_init_c, Alltoallw_init_c, alltoallw_init,
                     (const void* sendbuf, const MPI_Count* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Count* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, const MPI_Fint* info, MPI_Fint* request,
                      MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info,
                      request, ierror))
WEFT_FORTRAN_BINDING(neighbor_alltoallw_c, Neighbor_alltoallw_c, neighbor_alltoallw,
                     (const void* sendbuf, const MPI_Count* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Count* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, ierror))
WEFT_FORTRAN_BINDING(ineighbor_alltoallw_c, Ineighbor_alltoallw_c, ineighbor_alltoallw,
                     (const void* sendbuf, const MPI_Count* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Count* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, MPI_Fint* request, MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request,
                      ierror))
WEFT_FORTRAN_BINDING(neighbor_alltoallw_init_c, Neighbor_alltoallw_init_c, neighbor_alltoallw_init,
                     (const void* sendbuf, const MPI_Count* sendcounts, const MPI_Aint* sdispls,
                      const MPI_Fint* sendtypes, void* recvbuf, const MPI_Count* recvcounts, const MPI_Aint* rdispls,
                      const MPI_Fint* recvtypes, const MPI_Fint* comm, const MPI_Fint* info, MPI_Fint* request,
                      MPI_Fint* ierror),
                     (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info,
                      request, ierror))
WEFT_FORTRAN_BINDING(pack_external_c, Pack_external_c, pack_external,
                     (const char* datarep, const void* inbuf, const MPI_Count* incount, const MPI_Fint* datatype,
                      void* outbuf, const MPI_Count* outsize, MPI_Count* position, MPI_Fint* ierror,
                      std::size_t datarep_length),
                     (datarep, inbuf, incount, datatype, outbuf, outsize, position, ierror, datarep_length))
WEFT_FORTRAN_BINDING(unpack_external_c, Unpack_external_c, unpack_external,
                     (const char* datarep, const void* inbuf, const MPI_Count* insize, MPI_Count* position,
                      void* outbuf, const MPI_Count* outcount, const MPI_Fint* datatype, MPI_Fint* ierror,
                      std::size_t datarep_length),
                     (datarep, inbuf, insize, position, outbuf, outcount, datatype, ierror, datarep_length))
WEFT_FORTRAN_BINDING(pack_external_size_c, Pack_external_size_c, pack_external_size,
                     (const char* datarep, const MPI_Count* incount, const MPI_Fint* datatype, MPI_Count* size,
                      MPI_Fint* ierror, std::size_t datarep_length),
                     (datarep, incount, datatype, size, ierror, datarep_length))
