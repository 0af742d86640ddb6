/* Neighbourhood collectives on graph and distributed graph topologies, blocking and nonblocking, against
 * closed forms.
 *
 * A graph: a ring with a chord between rank 0 and rank size / 2 (from 4 ranks on); with 1 or 2 ranks a
 * rank is its own neighbour twice, or the other rank's. A distributed graph with repeated edges: each rank
 * sends to the next rank twice and to the third next once, and lists its sources in another order than
 * they list it. Where a source appears k times, the k-th receive block from it takes the block of the
 * k-th time the receiver appears among the source's destinations (MPI-3.1, 7.6: messages of one tag
 * between two ranks match in order). A sparse distributed graph, each edge named by its destination, in
 * which most ranks have no edge at all, and such ranks passing NULL arrays. */
#include "neighborhood_checks.h"

static int rank, size;

/* The neighbours of `node` in the ring with a chord, in MPI_Graph_neighbors order; returns their count. */
static int ring_with_chord(int node, int* neighbours) {
  int count = 0;
  neighbours[count++] = (node + size - 1) % size;
  neighbours[count++] = (node + 1) % size;
  if (size >= 4 && node == 0) neighbours[count++] = size / 2;
  if (size >= 4 && node == size / 2) neighbours[count++] = 0;
  return count;
}

/* The destinations of `node` in the distributed graph with repeated edges; returns their count. */
static int repeated_destinations(int node, int* destinations) {
  destinations[0] = destinations[1] = (node + 1) % size;
  destinations[2] = (node + 3) % size;
  return 3;
}

/* paired[i] for every source: the block of the k-th time this rank appears among the destinations of
 * sources[i], for the k-th time sources[i] appears among this rank's sources. */
static void pair_by_occurrence(struct neighbours* n, int (*destinations_of)(int, int*)) {
  for (int i = 0; i < n->indegree; i++) {
    int earlier = 0, theirs[MAX_DEGREE], count = destinations_of(n->sources[i], theirs);
    for (int k = 0; k < i; k++) earlier += n->sources[k] == n->sources[i];
    n->paired[i] = -1;
    for (int j = 0; j < count && n->paired[i] < 0; j++)
      if (theirs[j] == n->rank && earlier-- == 0) n->paired[i] = j;
    CHECK(n->paired[i] >= 0, "source %d of rank %d does not send to it", n->sources[i], n->rank);
  }
}

static void graph_ring_with_chord(void) {
  int *index = malloc(size * sizeof *index), *edges = malloc(3 * size * sizeof *edges), total = 0;
  CHECK(index && edges, "out of memory");
  for (int node = 0; node < size; node++) {
    total += ring_with_chord(node, edges + total);
    index[node] = total;
  }
  struct neighbours n = {.rank = rank};
  MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &n.comm);
  n.indegree = n.outdegree = ring_with_chord(rank, n.sources);
  int listed[MAX_DEGREE], count = -1;
  MPI_Graph_neighbors_count(n.comm, rank, &count);
  MPI_Graph_neighbors(n.comm, rank, MAX_DEGREE, listed);
  CHECK(count == n.indegree, "Graph_neighbors_count: %d, expected %d", count, n.indegree);
  for (int i = 0; i < count; i++)
    CHECK(listed[i] == n.sources[i], "Graph_neighbors[%d]: %d, expected %d", i, listed[i], n.sources[i]);
  pair_by_occurrence(&n, ring_with_chord);
  check_neighbourhood_collectives(&n);
  MPI_Comm_free(&n.comm);
  free(index);
  free(edges);
}

static void dist_graph_with_repeated_edges(void) {
  struct neighbours n = {.rank = rank, .indegree = 3};
  int destinations[MAX_DEGREE];
  n.outdegree = repeated_destinations(rank, destinations);
  n.sources[0] = (rank + 3 * size - 3) % size;
  n.sources[1] = n.sources[2] = (rank + size - 1) % size;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, n.indegree, n.sources, MPI_UNWEIGHTED, n.outdegree, destinations,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &n.comm);
  pair_by_occurrence(&n, repeated_destinations);
  check_neighbourhood_collectives(&n);
  MPI_Comm_free(&n.comm);
}

/* Two edges from 4m to 4m + 1, both named by their destination. Ranks 4m + 2 and 4m + 3, and a last rank
 * 4m, have none. */
static void sparse_dist_graph(void) {
  int names = rank % 4 == 1, source = rank - 1, degree = 2, destinations[2] = {rank, rank};
  struct neighbours n = {.rank = rank};
  MPI_Dist_graph_create(MPI_COMM_WORLD, names, &source, &degree, destinations, MPI_UNWEIGHTED, MPI_INFO_NULL, 0,
                        &n.comm);
  int has_partner = rank % 4 == 0 ? rank + 1 < size : rank % 4 == 1;
  n.outdegree = rank % 4 == 0 && has_partner ? 2 : 0;
  n.indegree = rank % 4 == 1 ? 2 : 0;
  for (int i = 0; i < n.indegree; i++) {
    n.sources[i] = rank - 1;
    n.paired[i] = i;
  }
  int indegree = -1, outdegree = -1, weighted = -1;
  MPI_Dist_graph_neighbors_count(n.comm, &indegree, &outdegree, &weighted);
  CHECK(indegree == n.indegree && outdegree == n.outdegree && !weighted, "Dist_graph_neighbors_count: %d %d %d",
        indegree, outdegree, weighted);
  check_neighbourhood_collectives(&n);
  /* No neighbours: no arrays are needed, and NULL ones (an empty C++ vector's data()) are accepted. */
  int value = rank;
  if (n.indegree == 0 && n.outdegree == 0) {
    MPI_Neighbor_alltoallv(NULL, NULL, NULL, MPI_INT, NULL, NULL, NULL, MPI_INT, n.comm);
    MPI_Neighbor_alltoallw(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, n.comm);
    MPI_Neighbor_allgatherv(&value, 1, MPI_INT, NULL, NULL, NULL, MPI_INT, n.comm);
  } else {
    int counts[2] = {1, 1}, displs[2] = {0, 1}, received[2] = {UNTOUCHED, UNTOUCHED};
    MPI_Aint bytes[2] = {0, sizeof(int)};
    MPI_Datatype types[2] = {MPI_INT, MPI_INT};
    int sent[2] = {rank, rank};
    MPI_Neighbor_alltoallv(sent, counts, displs, MPI_INT, received, counts, displs, MPI_INT, n.comm);
    MPI_Neighbor_alltoallw(sent, counts, bytes, types, received, counts, bytes, types, n.comm);
    MPI_Neighbor_allgatherv(&value, 1, MPI_INT, received, counts, displs, MPI_INT, n.comm);
    for (int i = 0; i < n.indegree; i++)
      CHECK(received[i] == rank - 1, "from the partner of a sparse graph: %d", received[i]);
  }
  MPI_Comm_free(&n.comm);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  graph_ring_with_chord();
  dist_graph_with_repeated_edges();
  sparse_dist_graph();
  report_ok("neighborhood_graphs");
  MPI_Finalize();
  return 0;
}
