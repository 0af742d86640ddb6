// Gather, scatter, allgather and alltoall with their v and w forms on intercommunicators (MPI-3.1, 5.2.2),
// blocking and nonblocking: argument checks, then the buffers as maps of typed blocks, one per rank of the
// remote group, for collectives/intercommunicator_data_movement.hpp. MPI_IN_PLACE is refused wherever a
// buffer is significant; a root's buffers matter at the root only, the other buffers of the root's group
// not at all.

#include "collectives/intercommunicator_table.hpp"
#include "mpi_api/block_buffers.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/intercommunicator_collectives.hpp"

namespace weft::mpi {
namespace {

// Runs the task start(place, seen) makes over both groups of `comm`, holding `held` meanwhile.
template <class Start>
int run_across(const char* call, MPI_Comm comm, Start start, held_layouts held, MPI_Request* request) {
  coll::crossing place = crossing_of(*resolve(comm));
  return launch_copies(
      call, comm, place.both, [&](coll::truncation* seen) { return start(place, seen); }, std::move(held), request);
}

// A rooted call: the root argument; `check_mine` on the ranks of the other group (their own block),
// `check_root` at the root (its buffer of blocks); then `run`.
template <class CheckMine, class CheckRoot, class Run>
int rooted(const char* call, MPI_Comm comm, int root, CheckMine check_mine, CheckRoot check_root, Run run) {
  if (int error = check_inter_root(call, comm, root)) return error;
  if (root >= 0)
    if (int error = check_mine()) return error;
  if (root == MPI_ROOT)
    if (int error = check_root()) return error;
  return run();
}

// `rooms` matters at the root only, `sendbuf` on the other group's ranks only.
int run_gather(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
               const coll::block_map& rooms, int root, MPI_Datatype recvtype, MPI_Request* request) {
  bool sends = root >= 0;
  shm::const_typed_span send = sends ? data_of(sendbuf, sendcount, sendtype) : shm::const_typed_span{};
  auto start = [&](const coll::crossing& place, coll::truncation* seen) {
    return coll::start(place, place.operations().gather, send, rooms, root, root == MPI_ROOT, seen);
  };
  return run_across(call, comm, start,
                    hold({sends ? sendtype : MPI_DATATYPE_NULL, root == MPI_ROOT ? recvtype : MPI_DATATYPE_NULL}),
                    request);
}

// `blocks` matters at the root only, `recvbuf` on the other group's ranks only.
int run_scatter(const char* call, MPI_Comm comm, const coll::const_block_map& blocks, MPI_Datatype sendtype,
                void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Request* request) {
  bool receives = root >= 0;
  shm::typed_span room = receives ? room_of(recvbuf, recvcount, recvtype) : shm::typed_span{};
  auto start = [&](const coll::crossing& place, coll::truncation* seen) {
    return coll::start(place, place.operations().scatter, blocks, room, root, root == MPI_ROOT, seen);
  };
  return run_across(call, comm, start,
                    hold({root == MPI_ROOT ? sendtype : MPI_DATATYPE_NULL, receives ? recvtype : MPI_DATATYPE_NULL}),
                    request);
}

int run_allgather(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                  const coll::block_map& rooms, MPI_Datatype recvtype, MPI_Request* request) {
  shm::const_typed_span send = data_of(sendbuf, sendcount, sendtype);
  auto start = [&](const coll::crossing& place, coll::truncation* seen) {
    return coll::start(place, place.operations().allgather, send, rooms, seen);
  };
  return run_across(call, comm, start, hold({sendtype, recvtype}), request);
}

int run_alltoall(const char* call, MPI_Comm comm, const coll::const_block_map& blocks, const coll::block_map& rooms,
                 held_layouts held, MPI_Request* request) {
  auto start = [&](const coll::crossing& place, coll::truncation* seen) {
    return coll::start(place, place.operations().alltoall, blocks, rooms, seen);
  };
  return run_across(call, comm, start, std::move(held), request);
}

// A v call's buffer `argument`, which may not be MPI_IN_PLACE.
int check_blocks_across(const char* call, MPI_Comm comm, const void* buffer, const char* argument, const int* counts,
                        const int* displacements, MPI_Datatype datatype, const char* counts_name,
                        const char* displacements_name) {
  if (int error = check_not_in_place(call, comm, buffer, argument, across_groups)) return error;
  return check_blocks(call, comm, peers(*resolve(comm)).size(), buffer, counts, displacements, datatype, counts_name,
                      displacements_name);
}

// A w call's buffer `argument`, which may not be MPI_IN_PLACE.
int check_typed_blocks_across(const char* call, MPI_Comm comm, const void* buffer, const char* argument,
                              const int* counts, const int* displacements, const MPI_Datatype* datatypes,
                              const char* counts_name, const char* displacements_name, const char* datatypes_name) {
  if (int error = check_not_in_place(call, comm, buffer, argument, across_groups)) return error;
  return check_typed_blocks(call, comm, peers(*resolve(comm)).size(), buffer, counts, displacements, datatypes,
                            counts_name, displacements_name, datatypes_name);
}

}  // namespace

int inter_gather(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  return rooted(
      call, comm, root, [&] { return check_block(call, comm, sendbuf, sendcount, sendtype, "sendbuf", across_groups); },
      [&] { return check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", across_groups); },
      [&] {
        coll::block_map rooms = root == MPI_ROOT ? blocks_of(bytes(recvbuf), recvcount, recvtype) : coll::block_map{};
        return run_gather(call, comm, sendbuf, sendcount, sendtype, rooms, root, recvtype, request);
      });
}

int inter_gatherv(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
                  MPI_Request* request) {
  return rooted(
      call, comm, root, [&] { return check_block(call, comm, sendbuf, sendcount, sendtype, "sendbuf", across_groups); },
      [&] {
        return check_blocks_across(call, comm, recvbuf, "recvbuf", recvcounts, displs, recvtype, "recvcounts",
                                   "displs");
      },
      [&] {
        coll::block_map rooms =
            root == MPI_ROOT ? blocks_of(bytes(recvbuf), recvcounts, displs, recvtype) : coll::block_map{};
        return run_gather(call, comm, sendbuf, sendcount, sendtype, rooms, root, recvtype, request);
      });
}

int inter_scatter(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  return rooted(
      call, comm, root, [&] { return check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", across_groups); },
      [&] { return check_block(call, comm, sendbuf, sendcount, sendtype, "sendbuf", across_groups); },
      [&] {
        coll::const_block_map blocks =
            root == MPI_ROOT ? blocks_of(bytes(sendbuf), sendcount, sendtype) : coll::const_block_map{};
        return run_scatter(call, comm, blocks, sendtype, recvbuf, recvcount, recvtype, root, request);
      });
}

int inter_scatterv(const char* call, const void* sendbuf, const int sendcounts[], const int displs[],
                   MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                   MPI_Request* request) {
  return rooted(
      call, comm, root, [&] { return check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", across_groups); },
      [&] {
        return check_blocks_across(call, comm, sendbuf, "sendbuf", sendcounts, displs, sendtype, "sendcounts",
                                   "displs");
      },
      [&] {
        coll::const_block_map blocks =
            root == MPI_ROOT ? blocks_of(bytes(sendbuf), sendcounts, displs, sendtype) : coll::const_block_map{};
        return run_scatter(call, comm, blocks, sendtype, recvbuf, recvcount, recvtype, root, request);
      });
}

int inter_allgather(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_block(call, comm, sendbuf, sendcount, sendtype, "sendbuf", across_groups)) return error;
  if (int error = check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", across_groups)) return error;
  return run_allgather(call, comm, sendbuf, sendcount, sendtype, blocks_of(bytes(recvbuf), recvcount, recvtype),
                       recvtype, request);
}

int inter_allgatherv(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                     MPI_Request* request) {
  if (int error = check_block(call, comm, sendbuf, sendcount, sendtype, "sendbuf", across_groups)) return error;
  if (int error =
          check_blocks_across(call, comm, recvbuf, "recvbuf", recvcounts, displs, recvtype, "recvcounts", "displs"))
    return error;
  return run_allgather(call, comm, sendbuf, sendcount, sendtype,
                       blocks_of(bytes(recvbuf), recvcounts, displs, recvtype), recvtype, request);
}

int inter_alltoall(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_block(call, comm, sendbuf, sendcount, sendtype, "sendbuf", across_groups)) return error;
  if (int error = check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", across_groups)) return error;
  return run_alltoall(call, comm, blocks_of(bytes(sendbuf), sendcount, sendtype),
                      blocks_of(bytes(recvbuf), recvcount, recvtype), hold({sendtype, recvtype}), request);
}

int inter_alltoallv(const char* call, const void* sendbuf, const int sendcounts[], const int sdispls[],
                    MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                    MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (int error =
          check_blocks_across(call, comm, sendbuf, "sendbuf", sendcounts, sdispls, sendtype, "sendcounts", "sdispls"))
    return error;
  if (int error =
          check_blocks_across(call, comm, recvbuf, "recvbuf", recvcounts, rdispls, recvtype, "recvcounts", "rdispls"))
    return error;
  return run_alltoall(call, comm, blocks_of(bytes(sendbuf), sendcounts, sdispls, sendtype),
                      blocks_of(bytes(recvbuf), recvcounts, rdispls, recvtype), hold({sendtype, recvtype}), request);
}

int inter_alltoallw(const char* call, const void* sendbuf, const int sendcounts[], const int sdispls[],
                    const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[], const int rdispls[],
                    const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request* request) {
  if (int error = check_typed_blocks_across(call, comm, sendbuf, "sendbuf", sendcounts, sdispls, sendtypes,
                                            "sendcounts", "sdispls", "sendtypes"))
    return error;
  if (int error = check_typed_blocks_across(call, comm, recvbuf, "recvbuf", recvcounts, rdispls, recvtypes,
                                            "recvcounts", "rdispls", "recvtypes"))
    return error;
  int size = resolve(comm)->remote->size();
  held_layouts held;
  coll::const_block_map blocks =
      typed_blocks_of(bytes(sendbuf), sendcounts, sdispls, sendtypes, size, held.owners, held.send_table);
  coll::block_map rooms =
      typed_blocks_of(bytes(recvbuf), recvcounts, rdispls, recvtypes, size, held.owners, held.receive_table);
  return run_alltoall(call, comm, blocks, rooms, std::move(held), request);
}

}  // namespace weft::mpi
