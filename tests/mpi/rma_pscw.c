/* General active target synchronization: MPI_Win_post/start/complete/wait with groups that are subsets of
 * the window's. A ring where every rank is origin (to its right) and target (of its left) at once, through
 * the same window; a star where rank 0 accesses every other rank, which poll MPI_Win_test until their
 * exposure ends; pairs across the halves of the world where the first half only reads (post with
 * MPI_MODE_NOPUT) and a rank left out of both halves takes no part; epochs back to back, alternating
 * direction, with accumulates. */
#include "mpitest.h"

enum { UNTOUCHED = -1, ROUNDS = 8 };

static MPI_Group group_of(MPI_Group world, int n, const int* ranks) {
  MPI_Group group;
  MPI_Group_incl(world, n, ranks, &group);
  return group;
}

/* Exposed to the left neighbour, accessing the right one: each rank both origin and target. */
static void ring(int rank, int size, MPI_Win win, int* cell, MPI_Group world) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size, mine = 10 * rank + 1;
  MPI_Group to_left = group_of(world, 1, &left), to_right = group_of(world, 1, &right);
  *cell = UNTOUCHED;
  MPI_Win_post(to_left, 0, win);
  MPI_Win_start(to_right, 0, win);
  MPI_Put(&mine, 1, MPI_INT, right, 0, 1, MPI_INT, win);
  MPI_Win_complete(win);
  MPI_Win_wait(win);
  CHECK(*cell == 10 * left + 1, "ring: the cell holds %d, expected %d from rank %d", *cell, 10 * left + 1, left);
  MPI_Group_free(&to_left);
  MPI_Group_free(&to_right);
}

/* Rank 0 puts into every other rank; they poll MPI_Win_test, which must become true once rank 0 completes. */
static void star(int rank, int size, MPI_Win win, int* cell, MPI_Group world) {
  if (size == 1) return;
  *cell = UNTOUCHED;
  if (rank == 0) {
    MPI_Group others, zero = group_of(world, 1, &rank);
    MPI_Group_difference(world, zero, &others);
    MPI_Win_start(others, 0, win);
    int* values = malloc(size * sizeof(int));
    for (int t = 1; t < size; t++) {
      values[t] = 100 + t;
      MPI_Put(&values[t], 1, MPI_INT, t, 0, 1, MPI_INT, win);
    }
    MPI_Win_complete(win);
    free(values);
    MPI_Group_free(&others);
    MPI_Group_free(&zero);
  } else {
    int zero = 0, done = 0;
    MPI_Group from_zero = group_of(world, 1, &zero);
    MPI_Win_post(from_zero, 0, win);
    while (!done) MPI_Win_test(win, &done);
    CHECK(*cell == 100 + rank, "star: the cell holds %d, expected %d", *cell, 100 + rank);
    MPI_Group_free(&from_zero);
  }
}

/* Rank i of the first half reads from rank i + half; the second half's ranks post with MPI_MODE_NOPUT. An
 * odd rank out (the last) takes no part. */
static void halves_reading(int rank, int size, MPI_Win win, int* cell, MPI_Group world) {
  int half = size / 2;
  *cell = 1000 + rank;
  if (rank < half) {
    int partner = rank + half, got = UNTOUCHED;
    MPI_Group group = group_of(world, 1, &partner);
    MPI_Win_start(group, 0, win);
    MPI_Get(&got, 1, MPI_INT, partner, 0, 1, MPI_INT, win);
    MPI_Win_complete(win);
    CHECK(got == 1000 + partner, "halves: got %d from rank %d, expected %d", got, partner, 1000 + partner);
    MPI_Group_free(&group);
  } else if (rank < 2 * half) {
    int partner = rank - half;
    MPI_Group group = group_of(world, 1, &partner);
    MPI_Win_post(group, MPI_MODE_NOPUT, win);
    MPI_Win_wait(win);
    CHECK(*cell == 1000 + rank, "halves: a read-only exposure changed the cell to %d", *cell);
    MPI_Group_free(&group);
  }
}

/* Pairs (0,1), (2,3), ...: in even rounds the even rank adds to the odd one's cell, in odd rounds the other
 * way; an odd rank out is its own partner and does both. */
static void alternating_epochs(int rank, int size, MPI_Win win, int* cell, MPI_Group world) {
  struct pairing p = pair_up(rank, size);
  MPI_Group partner = group_of(world, 1, &p.partner);
  *cell = 0;
  MPI_Barrier(MPI_COMM_WORLD); /* the cell is reset everywhere before anyone adds to it */
  int added = 0;
  for (int r = 0; r < ROUNDS; r++) {
    int origin = r % 2 == 0 ? p.sends : p.receives, target = r % 2 == 0 ? p.receives : p.sends, add = r + 1;
    if (target) MPI_Win_post(partner, 0, win);
    if (origin) {
      MPI_Win_start(partner, 0, win);
      MPI_Accumulate(&add, 1, MPI_INT, p.partner, 0, 1, MPI_INT, MPI_SUM, win);
      MPI_Win_complete(win);
    }
    if (target) {
      MPI_Win_wait(win);
      added += add;
    }
  }
  CHECK(*cell == added, "alternating epochs: the cell holds %d, expected %d", *cell, added);
  MPI_Group_free(&partner);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int* cell = NULL;
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &cell, &win);
  MPI_Group world;
  MPI_Win_get_group(win, &world);
  ring(rank, size, win, cell, world);
  MPI_Barrier(MPI_COMM_WORLD);
  star(rank, size, win, cell, world);
  MPI_Barrier(MPI_COMM_WORLD);
  halves_reading(rank, size, win, cell, world);
  MPI_Barrier(MPI_COMM_WORLD);
  alternating_epochs(rank, size, win, cell, world);
  MPI_Group_free(&world);
  MPI_Win_free(&win);
  report_ok("rma_pscw");
  MPI_Finalize();
  return 0;
}
