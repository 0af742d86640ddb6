/* Small broadcasts (up to 8 KiB) and small reductions (up to 32 KiB over the ranks,
 * 256 B to 4 KiB, on up to 64 ranks) go through rings of
 * cells: the root of a broadcast, and every rank but the root of a reduce, returns once its data is in a
 * cell; the others copy it out later, and a rank waits only when its cell still holds data that someone
 * has not read. Where ranks share cores, those of at most 256 B go through deeper rings of small cells.
 * Checked here:
 * - hundreds of back-to-back broadcasts, roots taking turns, at 0, 1, 8, 64 bytes, the small cells' limit and
 *   one byte more, the cells' limit and one byte more (the other algorithms), while some ranks lag many
 *   broadcasts behind (they spin in MPI_Iprobe first), so that roots run a whole ring ahead and must wait
 *   for them; then runs of small ones only, longer than the ring of small cells, a rank lagging far;
 * - buffers overwritten right after each call returns, on the root and on the readers;
 * - a communicator made by MPI_Comm_split, broadcast on and freed at once by its root, while its other
 *   ranks may still be inside MPI_Comm_split: the data must outlive the root's communicator;
 * - the broadcast of a vector type (its packed bytes travel through a cell);
 * - hundreds of Reduce (roots taking turns), Allreduce and Bcast mixed, some ranks lagging, so that ranks
 *   wait for laggards that move on one collective at a time; the reductions of 3 elements, of the small
 *   cells' limit and one element more, of the deposit cells' limit for the communicator's size and of one
 *   element more (the other algorithms);
 * - a long run of Reduce to one root that lags, so that the others wait for it at different points. */
#include <string.h>

#include "mpitest.h"

/* CELL_LIMIT: the largest broadcast that goes through cells, SMALL_LIMIT through small cells, SMALL_RING:
 * how many small broadcast cells a communicator has (docs/collectives.md). */
enum { ROUNDS = 300, CELL_LIMIT = 8192, SMALL_LIMIT = 256, SMALL_RING = 256, DEPOSITS_MOST = 4096 };

/* The largest reduction that goes through deposit cells on `size` ranks: 32 KiB over the ranks, a power of
 * two from 256 B to 4 KiB. */
static int deposit_limit(int size) {
  int bytes = DEPOSITS_MOST;
  while (bytes > 256 && bytes * size > 32 * 1024) bytes /= 2;
  return bytes;
}

static void lag(int spins) {
  int flag;
  for (int i = 0; i < spins; i++) MPI_Iprobe(MPI_ANY_SOURCE, 12345, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
}

static void back_to_back(int rank, int size) {
  static unsigned char buf[CELL_LIMIT + 1];
  const int sizes[] = {0, 1, 8, 64, SMALL_LIMIT, SMALL_LIMIT + 1, CELL_LIMIT};
  if (rank % 3 == 2) lag(2000); /* a third of the ranks start late */
  for (int round = 0; round < ROUNDS; round++) {
    /* 40 in a row from one root, more than a ring of (large) cells, before one of the other algorithm. */
    int root = (round / 40) % size, n = round % 40 == 39 ? CELL_LIMIT + 1 : sizes[round % 7];
    checked_bcast(buf, n, root, pattern_seed(n, root, round), MPI_COMM_WORLD);
    memset(buf, 0x55, sizeof buf); /* reused at once */
    if (rank == size - 1 && round % 50 == 0) lag(500);
  }
  /* More small broadcasts in a row from one root than a ring of small cells holds, a rank lagging far. */
  for (int round = 0; round < 3 * SMALL_RING; round++) {
    int root = size / 2, n = sizes[round % 5];
    if (rank == size - 1 && round % SMALL_RING == 0) lag(20000);
    checked_bcast(buf, n, root, pattern_seed(n, root, round), MPI_COMM_WORLD);
    memset(buf, 0x55, sizeof buf);
  }
}

static void freed_by_root_at_once(int rank, int size) {
  for (int round = 0; round < 20; round++) {
    MPI_Comm part;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 3, size - rank, &part);
    int part_rank;
    MPI_Comm_rank(part, &part_rank);
    long long token[4] = {-1, -1, -1, -1};
    if (part_rank == 0)
      for (int i = 0; i < 4; i++) token[i] = 1000LL * round + rank % 3 + i;
    else if (rank % 2 == 1)
      lag(100);
    MPI_Bcast(token, 4, MPI_LONG_LONG, 0, part);
    MPI_Comm_free(&part);
    for (int i = 0; i < 4; i++)
      CHECK(token[i] == 1000LL * round + rank % 3 + i, "round %d: split Bcast gave %lld at %d", round, token[i], i);
  }
}

static void vector_type(int rank, int size) {
  int data[60];
  MPI_Datatype every_other;
  MPI_Type_vector(30, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  int root = size / 2;
  for (int i = 0; i < 60; i++) data[i] = rank == root ? i : -1;
  MPI_Bcast(data, 1, every_other, root, MPI_COMM_WORLD);
  MPI_Type_free(&every_other);
  for (int i = 0; i < 60; i++) {
    int expected = i % 2 == 0 || rank == root ? i : -1;
    CHECK(data[i] == expected, "vector Bcast, element %d: %d, expected %d", i, data[i], expected);
  }
}

static void mixed_reductions(int rank, int size) {
  enum { MOST = DEPOSITS_MOST / sizeof(long long) + 1 };
  static long long in[MOST], out[MOST];
  const int small = SMALL_LIMIT / (int)sizeof(long long);
  const int limit = deposit_limit(size) / (int)sizeof(long long), counts[] = {3, small, limit, small + 1, limit + 1};
  const long long ranks_sum = (long long)size * (size - 1) / 2;
  for (int round = 0; round < ROUNDS; round++) {
    int root = (round / 20) % size, n = counts[round % 5];
    for (int i = 0; i < n; i++) {
      in[i] = rank + round + i; /* every element its own sum: a cell short of its data mixes them up */
      out[i] = -1;
    }
    if (rank == (round / 30) % size) lag(300);
    switch (round % 3) {
      case 0:
        MPI_Reduce(in, out, n, MPI_LONG_LONG, MPI_SUM, root, MPI_COMM_WORLD);
        if (rank != root) break;
        /* fall through: the root checks */
      case 1:
        if (round % 3 == 1) MPI_Allreduce(in, out, n, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        for (int i = 0; i < n; i++)
          CHECK(out[i] == ranks_sum + (long long)size * (round + i), "round %d: %d elements, element %d: sum %lld",
                round, n, i, out[i]);
        break;
      default:
        out[0] = rank == root ? round : -1;
        MPI_Bcast(out, 1, MPI_LONG_LONG, root, MPI_COMM_WORLD);
        CHECK(out[0] == round, "round %d: Bcast gave %lld", round, out[0]);
    }
  }
}

/* Reduces to one root that lags: the others run a ring ahead and wait for it at different points. */
static void reduces_to_a_slow_root(int rank, int size) {
  for (int round = 0; round < 4 * ROUNDS; round++) {
    int in = rank + round, out = -1;
    if (rank == 0 && round % 8 == 0) lag(50);
    MPI_Reduce(&in, &out, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    CHECK(rank != 0 || out == size * (size - 1) / 2 + size * round, "round %d: Reduce gave %d", round, out);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  back_to_back(rank, size);
  freed_by_root_at_once(rank, size);
  vector_type(rank, size);
  mixed_reductions(rank, size);
  reduces_to_a_slow_root(rank, size);
  report_ok("bcast_cells");
  MPI_Finalize();
  return 0;
}
