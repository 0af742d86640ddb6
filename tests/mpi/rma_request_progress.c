/* Request-based one-sided operations on a member of another node return at once: their requests complete
 * when the target's node answered, not inside the call.
 *
 * The last rank is busy for `busy` seconds, calling nothing of MPI, so its worker answers nothing. Meanwhile
 * rank 0 issues MPI_Rput, MPI_Rget, MPI_Raccumulate and MPI_Rget_accumulate toward it, and one more MPI_Rput
 * whose request it frees at once: all return before the target is free, and MPI_Testall finds their requests
 * pending. They complete afterwards, waited for with MPI_Waitany, MPI_Wait, MPI_Test and MPI_Waitall, with the
 * data right at both ends; the freed one completes by the unlock. On the target's node every request is
 * complete when its call returns: there the data is checked, and that MPI_Testall finds them done. */
#define _POSIX_C_SOURCE 200809L
#include "machine_clock.h"
#include "mpitest.h"
#include "same_node.h"

enum { N = 64, PUT = 0, GET = N, ACCUMULATE = 2 * N, GET_ACCUMULATE = 3 * N, FREED = 4 * N, SLOTS = 4 * N + 1 };
static const double busy = 1.0; /* seconds: far above the time the calls take when nothing holds them back */

/* The target's window, its slots set to what the checks expect before the operations. */
static MPI_Win target_window(int is_target) {
  int* slots;
  MPI_Win win;
  MPI_Win_allocate(is_target ? SLOTS * (MPI_Aint)sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &slots,
                   &win);
  for (int i = 0; is_target && i < N; ++i) {
    slots[PUT + i] = -1;
    slots[GET + i] = 100 + i;
    slots[ACCUMULATE + i] = i;
    slots[GET_ACCUMULATE + i] = 10 * i;
  }
  if (is_target) slots[FREED] = -1;
  MPI_Win_sync(win);
  return win;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int origin = 0, target = size - 1;
  const int apart = !shares_node_with(rank == origin ? target : origin);
  MPI_Win win = target_window(rank == target);

  int put[N], got[N], ones[N], add[N], fetched[N], freed_value = 42;
  for (int i = 0; i < N; ++i) {
    put[i] = 1000 + i;
    got[i] = fetched[i] = -1;
    ones[i] = 1;
    add[i] = 7;
  }
  double calls_returned = 0.0, target_free = 0.0;
  int pending = 0;
  if (rank == origin) MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == target && apart) {
    busy_for(busy);
    target_free = machine_now();
  }
  if (rank == origin) {
    MPI_Request requests[4], freed;
    MPI_Rput(put, N, MPI_INT, target, PUT, N, MPI_INT, win, &requests[0]);
    MPI_Rget(got, N, MPI_INT, target, GET, N, MPI_INT, win, &requests[1]);
    MPI_Raccumulate(ones, N, MPI_INT, target, ACCUMULATE, N, MPI_INT, MPI_SUM, win, &requests[2]);
    MPI_Rget_accumulate(add, N, MPI_INT, fetched, N, MPI_INT, target, GET_ACCUMULATE, N, MPI_INT, MPI_SUM, win,
                        &requests[3]);
    MPI_Rput(&freed_value, 1, MPI_INT, target, FREED, 1, MPI_INT, win, &freed);
    MPI_Request_free(&freed);
    calls_returned = machine_now();
    int all_done = 0;
    MPI_Testall(4, requests, &all_done, MPI_STATUSES_IGNORE);
    pending = !all_done;
    if (!apart) CHECK(all_done, "requests of operations on a rank of this node were not complete at return");
    if (pending) {
      int index;
      MPI_Waitany(4, requests, &index, MPI_STATUS_IGNORE);
      CHECK(index >= 0 && index < 4 && requests[index] == MPI_REQUEST_NULL, "MPI_Waitany returned index %d", index);
      MPI_Wait(&requests[1], MPI_STATUS_IGNORE);
      for (int done = 0; !done;) MPI_Test(&requests[2], &done, MPI_STATUS_IGNORE);
      MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
    }
    for (int i = 0; i < 4; ++i) CHECK(requests[i] == MPI_REQUEST_NULL, "request %d was left after its completion", i);
    for (int i = 0; i < N; ++i) {
      CHECK(got[i] == 100 + i, "MPI_Rget: element %d is %d, expected %d", i, got[i], 100 + i);
      CHECK(fetched[i] == 10 * i, "MPI_Rget_accumulate: element %d fetched %d, expected %d", i, fetched[i], 10 * i);
    }
    MPI_Win_unlock(target, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);

  if (rank == target) {
    int *slots, found;
    MPI_Win_get_attr(win, MPI_WIN_BASE, &slots, &found);
    MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
    for (int i = 0; i < N; ++i) {
      CHECK(slots[PUT + i] == 1000 + i, "MPI_Rput: element %d is %d, expected %d", i, slots[PUT + i], 1000 + i);
      CHECK(slots[ACCUMULATE + i] == i + 1, "MPI_Raccumulate: element %d is %d, expected %d", i, slots[ACCUMULATE + i],
            i + 1);
      CHECK(slots[GET_ACCUMULATE + i] == 10 * i + 7, "MPI_Rget_accumulate: element %d is %d, expected %d", i,
            slots[GET_ACCUMULATE + i], 10 * i + 7);
    }
    CHECK(slots[FREED] == 42, "the MPI_Rput whose request was freed left %d, expected 42", slots[FREED]);
    MPI_Win_unlock(target, win);
  }
  if (apart) {
    if (rank == target) MPI_Send(&target_free, 1, MPI_DOUBLE, origin, 0, MPI_COMM_WORLD);
    if (rank == origin) {
      MPI_Recv(&target_free, 1, MPI_DOUBLE, target, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      CHECK(calls_returned < target_free,
            "request-based operations on a busy rank of another node returned %.3f s after it was free: they "
            "waited in the call for the target's answers",
            calls_returned - target_free);
      CHECK(pending, "the requests toward a busy rank of another node were complete before it answered");
    }
  }

  MPI_Win_free(&win);
  MPI_Finalize();
  if (rank == 0) printf("rma_request_progress: ok\n");
  return 0;
}
