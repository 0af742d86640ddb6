/* Process topologies: MPI_Dims_create against known factorings; a Cartesian grid over all ranks with
 * coordinates, ranks, shifts (edges and wrap-around) checked against closed forms and used for messages,
 * a grid smaller than the communicator, subgrids, duplication; a ring as a graph and as distributed
 * graphs (adjacent, and all edges named by rank 0); and the errors of each. */
#include "mpitest.h"

static void dims_create(void) {
  struct {
    int nnodes, ndims, in[3], out[3];
  } cases[] = {{6, 2, {0, 0}, {3, 2}},        {16, 3, {0, 0, 0}, {4, 2, 2}}, {12, 3, {0, 3, 0}, {2, 3, 2}},
               {24, 2, {0, 0}, {6, 4}},       {1, 3, {0, 0, 0}, {1, 1, 1}},  {7, 2, {0, 0}, {7, 1}},
               {30, 3, {0, 0, 0}, {5, 3, 2}}, {64, 3, {0, 0, 0}, {4, 4, 4}}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    int dims[3];
    memcpy(dims, cases[c].in, sizeof dims);
    MPI_Dims_create(cases[c].nnodes, cases[c].ndims, dims);
    for (int d = 0; d < cases[c].ndims; d++)
      CHECK(dims[d] == cases[c].out[d], "Dims_create(%d, %d): dims[%d] = %d, expected %d", cases[c].nnodes,
            cases[c].ndims, d, dims[d], cases[c].out[d]);
  }
  int dims[2] = {2, 0};
  expect_error(MPI_Dims_create(7, 2, dims), MPI_ERR_DIMS, "Dims_create(7) with a fixed 2");
}

static void cartesian(int rank, int size) {
  int dims[2] = {0, 0}, periods[2] = {1, 0}, coords[2];
  MPI_Dims_create(size, 2, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  int status, ndims, got_dims[2], got_periods[2];
  MPI_Topo_test(grid, &status);
  CHECK(status == MPI_CART, "Topo_test of a grid gave %d", status);
  MPI_Cartdim_get(grid, &ndims);
  MPI_Cart_get(grid, 2, got_dims, got_periods, coords);
  CHECK(ndims == 2 && got_dims[0] == dims[0] && got_dims[1] == dims[1] && got_periods[0] == 1 && got_periods[1] == 0,
        "Cart_get gave %d dims %dx%d", ndims, got_dims[0], got_dims[1]);
  CHECK(coords[0] == rank / dims[1] && coords[1] == rank % dims[1], "rank %d has coordinates (%d, %d)", rank, coords[0],
        coords[1]);
  for (int r = 0; r < size; r++) {
    int c[2], back;
    MPI_Cart_coords(grid, r, 2, c);
    MPI_Cart_rank(grid, c, &back);
    CHECK(back == r, "Cart_rank(Cart_coords(%d)) = %d", r, back);
  }
  /* Dimension 0 wraps; dimension 1 ends at the edges. */
  int source, dest;
  MPI_Cart_shift(grid, 0, 1, &source, &dest);
  CHECK(dest == ((coords[0] + 1) % dims[0]) * dims[1] + coords[1] &&
            source == ((coords[0] + dims[0] - 1) % dims[0]) * dims[1] + coords[1],
        "shift along the periodic dimension: source %d dest %d", source, dest);
  MPI_Cart_shift(grid, 1, 1, &source, &dest);
  CHECK(dest == (coords[1] + 1 < dims[1] ? rank + 1 : MPI_PROC_NULL) &&
            source == (coords[1] > 0 ? rank - 1 : MPI_PROC_NULL),
        "shift along the open dimension: source %d dest %d", source, dest);
  /* The grid carries messages: each rank passes its rank along both shifts. */
  int received = -1;
  MPI_Sendrecv(&rank, 1, MPI_INT, dest, 0, &received, 1, MPI_INT, source, 0, grid, MPI_STATUS_IGNORE);
  CHECK(received == (source == MPI_PROC_NULL ? -1 : source), "received %d along the grid from %d", received, source);
  int wrapped[2] = {coords[0] + dims[0], coords[1]}, wrapped_rank;
  MPI_Cart_rank(grid, wrapped, &wrapped_rank);
  CHECK(wrapped_rank == rank, "a coordinate one period away is rank %d", wrapped_rank);

  /* Rows: the subgrids keeping dimension 1. */
  MPI_Comm row, copy;
  MPI_Cart_sub(grid, (int[]){0, 1}, &row);
  int row_rank, row_size;
  MPI_Comm_rank(row, &row_rank);
  MPI_Comm_size(row, &row_size);
  MPI_Cartdim_get(row, &ndims);
  CHECK(row_size == dims[1] && row_rank == coords[1] && ndims == 1, "row of size %d, rank %d", row_size, row_rank);
  int row_sum = 0;
  MPI_Allreduce(&rank, &row_sum, 1, MPI_INT, MPI_SUM, row);
  int first = coords[0] * dims[1];
  CHECK(row_sum == dims[1] * first + dims[1] * (dims[1] - 1) / 2, "the row's ranks sum to %d", row_sum);
  MPI_Comm_dup(grid, &copy);
  MPI_Topo_test(copy, &status);
  CHECK(status == MPI_CART, "a duplicate of a grid lost its topology");

  MPI_Comm_set_errhandler(grid, MPI_ERRORS_RETURN);
  int outside[2] = {0, dims[1]};
  expect_error(MPI_Cart_rank(grid, outside, &wrapped_rank), MPI_ERR_ARG, "Cart_rank past an open dimension");
  expect_error(MPI_Cart_shift(grid, 2, 1, &source, &dest), MPI_ERR_ARG, "Cart_shift in a third dimension");
  MPI_Comm_free(&row);
  MPI_Comm_free(&copy);
  MPI_Comm_free(&grid);

  /* A grid of fewer processes leaves the others out; Cart_map says the same. */
  int line = size > 1 ? size - 1 : 1, period = 0, mapped;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &line, &period, 1, &grid);
  MPI_Cart_map(MPI_COMM_WORLD, 1, &line, &period, &mapped);
  CHECK((rank < line) == (grid != MPI_COMM_NULL) && mapped == (rank < line ? rank : MPI_UNDEFINED),
        "rank %d: in the smaller grid %d, mapped to %d", rank, grid != MPI_COMM_NULL, mapped);
  if (grid != MPI_COMM_NULL) MPI_Comm_free(&grid);
  int too_many = size + 1;
  expect_error(MPI_Cart_create(MPI_COMM_WORLD, 1, &too_many, &period, 0, &grid), MPI_ERR_TOPOLOGY,
               "a grid larger than the communicator");
  int zero = 0;
  expect_error(MPI_Cart_create(MPI_COMM_WORLD, 1, &zero, &period, 0, &grid), MPI_ERR_DIMS, "a dimension of 0");
  expect_error(MPI_Cartdim_get(MPI_COMM_WORLD, &ndims), MPI_ERR_TOPOLOGY, "Cartdim_get without a topology");
  MPI_Topo_test(MPI_COMM_WORLD, &status);
  CHECK(status == MPI_UNDEFINED, "MPI_COMM_WORLD has topology %d", status);
}

static void graphs(int rank, int size) {
  /* A ring: node i's neighbours are i-1 and i+1 (one neighbour each way for 2 nodes, none for 1). */
  int *index = malloc(sizeof(int) * size), *edges = malloc(sizeof(int) * 2 * size), nedges = 0;
  for (int i = 0; i < size; i++) {
    if (size > 1) edges[nedges++] = (i + size - 1) % size;
    if (size > 2) edges[nedges++] = (i + 1) % size;
    index[i] = nedges;
  }
  MPI_Comm graph;
  MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &graph);
  int status, nnodes, count, neighbours[2];
  MPI_Topo_test(graph, &status);
  MPI_Graphdims_get(graph, &nnodes, &count);
  CHECK(status == MPI_GRAPH && nnodes == size && count == nedges, "graph: status %d, %d nodes, %d edges", status,
        nnodes, count);
  MPI_Graph_neighbors_count(graph, rank, &count);
  MPI_Graph_neighbors(graph, rank, 2, neighbours);
  CHECK(count == (size > 2 ? 2 : size - 1), "rank %d has %d neighbours", rank, count);
  if (count > 0)
    CHECK(neighbours[0] == (rank + size - 1) % size, "rank %d's first neighbour is %d", rank, neighbours[0]);
  int *got_index = malloc(sizeof(int) * size), *got_edges = malloc(sizeof(int) * 2 * size);
  MPI_Graph_get(graph, size, 2 * size, got_index, got_edges);
  CHECK(memcmp(got_index, index, sizeof(int) * size) == 0 && memcmp(got_edges, edges, sizeof(int) * nedges) == 0,
        "Graph_get differs from what was given");
  MPI_Comm_set_errhandler(graph, MPI_ERRORS_RETURN);
  int ndims;
  expect_error(MPI_Cartdim_get(graph, &ndims), MPI_ERR_TOPOLOGY, "Cartdim_get on a graph");
  expect_error(MPI_Graph_neighbors_count(graph, size, &count), MPI_ERR_RANK, "neighbours of a rank past the graph");
  MPI_Comm_free(&graph);
  int bad_edges[] = {size};
  int bad_index[] = {1};
  expect_error(MPI_Graph_create(MPI_COMM_WORLD, 1, bad_index, bad_edges, 0, &graph), MPI_ERR_ARG,
               "an edge to a node past the graph");

  /* The ring as a distributed graph: each rank names its own edges, weighted by the source. */
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  int in_weight = left, out_weight = rank;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, &in_weight, 1, &right, &out_weight, MPI_INFO_NULL, 0,
                                 &graph);
  int indegree, outdegree, weighted, source, sw, dest, dw;
  MPI_Topo_test(graph, &status);
  MPI_Dist_graph_neighbors_count(graph, &indegree, &outdegree, &weighted);
  MPI_Dist_graph_neighbors(graph, 1, &source, &sw, 1, &dest, &dw);
  CHECK(status == MPI_DIST_GRAPH && indegree == 1 && outdegree == 1 && weighted && source == left && sw == left &&
            dest == right && dw == rank,
        "adjacent distributed graph: in %d from %d (w %d), out %d to %d (w %d)", indegree, source, sw, outdegree, dest,
        dw);
  MPI_Comm_free(&graph);

  /* The same ring with every edge named by rank 0. */
  int n = rank == 0 ? size : 0;
  int *sources = malloc(sizeof(int) * size), *degrees = malloc(sizeof(int) * size),
      *destinations = malloc(sizeof(int) * size), *weights = malloc(sizeof(int) * size);
  for (int i = 0; i < size; i++) {
    sources[i] = i;
    degrees[i] = 1;
    destinations[i] = (i + 1) % size;
    weights[i] = i;
  }
  MPI_Dist_graph_create(MPI_COMM_WORLD, n, sources, degrees, destinations, weights, MPI_INFO_NULL, 0, &graph);
  MPI_Dist_graph_neighbors_count(graph, &indegree, &outdegree, &weighted);
  MPI_Dist_graph_neighbors(graph, 1, &source, &sw, 1, &dest, &dw);
  CHECK(indegree == 1 && outdegree == 1 && source == left && sw == left && dest == right && dw == rank,
        "distributed graph named by rank 0: in %d from %d (w %d), out %d to %d (w %d)", indegree, source, sw, outdegree,
        dest, dw);
  MPI_Comm_free(&graph);
  free(index);
  free(edges);
  free(got_index);
  free(got_edges);
  free(sources);
  free(degrees);
  free(destinations);
  free(weights);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  dims_create();
  cartesian(rank, size);
  graphs(rank, size);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("topologies: ok\n");
  MPI_Finalize();
  return 0;
}
