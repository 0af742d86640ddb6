// Graph and distributed graph topologies (MPI-3.1, 7.5.3-7.5.5 and 7.5.8).

#include <algorithm>
#include <memory>
#include <vector>

#include "collectives/blocking_collectives.hpp"
#include "collectives/neighborhood.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/topologies.hpp"

using namespace weft::mpi;

namespace {

int check_graph(const char* call, MPI_Comm comm, int nnodes, const int index[], const int edges[]) {
  if (nnodes < 0) return raise_error(comm, MPI_ERR_ARG, call, "nnodes is %d; it must not be negative", nnodes);
  if (nnodes > comm_size(comm))
    return raise_error(comm, MPI_ERR_TOPOLOGY, call, "the graph has %d nodes; the communicator has only %d", nnodes,
                       comm_size(comm));
  if (nnodes == 0) return MPI_SUCCESS;
  if (int error = check_output(call, comm, index, "index")) return error;
  for (int i = 0; i < nnodes; ++i)
    if (index[i] < (i == 0 ? 0 : index[i - 1]))
      return raise_error(comm, MPI_ERR_ARG, call, "index[%d] = %d is below the entry before it", i, index[i]);
  if (index[nnodes - 1] > 0)
    if (int error = check_output(call, comm, edges, "edges")) return error;
  for (int e = 0; e < index[nnodes - 1]; ++e)
    if (edges[e] < 0 || edges[e] >= nnodes)
      return raise_error(comm, MPI_ERR_ARG, call, "edges[%d] = %d is not a node (0..%d)", e, edges[e], nnodes - 1);
  return MPI_SUCCESS;
}

int check_rank(const char* call, MPI_Comm comm, const graph_topology& graph, int rank) {
  if (rank >= 0 && rank < static_cast<int>(graph.index.size())) return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_RANK, call, "rank %d is not a node of the graph (0..%zu)", rank,
                     graph.index.size() - 1);
}

// Ranks of `comm` (no MPI_PROC_NULL) with non-negative weights, or MPI_UNWEIGHTED / MPI_WEIGHTS_EMPTY.
int check_edges(const char* call, MPI_Comm comm, int count, const int ranks[], const int weights[], const char* name) {
  if (count < 0) return raise_error(comm, MPI_ERR_ARG, call, "the %s count is %d", name, count);
  if (count > 0)
    if (int error = check_output(call, comm, ranks, name)) return error;
  for (int i = 0; i < count; ++i)
    if (ranks[i] < 0 || ranks[i] >= comm_size(comm))
      return raise_error(comm, MPI_ERR_RANK, call, "%s[%d] = %d is not a rank (0..%d)", name, i, ranks[i],
                         comm_size(comm) - 1);
  if (weights == MPI_UNWEIGHTED || weights == MPI_WEIGHTS_EMPTY) return MPI_SUCCESS;
  if (count > 0 && weights == nullptr)
    return raise_error(comm, MPI_ERR_ARG, call, "the weights of %s are NULL (use MPI_UNWEIGHTED)", name);
  for (int i = 0; i < count; ++i)
    if (weights[i] < 0) return raise_error(comm, MPI_ERR_ARG, call, "weight %d of %s is negative", i, name);
  return MPI_SUCCESS;
}

std::vector<int> weights_of(int count, const int weights[]) {
  if (weights == MPI_UNWEIGHTED || weights == MPI_WEIGHTS_EMPTY) return std::vector<int>(count, 1);
  return {weights, weights + count};
}

// A distributed graph communicator: every member of comm_old is a member, in order. The members agree on
// the edges that both ends name here, once.
int create_dist_graph(const char* call, MPI_Comm comm_old, dist_graph_topology shape, MPI_Comm* newcomm) {
  weft::coll::neighbourhood edges{shape.sources, shape.destinations};
  weft::coll::reciprocate(edges, collective_view(comm_old));
  shape.reciprocated_sources = std::move(edges.sources);
  shape.reciprocated_destinations = std::move(edges.destinations);
  return create_with_topology(call, comm_old, comm_size(comm_old), std::make_shared<const topology>(std::move(shape)),
                              newcomm);
}

int check_dist_graph_call(const char* call, MPI_Comm comm_old, MPI_Info info, MPI_Comm* newcomm) {
  if (int error = check_ready(call, comm_old)) return error;
  if (int error = check_intracommunicator(call, comm_old)) return error;
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, comm_old, info, "info")) return error;
  return check_output(call, comm_old, newcomm, "comm_dist_graph");
}

}  // namespace

WEFT_PMPI_ALIAS(Graph_create)
extern "C" int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                                 MPI_Comm* comm_graph) {
  const call_guard guard(WEFT_CALL_NAME);
  (void)reorder;  // ranks keep their order, which the standard allows
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm_old)) return error;
  if (int error = check_intracommunicator(call, comm_old)) return error;
  if (int error = check_output(call, comm_old, comm_graph, "comm_graph")) return error;
  if (int error = check_graph(call, comm_old, nnodes, index, edges)) return error;
  int nedges = nnodes == 0 ? 0 : index[nnodes - 1];
  auto shape = std::make_shared<const topology>(graph_topology{{index, index + nnodes}, {edges, edges + nedges}});
  return create_with_topology(call, comm_old, nnodes, std::move(shape), comm_graph);
}

WEFT_PMPI_ALIAS(Graphdims_get)
extern "C" int PMPI_Graphdims_get(MPI_Comm comm, int* nnodes, int* nedges) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const graph_topology* graph;
  if (int error = topology_of(call, comm, graph)) return error;
  if (int error = check_output(call, comm, nnodes, "nnodes")) return error;
  if (int error = check_output(call, comm, nedges, "nedges")) return error;
  *nnodes = static_cast<int>(graph->index.size());
  *nedges = static_cast<int>(graph->edges.size());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Graph_get)
extern "C" int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const graph_topology* graph;
  if (int error = topology_of(call, comm, graph)) return error;
  if (maxindex < static_cast<int>(graph->index.size()) || maxedges < static_cast<int>(graph->edges.size()))
    return raise_error(comm, MPI_ERR_ARG, call, "maxindex %d and maxedges %d cannot hold %zu nodes and %zu edges",
                       maxindex, maxedges, graph->index.size(), graph->edges.size());
  std::copy(graph->index.begin(), graph->index.end(), index);
  std::copy(graph->edges.begin(), graph->edges.end(), edges);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Graph_neighbors_count)
extern "C" int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int* nneighbors) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const graph_topology* graph;
  if (int error = topology_of(call, comm, graph)) return error;
  if (int error = check_rank(call, comm, *graph, rank)) return error;
  if (int error = check_output(call, comm, nneighbors, "nneighbors")) return error;
  *nneighbors = static_cast<int>(graph->neighbours_of(rank).size());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Graph_neighbors)
extern "C" int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const graph_topology* graph;
  if (int error = topology_of(call, comm, graph)) return error;
  if (int error = check_rank(call, comm, *graph, rank)) return error;
  std::span<const int> adjacent = graph->neighbours_of(rank);
  if (maxneighbors < static_cast<int>(adjacent.size()))
    return raise_error(comm, MPI_ERR_ARG, call, "maxneighbors %d cannot hold the %zu neighbours of rank %d",
                       maxneighbors, adjacent.size(), rank);
  std::copy(adjacent.begin(), adjacent.end(), neighbors);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Graph_map)
extern "C" int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int* newrank) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, newrank, "newrank")) return error;
  if (int error = check_graph(call, comm, nnodes, index, edges)) return error;
  int rank = comm_rank(comm);
  *newrank = rank < nnodes ? rank : MPI_UNDEFINED;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Dist_graph_create_adjacent)
extern "C" int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                               const int sourceweights[], int outdegree, const int destinations[],
                                               const int destweights[], MPI_Info info, int reorder,
                                               MPI_Comm* comm_dist_graph) {
  const call_guard guard(WEFT_CALL_NAME);
  (void)reorder;
  const char* call = WEFT_CALL_NAME;
  if (int error = check_dist_graph_call(call, comm_old, info, comm_dist_graph)) return error;
  if (int error = check_edges(call, comm_old, indegree, sources, sourceweights, "sources")) return error;
  if (int error = check_edges(call, comm_old, outdegree, destinations, destweights, "destinations")) return error;
  dist_graph_topology shape{{sources, sources + indegree},
                            weights_of(indegree, sourceweights),
                            {destinations, destinations + outdegree},
                            weights_of(outdegree, destweights),
                            sourceweights != MPI_UNWEIGHTED,
                            {},
                            {}};
  return create_dist_graph(call, comm_old, std::move(shape), comm_dist_graph);
}

WEFT_PMPI_ALIAS(Dist_graph_create)
extern "C" int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                                      const int destinations[], const int weights[], MPI_Info info, int reorder,
                                      MPI_Comm* comm_dist_graph) {
  const call_guard guard(WEFT_CALL_NAME);
  (void)reorder;
  const char* call = WEFT_CALL_NAME;
  if (int error = check_dist_graph_call(call, comm_old, info, comm_dist_graph)) return error;
  if (n < 0) return raise_error(comm_old, MPI_ERR_ARG, call, "n is %d; it must not be negative", n);
  if (n > 0) {
    if (int error = check_output(call, comm_old, degrees, "degrees")) return error;
    if (int error = check_edges(call, comm_old, n, sources, MPI_UNWEIGHTED, "sources")) return error;
  }
  // The edges this rank names, as (source, destination, weight).
  std::vector<int> named;
  int total = 0;
  for (int i = 0; i < n; ++i) {
    if (degrees[i] < 0) return raise_error(comm_old, MPI_ERR_ARG, call, "degrees[%d] is %d", i, degrees[i]);
    total += degrees[i];
  }
  if (int error = check_edges(call, comm_old, total, destinations, weights, "destinations")) return error;
  std::vector<int> edge_weights = weights_of(total, weights);
  for (int i = 0, e = 0; i < n; ++i)
    for (int j = 0; j < degrees[i]; ++j, ++e) named.insert(named.end(), {sources[i], destinations[e], edge_weights[e]});
  // Every rank learns every edge (a fixed-size allgather of the longest list), and keeps its own.
  const weft_comm_s& parent = *resolve(comm_old);
  int size = comm_size(comm_old), count = static_cast<int>(named.size()), longest = 0;
  std::vector<int> counts(size);
  weft::coll::allgather(&count, counts.data(), sizeof count, collective_view(parent));
  for (int c : counts) longest = std::max(longest, c);
  named.resize(longest);
  std::vector<int> all(static_cast<std::size_t>(longest) * size);
  if (longest > 0) weft::coll::allgather(named.data(), all.data(), longest * sizeof(int), collective_view(parent));
  int me = comm_rank(comm_old);
  dist_graph_topology shape;
  shape.weighted = weights != MPI_UNWEIGHTED;
  for (int r = 0; r < size; ++r)
    for (int e = 0; e < counts[r]; e += 3) {
      const int* edge = &all[static_cast<std::size_t>(r) * longest + e];
      if (edge[0] == me) {
        shape.destinations.push_back(edge[1]);
        shape.destination_weights.push_back(edge[2]);
      }
      if (edge[1] == me) {
        shape.sources.push_back(edge[0]);
        shape.source_weights.push_back(edge[2]);
      }
    }
  return create_dist_graph(call, comm_old, std::move(shape), comm_dist_graph);
}

WEFT_PMPI_ALIAS(Dist_graph_neighbors_count)
extern "C" int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int* indegree, int* outdegree, int* weighted) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const dist_graph_topology* graph;
  if (int error = topology_of(call, comm, graph)) return error;
  if (int error = check_output(call, comm, indegree, "indegree")) return error;
  if (int error = check_output(call, comm, outdegree, "outdegree")) return error;
  if (int error = check_output(call, comm, weighted, "weighted")) return error;
  *indegree = static_cast<int>(graph->sources.size());
  *outdegree = static_cast<int>(graph->destinations.size());
  *weighted = graph->weighted;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Dist_graph_neighbors)
extern "C" int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[],
                                         int maxoutdegree, int destinations[], int destweights[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const dist_graph_topology* graph;
  if (int error = topology_of(call, comm, graph)) return error;
  if (maxindegree < static_cast<int>(graph->sources.size()) ||
      maxoutdegree < static_cast<int>(graph->destinations.size()))
    return raise_error(comm, MPI_ERR_ARG, call, "maxindegree %d and maxoutdegree %d cannot hold %zu and %zu neighbours",
                       maxindegree, maxoutdegree, graph->sources.size(), graph->destinations.size());
  std::copy(graph->sources.begin(), graph->sources.end(), sources);
  std::copy(graph->destinations.begin(), graph->destinations.end(), destinations);
  if (graph->weighted && sourceweights != MPI_UNWEIGHTED && sourceweights != nullptr)
    std::copy(graph->source_weights.begin(), graph->source_weights.end(), sourceweights);
  if (graph->weighted && destweights != MPI_UNWEIGHTED && destweights != nullptr)
    std::copy(graph->destination_weights.begin(), graph->destination_weights.end(), destweights);
  return MPI_SUCCESS;
}
