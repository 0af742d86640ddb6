/* An origin cannot flood a target node with one-sided operations: while the target's worker is busy (the
 * target rank computes, calling nothing of MPI), the operations toward it are not answered, and an origin on
 * another node is held back after a bounded number of them instead of sending on.
 *
 * Rank 0 holds a lock on the last rank's window and issues PUTS puts of one double each, far more than any
 * bound an origin may keep unanswered; meanwhile the last rank is busy for `busy` seconds. The last put can
 * only return after the target became free. Unbounded, the puts all return within milliseconds. On one node a
 * put is a copy and needs no target: there only the data is checked. */
#define _POSIX_C_SOURCE 200809L
#include "machine_clock.h"
#include "mpitest.h"
#include "same_node.h"

enum { PUTS = 2000 };
static const double busy = 1.0; /* seconds: far above the time PUTS puts take when nothing holds them back */

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int origin = 0, target = size - 1;
  int apart = !shares_node_with(rank == origin ? target : origin);

  double* base;
  MPI_Win win;
  MPI_Win_allocate(rank == target ? PUTS * (MPI_Aint)sizeof(double) : 0, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &base, &win);
  if (rank == target)
    for (int i = 0; i < PUTS; ++i) base[i] = -1.0;
  MPI_Win_sync(win);

  double values[PUTS];
  for (int i = 0; i < PUTS; ++i) values[i] = i * 0.5 + rank;
  double last_put_returned = 0.0, target_free = 0.0;
  if (rank == origin && size > 1) MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == target && apart) {
    busy_for(busy);
    target_free = machine_now();
  }
  if (rank == origin) {
    if (size == 1) MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
    for (int i = 0; i < PUTS; ++i) MPI_Put(&values[i], 1, MPI_DOUBLE, target, i, 1, MPI_DOUBLE, win);
    last_put_returned = machine_now();
    MPI_Win_unlock(target, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);

  if (rank == target) {
    MPI_Win_lock(MPI_LOCK_SHARED, target, 0, win);
    for (int i = 0; i < PUTS; ++i)
      CHECK(base[i] == i * 0.5 + origin, "element %d of the target's window is %g, put %g", i, base[i], i * 0.5);
    MPI_Win_unlock(target, win);
  }
  if (apart) {
    if (rank == target) MPI_Send(&target_free, 1, MPI_DOUBLE, origin, 0, MPI_COMM_WORLD);
    if (rank == origin) {
      MPI_Recv(&target_free, 1, MPI_DOUBLE, target, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      CHECK(last_put_returned >= target_free,
            "the last of %d puts to a busy rank of another node returned %.3f s before that rank was free: "
            "nothing held the origin back",
            PUTS, target_free - last_put_returned);
    }
  }

  MPI_Win_free(&win);
  MPI_Finalize();
  if (rank == 0) printf("rma_flow_control: ok\n");
  return 0;
}
