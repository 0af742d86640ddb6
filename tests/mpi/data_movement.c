/* Gather, Scatter, Allgather and Alltoall with their v forms on MPI_INT, against closed forms: the block
 * that rank s gives rank d in call c is the pattern of seed (c, s, d). Counts 0, 1, 2 KiB blocks and large
 * (above the 256 B inline limit of messages, up to 1 MiB a block, as the memory of all ranks together
 * allows); v counts uneven, zero for some ranks, at reversed displacements with holes that must stay
 * untouched; roots first, middle and last; MPI_IN_PLACE; the world, an even/odd split, a reversed order and
 * the even ranks before the odd ones (across nodes, a node's members then lie apart), their calls
 * interleaved; send buffers overwritten as soon as a call returns. */
#include "mpitest.h"

enum { MAX_BLOCK = 1 << 20, FILL = 0xEE };

/* Ints in a large block when `blocks` blocks are alive in the job at once: they share 16 MiB, or 2 MiB
 * past 64 ranks, where the time to fill and check them would dominate. */
static int large_count(long blocks, int size) {
  long bytes = (size > 64 ? 2L << 20 : 16L << 20) / blocks;
  if (bytes > MAX_BLOCK) bytes = MAX_BLOCK;
  return bytes < (long)sizeof(int) ? 1 : (int)(bytes / sizeof(int));
}

static unsigned seed_of(int call, int from, int to) { return pattern_seed((size_t)call, from, to); }

/* Block r of a buffer: counts[r] ints at displs[r] ints; total ints in all. */
struct blocks {
  int size;
  int *counts, *displs;
  size_t total;
};

/* `count` ints per rank, or (uneven) 0, 1, `count` or 3 depending on the rank and `salt`; one block after
 * the other, or (reversed) in reverse rank order with a one-int hole before each. */
static struct blocks lay_out(int size, int count, int uneven, int salt, int reversed) {
  static const int cycle[4] = {0, 1, -1, 3};
  struct blocks b = {size, malloc(size * sizeof(int)), malloc(size * sizeof(int)), 0};
  for (int r = 0; r < size; r++) {
    int c = cycle[(r + salt) % 4];
    b.counts[r] = !uneven || c < 0 ? count : c;
  }
  for (int i = 0; i < size; i++) {
    int r = reversed ? size - 1 - i : i;
    b.total += reversed;
    b.displs[r] = (int)b.total;
    b.total += b.counts[r];
  }
  b.total += reversed;
  return b;
}

static void free_blocks(struct blocks* b) {
  free(b->counts);
  free(b->displs);
}

static void* filled(size_t bytes) {
  void* p = malloc(bytes ? bytes : 1);
  memset(p, FILL, bytes);
  return p;
}

static void put_block(void* buf, const struct blocks* b, int r, unsigned seed) {
  pattern_fill((int*)buf + b->displs[r], b->counts[r] * sizeof(int), seed);
}

/* The buffer holds block r with seeds[r] at its place and FILL everywhere else. */
static void expect_blocks(const void* buf, const struct blocks* b, const unsigned* seeds, const char* what, int call) {
  unsigned char* expected = filled(b->total * sizeof(int));
  for (int r = 0; r < b->size; r++) put_block(expected, b, r, seeds[r]);
  const unsigned char* got = buf;
  if (memcmp(got, expected, b->total * sizeof(int)) != 0)
    for (size_t i = 0; i < b->total * sizeof(int); i++)
      CHECK(got[i] == expected[i], "%s (call %d): byte %zu is %d, expected %d", what, call, i, got[i], expected[i]);
  free(expected);
}

static void test_gather(MPI_Comm comm, int count, int uneven, int root, int in_place, int call) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  struct blocks b = lay_out(size, count, uneven, call, uneven);
  size_t bytes = b.counts[rank] * sizeof(int);
  void *send = filled(bytes), *recv = rank == root ? filled(b.total * sizeof(int)) : NULL;
  pattern_fill(send, bytes, seed_of(call, rank, root));
  int at_root_in_place = in_place && rank == root;
  if (at_root_in_place) put_block(recv, &b, root, seed_of(call, root, root));
  const void* sendbuf = at_root_in_place ? MPI_IN_PLACE : send;
  int err = uneven ? MPI_Gatherv(sendbuf, b.counts[rank], MPI_INT, recv, b.counts, b.displs, MPI_INT, root, comm)
                   : MPI_Gather(sendbuf, count, MPI_INT, recv, count, MPI_INT, root, comm);
  CHECK(err == MPI_SUCCESS, "gather returned %d", err);
  memset(send, 0, bytes); /* ours again: the root must have its copy already */
  if (rank == root) {
    unsigned* seeds = malloc(size * sizeof(unsigned));
    for (int r = 0; r < size; r++) seeds[r] = seed_of(call, r, root);
    expect_blocks(recv, &b, seeds, uneven ? "gatherv" : "gather", call);
    free(seeds);
  }
  free(send);
  free(recv);
  free_blocks(&b);
}

static void test_scatter(MPI_Comm comm, int count, int uneven, int root, int in_place, int call) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  struct blocks b = lay_out(size, count, uneven, call, uneven);
  unsigned* seeds = malloc(size * sizeof(unsigned));
  for (int r = 0; r < size; r++) seeds[r] = seed_of(call, root, r);
  void* send = NULL;
  if (rank == root) {
    send = filled(b.total * sizeof(int));
    for (int r = 0; r < size; r++) put_block(send, &b, r, seeds[r]);
  }
  size_t bytes = b.counts[rank] * sizeof(int);
  void* recv = filled(bytes + sizeof(int)); /* one int more, which must stay untouched */
  int at_root_in_place = in_place && rank == root;
  void* recvbuf = at_root_in_place ? MPI_IN_PLACE : recv;
  int err = uneven ? MPI_Scatterv(send, b.counts, b.displs, MPI_INT, recvbuf, b.counts[rank], MPI_INT, root, comm)
                   : MPI_Scatter(send, count, MPI_INT, recvbuf, count, MPI_INT, root, comm);
  CHECK(err == MPI_SUCCESS, "scatter returned %d", err);
  if (rank == root) /* the root's buffer is lent no longer */
    expect_blocks(send, &b, seeds, "scatter's send buffer", call);
  if (!at_root_in_place) {
    CHECK(pattern_check(recv, bytes, seeds[rank]) == bytes, "scatter (call %d): block differs", call);
    for (size_t i = bytes; i < bytes + sizeof(int); i++)
      CHECK(((unsigned char*)recv)[i] == FILL, "scatter (call %d) wrote past its block", call);
  }
  free(send);
  free(recv);
  free(seeds);
  free_blocks(&b);
}

static void test_allgather(MPI_Comm comm, int count, int uneven, int in_place, int call) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  struct blocks b = lay_out(size, count, uneven, call, uneven);
  unsigned* seeds = malloc(size * sizeof(unsigned));
  for (int r = 0; r < size; r++) seeds[r] = seed_of(call, r, -1);
  size_t bytes = b.counts[rank] * sizeof(int);
  void *send = filled(bytes), *recv = filled(b.total * sizeof(int));
  pattern_fill(send, bytes, seeds[rank]);
  if (in_place) put_block(recv, &b, rank, seeds[rank]);
  const void* sendbuf = in_place ? MPI_IN_PLACE : send;
  int err = uneven ? MPI_Allgatherv(sendbuf, b.counts[rank], MPI_INT, recv, b.counts, b.displs, MPI_INT, comm)
                   : MPI_Allgather(sendbuf, count, MPI_INT, recv, count, MPI_INT, comm);
  CHECK(err == MPI_SUCCESS, "allgather returned %d", err);
  memset(send, 0, bytes);
  expect_blocks(recv, &b, seeds, uneven ? "allgatherv" : "allgather", call);
  free(send);
  free(recv);
  free(seeds);
  free_blocks(&b);
}

/* Alltoallv counts are symmetric (rank s sends rank d as many ints as d sends s), as in place needs. */
static void test_alltoall(MPI_Comm comm, int count, int uneven, int in_place, int call) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  struct blocks sb = lay_out(size, count, uneven, call + rank, 0),
                rb = lay_out(size, count, uneven, call + rank, uneven);
  unsigned *sent = malloc(size * sizeof(unsigned)), *received = malloc(size * sizeof(unsigned));
  for (int r = 0; r < size; r++) {
    sent[r] = seed_of(call, rank, r);
    received[r] = seed_of(call, r, rank);
  }
  void *send = filled(sb.total * sizeof(int)), *recv = filled(rb.total * sizeof(int));
  for (int r = 0; r < size; r++) put_block(in_place ? recv : send, in_place ? &rb : &sb, r, sent[r]);
  const void* sendbuf = in_place ? MPI_IN_PLACE : send;
  int err = uneven ? MPI_Alltoallv(sendbuf, sb.counts, sb.displs, MPI_INT, recv, rb.counts, rb.displs, MPI_INT, comm)
                   : MPI_Alltoall(sendbuf, count, MPI_INT, recv, count, MPI_INT, comm);
  CHECK(err == MPI_SUCCESS, "alltoall returned %d", err);
  memset(send, 0, sb.total * sizeof(int));
  expect_blocks(recv, &rb, received, uneven ? "alltoallv" : "alltoall", call);
  free(send);
  free(recv);
  free(sent);
  free(received);
  free_blocks(&sb);
  free_blocks(&rb);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  enum { COMMS = 4 };
  MPI_Comm comms[COMMS] = {MPI_COMM_WORLD};
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &comms[1]);
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &comms[2]);
  MPI_Comm_split(MPI_COMM_WORLD, 0, (rank % 2) * size + rank, &comms[3]);
  /* Rooted calls hold 2 blocks per rank at once, the others up to 2 per pair of ranks. The medium count
   * (8 KiB blocks) makes a node's blocks for another node a message past the eager limit (64 KiB; 7 ranks
   * on 2 nodes: 4 x 3 blocks) while each rank's blocks for other nodes stay within it: alltoall's leaders
   * then exchange by rendezvous. */
  enum { COUNTS = 4, MEDIUM = 2048 };
  int rooted_large = large_count(2L * size, size), all_large = large_count(2L * size * size, size);
  int rooted_counts[COUNTS] = {0, 1, rooted_large < MEDIUM ? rooted_large : MEDIUM, rooted_large};
  int all_counts[COUNTS] = {0, 1, all_large < MEDIUM ? all_large : MEDIUM, all_large};
  int call = 0;
  for (int c = 0; c < COUNTS; c++)
    for (int in_place = 0; in_place < 2; in_place++)
      for (int uneven = 0; uneven < 2; uneven++) {
        /* Every call goes to each communicator in turn, so that their calls interleave. */
        for (int k = 0; k < COMMS; k++) {
          int n;
          MPI_Comm_size(comms[k], &n);
          int roots[3] = {0, n / 2, n - 1};
          for (int i = 0; i < 3; i++) test_gather(comms[k], rooted_counts[c], uneven, roots[i], in_place, ++call);
        }
        for (int k = 0; k < COMMS; k++) {
          int n;
          MPI_Comm_size(comms[k], &n);
          int roots[3] = {n - 1, 0, n / 2};
          for (int i = 0; i < 3; i++) test_scatter(comms[k], rooted_counts[c], uneven, roots[i], in_place, ++call);
        }
        if (c >= 2 && all_counts[c] <= 256 / (int)sizeof(int)) continue; /* too many ranks for large blocks */
        for (int k = 0; k < COMMS; k++) test_allgather(comms[k], all_counts[c], uneven, in_place, ++call);
        for (int k = 0; k < COMMS; k++) test_alltoall(comms[k], all_counts[c], uneven, in_place, ++call);
      }
  for (int k = 1; k < COMMS; k++) MPI_Comm_free(&comms[k]);
  report_ok("data_movement");
  MPI_Finalize();
  return 0;
}
