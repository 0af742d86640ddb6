/* Scan, Exscan, Reduce_scatter_block and Reduce_scatter with the predefined operations, against results
 * folded here rank by rank.
 *
 * SUM, PROD, MAX and MIN on int and double (contributions are small integers, so every result is exact in
 * both types and in any order), MAXLOC and MINLOC on MPI_DOUBLE_INT (values with ties, which go to the
 * lower rank). Counts 0, 1, fewer than the ranks, not divisible by them, and 1 MiB of ints on small jobs;
 * out of place and in place; on the world, an even/odd split and the world in reverse order, the scans
 * also on the even ranks before the odd ones (across nodes, a node's members then lie apart). Buffers are
 * overwritten right after each call, rank 0's Exscan buffer must stay as it was, and reduce_scatter
 * blocks vary in size from rank to rank (some empty). Reduce-scatter blocks lie on both sides of the
 * switch between its two forms (WEFT_REDUCE_SCATTER_DIRECT_MIN, 512 B a block on average): blocks of
 * 508 and 512 B, of 496 and 512 B, uneven ones averaging well below and above it. CMakeLists.txt also runs
 * the whole program with each form forced. */
#include "mpitest.h"

enum kind { SCAN, EXSCAN, SCATTER_BLOCK, SCATTER };
static const char* const kind_names[] = {"Scan", "Exscan", "Reduce_scatter_block", "Reduce_scatter"};
enum { UNTOUCHED = -4242, LARGE = (1 << 20) / (int)sizeof(int) };

typedef struct {
  double val;
  int loc;
} double_int;

/* Contribution of rank q to element i, for operation op: small enough that sums over 1000 ranks and
 * products (of -1 and 1) are exact. */
static long long contribution(MPI_Op op, int q, long long i) {
  if (op == MPI_PROD) return (q + i) % 5 == 0 ? -1 : 1;
  return (q * 37 + i * 11) % 23 - 11;
}

static long long fold(MPI_Op op, long long a, long long b) {
  if (op == MPI_SUM) return a + b;
  if (op == MPI_PROD) return a * b;
  if (op == MPI_MAX) return a > b ? a : b;
  return a < b ? a : b;
}

/* MAXLOC/MINLOC: values repeat every 5 ranks, so ties are frequent. */
static double_int located(int q, long long i) { return (double_int){(double)((q + i) % 5), q}; }

static double_int fold_located(MPI_Op op, double_int a, double_int b) {
  int a_wins = op == MPI_MAXLOC ? a.val > b.val : a.val < b.val;
  if (a.val == b.val) a_wins = a.loc < b.loc;
  return a_wins ? a : b;
}

static size_t type_size(MPI_Datatype type) {
  return type == MPI_INT ? sizeof(int) : type == MPI_DOUBLE ? sizeof(double) : sizeof(double_int);
}

static void store(MPI_Datatype type, MPI_Op op, void* buf, long long i, int q) {
  if (type == MPI_INT)
    ((int*)buf)[i] = (int)contribution(op, q, i);
  else if (type == MPI_DOUBLE)
    ((double*)buf)[i] = (double)contribution(op, q, i);
  else
    ((double_int*)buf)[i] = located(q, i);
}

/* Element i of buf against the fold of ranks [first, last] at element j of their input. */
static void check_element(MPI_Datatype type, MPI_Op op, const void* buf, long long i, long long j, int first, int last,
                          const char* what) {
  if (type == MPI_DOUBLE_INT) {
    double_int want = located(first, j), got = ((const double_int*)buf)[i];
    for (int q = first + 1; q <= last; q++) want = fold_located(op, want, located(q, j));
    CHECK(got.val == want.val && got.loc == want.loc, "%s [%lld]: got (%g, %d), expected (%g, %d)", what, i, got.val,
          got.loc, want.val, want.loc);
    return;
  }
  long long want = contribution(op, first, j);
  for (int q = first + 1; q <= last; q++) want = fold(op, want, contribution(op, q, j));
  long long got = type == MPI_INT ? ((const int*)buf)[i] : (long long)((const double*)buf)[i];
  CHECK(got == want, "%s [%lld]: got %lld, expected %lld", what, i, got, want);
}

/* The block sizes of Reduce_scatter for `n`: n, n + 1 and 0 in turn (all n for Reduce_scatter_block). */
static int block_of(enum kind kind, int n, int q) { return kind == SCATTER_BLOCK ? n : (q % 3 == 2 ? 0 : n + q % 2); }

static void run(MPI_Comm comm, enum kind kind, MPI_Datatype type, MPI_Op op, int n, int in_place) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  long long total = n, offset = 0, mine = n;
  int* counts = malloc(size * sizeof *counts);
  CHECK(counts, "out of memory");
  if (kind == SCATTER_BLOCK || kind == SCATTER) {
    total = 0;
    for (int q = 0; q < size; q++) {
      counts[q] = block_of(kind, n, q);
      if (q == rank) offset = total;
      total += counts[q];
    }
    mine = counts[rank];
  }
  size_t element = type_size(type);
  char *send = malloc(total * element + 1), *recv = malloc(total * element + 1);
  CHECK(send && recv, "out of memory");
  char* input = in_place ? recv : send;
  for (long long i = 0; i < total; i++) store(type, op, input, i, rank);
  if (!in_place)
    for (long long i = 0; i < total * (long long)element; i++) recv[i] = (char)UNTOUCHED;
  const void* sendbuf = in_place ? MPI_IN_PLACE : send;
  if (kind == SCAN)
    MPI_Scan(sendbuf, recv, n, type, op, comm);
  else if (kind == EXSCAN)
    MPI_Exscan(sendbuf, recv, n, type, op, comm);
  else if (kind == SCATTER_BLOCK)
    MPI_Reduce_scatter_block(sendbuf, recv, n, type, op, comm);
  else
    MPI_Reduce_scatter(sendbuf, recv, counts, type, op, comm);
  memset(send, 0x5a, total * element); /* the send buffer is ours again */

  char what[160];
  snprintf(what, sizeof what, "%s%s of %d, rank %d of %d", kind_names[kind], in_place ? " in place" : "", n, rank,
           size);
  if (kind == EXSCAN && rank == 0) {
    for (long long i = 0; i < n && in_place; i++) /* its input, as it was */
      check_element(type, op, recv, i, i, 0, 0, what);
    for (long long i = 0; i < n * (long long)element && !in_place; i++)
      CHECK(recv[i] == (char)UNTOUCHED, "%s: rank 0's receive buffer was written", what);
  } else {
    int last = kind == SCAN ? rank : kind == EXSCAN ? rank - 1 : size - 1;
    for (long long i = 0; i < mine; i++) check_element(type, op, recv, i, i + offset, 0, last, what);
  }
  if (!in_place && kind != EXSCAN)
    CHECK(mine == total || recv[mine * element] == (char)UNTOUCHED, "%s wrote past its block", what);
  free(counts);
  free(send);
  free(recv);
}

/* Small jobs run every operation on every type at every count. At 1000 ranks, where each Reduce_scatter
 * combines a million blocks, the world runs them at the uneven count only, the others at two counts. */
static void run_all(MPI_Comm comm, int world_size) {
  int few = world_size > 64, size;
  MPI_Comm_size(comm, &size);
  const MPI_Op ops[] = {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN};
  const MPI_Datatype types[] = {MPI_INT, MPI_DOUBLE};
  /* 0, 1, fewer than the ranks, not divisible by them. */
  int counts[] = {0, 1, size > 1 ? size - 1 : 1, size + 2};
  if (few) /* keep the folds here short */
    counts[2] = 3, counts[3] = 5;
  for (int kind = SCAN; kind <= SCATTER; kind++)
    for (int c = 0; c < 4; c++) {
      if (few && comm != MPI_COMM_WORLD && c % 2 == 0) continue;
      for (int o = 0; o < 4; o++)
        for (int t = 0; t < 2; t++)
          if (!few || (c == 3 && comm == MPI_COMM_WORLD)) run(comm, kind, types[t], ops[o], counts[c], 0);
      run(comm, kind, MPI_DOUBLE_INT, c % 2 ? MPI_MAXLOC : MPI_MINLOC, counts[c], 0);
      run(comm, kind, c % 2 ? MPI_INT : MPI_DOUBLE_INT, c % 2 ? MPI_SUM : MPI_MAXLOC, counts[c], 1);
    }
  if (world_size <= 64) { /* both forms of reduce-scatter: below 512 B a block on average, the tree */
    for (int direct = 0; direct <= 1; direct++) {
      run(comm, SCATTER_BLOCK, MPI_INT, MPI_SUM, direct ? 128 : 127, direct);
      run(comm, SCATTER_BLOCK, MPI_DOUBLE_INT, MPI_MAXLOC, direct ? 32 : 31, !direct);
      run(comm, SCATTER, MPI_INT, MPI_PROD, direct ? 256 : 64, direct);
      run(comm, SCATTER, MPI_DOUBLE, MPI_MIN, direct ? 256 : 64, !direct);
    }
  }
  if (world_size <= 12) { /* 1 MiB of ints: the scans' count, the whole input of the scatters */
    for (int kind = SCAN; kind <= SCATTER; kind++) {
      int n = kind == SCAN || kind == EXSCAN ? LARGE : LARGE / size;
      run(comm, kind, MPI_INT, MPI_SUM, n, 0);
      run(comm, kind, MPI_DOUBLE, MPI_MAX, n, 1);
    }
  }
}

/* Scan and Exscan of every operation at an uneven count (in place too), of MAXLOC and of nothing. */
static void run_scans(MPI_Comm comm, int world_size) {
  int size;
  MPI_Comm_size(comm, &size);
  const MPI_Op ops[] = {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN};
  int uneven = world_size > 64 ? 5 : size + 2;
  for (int kind = SCAN; kind <= EXSCAN; kind++) {
    for (int o = 0; o < 4; o++) run(comm, kind, o % 2 ? MPI_DOUBLE : MPI_INT, ops[o], uneven, o / 2);
    run(comm, kind, MPI_DOUBLE_INT, MPI_MAXLOC, uneven, 0);
    run(comm, kind, MPI_INT, MPI_SUM, 0, 1);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm half, reversed, evens_first;
  split_half_and_reversed(&half, &reversed);
  MPI_Comm_split(MPI_COMM_WORLD, 0, (rank % 2) * size + rank, &evens_first);
  run_all(MPI_COMM_WORLD, size);
  run_all(half, size);
  run_all(reversed, size);
  run_scans(evens_first, size);
  MPI_Comm_free(&half);
  MPI_Comm_free(&reversed);
  MPI_Comm_free(&evens_first);
  report_ok("reductions");
  MPI_Finalize();
  return 0;
}
