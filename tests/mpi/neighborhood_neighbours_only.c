/* Neighbourhood collectives synchronize a rank with its neighbours and nobody else.
 *
 * A distributed graph in which every third rank (0, 3, 6, ...) has no edge, and the others form a ring
 * among themselves: each sends to the next two members of the ring and receives from the two before it
 * (at 1 or 2 members, a rank is its own neighbour). Such a rank without edges must finish its collective
 * while the rank after it, not its neighbour, is still blocked in a receive that only its send satisfies;
 * and a ring member must finish while that rank is blocked in a receive that only the member's send
 * satisfies, blocking and nonblocking. Any synchronization over the whole communicator deadlocks here.
 *
 * Then back-to-back collectives whose buffers are overwritten right after each call returns, on the graph
 * and on a periodic Cartesian grid, and several nonblocking ones pending at once on one communicator,
 * interleaved with an Ibarrier and an Iallreduce. Last, an erroneous graph with edges that one end only
 * names: their blocks stay untouched, and nobody waits for them. */
#include "mpitest.h"

enum { ROUNDS = 30, PENDING = 4, RING_DEGREE = 2 };

static int rank, size;

static int has_edges(int r) { return r % 3 != 0; }
/* Ring members in rank order: member j is rank 3 (j / 2) + 1 + j % 2. */
static int members(void) { return size - (size + 2) / 3; }
static int member_index(int r) { return 2 * (r / 3) + r % 3 - 1; }
static int member_rank(int j) { return 3 * (j / 2) + 1 + j % 2; }
static int ring_neighbour(int r, int offset) {
  int m = members();
  return member_rank(((member_index(r) + offset) % m + m) % m);
}

/* What `sender` sends as its block `block` in round `round`. */
static int value(int sender, int block, int round) { return sender * 1000 + block * 100 + round; }

struct ring_graph {
  MPI_Comm comm;
  int degree; /* 0 or RING_DEGREE */
  int sources[RING_DEGREE], destinations[RING_DEGREE];
};

/* Receive block i comes from sources[i], out of its send block i: the source's i-th destination is the
 * caller, also where sources repeat (the k-th time a source appears pairs with the k-th time it sends). */
static struct ring_graph make_ring_graph(void) {
  struct ring_graph g = {.degree = has_edges(rank) ? RING_DEGREE : 0};
  for (int i = 0; i < g.degree; i++) {
    g.destinations[i] = ring_neighbour(rank, i + 1);
    g.sources[i] = ring_neighbour(rank, -(i + 1));
  }
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, g.degree, g.sources, MPI_UNWEIGHTED, g.degree, g.destinations,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g.comm);
  return g;
}

/* One Neighbor_alltoall of round `round` on the ring graph, checked; nonblocking when asked. */
static void ring_alltoall(const struct ring_graph* g, int round, int nonblocking) {
  int sent[RING_DEGREE], received[RING_DEGREE];
  for (int i = 0; i < RING_DEGREE; i++) {
    sent[i] = value(rank, i, round);
    received[i] = -1;
  }
  if (nonblocking) {
    MPI_Request request;
    MPI_Ineighbor_alltoall(sent, 1, MPI_INT, received, 1, MPI_INT, g->comm, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  } else {
    MPI_Neighbor_alltoall(sent, 1, MPI_INT, received, 1, MPI_INT, g->comm);
  }
  for (int i = 0; i < g->degree; i++)
    CHECK(received[i] == value(g->sources[i], i, round), "round %d: block %d holds %d, expected %d", round, i,
          received[i], value(g->sources[i], i, round));
}

/* A rank without edges and the rank after it (a ring member, not its neighbour) hand a token over with
 * point-to-point messages around their collectives, first one way, then the other. */
static void isolated_ranks_go_alone(const struct ring_graph* g) {
  int token = 0;
  int partner = has_edges(rank) ? rank - 1 : rank + 1; /* rank - 1 has no edges when rank % 3 == 1 */
  int paired = has_edges(rank) ? rank % 3 == 1 : partner < size;
  for (int nonblocking = 0; nonblocking <= 1; nonblocking++) {
    int round = 2 * nonblocking;
    /* The rank without edges finishes its collective before the member enters its own. */
    if (paired && !has_edges(rank)) {
      ring_alltoall(g, round, nonblocking);
      token = round;
      MPI_Send(&token, 1, MPI_INT, partner, 0, MPI_COMM_WORLD);
    } else if (paired) {
      MPI_Recv(&token, 1, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      CHECK(token == round, "token %d, expected %d", token, round);
      ring_alltoall(g, round, nonblocking);
    } else {
      ring_alltoall(g, round, nonblocking);
    }
    /* The member finishes its collective before the rank without edges enters its own. */
    round++;
    if (paired && !has_edges(rank)) {
      MPI_Recv(&token, 1, MPI_INT, partner, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      CHECK(token == round, "token %d, expected %d", token, round);
      ring_alltoall(g, round, nonblocking);
    } else if (paired) {
      ring_alltoall(g, round, nonblocking);
      token = round;
      MPI_Send(&token, 1, MPI_INT, partner, 1, MPI_COMM_WORLD);
    } else {
      ring_alltoall(g, round, nonblocking);
    }
  }
}

/* Rounds of the ring alltoall back to back: each call's send buffer is rewritten for the next round as soon
 * as the call returns, while slower neighbours may still be in the same round. */
static void ring_back_to_back(const struct ring_graph* g) {
  for (int round = 0; round < ROUNDS; round++) ring_alltoall(g, 100 + round, round % 3 == 2);
}

/* Neighbor_allgather on a periodic grid from Dims_create, back to back, one send value reused for every
 * round; every block checked each round. */
static void grid_back_to_back(void) {
  int dims[2] = {0, 0}, periods[2] = {1, 1};
  MPI_Dims_create(size, 2, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  int sources[2 * 2];
  for (int d = 0; d < 2; d++) MPI_Cart_shift(grid, d, 1, &sources[2 * d], &sources[2 * d + 1]);
  int sent, received[2 * 2];
  for (int round = 0; round < ROUNDS; round++) {
    sent = value(rank, 0, round);
    MPI_Neighbor_allgather(&sent, 1, MPI_INT, received, 1, MPI_INT, grid);
    sent = -1; /* overwritten at once: nobody may still read it */
    for (int i = 0; i < 2 * 2; i++)
      CHECK(received[i] == value(sources[i], 0, round), "grid round %d: block %d holds %d, expected %d", round, i,
            received[i], value(sources[i], 0, round));
  }
  MPI_Comm_free(&grid);
}

/* PENDING nonblocking alltoalls on the ring graph at once, an Ibarrier and an Iallreduce on the same
 * communicator between them, completed in reverse order. */
static void ring_pending_together(const struct ring_graph* g) {
  int sent[PENDING][RING_DEGREE], received[PENDING][RING_DEGREE];
  MPI_Request requests[PENDING + 2];
  int one = 1, total = 0;
  for (int p = 0; p < PENDING; p++) {
    for (int i = 0; i < RING_DEGREE; i++) {
      sent[p][i] = value(rank, i, 200 + p);
      received[p][i] = -1;
    }
    MPI_Ineighbor_alltoall(sent[p], 1, MPI_INT, received[p], 1, MPI_INT, g->comm, &requests[p]);
    if (p == 1) MPI_Ibarrier(g->comm, &requests[PENDING]);
    if (p == 2) MPI_Iallreduce(&one, &total, 1, MPI_INT, MPI_SUM, g->comm, &requests[PENDING + 1]);
  }
  for (int r = PENDING + 1; r >= 0; r--) MPI_Wait(&requests[r], MPI_STATUS_IGNORE);
  CHECK(total == size, "Iallreduce between the alltoalls: %d, expected %d", total, size);
  for (int p = 0; p < PENDING; p++)
    for (int i = 0; i < g->degree; i++)
      CHECK(received[p][i] == value(g->sources[i], i, 200 + p), "pending %d: block %d holds %d, expected %d", p, i,
            received[p][i], value(g->sources[i], i, 200 + p));
}

/* Erroneous graphs: a distributed graph whose second source of each rank, rank + 2, does not name the
 * rank among its destinations (at 1 to 3 ranks: the rank itself, or the first source a second time, named
 * once), and a graph whose adjacency is not symmetric. The blocks of edges named at one end only stay
 * untouched, and nobody waits for them. */
static void one_sided_edges(void) {
  int sources[2] = {(rank + size - 1) % size, (rank + 2) % size}, destination = (rank + 1) % size;
  MPI_Comm comm;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, sources, MPI_UNWEIGHTED, 1, &destination, MPI_UNWEIGHTED,
                                 MPI_INFO_NULL, 0, &comm);
  for (int round = 0; round < 3; round++) {
    int sent = value(rank, 0, round), received[2] = {-1, -1};
    MPI_Neighbor_alltoall(&sent, 1, MPI_INT, received, 1, MPI_INT, comm);
    CHECK(received[0] == value(sources[0], 0, round), "one-sided edges: block 0 holds %d, expected %d", received[0],
          value(sources[0], 0, round));
    CHECK(received[1] == -1, "one-sided edges: the block of an edge its source does not name holds %d", received[1]);
  }
  MPI_Comm_free(&comm);
  /* A graph in which node i names node i + 1 only: from 3 ranks on, no edge is named at both ends. */
  int *index = malloc(size * sizeof *index), *edges = malloc(size * sizeof *edges);
  CHECK(index && edges, "out of memory");
  for (int node = 0; node < size; node++) {
    index[node] = node + 1;
    edges[node] = (node + 1) % size;
  }
  MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &comm);
  int sent = value(rank, 0, 0), received = -1, expected = size <= 2 ? value((rank + 1) % size, 0, 0) : -1;
  MPI_Neighbor_allgather(&sent, 1, MPI_INT, &received, 1, MPI_INT, comm);
  CHECK(received == expected, "a graph named one way: received %d, expected %d", received, expected);
  MPI_Comm_free(&comm);
  free(index);
  free(edges);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct ring_graph g = make_ring_graph();
  isolated_ranks_go_alone(&g);
  ring_back_to_back(&g);
  ring_pending_together(&g);
  MPI_Comm_free(&g.comm);
  grid_back_to_back();
  one_sided_edges();
  report_ok("neighborhood_neighbours_only");
  MPI_Finalize();
  return 0;
}
