// The collectives that move data: gather, scatter, allgather and alltoall with their v and w forms,
// blocking and nonblocking, on intracommunicators (intercommunicators go to
// collectives/inter/intercommunicator_data_movement.cpp). Argument checks, then the buffers as maps of typed blocks for
// the algorithms of collectives/.
//
// Arguments that matter only at the root are checked only there, and every check comes before the
// algorithm starts: a rank that returns an error has taken no part in the collective.

#include <optional>

#include "collectives/collective_table.hpp"
#include "mpi_api/block_buffers.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/intercommunicator_collectives.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
namespace coll = weft::coll;
namespace shm = weft::shm;

namespace {

// What MPI_Gather and MPI_Gatherv share on an intracommunicator: the checks of every rank, and the run once
// the root's receive buffer is checked.
int check_gather_send(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                      int root) {
  if (int error = check_root(call, comm, root)) return error;
  return check_send(call, comm, sendbuf, sendcount, sendtype, comm_rank(comm) == root);
}

int run_gather(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
               const coll::block_map& rooms, int root, MPI_Datatype recvtype, MPI_Request* request) {
  coll::communicator_view view = collective_view(comm);
  std::optional<shm::const_typed_span> send = send_block(sendbuf, sendcount, sendtype);
  return launch_copies(
      call, comm, view,
      [&](coll::truncation* seen) { return coll::start(view, view.operations().gather, send, rooms, root, seen); },
      hold({sendbuf == MPI_IN_PLACE ? MPI_DATATYPE_NULL : sendtype, recvtype}), request);
}

// What MPI_Scatter and MPI_Scatterv share on an intracommunicator: the checks of every rank, and the run once
// the root's send buffer is checked.
int check_scatter_receive(const char* call, MPI_Comm comm, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                          int root) {
  if (int error = check_root(call, comm, root)) return error;
  if (recvbuf == MPI_IN_PLACE && comm_rank(comm) == root) return MPI_SUCCESS;
  return check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", " except at the root");
}

int run_scatter(const char* call, MPI_Comm comm, const coll::const_block_map& blocks, MPI_Datatype sendtype,
                void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Request* request) {
  std::optional<shm::typed_span> room;
  if (recvbuf != MPI_IN_PLACE) room = room_of(recvbuf, recvcount, recvtype);
  coll::communicator_view view = collective_view(comm);
  return launch_copies(
      call, comm, view,
      [&](coll::truncation* seen) { return coll::start(view, view.operations().scatter, blocks, room, root, seen); },
      hold({sendtype, recvbuf == MPI_IN_PLACE ? MPI_DATATYPE_NULL : recvtype}), request);
}

int run_allgather(const char* call, MPI_Comm comm, const void* sendbuf, int sendcount, MPI_Datatype sendtype,
                  const coll::block_map& rooms, MPI_Datatype recvtype, MPI_Request* request) {
  coll::communicator_view view = collective_view(comm);
  std::optional<shm::const_typed_span> send = send_block(sendbuf, sendcount, sendtype);
  return launch_copies(
      call, comm, view,
      [&](coll::truncation* seen) { return coll::start(view, view.operations().allgather, send, rooms, seen); },
      hold({sendbuf == MPI_IN_PLACE ? MPI_DATATYPE_NULL : sendtype, recvtype}), request);
}

int run_alltoall(const char* call, MPI_Comm comm, const std::optional<coll::const_block_map>& blocks,
                 const coll::block_map& rooms, held_layouts held, MPI_Request* request) {
  coll::communicator_view view = collective_view(comm);
  return launch_copies(
      call, comm, view,
      [&](coll::truncation* seen) { return coll::start(view, view.operations().alltoall, blocks, rooms, seen); },
      std::move(held), request);
}

int gather(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
           MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_gather(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
  if (int error = check_gather_send(call, comm, sendbuf, sendcount, sendtype, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (is_root)
    if (int error = check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", "")) return error;
  return run_gather(call, comm, sendbuf, sendcount, sendtype,
                    is_root ? blocks_of(bytes(recvbuf), recvcount, recvtype) : coll::block_map{}, root,
                    is_root ? recvtype : MPI_DATATYPE_NULL, request);
}

int gatherv(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
            MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_gatherv(call, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
                         request);
  if (int error = check_gather_send(call, comm, sendbuf, sendcount, sendtype, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (is_root) {
    if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
    if (int error =
            check_blocks(call, comm, comm_size(comm), recvbuf, recvcounts, displs, recvtype, "recvcounts", "displs"))
      return error;
  }
  return run_gather(call, comm, sendbuf, sendcount, sendtype,
                    is_root ? blocks_of(bytes(recvbuf), recvcounts, displs, recvtype) : coll::block_map{}, root,
                    is_root ? recvtype : MPI_DATATYPE_NULL, request);
}

int scatter(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
            MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_scatter(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
  if (int error = check_scatter_receive(call, comm, recvbuf, recvcount, recvtype, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (is_root)
    if (int error = check_send(call, comm, sendbuf, sendcount, sendtype, false)) return error;
  return run_scatter(call, comm, is_root ? blocks_of(bytes(sendbuf), sendcount, sendtype) : coll::const_block_map{},
                     is_root ? sendtype : MPI_DATATYPE_NULL, recvbuf, recvcount, recvtype, root, request);
}

int scatterv(const char* call, const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
             void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_scatterv(call, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm,
                          request);
  if (int error = check_scatter_receive(call, comm, recvbuf, recvcount, recvtype, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (is_root) {
    if (int error = check_not_in_place(call, comm, sendbuf, "sendbuf", "")) return error;
    if (int error =
            check_blocks(call, comm, comm_size(comm), sendbuf, sendcounts, displs, sendtype, "sendcounts", "displs"))
      return error;
  }
  return run_scatter(call, comm,
                     is_root ? blocks_of(bytes(sendbuf), sendcounts, displs, sendtype) : coll::const_block_map{},
                     is_root ? sendtype : MPI_DATATYPE_NULL, recvbuf, recvcount, recvtype, root, request);
}

int allgather(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
              MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_allgather(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (int error = check_send(call, comm, sendbuf, sendcount, sendtype, true)) return error;
  if (int error = check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", "")) return error;
  return run_allgather(call, comm, sendbuf, sendcount, sendtype, blocks_of(bytes(recvbuf), recvcount, recvtype),
                       recvtype, request);
}

int allgatherv(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
               const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_allgatherv(call, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
  if (int error = check_send(call, comm, sendbuf, sendcount, sendtype, true)) return error;
  if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
  if (int error =
          check_blocks(call, comm, comm_size(comm), recvbuf, recvcounts, displs, recvtype, "recvcounts", "displs"))
    return error;
  return run_allgather(call, comm, sendbuf, sendcount, sendtype,
                       blocks_of(bytes(recvbuf), recvcounts, displs, recvtype), recvtype, request);
}

int alltoall(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
             MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_alltoall(call, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
  if (int error = check_send(call, comm, sendbuf, sendcount, sendtype, true)) return error;
  if (int error = check_block(call, comm, recvbuf, recvcount, recvtype, "recvbuf", "")) return error;
  bool in_place = sendbuf == MPI_IN_PLACE;
  std::optional<coll::const_block_map> blocks;
  if (!in_place) blocks = blocks_of(bytes(sendbuf), sendcount, sendtype);
  return run_alltoall(call, comm, blocks, blocks_of(bytes(recvbuf), recvcount, recvtype),
                      hold({in_place ? MPI_DATATYPE_NULL : sendtype, recvtype}), request);
}

int alltoallv(const char* call, const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
              void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
              MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_alltoallv(call, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
                           request);
  bool in_place = sendbuf == MPI_IN_PLACE;
  if (!in_place)
    if (int error =
            check_blocks(call, comm, comm_size(comm), sendbuf, sendcounts, sdispls, sendtype, "sendcounts", "sdispls"))
      return error;
  if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
  if (int error =
          check_blocks(call, comm, comm_size(comm), recvbuf, recvcounts, rdispls, recvtype, "recvcounts", "rdispls"))
    return error;
  std::optional<coll::const_block_map> blocks;
  if (!in_place) blocks = blocks_of(bytes(sendbuf), sendcounts, sdispls, sendtype);
  return run_alltoall(call, comm, blocks, blocks_of(bytes(recvbuf), recvcounts, rdispls, recvtype),
                      hold({in_place ? MPI_DATATYPE_NULL : sendtype, recvtype}), request);
}

int alltoallw(const char* call, const void* sendbuf, const int sendcounts[], const int sdispls[],
              const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[], const int rdispls[],
              const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter())
    return inter_alltoallw(call, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm,
                           request);
  int size = comm_size(comm);
  bool in_place = sendbuf == MPI_IN_PLACE;
  if (!in_place)
    if (int error = check_typed_blocks(call, comm, size, sendbuf, sendcounts, sdispls, sendtypes, "sendcounts",
                                       "sdispls", "sendtypes"))
      return error;
  if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
  if (int error = check_typed_blocks(call, comm, size, recvbuf, recvcounts, rdispls, recvtypes, "recvcounts", "rdispls",
                                     "recvtypes"))
    return error;
  held_layouts held;
  std::optional<coll::const_block_map> blocks;
  if (!in_place)
    blocks = typed_blocks_of(bytes(sendbuf), sendcounts, sdispls, sendtypes, size, held.owners, held.send_table);
  coll::block_map rooms =
      typed_blocks_of(bytes(recvbuf), recvcounts, rdispls, recvtypes, size, held.owners, held.receive_table);
  return run_alltoall(call, comm, blocks, rooms, std::move(held), request);
}

}  // namespace

WEFT_PMPI_ALIAS(Gather)
extern "C" int PMPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return gather(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, blocking);
}

WEFT_PMPI_ALIAS(Igather)
extern "C" int PMPI_Igather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return gather(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

WEFT_PMPI_ALIAS(Gatherv)
extern "C" int PMPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                            MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return gatherv(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
                 blocking);
}

WEFT_PMPI_ALIAS(Igatherv)
extern "C" int PMPI_Igatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                             const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm,
                             MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return gatherv(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
                 request);
}

WEFT_PMPI_ALIAS(Scatter)
extern "C" int PMPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return scatter(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, blocking);
}

WEFT_PMPI_ALIAS(Iscatter)
extern "C" int PMPI_Iscatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                             MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return scatter(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

WEFT_PMPI_ALIAS(Scatterv)
extern "C" int PMPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                             void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return scatterv(WEFT_CALL_NAME, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm,
                  blocking);
}

WEFT_PMPI_ALIAS(Iscatterv)
extern "C" int PMPI_Iscatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                              void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                              MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return scatterv(WEFT_CALL_NAME, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm,
                  request);
}

WEFT_PMPI_ALIAS(Allgather)
extern "C" int PMPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return allgather(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, blocking);
}

WEFT_PMPI_ALIAS(Iallgather)
extern "C" int PMPI_Iallgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                               MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return allgather(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

WEFT_PMPI_ALIAS(Allgatherv)
extern "C" int PMPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                               const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return allgatherv(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                    blocking);
}

WEFT_PMPI_ALIAS(Iallgatherv)
extern "C" int PMPI_Iallgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return allgatherv(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

WEFT_PMPI_ALIAS(Alltoall)
extern "C" int PMPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                             MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return alltoall(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, blocking);
}

WEFT_PMPI_ALIAS(Ialltoall)
extern "C" int PMPI_Ialltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return alltoall(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

WEFT_PMPI_ALIAS(Alltoallv)
extern "C" int PMPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                              void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                              MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return alltoallv(WEFT_CALL_NAME, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
                   blocking);
}

WEFT_PMPI_ALIAS(Ialltoallv)
extern "C" int PMPI_Ialltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                               void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return alltoallv(WEFT_CALL_NAME, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
                   request);
}

WEFT_PMPI_ALIAS(Alltoallw)
extern "C" int PMPI_Alltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                              const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                              const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return alltoallw(WEFT_CALL_NAME, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                   comm, blocking);
}

WEFT_PMPI_ALIAS(Ialltoallw)
extern "C" int PMPI_Ialltoallw(const void* sendbuf, const int sendcounts[], const int sdispls[],
                               const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                               const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                               MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return alltoallw(WEFT_CALL_NAME, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                   comm, request);
}
