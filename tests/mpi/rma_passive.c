/* Passive target synchronization. An exclusive lock really excludes: every rank increments counters at the
 * first and last rank by Get, flush, Put under MPI_LOCK_EXCLUSIVE, and the counts come out exact. Shared
 * locks let every rank read at once. Inside lock_all: puts to every rank completed by flush and flush_all,
 * Rput and Rget completed by MPI_Wait and by MPI_Test loops, origin buffers reusable after flush_local and
 * flush_local_all while the target still gets what was sent, a get after a flushed put seeing the put,
 * MPI_PROC_NULL targets; targets read their memory after MPI_Win_sync. Two windows over one buffer, both
 * in lock_all epochs for the whole phase, each carrying its own half. */
#include "mpitest.h"

enum { UNTOUCHED = -1, INCREMENTS = 20 };

static int remote_value(int origin, int target) { return origin * 1000 + target + 1; }

/* Read-modify-write by Get and Put, safe only if the lock excludes every other origin. */
static void exclusive_counters(int rank, int size) {
  int* counter = NULL;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &counter, &win);
  *counter = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < INCREMENTS; i++) {
    int target = i % 2 == 0 ? 0 : size - 1, value = -1;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, target, 0, win);
    MPI_Get(&value, 1, MPI_INT, target, 0, 1, MPI_INT, win);
    MPI_Win_flush(target, win);
    value++;
    MPI_Put(&value, 1, MPI_INT, target, 0, 1, MPI_INT, win);
    MPI_Win_unlock(target, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
  int total = *counter;
  MPI_Win_unlock(rank, win);
  int expected = size == 1 ? INCREMENTS : rank == 0 || rank == size - 1 ? size * INCREMENTS / 2 : 0;
  CHECK(total == expected, "exclusive locks: the counter holds %d, expected %d", total, expected);
  MPI_Win_free(&win);
}

/* Rank 0 stores an array; every rank reads it under a shared lock, all at once. */
static void shared_reads(int rank, int size) {
  enum { N = 100 };
  int *data = NULL, got[N];
  MPI_Win win;
  MPI_Win_allocate(N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &data, &win);
  for (int i = 0; i < N; i++) data[i] = rank * N + i;
  MPI_Barrier(MPI_COMM_WORLD);
  /* Rank 0's lock held while another one is taken and released (a rank may hold locks on several). */
  int other = (rank + size / 2) % size;
  MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
  if (other != 0) {
    MPI_Win_lock(MPI_LOCK_SHARED, other, 0, win);
    MPI_Get(got, N, MPI_INT, other, 0, N, MPI_INT, win);
    MPI_Win_unlock(other, win);
    for (int i = 0; i < N; i++)
      CHECK(got[i] == other * N + i, "shared lock: element %d of rank %d is %d", i, other, got[i]);
  }
  MPI_Get(got, N, MPI_INT, 0, 0, N, MPI_INT, win);
  MPI_Win_unlock(0, win);
  for (int i = 0; i < N; i++) CHECK(got[i] == i, "shared lock: element %d of rank 0 is %d", i, got[i]);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
}

/* Slot s of every window is written by rank s, four ways in turn. */
static void lock_all_epoch(int rank, int size) {
  int* slots = NULL;
  MPI_Win win;
  MPI_Win_allocate(size * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &slots, &win);
  for (int s = 0; s < size; s++) slots[s] = UNTOUCHED;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  int *out = malloc(size * sizeof(int)), *in = malloc(size * sizeof(int));
  for (int t = 0; t < size; t++) {
    int way = (t + rank) % 4;
    out[t] = remote_value(rank, t);
    if (way == 0) { /* Put, flush: complete at the target; a get from there sees it. */
      MPI_Put(&out[t], 1, MPI_INT, t, rank, 1, MPI_INT, win);
      MPI_Win_flush(t, win);
      in[t] = UNTOUCHED;
      MPI_Get(&in[t], 1, MPI_INT, t, rank, 1, MPI_INT, win);
      MPI_Win_flush(t, win);
      CHECK(in[t] == out[t], "a get after a flushed put to rank %d gave %d, expected %d", t, in[t], out[t]);
    } else if (way == 1) { /* Rput waited for, then its buffer reused: the target keeps what was sent. */
      MPI_Request req;
      MPI_Rput(&out[t], 1, MPI_INT, t, rank, 1, MPI_INT, win, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
      out[t] = UNTOUCHED;
    } else if (way == 2) { /* Rput polled with MPI_Test. */
      MPI_Request req;
      int done = 0;
      MPI_Rput(&out[t], 1, MPI_INT, t, rank, 1, MPI_INT, win, &req);
      while (!done) MPI_Test(&req, &done, MPI_STATUS_IGNORE);
      CHECK(req == MPI_REQUEST_NULL, "a completed Rput left its request");
    } else { /* Put, flush_local: the buffer is free again, the data still arrives. */
      MPI_Put(&out[t], 1, MPI_INT, t, rank, 1, MPI_INT, win);
      MPI_Win_flush_local(t, win);
      out[t] = UNTOUCHED;
    }
  }
  int nothing = 5;
  MPI_Request null_req;
  MPI_Put(&nothing, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, win);
  MPI_Rput(&nothing, 1, MPI_INT, MPI_PROC_NULL, 0, 1, MPI_INT, win, &null_req);
  MPI_Wait(&null_req, MPI_STATUS_IGNORE);
  MPI_Win_flush_local_all(win);
  MPI_Win_flush_all(win);
  MPI_Barrier(MPI_COMM_WORLD); /* every rank's puts are complete at their targets */
  MPI_Win_sync(win);
  for (int s = 0; s < size; s++)
    CHECK(slots[s] == remote_value(s, rank), "lock_all: slot %d holds %d, expected %d", s, slots[s],
          remote_value(s, rank));

  /* Rget of the whole window of every rank, half waited for, half tested. */
  int* all = malloc(size * sizeof(int));
  for (int t = 0; t < size; t++) {
    MPI_Request req;
    int done = 0;
    for (int s = 0; s < size; s++) all[s] = UNTOUCHED;
    MPI_Rget(all, size, MPI_INT, t, 0, size, MPI_INT, win, &req);
    if (t % 2 == 0) MPI_Wait(&req, MPI_STATUS_IGNORE);
    while (!done) MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    for (int s = 0; s < size; s++)
      CHECK(all[s] == remote_value(s, t), "Rget: slot %d of rank %d is %d, expected %d", s, t, all[s],
            remote_value(s, t));
  }
  MPI_Win_unlock_all(win);
  free(out);
  free(in);
  free(all);
  MPI_Win_free(&win);
}

/* Two windows over one buffer: the first half of it written through `low`, the second through `high`,
 * each window in a lock_all epoch from start to end; then read back through the other window. */
static void aliased_windows(int rank, int size) {
  int* buffer = malloc(2 * size * sizeof(int));
  for (int i = 0; i < 2 * size; i++) buffer[i] = UNTOUCHED;
  MPI_Win low, high;
  MPI_Win_create(buffer, 2 * size * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &low);
  MPI_Win_create(buffer, 2 * size * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &high);
  MPI_Win_lock_all(0, low);
  MPI_Win_lock_all(0, high);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int to_low = remote_value(rank, right), to_high = -remote_value(rank, right);
  MPI_Put(&to_low, 1, MPI_INT, right, rank, 1, MPI_INT, low);
  MPI_Put(&to_high, 1, MPI_INT, right, size + rank, 1, MPI_INT, high);
  MPI_Win_flush_all(low);
  MPI_Win_flush_all(high);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_sync(low);
  MPI_Win_sync(high);
  CHECK(buffer[left] == remote_value(left, rank), "aliased windows: through the first, got %d", buffer[left]);
  CHECK(buffer[size + left] == -remote_value(left, rank), "aliased windows: through the second, got %d",
        buffer[size + left]);
  int via_high = UNTOUCHED, via_low = UNTOUCHED;
  MPI_Get(&via_high, 1, MPI_INT, right, rank, 1, MPI_INT, high);
  MPI_Get(&via_low, 1, MPI_INT, right, size + rank, 1, MPI_INT, low);
  MPI_Win_flush(right, high);
  MPI_Win_flush(right, low);
  CHECK(via_high == to_low && via_low == to_high, "aliased windows: read back %d and %d, expected %d and %d", via_high,
        via_low, to_low, to_high);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_unlock_all(high);
  MPI_Win_unlock_all(low);
  MPI_Win_free(&high);
  MPI_Win_free(&low);
  free(buffer);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  exclusive_counters(rank, size);
  shared_reads(rank, size);
  lock_all_epoch(rank, size);
  aliased_windows(rank, size);
  report_ok("rma_passive");
  MPI_Finalize();
  return 0;
}
