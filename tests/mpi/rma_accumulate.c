/* Accumulates with every predefined operation: all ranks accumulate three elements per case into the last
 * rank under a fence, and the result must be the fold of every contribution into the initial value (the
 * operations are commutative, so any order gives it). SUM, PROD, MAX, MIN, LAND, LOR, LXOR, BAND, BOR and
 * BXOR on int; SUM, PROD, MAX and MIN on double; MAXLOC and MINLOC on MPI_DOUBLE_INT with ties (the lower
 * index wins); SUM on short, long long and uint8_t (wrapping); MPI_REPLACE from one rank and from all (each
 * element then one rank's). Accumulates from one origin to one location are ordered (MPI's default
 * accumulate_ordering): REPLACE then SUM, Get_accumulate twice, MPI_NO_OP after SUM. Raccumulate and
 * Rget_accumulate in a lock_all epoch, waited for and tested. */
#include <stdint.h>

#include "mpitest.h"

enum { COUNT = 3 };

static const MPI_Op int_ops[] = {MPI_SUM, MPI_PROD, MPI_MAX,  MPI_MIN, MPI_LAND,
                                 MPI_LOR, MPI_LXOR, MPI_BAND, MPI_BOR, MPI_BXOR};
static const char* const int_op_names[] = {"SUM", "PROD", "MAX", "MIN", "LAND", "LOR", "LXOR", "BAND", "BOR", "BXOR"};
enum { INT_OPS = sizeof int_ops / sizeof int_ops[0], DOUBLE_OPS = 4 };

typedef struct {
  double value;
  int index;
} double_int;

/* The target's window; displacements are offsets into it (unit 1). */
typedef struct {
  int ints[INT_OPS][COUNT];
  double doubles[DOUBLE_OPS][COUNT];
  double_int maxloc[COUNT], minloc[COUNT];
  short shorts[COUNT];
  long long longs[COUNT];
  uint8_t bytes[COUNT];
  int replaced_by_one[COUNT], replaced_by_all[COUNT];
  int ordered_replace_sum, ordered_fetches, ordered_no_op;
} layout;

/* Contribution of rank r to element k of int case `op`; chosen so that every operation's fold depends on
 * many ranks and stays in range at 1,000 ranks (PROD multiplies by -1 or 1). */
static int int_contribution(int op, int r, int k) {
  switch (op) {
    case 0:
      return 3 * r + k;
    case 1:
      return (r + k) % 3 == 0 ? -1 : 1;
    case 2:
    case 3:
      return (r * 37 + k * 11) % 101 - 50;
    case 4:
      return (r + k) % 5 != 4;
    case 5:
      return (r + k) % 7 == 6;
    case 6:
      return (r * (k + 1)) % 2;
    case 7:
      return ~(1 << ((r + k) % 31));
    case 8:
      return 1 << ((r * 3 + k) % 31);
    default:
      return (int)((unsigned)r * 2654435761u + (unsigned)k);
  }
}

static int int_initial(int op, int k) {
  static const int initial[INT_OPS] = {100, 7, -60, 60, 1, 0, 1, -1, 1 << 30, 12345};
  return initial[op] + (op == 0 ? k : 0);
}

static int int_fold(int op, int a, int b) {
  switch (op) {
    case 0:
      return a + b;
    case 1:
      return a * b;
    case 2:
      return a > b ? a : b;
    case 3:
      return a < b ? a : b;
    case 4:
      return a && b;
    case 5:
      return a || b;
    case 6:
      return !a != !b;
    case 7:
      return a & b;
    case 8:
      return a | b;
    default:
      return a ^ b;
  }
}

/* Exact in binary: halves and small integers. */
static double double_contribution(int op, int r, int k) {
  switch (op) {
    case 0:
      return r + 0.25 * k;
    case 1:
      return (r + k) % 6 == 0 ? 2.0 : (r + k) % 6 == 3 ? 0.5 : 1.0;
    default:
      return ((r * 37 + k * 11) % 101) / 4.0 - 12;
  }
}

static double double_fold(int op, double a, double b) {
  switch (op) {
    case 0:
      return a + b;
    case 1:
      return a * b;
    case 2:
      return a > b ? a : b;
    default:
      return a < b ? a : b;
  }
}

/* Values repeat every 7 ranks, so ties are many and the lower index must win them. */
static double_int location_contribution(int r, int k) { return (double_int){(r * 13 + k) % 7, r}; }

static double_int location_fold(int max, double_int a, double_int b) {
  if (a.value == b.value) return a.index < b.index ? a : b;
  return (a.value > b.value) == max ? a : b;
}

static void set_initial(layout* w) {
  for (int k = 0; k < COUNT; k++) {
    for (int op = 0; op < INT_OPS; op++) w->ints[op][k] = int_initial(op, k);
    for (int op = 0; op < DOUBLE_OPS; op++) w->doubles[op][k] = op == 1 ? 3.0 : op == 2 ? -100.0 : op == 3 ? 100.0 : k;
    w->maxloc[k] = (double_int){-1, 1 << 30};
    w->minloc[k] = (double_int){100, 1 << 30};
    w->shorts[k] = (short)(-k);
    w->longs[k] = (1LL << 40) + k;
    w->bytes[k] = (uint8_t)(250 + k);
    w->replaced_by_one[k] = w->replaced_by_all[k] = -1;
  }
  w->ordered_replace_sum = w->ordered_fetches = w->ordered_no_op = 0;
}

#define DISP(field) ((MPI_Aint)offsetof(layout, field))

/* Every origin buffer is its own: none may change before the epoch that reads it ends. */
static void accumulate_everything(int rank, int target, MPI_Win win) {
  int ints[INT_OPS][COUNT], replacing[COUNT];
  double doubles[DOUBLE_OPS][COUNT];
  double_int locations[COUNT];
  short shorts[COUNT];
  long long longs[COUNT];
  uint8_t bytes[COUNT];
  for (int k = 0; k < COUNT; k++) {
    for (int op = 0; op < INT_OPS; op++) ints[op][k] = int_contribution(op, rank, k);
    for (int op = 0; op < DOUBLE_OPS; op++) doubles[op][k] = double_contribution(op, rank, k);
    locations[k] = location_contribution(rank, k);
    shorts[k] = (short)(rank - k);
    longs[k] = (long long)rank << 20;
    bytes[k] = (uint8_t)(200 + k);
    replacing[k] = rank * 10 + k;
  }
  for (int op = 0; op < INT_OPS; op++)
    MPI_Accumulate(ints[op], COUNT, MPI_INT, target, DISP(ints[op]), COUNT, MPI_INT, int_ops[op], win);
  static const MPI_Op double_ops[DOUBLE_OPS] = {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN};
  for (int op = 0; op < DOUBLE_OPS; op++)
    MPI_Accumulate(doubles[op], COUNT, MPI_DOUBLE, target, DISP(doubles[op]), COUNT, MPI_DOUBLE, double_ops[op], win);
  MPI_Accumulate(locations, COUNT, MPI_DOUBLE_INT, target, DISP(maxloc), COUNT, MPI_DOUBLE_INT, MPI_MAXLOC, win);
  MPI_Accumulate(locations, COUNT, MPI_DOUBLE_INT, target, DISP(minloc), COUNT, MPI_DOUBLE_INT, MPI_MINLOC, win);
  MPI_Accumulate(shorts, COUNT, MPI_SHORT, target, DISP(shorts), COUNT, MPI_SHORT, MPI_SUM, win);
  MPI_Accumulate(longs, COUNT, MPI_LONG_LONG, target, DISP(longs), COUNT, MPI_LONG_LONG, MPI_SUM, win);
  MPI_Accumulate(bytes, COUNT, MPI_UINT8_T, target, DISP(bytes), COUNT, MPI_UINT8_T, MPI_SUM, win);
  MPI_Accumulate(replacing, COUNT, MPI_INT, target, DISP(replaced_by_all), COUNT, MPI_INT, MPI_REPLACE, win);
  if (rank == 0)
    MPI_Accumulate(replacing, COUNT, MPI_INT, target, DISP(replaced_by_one), COUNT, MPI_INT, MPI_REPLACE, win);
  MPI_Win_fence(0, win); /* the buffers live on this stack frame */
}

static void check_everything(int size, const layout* w) {
  for (int k = 0; k < COUNT; k++) {
    for (int op = 0; op < INT_OPS; op++) {
      int expected = int_initial(op, k);
      for (int r = 0; r < size; r++) expected = int_fold(op, expected, int_contribution(op, r, k));
      CHECK(w->ints[op][k] == expected, "MPI_%s on int, element %d: %d, expected %d", int_op_names[op], k,
            w->ints[op][k], expected);
    }
    for (int op = 0; op < DOUBLE_OPS; op++) {
      double expected = op == 1 ? 3.0 : op == 2 ? -100.0 : op == 3 ? 100.0 : k;
      for (int r = 0; r < size; r++) expected = double_fold(op, expected, double_contribution(op, r, k));
      CHECK(w->doubles[op][k] == expected, "double case %d, element %d: %g, expected %g", op, k, w->doubles[op][k],
            expected);
    }
    double_int max = {-1, 1 << 30}, min = {100, 1 << 30};
    long long longs = (1LL << 40) + k;
    short shorts = (short)(-k);
    uint8_t bytes = (uint8_t)(250 + k);
    for (int r = 0; r < size; r++) {
      max = location_fold(1, max, location_contribution(r, k));
      min = location_fold(0, min, location_contribution(r, k));
      longs += (long long)r << 20;
      shorts = (short)(shorts + r - k);
      bytes = (uint8_t)(bytes + 200 + k);
    }
    CHECK(w->maxloc[k].value == max.value && w->maxloc[k].index == max.index,
          "MPI_MAXLOC, element %d: (%g, %d), expected (%g, %d)", k, w->maxloc[k].value, w->maxloc[k].index, max.value,
          max.index);
    CHECK(w->minloc[k].value == min.value && w->minloc[k].index == min.index,
          "MPI_MINLOC, element %d: (%g, %d), expected (%g, %d)", k, w->minloc[k].value, w->minloc[k].index, min.value,
          min.index);
    CHECK(w->shorts[k] == shorts, "MPI_SUM on short, element %d: %d, expected %d", k, w->shorts[k], shorts);
    CHECK(w->longs[k] == longs, "MPI_SUM on long long, element %d: %lld, expected %lld", k, w->longs[k], longs);
    CHECK(w->bytes[k] == bytes, "MPI_SUM on uint8_t, element %d: %d, expected %d", k, w->bytes[k], bytes);
    CHECK(w->replaced_by_one[k] == k, "MPI_REPLACE from rank 0, element %d: %d", k, w->replaced_by_one[k]);
    int by_all = w->replaced_by_all[k];
    CHECK(by_all % 10 == k && by_all / 10 < size, "MPI_REPLACE from all ranks, element %d: %d is nobody's", k, by_all);
  }
}

/* One origin, one location: each accumulate sees the one before it. */
static void ordered_accumulates(int rank, int target, MPI_Win win, const layout* w) {
  MPI_Win_fence(0, win);
  int five = 5, three = 3, one = 1, fetched[2] = {-1, -1}, seen = -1;
  if (rank == 0) {
    MPI_Accumulate(&five, 1, MPI_INT, target, DISP(ordered_replace_sum), 1, MPI_INT, MPI_REPLACE, win);
    MPI_Accumulate(&three, 1, MPI_INT, target, DISP(ordered_replace_sum), 1, MPI_INT, MPI_SUM, win);
    MPI_Get_accumulate(&one, 1, MPI_INT, &fetched[0], 1, MPI_INT, target, DISP(ordered_fetches), 1, MPI_INT, MPI_SUM,
                       win);
    MPI_Get_accumulate(&one, 1, MPI_INT, &fetched[1], 1, MPI_INT, target, DISP(ordered_fetches), 1, MPI_INT, MPI_SUM,
                       win);
    MPI_Accumulate(&three, 1, MPI_INT, target, DISP(ordered_no_op), 1, MPI_INT, MPI_SUM, win);
    MPI_Get_accumulate(NULL, 0, MPI_INT, &seen, 1, MPI_INT, target, DISP(ordered_no_op), 1, MPI_INT, MPI_NO_OP, win);
  }
  MPI_Win_fence(0, win);
  if (rank == 0)
    CHECK(fetched[0] == 0 && fetched[1] == 1 && seen == 3,
          "ordered Get_accumulates fetched %d, %d and %d, expected 0, "
          "1 and 3",
          fetched[0], fetched[1], seen);
  if (rank == target)
    CHECK(w->ordered_replace_sum == 8 && w->ordered_fetches == 2,
          "ordered accumulates left %d and %d, expected 8 and 2", w->ordered_replace_sum, w->ordered_fetches);
}

/* Request-based accumulates: everyone adds 1 and 2 to rank 0's first int, waited for and tested. */
static void request_accumulates(int rank, int size, MPI_Win win, const layout* w) {
  MPI_Win_lock_all(0, win);
  int one = 1, two = 2, before = -1, done = 0;
  MPI_Request req;
  MPI_Raccumulate(&one, 1, MPI_INT, 0, DISP(ints[0][0]), 1, MPI_INT, MPI_SUM, win, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  MPI_Rget_accumulate(&two, 1, MPI_INT, &before, 1, MPI_INT, 0, DISP(ints[0][0]), 1, MPI_INT, MPI_SUM, win, &req);
  while (!done) MPI_Test(&req, &done, MPI_STATUS_IGNORE);
  int initial = int_initial(0, 0);
  CHECK(before >= initial + 1 && before <= initial + 3 * size - 2, "Rget_accumulate fetched %d, outside [%d, %d]",
        before, initial + 1, initial + 3 * size - 2);
  MPI_Win_flush_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_sync(win);
  if (rank == 0)
    CHECK(w->ints[0][0] == initial + 3 * size, "Raccumulate and Rget_accumulate left %d, expected %d", w->ints[0][0],
          initial + 3 * size);
  MPI_Win_unlock_all(win);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  layout* w = NULL;
  MPI_Win win;
  MPI_Win_allocate(sizeof(layout), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w, &win);
  set_initial(w);
  int target = size - 1;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  accumulate_everything(rank, target, win);
  if (rank == target) check_everything(size, w);
  ordered_accumulates(rank, target, win, w);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  set_initial(w);
  MPI_Barrier(MPI_COMM_WORLD);
  request_accumulates(rank, size, win, w);
  MPI_Win_free(&win);
  report_ok("rma_accumulate");
  MPI_Finalize();
  return 0;
}
