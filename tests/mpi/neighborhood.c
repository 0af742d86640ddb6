/* Neighbourhood collectives on Cartesian topologies, blocking and nonblocking, against closed forms.
 *
 * Grids: two dimensions from MPI_Dims_create, periodic and not (the blocks of MPI_PROC_NULL neighbours at
 * an open edge stay untouched), and periodic rings of 1 and 2 ranks, in which a rank is both of its
 * neighbours (itself, or the other rank twice). The neighbour order is MPI_Cart_shift's, dimension by
 * dimension, the negative direction first; the block a rank sends in one direction lands in its
 * neighbour's block of the opposite direction: receive block i takes the source's send block i ^ 1
 * (MPI-3.1, 7.6, as corrected by the MPI-4.0 errata), also where both directions name the same rank.
 * The same on a duplicate of each grid and on the rows of the 2-D ones (MPI_Cart_sub). Nonblocking ones
 * pending together with an allreduce on the world and a barrier on the grid. */
#include "neighborhood_checks.h"

static int world_rank, world_size;

struct grid {
  int ndims, dims[2], periods[2], coords[2];
};

/* Neighbour i of the rank at `coords`: in dimension i / 2, the negative direction for even i;
 * MPI_PROC_NULL past an open edge. Ranks are row-major in their coordinates. */
static int grid_neighbour(const struct grid* g, int i) {
  int at[2] = {g->coords[0], g->coords[1]}, d = i / 2;
  at[d] += i % 2 ? 1 : -1;
  if (at[d] < 0 || at[d] >= g->dims[d]) {
    if (!g->periods[d]) return MPI_PROC_NULL;
    at[d] = (at[d] + g->dims[d]) % g->dims[d];
  }
  int rank = 0;
  for (int k = 0; k < g->ndims; k++) rank = rank * g->dims[k] + at[k];
  return rank;
}

/* The neighbours of rank n->rank of grid g, from its coordinates (row-major), checked against
 * MPI_Cart_shift on n->comm. */
static void grid_neighbours(struct grid* g, struct neighbours* n) {
  for (int d = g->ndims - 1, r = n->rank; d >= 0; d--) {
    g->coords[d] = r % g->dims[d];
    r /= g->dims[d];
  }
  n->indegree = n->outdegree = 2 * g->ndims;
  for (int i = 0; i < n->indegree; i++) {
    n->sources[i] = grid_neighbour(g, i);
    n->paired[i] = i ^ 1;
  }
  for (int d = 0; d < g->ndims; d++) {
    int source, destination;
    MPI_Cart_shift(n->comm, d, 1, &source, &destination);
    CHECK(source == n->sources[2 * d] && destination == n->sources[2 * d + 1],
          "Cart_shift in dimension %d gives %d and %d, the closed form %d and %d", d, source, destination,
          n->sources[2 * d], n->sources[2 * d + 1]);
  }
}

/* The grid over the first ranks of the world; false on the ranks outside it. */
static int make_grid(struct grid* g, struct neighbours* n) {
  MPI_Cart_create(MPI_COMM_WORLD, g->ndims, g->dims, g->periods, 0, &n->comm);
  if (n->comm == MPI_COMM_NULL) return 0;
  MPI_Comm_rank(n->comm, &n->rank);
  grid_neighbours(g, n);
  return 1;
}

/* A duplicate of a grid keeps its topology; a row of a 2-D grid (MPI_Cart_sub) is a 1-D grid. */
static void duplicate_and_row(const struct grid* g, const struct neighbours* n) {
  struct neighbours dup = *n;
  MPI_Comm_dup(n->comm, &dup.comm);
  check_neighbourhood_collectives(&dup);
  MPI_Comm_free(&dup.comm);
  if (g->ndims != 2) return;
  struct grid row = {.ndims = 1, .dims = {g->dims[1]}, .periods = {g->periods[1]}};
  struct neighbours in_row;
  int keep[2] = {0, 1};
  MPI_Cart_sub(n->comm, keep, &in_row.comm);
  MPI_Comm_rank(in_row.comm, &in_row.rank);
  CHECK(in_row.rank == g->coords[1], "rank %d in a row, at column %d", in_row.rank, g->coords[1]);
  grid_neighbours(&row, &in_row);
  check_neighbourhood_collectives(&in_row);
  MPI_Comm_free(&in_row.comm);
}

/* Ineighbor_alltoall and Ineighbor_allgather on the grid pending with an Iallreduce on the world and an
 * Ibarrier on the grid, completed in the reverse order. */
static void pending_with_other_collectives(const struct neighbours* n) {
  int sent[MAX_DEGREE], received[MAX_DEGREE], gathered[MAX_DEGREE], mine = neighbour_value(n->rank, 0, 0);
  for (int j = 0; j < n->outdegree; j++) sent[j] = neighbour_value(n->rank, j, 0);
  for (int i = 0; i < n->indegree; i++) received[i] = gathered[i] = UNTOUCHED;
  int one = 1, total = 0;
  MPI_Request requests[4];
  MPI_Ineighbor_alltoall(sent, 1, MPI_INT, received, 1, MPI_INT, n->comm, &requests[0]);
  MPI_Iallreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &requests[1]);
  MPI_Ineighbor_allgather(&mine, 1, MPI_INT, gathered, 1, MPI_INT, n->comm, &requests[2]);
  MPI_Ibarrier(n->comm, &requests[3]);
  for (int k = 3; k >= 0; k--) MPI_Wait(&requests[k], MPI_STATUS_IGNORE);
  CHECK(total == world_size, "Iallreduce pending with neighbourhood collectives: %d", total);
  for (int i = 0; i < n->indegree; i++) {
    check_block("Ineighbor_alltoall", &received[i], 1, 1, n->sources[i], n->paired[i], i);
    check_block("Ineighbor_allgather", &gathered[i], 1, 1, n->sources[i], 0, i);
  }
}

/* The checks on a grid of all ranks or of its first ones; the ranks outside it only take part in the
 * world's Iallreduce (a nonblocking collective matches only nonblocking ones). */
static void on_grid(struct grid g) {
  struct neighbours n;
  if (make_grid(&g, &n)) {
    check_neighbourhood_collectives(&n);
    pending_with_other_collectives(&n);
    duplicate_and_row(&g, &n);
    MPI_Comm_free(&n.comm);
  } else {
    int one = 1, total = 0;
    MPI_Request request;
    MPI_Iallreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    CHECK(total == world_size, "Iallreduce beside a grid: %d", total);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  for (int periodic = 0; periodic < 2; periodic++) {
    struct grid plane = {.ndims = 2, .periods = {periodic, periodic}};
    MPI_Dims_create(world_size, 2, plane.dims);
    on_grid(plane);
  }
  for (int ring = 1; ring <= 2 && ring <= world_size; ring++)
    on_grid((struct grid){.ndims = 1, .dims = {ring}, .periods = {1}});
  /* A grid periodic in one dimension only, of 2 x (size / 2) ranks, where the world allows. */
  if (world_size >= 2) on_grid((struct grid){.ndims = 2, .dims = {2, world_size / 2}, .periods = {1, 0}});
  report_ok("neighborhood");
  MPI_Finalize();
  return 0;
}
