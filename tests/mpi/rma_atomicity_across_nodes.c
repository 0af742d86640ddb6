/* Accumulates from origins on the target's node and on other nodes exclude each other: every rank adds 1
 * K times with MPI_Accumulate to one location and K times with MPI_Fetch_and_op to another, at the first and
 * at the last rank (on different nodes when the job spans several): both end at N*K, and the values
 * fetch-and-add returned at each are exactly 0..N*K-1, each once. Long accumulates, which take a while to
 * combine, sent by every rank until all have sent some (so that those of the target's node, which are
 * fast, meet those of other nodes), leave every element of a wide array at the number sent.
 * Exclusive locks exclude each other across nodes too: a read-modify-write of plain Get and Put under
 * MPI_LOCK_EXCLUSIVE counts every rank's increments. */
#include <stdlib.h>

#include "mpitest.h"

enum { ADDS = 1000, WIDE_ADDS = 100, WIDTH = 2048, LOCKED_ADDS = 20 };

typedef struct {
  long accumulated;
  long wide[WIDTH];
  long fetched;
  long locked;
  long finished; /* ranks that sent their WIDE_ADDS wide accumulates */
} counters;

static int compare_longs(const void* a, const void* b) {
  long x = *(const long*)a, y = *(const long*)b;
  return (x > y) - (x < y);
}

/* Rank 0 checks that the values fetched at one location are 0..N*K-1. */
static void check_distinct(long* mine, int rank, int size, const char* where) {
  long* all = rank == 0 ? malloc(sizeof(long) * ADDS * size) : NULL;
  MPI_Gather(mine, ADDS, MPI_LONG, all, ADDS, MPI_LONG, 0, MPI_COMM_WORLD);
  if (rank != 0) return;
  qsort(all, (size_t)ADDS * size, sizeof(long), compare_longs);
  for (long i = 0; i < (long)ADDS * size; i++)
    CHECK(all[i] == i, "fetch-and-add at %s: sorted value %ld is %ld (a value fetched twice or never)", where, i,
          all[i]);
  free(all);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  counters* mine;
  MPI_Win win;
  MPI_Win_allocate(sizeof(counters), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &mine, &win);
  for (int k = 0; k < WIDTH; k++) mine->wide[k] = 0;
  mine->accumulated = mine->fetched = mine->locked = mine->finished = 0;
  MPI_Win_fence(0, win);

  const int targets[2] = {0, size - 1};
  long* fetched[2] = {malloc(sizeof(long) * ADDS), malloc(sizeof(long) * ADDS)};
  long* ones = malloc(sizeof(long) * WIDTH);
  for (int k = 0; k < WIDTH; k++) ones[k] = 1;
  MPI_Win_lock_all(0, win);
  long wide_sent = 0, finished = 0;
  for (; wide_sent < WIDE_ADDS || finished < size; wide_sent++) {
    for (int t = 0; t < 2; t++)
      MPI_Accumulate(ones, WIDTH, MPI_LONG, targets[t], offsetof(counters, wide), WIDTH, MPI_LONG, MPI_SUM, win);
    MPI_Fetch_and_op(ones, &finished, MPI_LONG, 0, offsetof(counters, finished),
                     wide_sent + 1 == WIDE_ADDS ? MPI_SUM : MPI_NO_OP, win);
    MPI_Win_flush(0, win);
    if (wide_sent + 1 == WIDE_ADDS) finished++;
  }
  for (int i = 0; i < ADDS; i++)
    for (int t = 0; t < 2; t++) {
      MPI_Accumulate(ones, 1, MPI_LONG, targets[t], offsetof(counters, accumulated), 1, MPI_LONG, MPI_SUM, win);
      MPI_Fetch_and_op(ones, &fetched[t][i], MPI_LONG, targets[t], offsetof(counters, fetched), MPI_SUM, win);
      MPI_Win_flush(targets[t], win);
    }
  MPI_Win_unlock_all(win);
  free(ones);

  for (int i = 0; i < LOCKED_ADDS; i++)
    for (int t = 0; t < 2; t++) {
      long value = 0;
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, targets[t], 0, win);
      MPI_Get(&value, 1, MPI_LONG, targets[t], offsetof(counters, locked), 1, MPI_LONG, win);
      MPI_Win_flush(targets[t], win);
      value++;
      MPI_Put(&value, 1, MPI_LONG, targets[t], offsetof(counters, locked), 1, MPI_LONG, win);
      MPI_Win_unlock(targets[t], win);
    }
  MPI_Win_fence(0, win);

  long wide_total = 0;
  MPI_Allreduce(&wide_sent, &wide_total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == targets[0] || rank == targets[1]) {
    CHECK(mine->accumulated == (long)ADDS * size, "rank %d: %ld accumulated, expected %ld", rank, mine->accumulated,
          (long)ADDS * size);
    for (int k = 0; k < WIDTH; k++)
      CHECK(mine->wide[k] == wide_total, "rank %d, wide element %d: %ld accumulated, expected %ld", rank, k,
            mine->wide[k], wide_total);
    CHECK(mine->fetched == (long)ADDS * size, "rank %d: fetch-and-add reached %ld, expected %ld", rank, mine->fetched,
          (long)ADDS * size);
    CHECK(mine->locked == (long)LOCKED_ADDS * size, "rank %d: %ld increments under exclusive locks, expected %ld", rank,
          mine->locked, (long)LOCKED_ADDS * size);
  }
  check_distinct(fetched[0], rank, size, "the first rank");
  if (size > 1) check_distinct(fetched[1], rank, size, "the last rank");
  free(fetched[0]);
  free(fetched[1]);
  MPI_Win_free(&win);
  report_ok("rma_atomicity_across_nodes");
  MPI_Finalize();
  return 0;
}
