/* The five neighbourhood collectives run on one topology communicator and checked against closed forms,
 * shared by the tests of Cartesian and of graph topologies. A test names, for each receive block i of the
 * calling rank, its source (or MPI_PROC_NULL) and which of the source's send blocks lands there; every
 * value is then a function of the sender's rank, its block and the element.
 *
 * Each call receives into a buffer with holes between the blocks (or between the elements of a strided
 * type) and checks that the holes, and the blocks of MPI_PROC_NULL sources, keep what they held. */
#ifndef WEFT_TESTS_NEIGHBORHOOD_CHECKS_H
#define WEFT_TESTS_NEIGHBORHOOD_CHECKS_H

#include "mpitest.h"

enum { MAX_DEGREE = 8, BLOCK = 5, MAX_COUNT = 3, UNTOUCHED = -1 };

struct neighbours {
  MPI_Comm comm;
  int rank, indegree, outdegree;
  int sources[MAX_DEGREE]; /* receive block i comes from sources[i] */
  int paired[MAX_DEGREE];  /* ... out of its send block paired[i] */
};

/* Element e of the block that `sender` sends as its block `block`. */
static inline int neighbour_value(int sender, int block, int element) { return sender * 1000 + block * 100 + element; }

/* The count of the v and w calls' send block `block` of `sender`, 1 to MAX_COUNT. */
static inline int neighbour_count(int sender, int block) { return 1 + (sender + block) % MAX_COUNT; }

/* MPI_Neighbor_<name>, or MPI_Ineighbor_<name> and its wait. */
#define NEIGHBOR_CALL(name, nonblocking, ...)       \
  do {                                              \
    if (nonblocking) {                              \
      MPI_Request request_;                         \
      MPI_Ineighbor_##name(__VA_ARGS__, &request_); \
      MPI_Wait(&request_, MPI_STATUS_IGNORE);       \
    } else {                                        \
      MPI_Neighbor_##name(__VA_ARGS__);             \
    }                                               \
  } while (0)

/* A strided type: one int, then a hole of one int. */
static inline MPI_Datatype every_other_int(void) {
  MPI_Datatype type;
  MPI_Type_create_resized(MPI_INT, 0, 2 * sizeof(int), &type);
  MPI_Type_commit(&type);
  return type;
}

static inline int* untouched_ints(int count) {
  int* values = malloc((count > 0 ? count : 1) * sizeof *values);
  CHECK(values, "out of memory");
  for (int i = 0; i < count; i++) values[i] = UNTOUCHED;
  return values;
}

/* Checks `count` elements `stride` ints apart from `at` (and the holes between them) against block
 * `block` of `source`, or, for no source, that nothing was written. */
static inline void check_block(const char* call, const int* at, int count, int stride, int source, int block,
                               int index) {
  for (int e = 0; e < count; e++) {
    int expected = source == MPI_PROC_NULL ? UNTOUCHED : neighbour_value(source, block, e);
    CHECK(at[e * stride] == expected, "%s: block %d from %d, element %d is %d, expected %d", call, index, source, e,
          at[e * stride], expected);
    for (int hole = 1; hole < stride; hole++)
      CHECK(at[e * stride + hole] == UNTOUCHED, "%s: block %d, the hole after element %d was written", call, index, e);
  }
}

/* Allgather with a strided type on the send side; allgatherv at reversed displacements with holes. */
static inline void check_neighbor_allgathers(const struct neighbours* n, int nonblocking) {
  MPI_Datatype strided = every_other_int();
  int mine[2 * BLOCK], in = n->indegree;
  for (int e = 0; e < BLOCK; e++) {
    mine[2 * e] = neighbour_value(n->rank, 0, e);
    mine[2 * e + 1] = -2;
  }
  int* received = untouched_ints(in * BLOCK);
  NEIGHBOR_CALL(allgather, nonblocking, mine, BLOCK, strided, received, BLOCK, MPI_INT, n->comm);
  for (int i = 0; i < in; i++) check_block("Neighbor_allgather", received + i * BLOCK, BLOCK, 1, n->sources[i], 0, i);
  free(received);

  int counts[MAX_DEGREE], displs[MAX_DEGREE], stride = MAX_COUNT + 1;
  for (int i = 0; i < in; i++) {
    counts[i] = n->sources[i] == MPI_PROC_NULL ? MAX_COUNT : neighbour_count(n->sources[i], 0);
    displs[i] = (in - 1 - i) * stride;
  }
  received = untouched_ints(in * stride);
  NEIGHBOR_CALL(allgatherv, nonblocking, mine, neighbour_count(n->rank, 0), strided, received, counts, displs, MPI_INT,
                n->comm);
  for (int i = 0; i < in; i++) {
    check_block("Neighbor_allgatherv", received + displs[i], counts[i], 1, n->sources[i], 0, i);
    for (int hole = counts[i]; hole < stride; hole++)
      CHECK(received[displs[i] + hole] == UNTOUCHED, "Neighbor_allgatherv wrote the hole after block %d", i);
  }
  free(received);
  MPI_Type_free(&strided);
}

/* Alltoall into a strided type; alltoallv at reversed displacements with holes on both sides; alltoallw
 * with a strided type for every other receive block. */
static inline void check_neighbor_alltoalls(const struct neighbours* n, int nonblocking) {
  MPI_Datatype strided = every_other_int();
  int in = n->indegree, out = n->outdegree;
  int *sent = untouched_ints(out * BLOCK), *received = untouched_ints(in * 2 * BLOCK);
  for (int j = 0; j < out; j++)
    for (int e = 0; e < BLOCK; e++) sent[j * BLOCK + e] = neighbour_value(n->rank, j, e);
  NEIGHBOR_CALL(alltoall, nonblocking, sent, BLOCK, MPI_INT, received, BLOCK, strided, n->comm);
  for (int i = 0; i < in; i++)
    check_block("Neighbor_alltoall", received + i * 2 * BLOCK, BLOCK, 2, n->sources[i], n->paired[i], i);
  free(sent);
  free(received);

  int send_counts[MAX_DEGREE], send_displs[MAX_DEGREE], counts[MAX_DEGREE], displs[MAX_DEGREE];
  int stride = MAX_COUNT + 1;
  sent = untouched_ints(out * stride);
  received = untouched_ints(in * stride);
  for (int j = 0; j < out; j++) {
    send_counts[j] = neighbour_count(n->rank, j);
    send_displs[j] = (out - 1 - j) * stride;
    for (int e = 0; e < send_counts[j]; e++) sent[send_displs[j] + e] = neighbour_value(n->rank, j, e);
  }
  for (int i = 0; i < in; i++) {
    counts[i] = n->sources[i] == MPI_PROC_NULL ? MAX_COUNT : neighbour_count(n->sources[i], n->paired[i]);
    displs[i] = (in - 1 - i) * stride;
  }
  NEIGHBOR_CALL(alltoallv, nonblocking, sent, send_counts, send_displs, MPI_INT, received, counts, displs, MPI_INT,
                n->comm);
  for (int i = 0; i < in; i++) {
    check_block("Neighbor_alltoallv", received + displs[i], counts[i], 1, n->sources[i], n->paired[i], i);
    for (int hole = counts[i]; hole < stride; hole++)
      CHECK(received[displs[i] + hole] == UNTOUCHED, "Neighbor_alltoallv wrote the hole after block %d", i);
  }
  free(received);

  /* The same send blocks, at byte displacements; receive blocks 2 * stride ints apart. */
  MPI_Aint send_bytes[MAX_DEGREE], receive_bytes[MAX_DEGREE];
  MPI_Datatype send_types[MAX_DEGREE], receive_types[MAX_DEGREE];
  for (int j = 0; j < out; j++) {
    send_bytes[j] = (MPI_Aint)send_displs[j] * (MPI_Aint)sizeof(int);
    send_types[j] = MPI_INT;
  }
  for (int i = 0; i < in; i++) {
    receive_bytes[i] = (MPI_Aint)(in - 1 - i) * 2 * stride * (MPI_Aint)sizeof(int);
    receive_types[i] = i % 2 ? MPI_INT : strided;
  }
  received = untouched_ints(in * 2 * stride);
  NEIGHBOR_CALL(alltoallw, nonblocking, sent, send_counts, send_bytes, send_types, received, counts, receive_bytes,
                receive_types, n->comm);
  for (int i = 0; i < in; i++) {
    const int* block = received + receive_bytes[i] / (MPI_Aint)sizeof(int);
    check_block("Neighbor_alltoallw", block, counts[i], i % 2 ? 1 : 2, n->sources[i], n->paired[i], i);
  }
  free(sent);
  free(received);
  MPI_Type_free(&strided);
}

static inline void check_neighbourhood_collectives(const struct neighbours* n) {
  for (int nonblocking = 0; nonblocking < 2; nonblocking++) {
    check_neighbor_allgathers(n, nonblocking);
    check_neighbor_alltoalls(n, nonblocking);
  }
}

#endif /* WEFT_TESTS_NEIGHBORHOOD_CHECKS_H */
