/* Atomicity of accumulates: N ranks each adding 1 K times to one location always give N*K, whether by
 * MPI_Accumulate (SUM of int), MPI_Fetch_and_op (SUM of int64_t and of double) or Compare_and_swap retried
 * until it succeeds; the values fetch-and-add returns are exactly 0..N*K-1, each once. Compare_and_swap as
 * a lock around a read-modify-write of plain Get and Put gives the exact count too. All in lock_all epochs,
 * the locations spread over the first, middle and last rank. */
#include <stdint.h>

#include "mpitest.h"

enum { ADDS = 100, FETCHES = 50, CAS_ADDS = 10, LOCKED_ADDS = 5 };

typedef struct {
  int accumulated;
  int64_t fetched;
  double fetched_double;
  int swapped;
  int lock, guarded;
} counters;

#define DISP(field) ((MPI_Aint)offsetof(counters, field))

/* Fetch-and-add results from all ranks: each of 0..total-1 exactly once. */
static void check_permutation(int rank, int size, const int64_t* mine, int per_rank, const char* what) {
  int total = size * per_rank;
  int64_t* all = rank == 0 ? malloc(total * sizeof(int64_t)) : NULL;
  MPI_Gather(mine, per_rank, MPI_INT64_T, all, per_rank, MPI_INT64_T, 0, MPI_COMM_WORLD);
  if (rank != 0) return;
  char* seen = calloc(total, 1);
  for (int i = 0; i < total; i++) {
    CHECK(all[i] >= 0 && all[i] < total && !seen[all[i]], "%s: rank %d fetched %lld, out of range or seen before", what,
          i / per_rank, (long long)all[i]);
    seen[all[i]] = 1;
  }
  free(seen);
  free(all);
}

static void accumulate_adds(MPI_Win win) {
  int one = 1, target = 0;
  MPI_Win_lock_all(0, win);
  for (int i = 0; i < ADDS; i++) MPI_Accumulate(&one, 1, MPI_INT, target, DISP(accumulated), 1, MPI_INT, MPI_SUM, win);
  MPI_Win_unlock_all(win);
}

static void fetch_and_adds(int rank, int size, MPI_Win win) {
  int64_t one = 1, fetched[FETCHES];
  double one_double = 1.0, fetched_double[FETCHES];
  int target = size - 1, double_target = size / 2;
  MPI_Win_lock_all(0, win);
  for (int i = 0; i < FETCHES; i++) {
    MPI_Fetch_and_op(&one, &fetched[i], MPI_INT64_T, target, DISP(fetched), MPI_SUM, win);
    MPI_Fetch_and_op(&one_double, &fetched_double[i], MPI_DOUBLE, double_target, DISP(fetched_double), MPI_SUM, win);
    MPI_Win_flush_all(win);
  }
  MPI_Win_unlock_all(win);
  check_permutation(rank, size, fetched, FETCHES, "Fetch_and_op on int64_t");
  int64_t as_integers[FETCHES];
  for (int i = 0; i < FETCHES; i++) as_integers[i] = (int64_t)fetched_double[i];
  check_permutation(rank, size, as_integers, FETCHES, "Fetch_and_op on double");
}

/* Read the counter (MPI_NO_OP), then swap in one more if nobody changed it meanwhile; retry otherwise. */
static void compare_and_swap_adds(MPI_Win win) {
  int target = 0, unused = 0;
  MPI_Win_lock_all(0, win);
  for (int i = 0; i < CAS_ADDS; i++) {
    int seen, now, next;
    MPI_Fetch_and_op(&unused, &seen, MPI_INT, target, DISP(swapped), MPI_NO_OP, win);
    MPI_Win_flush(target, win);
    do {
      next = seen + 1;
      MPI_Compare_and_swap(&next, &seen, &now, MPI_INT, target, DISP(swapped), win);
      MPI_Win_flush(target, win);
      if (now == seen) break;
      seen = now;
    } while (1);
  }
  MPI_Win_unlock_all(win);
}

/* A spin lock at the middle rank (0 free, else holder + 1) guarding a counter at the last rank, which is
 * read and written by Get and Put. */
static void lock_by_compare_and_swap(int rank, int size, MPI_Win win) {
  int lock_rank = size / 2, data_rank = size - 1, free_value = 0, mine = rank + 1;
  MPI_Win_lock_all(0, win);
  for (int i = 0; i < LOCKED_ADDS; i++) {
    int holder;
    do {
      MPI_Compare_and_swap(&mine, &free_value, &holder, MPI_INT, lock_rank, DISP(lock), win);
      MPI_Win_flush(lock_rank, win);
    } while (holder != free_value);
    int value;
    MPI_Get(&value, 1, MPI_INT, data_rank, DISP(guarded), 1, MPI_INT, win);
    MPI_Win_flush(data_rank, win);
    value++;
    MPI_Put(&value, 1, MPI_INT, data_rank, DISP(guarded), 1, MPI_INT, win);
    MPI_Win_flush(data_rank, win);
    MPI_Compare_and_swap(&free_value, &mine, &holder, MPI_INT, lock_rank, DISP(lock), win);
    MPI_Win_flush(lock_rank, win);
    CHECK(holder == mine, "the lock was held by %d while rank %d held it", holder - 1, rank);
  }
  MPI_Win_unlock_all(win);
}

/* Once every rank's epochs have ended, rank 0 reads the counters where they are. */
static void check_counters(int rank, int size, MPI_Win win) {
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank != 0) return;
  counters first, middle, last;
  MPI_Win_lock_all(0, win);
  MPI_Get(&first, sizeof(counters), MPI_BYTE, 0, 0, sizeof(counters), MPI_BYTE, win);
  MPI_Get(&middle, sizeof(counters), MPI_BYTE, size / 2, 0, sizeof(counters), MPI_BYTE, win);
  MPI_Get(&last, sizeof(counters), MPI_BYTE, size - 1, 0, sizeof(counters), MPI_BYTE, win);
  MPI_Win_unlock_all(win);
  CHECK(first.accumulated == size * ADDS, "MPI_Accumulate SUM of int: %d, expected %d", first.accumulated, size * ADDS);
  CHECK(last.fetched == size * FETCHES, "MPI_Fetch_and_op SUM of int64_t: %lld, expected %d", (long long)last.fetched,
        size * FETCHES);
  CHECK(middle.fetched_double == size * FETCHES, "MPI_Fetch_and_op SUM of double: %g, expected %d",
        middle.fetched_double, size * FETCHES);
  CHECK(first.swapped == size * CAS_ADDS, "Compare_and_swap increments: %d, expected %d", first.swapped,
        size * CAS_ADDS);
  CHECK(last.guarded == size * LOCKED_ADDS, "Get and Put under a Compare_and_swap lock: %d, expected %d", last.guarded,
        size * LOCKED_ADDS);
  CHECK(middle.lock == 0, "the Compare_and_swap lock is still held by rank %d", middle.lock - 1);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  counters* local = NULL;
  MPI_Win win;
  MPI_Win_allocate(sizeof(counters), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &local, &win);
  memset(local, 0, sizeof *local);
  MPI_Barrier(MPI_COMM_WORLD);
  accumulate_adds(win);
  fetch_and_adds(rank, size, win);
  compare_and_swap_adds(win);
  lock_by_compare_and_swap(rank, size, win);
  check_counters(rank, size, win);
  MPI_Win_free(&win);
  report_ok("rma_atomics");
  MPI_Finalize();
  return 0;
}
