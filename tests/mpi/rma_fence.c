/* Active target synchronization by MPI_Win_fence: every rank puts into a slot of every rank (itself too),
 * gets what each rank stored locally between fences, accumulates into one slot of every rank; the fence
 * assertions MPI_MODE_NOPRECEDE, NOSTORE, NOPUT and NOSUCCEED where they hold; rounds with rotating
 * partners; large puts and gets of odd sizes; empty epochs, zero-size transfers and MPI_PROC_NULL targets,
 * which leave every buffer alone. */
#include "mpitest.h"

enum { UNTOUCHED = -1, ROUNDS = 10, LARGE = 64 * 1024 + 13 };

static int slot_value(int writer, int owner) { return writer * 1000 + owner; }

/* One window of `size` ints per rank: slot s belongs to rank s. */
static void all_to_all_slots(int rank, int size) {
  int* slots = NULL;
  MPI_Win win;
  MPI_Win_allocate(size * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &slots, &win);
  for (int s = 0; s < size; s++) slots[s] = UNTOUCHED;

  /* Puts: nothing precedes the first fence, and nobody stores locally during the epoch. */
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  int* out = malloc(size * sizeof(int));
  for (int t = 0; t < size; t++) {
    out[t] = slot_value(rank, t);
    MPI_Put(&out[t], 1, MPI_INT, t, rank, 1, MPI_INT, win);
  }
  MPI_Win_fence(MPI_MODE_NOSTORE, win);
  for (int s = 0; s < size; s++)
    CHECK(slots[s] == slot_value(s, rank), "Put: slot %d holds %d, expected %d", s, slots[s], slot_value(s, rank));

  /* Local stores, made visible by the next fence; the epoch after it only reads (MPI_MODE_NOPUT). */
  for (int s = 0; s < size; s++) slots[s] = -slot_value(rank, s);
  MPI_Win_fence(MPI_MODE_NOPUT, win);
  int* got = malloc(size * sizeof(int));
  for (int t = 0; t < size; t++) {
    got[t] = UNTOUCHED;
    MPI_Get(&got[t], 1, MPI_INT, t, rank, 1, MPI_INT, win);
  }
  MPI_Win_fence(MPI_MODE_NOSTORE, win);
  for (int t = 0; t < size; t++)
    CHECK(got[t] == -slot_value(t, rank), "Get from rank %d gave %d, expected %d", t, got[t], -slot_value(t, rank));

  /* Every rank adds rank + 1 to slot 0 of every rank; no RMA call follows the last fence. */
  int add = rank + 1;
  for (int t = 0; t < size; t++) MPI_Accumulate(&add, 1, MPI_INT, t, 0, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED | MPI_MODE_NOSTORE, win);
  int expected = -slot_value(rank, 0) + size * (size + 1) / 2;
  CHECK(slots[0] == expected, "Accumulate: slot 0 holds %d, expected %d", slots[0], expected);
  free(out);
  free(got);
  MPI_Win_free(&win);
}

/* Round r: rank puts to rank + r and gets from rank - r, each epoch reusing the buffers of the last. */
static void rotating_partners(int rank, int size) {
  int* cell = NULL;
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &cell, &win);
  cell[0] = cell[1] = UNTOUCHED;
  MPI_Win_fence(0, win);
  for (int r = 0; r < ROUNDS; r++) {
    int to = (rank + r) % size, from = (rank + size - r % size) % size, out = slot_value(rank, r), in = UNTOUCHED;
    cell[1] = slot_value(rank, -r); /* read by rank + r in this epoch, written before it opens */
    MPI_Win_fence(0, win);
    MPI_Put(&out, 1, MPI_INT, to, 0, 1, MPI_INT, win);
    MPI_Get(&in, 1, MPI_INT, from, 1, 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    CHECK(cell[0] == slot_value(from, r), "round %d: put from rank %d gave %d", r, from, cell[0]);
    CHECK(in == slot_value(from, -r), "round %d: get from rank %d gave %d", r, from, in);
    /* An empty epoch between rounds. */
    MPI_Win_fence(0, win);
  }
  MPI_Win_free(&win);
}

/* LARGE bytes put to the right neighbour and got from the left one, in one epoch. */
static void large_transfers(int rank, int size) {
  unsigned char *exposed = NULL, *out = malloc(LARGE), *in = malloc(LARGE);
  MPI_Win win;
  MPI_Win_allocate(2 * LARGE, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &exposed, &win);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  pattern_fill(exposed + LARGE, LARGE, pattern_seed(LARGE, rank, 1));
  pattern_fill(out, LARGE, pattern_seed(LARGE, rank, 0));
  memset(in, 0, LARGE);
  MPI_Win_fence(0, win);
  MPI_Put(out, LARGE, MPI_BYTE, right, 0, LARGE, MPI_BYTE, win);
  MPI_Get(in, LARGE, MPI_BYTE, left, LARGE, LARGE, MPI_BYTE, win);
  MPI_Win_fence(0, win);
  size_t bad = pattern_check(exposed, LARGE, pattern_seed(LARGE, left, 0));
  CHECK(bad == LARGE, "large Put from rank %d: byte %zu is wrong", left, bad);
  bad = pattern_check(in, LARGE, pattern_seed(LARGE, left, 1));
  CHECK(bad == LARGE, "large Get from rank %d: byte %zu is wrong", left, bad);
  bad = pattern_check(out, LARGE, pattern_seed(LARGE, rank, 0));
  CHECK(bad == LARGE, "large Put changed its origin buffer at byte %zu", bad);
  MPI_Win_free(&win);
  free(out);
  free(in);
}

/* Zero-size transfers and MPI_PROC_NULL targets move nothing, inside and outside the window. */
static void nothing_moves(int rank, int size) {
  int *cell = NULL, out[2] = {1, 2}, in[2] = {UNTOUCHED, UNTOUCHED};
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &cell, &win);
  cell[0] = cell[1] = UNTOUCHED;
  int right = (rank + 1) % size;
  MPI_Win_fence(0, win);
  MPI_Put(out, 0, MPI_INT, right, 0, 0, MPI_INT, win);
  MPI_Get(in, 0, MPI_INT, right, 0, 0, MPI_INT, win);
  MPI_Accumulate(out, 0, MPI_INT, right, 0, 0, MPI_INT, MPI_SUM, win);
  MPI_Put(out, 2, MPI_INT, MPI_PROC_NULL, 0, 2, MPI_INT, win);
  MPI_Get(in, 2, MPI_INT, MPI_PROC_NULL, 0, 2, MPI_INT, win);
  MPI_Accumulate(out, 2, MPI_INT, MPI_PROC_NULL, 0, 2, MPI_INT, MPI_SUM, win);
  MPI_Get_accumulate(out, 2, MPI_INT, in, 2, MPI_INT, MPI_PROC_NULL, 0, 2, MPI_INT, MPI_SUM, win);
  MPI_Win_fence(0, win);
  CHECK(cell[0] == UNTOUCHED && cell[1] == UNTOUCHED, "a transfer of nothing changed the window to %d %d", cell[0],
        cell[1]);
  CHECK(in[0] == UNTOUCHED && in[1] == UNTOUCHED, "a get of nothing changed its buffer to %d %d", in[0], in[1]);
  MPI_Win_free(&win);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  all_to_all_slots(rank, size);
  rotating_partners(rank, size);
  large_transfers(rank, size);
  nothing_moves(rank, size);
  report_ok("rma_fence");
  MPI_Finalize();
  return 0;
}
