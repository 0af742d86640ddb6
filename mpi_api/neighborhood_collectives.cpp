// The neighbourhood collectives (MPI-3.1, 7.6), blocking and nonblocking: the communicator's process
// topology names each rank's sources and destinations, the buffers become maps of typed blocks, one per
// neighbour, and one algorithm (collectives/neighborhood.hpp) serves all five calls.
//
// Every check comes before the algorithm starts: a rank that returns an error has taken no part in the
// collective. MPI_IN_PLACE is no buffer of these calls (MPI-3.1 gives it no meaning here).

#include <cstdint>
#include <utility>

#include "collectives/collective_table.hpp"
#include "collectives/neighborhood.hpp"
#include "mpi_api/block_buffers.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/large_counts.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/topologies.hpp"

using namespace weft::mpi;
namespace coll = weft::coll;

namespace {

// The calling rank's neighbours in the topology of `comm`, in the order of MPI-3.1, 7.6: for a Cartesian
// grid, dimension by dimension the source and the destination of MPI_Cart_shift by 1 (MPI_PROC_NULL past
// the edge of a non-periodic dimension), both ways; for a graph, MPI_Graph_neighbors both ways; for a
// distributed graph, its sources and destinations. An edge that only one end names (an erroneous graph)
// is no neighbour at that end, as MPI_PROC_NULL is.
coll::neighbourhood neighbourhood_in(const topology& shape, int rank) {
  coll::neighbourhood hood;
  if (const auto* cart = std::get_if<cartesian_topology>(&shape)) {
    for (int d = 0, ndims = static_cast<int>(cart->dims.size()); d < ndims; ++d)
      hood.sources.insert(hood.sources.end(), {cart->shifted(rank, d, -1), cart->shifted(rank, d, 1)});
    hood.destinations = hood.sources;
    hood.pairing = coll::neighbour_pairing::mirrored;
  } else if (const auto* graph = std::get_if<graph_topology>(&shape)) {
    hood.sources =
        coll::reciprocated(graph->neighbours_of(rank), rank, [graph](int peer) { return graph->neighbours_of(peer); });
    hood.destinations = hood.sources;
  } else {
    const auto& dist_graph = std::get<dist_graph_topology>(shape);
    hood.sources = dist_graph.reciprocated_sources;
    hood.destinations = dist_graph.reciprocated_destinations;
  }
  return hood;
}

// The neighbourhood of the calling rank in `comm`'s topology; empty without a valid communicator or topology.
coll::neighbourhood neighbourhood_of(MPI_Comm comm) {
  if (!is_communicator(comm) || resolve(comm)->topology == nullptr) return {};
  const weft_comm_s& communicator = *resolve(comm);
  return neighbourhood_in(*communicator.topology, communicator.rank);
}

// What every neighbourhood call checks first: a communicator with a topology, whose neighbours go to
// `hood`, and buffers that are not MPI_IN_PLACE.
int check_neighbourhood(const char* call, MPI_Comm comm, const void* sendbuf, const void* recvbuf,
                        coll::neighbourhood& hood) {
  if (int error = check_ready(call, comm)) return error;
  const weft_comm_s& communicator = *resolve(comm);
  if (communicator.topology == nullptr) [[unlikely]]
    return raise_error(comm, MPI_ERR_TOPOLOGY, call, "%s has no process topology", display_name(communicator));
  if (int error = check_not_in_place(call, comm, sendbuf, "sendbuf", "")) return error;
  if (int error = check_not_in_place(call, comm, recvbuf, "recvbuf", "")) return error;
  hood = neighbourhood_in(*communicator.topology, communicator.rank);
  return MPI_SUCCESS;
}

int indegree(const coll::neighbourhood& hood) { return static_cast<int>(hood.sources.size()); }
int outdegree(const coll::neighbourhood& hood) { return static_cast<int>(hood.destinations.size()); }

// The send buffer of an allgather, whose one block goes to every destination: with a unit of 0, every
// block of the map is the first.
coll::const_block_map one_block_for_all(const void* sendbuf, int sendcount, MPI_Datatype sendtype) {
  return {.base = bytes(sendbuf), .layout = sendtype->layout.get(), .count = sendcount, .unit = 0};
}

int run_neighbor_exchange(const char* call, MPI_Comm comm, coll::neighbourhood hood, const coll::const_block_map& send,
                          const coll::block_map& recv, held_layouts held, MPI_Request* request) {
  coll::communicator_view view = collective_view(comm);
  return launch_copies(
      call, comm, view,
      [&](coll::truncation* seen) {
        return coll::start(view, view.operations().neighbor_exchange, std::move(hood), send, recv, seen);
      },
      std::move(held), request);
}

int neighbor_allgather(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  coll::neighbourhood hood;
  if (int error = check_neighbourhood(call, comm, sendbuf, recvbuf, hood)) return error;
  if (int error = check_buffer(call, comm, sendbuf, sendcount, sendtype)) return error;
  if (int error = check_buffer(call, comm, recvbuf, recvcount, recvtype)) return error;
  return run_neighbor_exchange(call, comm, std::move(hood), one_block_for_all(sendbuf, sendcount, sendtype),
                               blocks_of(bytes(recvbuf), recvcount, recvtype), hold({sendtype, recvtype}), request);
}

int neighbor_allgatherv(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                        MPI_Request* request) {
  coll::neighbourhood hood;
  if (int error = check_neighbourhood(call, comm, sendbuf, recvbuf, hood)) return error;
  if (int error = check_buffer(call, comm, sendbuf, sendcount, sendtype)) return error;
  if (int error =
          check_blocks(call, comm, indegree(hood), recvbuf, recvcounts, displs, recvtype, "recvcounts", "displs"))
    return error;
  return run_neighbor_exchange(call, comm, std::move(hood), one_block_for_all(sendbuf, sendcount, sendtype),
                               blocks_of(bytes(recvbuf), recvcounts, displs, recvtype), hold({sendtype, recvtype}),
                               request);
}

int neighbor_alltoall(const char* call, const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  coll::neighbourhood hood;
  if (int error = check_neighbourhood(call, comm, sendbuf, recvbuf, hood)) return error;
  if (int error = check_buffer(call, comm, sendbuf, sendcount, sendtype)) return error;
  if (int error = check_buffer(call, comm, recvbuf, recvcount, recvtype)) return error;
  return run_neighbor_exchange(call, comm, std::move(hood), blocks_of(bytes(sendbuf), sendcount, sendtype),
                               blocks_of(bytes(recvbuf), recvcount, recvtype), hold({sendtype, recvtype}), request);
}

int neighbor_alltoallv(const char* call, const void* sendbuf, const int sendcounts[], const int sdispls[],
                       MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  coll::neighbourhood hood;
  if (int error = check_neighbourhood(call, comm, sendbuf, recvbuf, hood)) return error;
  if (int error =
          check_blocks(call, comm, outdegree(hood), sendbuf, sendcounts, sdispls, sendtype, "sendcounts", "sdispls"))
    return error;
  if (int error =
          check_blocks(call, comm, indegree(hood), recvbuf, recvcounts, rdispls, recvtype, "recvcounts", "rdispls"))
    return error;
  return run_neighbor_exchange(call, comm, std::move(hood), blocks_of(bytes(sendbuf), sendcounts, sdispls, sendtype),
                               blocks_of(bytes(recvbuf), recvcounts, rdispls, recvtype), hold({sendtype, recvtype}),
                               request);
}

int neighbor_alltoallw(const char* call, const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                       const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                       const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request* request) {
  coll::neighbourhood hood;
  if (int error = check_neighbourhood(call, comm, sendbuf, recvbuf, hood)) return error;
  if (int error = check_typed_blocks(call, comm, outdegree(hood), sendbuf, sendcounts, sdispls, sendtypes, "sendcounts",
                                     "sdispls", "sendtypes"))
    return error;
  if (int error = check_typed_blocks(call, comm, indegree(hood), recvbuf, recvcounts, rdispls, recvtypes, "recvcounts",
                                     "rdispls", "recvtypes"))
    return error;
  held_layouts held;
  coll::const_block_map send =
      typed_blocks_of(bytes(sendbuf), sendcounts, sdispls, sendtypes, outdegree(hood), held.owners, held.send_table);
  coll::block_map recv =
      typed_blocks_of(bytes(recvbuf), recvcounts, rdispls, recvtypes, indegree(hood), held.owners, held.receive_table);
  return run_neighbor_exchange(call, comm, std::move(hood), send, recv, std::move(held), request);
}

}  // namespace

WEFT_PMPI_ALIAS(Neighbor_allgather)
extern "C" int PMPI_Neighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return neighbor_allgather(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, blocking);
}

WEFT_PMPI_ALIAS(Ineighbor_allgather)
extern "C" int PMPI_Ineighbor_allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return neighbor_allgather(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

WEFT_PMPI_ALIAS(Neighbor_allgatherv)
extern "C" int PMPI_Neighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                        const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                        MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return neighbor_allgatherv(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                             blocking);
}

WEFT_PMPI_ALIAS(Ineighbor_allgatherv)
extern "C" int PMPI_Ineighbor_allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                         const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                         MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return neighbor_allgatherv(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                             request);
}

WEFT_PMPI_ALIAS(Neighbor_alltoall)
extern "C" int PMPI_Neighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                      int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return neighbor_alltoall(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, blocking);
}

WEFT_PMPI_ALIAS(Ineighbor_alltoall)
extern "C" int PMPI_Ineighbor_alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                       int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return neighbor_alltoall(WEFT_CALL_NAME, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

WEFT_PMPI_ALIAS(Neighbor_alltoallv)
extern "C" int PMPI_Neighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                                       MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                                       const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return neighbor_alltoallv(WEFT_CALL_NAME, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                            recvtype, comm, blocking);
}

WEFT_PMPI_ALIAS(Ineighbor_alltoallv)
extern "C" int PMPI_Ineighbor_alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[],
                                        MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                                        const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                        MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return neighbor_alltoallv(WEFT_CALL_NAME, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                            recvtype, comm, request);
}

WEFT_PMPI_ALIAS(Neighbor_alltoallw)
extern "C" int PMPI_Neighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                       const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                       const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return neighbor_alltoallw(WEFT_CALL_NAME, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                            recvtypes, comm, blocking);
}

WEFT_PMPI_ALIAS(Ineighbor_alltoallw)
extern "C" int PMPI_Ineighbor_alltoallw(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                        const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                        const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                        MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return neighbor_alltoallw(WEFT_CALL_NAME, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                            recvtypes, comm, request);
}

int weft::mpi::neighbor_sources(MPI_Comm comm) { return indegree(neighbourhood_of(comm)); }
int weft::mpi::neighbor_destinations(MPI_Comm comm) { return outdegree(neighbourhood_of(comm)); }
