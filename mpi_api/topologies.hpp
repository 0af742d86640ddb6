#pragma once
// Process topologies (MPI-3.1, chapter 7): what a communicator made by MPI_Cart_create, MPI_Graph_create
// or the MPI_Dist_graph_create calls knows of its shape. Immutable; duplicates share it.

#include <mpi.h>

#include <memory>
#include <span>
#include <variant>
#include <vector>

namespace weft::mpi {

struct cartesian_topology {
  std::vector<int> dims;
  std::vector<int> periods;  // 0 or 1 per dimension

  int rank_of(const int* coords) const noexcept;  // coordinates within the grid
  void coords_of(int rank, int* coords) const noexcept;
  // The rank `offset` steps from `rank` along dimension `direction`, or MPI_PROC_NULL past the edge of a
  // non-periodic one.
  int shifted(int rank, int direction, long long offset) const;
};

struct graph_topology {
  std::vector<int> index;  // as MPI_Graph_create takes them
  std::vector<int> edges;

  std::span<const int> neighbours_of(int rank) const noexcept {
    int first = rank == 0 ? 0 : index[rank - 1];
    return {edges.data() + first, edges.data() + index[rank]};
  }
};

// The calling rank's edges only: a distributed graph is not known in full anywhere.
struct dist_graph_topology {
  std::vector<int> sources, source_weights;
  std::vector<int> destinations, destination_weights;
  bool weighted = false;
  // The same edges as the neighbourhood collectives use them: negative (no neighbour) where the other end
  // does not name the edge (an erroneous graph), so that nobody waits for a neighbour that will not come.
  std::vector<int> reciprocated_sources, reciprocated_destinations;
};

using topology = std::variant<cartesian_topology, graph_topology, dist_graph_topology>;
using shared_topology = std::shared_ptr<const topology>;

// Collective over `comm_old`: a communicator of its first `members` ranks with `shape`, MPI_COMM_NULL on the
// others.
int create_with_topology(const char* call, MPI_Comm comm_old, int members, shared_topology shape, MPI_Comm* newcomm);

// The topology of `comm` if it has one of kind T; otherwise MPI_ERR_TOPOLOGY through comm's handler.
template <class T>
int topology_of(const char* call, MPI_Comm comm, const T*& shape);

}  // namespace weft::mpi
