/* Collectives against closed forms.
 *
 * Barrier: every rank but one (the checker) starts a small send to the checker, then all enter the barrier.
 * A small send is delivered into the receiver's queue when it starts, so once the checker leaves the
 * barrier, Iprobe must see every one of them. Checked with the first and the last rank as checker.
 * Bcast: from the first, middle and last rank, at an inline size and two single-copy sizes.
 * Reduce (to the last rank) and Allreduce: SUM, MAX, MIN, PROD, LAND and BOR on int, double and long long,
 * MAXLOC and MINLOC on MPI_DOUBLE_INT (ties go to the lowest rank). Inputs are chosen so that every result
 * is exact in any order of evaluation. */
#include <string.h>

#include "mpitest.h"

enum { VEC = 1000, BARRIER_TAG = 7, BCAST_MAX = 100003 };

typedef struct {
  double val;
  int loc;
} double_int;

/* Runs Allreduce on every rank and Reduce to the last rank, and compares both with expect. */
#define DEFINE_REDUCE_CHECK(name, type, mpi_type, fmt)                                                                \
  static void name(const type* in, const type* expect, int count, MPI_Op op, const char* what) {                      \
    int rank, size;                                                                                                   \
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);                                                                             \
    MPI_Comm_size(MPI_COMM_WORLD, &size);                                                                             \
    type* out = malloc(count * sizeof *out);                                                                          \
    CHECK(out, "out of memory");                                                                                      \
    MPI_Allreduce(in, out, count, mpi_type, op, MPI_COMM_WORLD);                                                      \
    for (int i = 0; i < count; i++)                                                                                   \
      CHECK(out[i] == expect[i], "Allreduce %s, element %d: got " fmt ", expected " fmt, what, i, out[i], expect[i]); \
    MPI_Reduce(in, out, count, mpi_type, op, size - 1, MPI_COMM_WORLD);                                               \
    for (int i = 0; rank == size - 1 && i < count; i++)                                                               \
      CHECK(out[i] == expect[i], "Reduce %s, element %d: got " fmt ", expected " fmt, what, i, out[i], expect[i]);    \
    free(out);                                                                                                        \
  }
DEFINE_REDUCE_CHECK(check_int, int, MPI_INT, "%d")
DEFINE_REDUCE_CHECK(check_long_long, long long, MPI_LONG_LONG, "%lld")
DEFINE_REDUCE_CHECK(check_double, double, MPI_DOUBLE, "%.17g")

static void check_loc(double val, int loc, double_int expect, MPI_Op op, const char* what) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double_int in = {val, loc}, out = {-1, -1};
  MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, op, MPI_COMM_WORLD);
  CHECK(out.val == expect.val && out.loc == expect.loc, "Allreduce %s: got (%g, %d), expected (%g, %d)", what, out.val,
        out.loc, expect.val, expect.loc);
  out = (double_int){-1, -1};
  MPI_Reduce(&in, &out, 1, MPI_DOUBLE_INT, op, size - 1, MPI_COMM_WORLD);
  CHECK(rank != size - 1 || (out.val == expect.val && out.loc == expect.loc),
        "Reduce %s: got (%g, %d), expected (%g, %d)", what, out.val, out.loc, expect.val, expect.loc);
}

static void barrier(int rank, int size) {
  int checkers[2] = {0, size - 1};
  for (int c = 0; c < 2; c++) {
    int checker = checkers[c], token = rank;
    MPI_Request req = MPI_REQUEST_NULL;
    if (rank != checker) MPI_Isend(&token, 1, MPI_INT, checker, BARRIER_TAG, MPI_COMM_WORLD, &req);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == checker) {
      for (int r = 0; r < size; r++) {
        int there = r == checker;
        if (!there) MPI_Iprobe(r, BARRIER_TAG, MPI_COMM_WORLD, &there, MPI_STATUS_IGNORE);
        CHECK(there, "rank %d left the barrier before rank %d entered it", rank, r);
      }
      for (int r = 0; r < size; r++) {
        if (r == checker) continue;
        MPI_Recv(&token, 1, MPI_INT, r, BARRIER_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        CHECK(token == r, "barrier message from rank %d carries %d", r, token);
      }
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
}

static void bcast(int size) {
  const int roots[] = {0, size / 2, size - 1};
  const int lens[] = {4, 8000, BCAST_MAX};
  unsigned char* buf = malloc(BCAST_MAX);
  CHECK(buf, "out of memory");
  for (int r = 0; r < 3; r++)
    for (int l = 0; l < 3; l++) {
      int root = roots[r], n = lens[l];
      checked_bcast(buf, n, root, pattern_seed(n, root, 0), MPI_COMM_WORLD);
    }
  free(buf);
}

static void reductions(int rank, int size) {
  long long n = size, tri = n * (n - 1) / 2; /* sum of all ranks */
  int *ii = malloc(VEC * sizeof *ii), *ie = malloc(VEC * sizeof *ie);
  double *di = malloc(VEC * sizeof *di), *de = malloc(VEC * sizeof *de);
  CHECK(ii && ie && di && de, "out of memory");

  for (int i = 0; i < VEC; i++) ii[i] = rank + i;
  for (int i = 0; i < VEC; i++) ie[i] = (int)(n * i + tri);
  check_int(ii, ie, VEC, MPI_SUM, "SUM int");
  for (int i = 0; i < VEC; i++) ie[i] = size - 1 + i;
  check_int(ii, ie, VEC, MPI_MAX, "MAX int");
  for (int i = 0; i < VEC; i++) ie[i] = i;
  check_int(ii, ie, VEC, MPI_MIN, "MIN int");

  /* Ranks below 20 contribute 2, rank 1 contributes -2, the rest 1. */
  int pi = rank < 20 ? (rank == 1 ? -2 : 2) : 1;
  int pe = (size > 1 ? -1 : 1) * (1 << (size < 20 ? size : 20));
  check_int(&pi, &pe, 1, MPI_PROD, "PROD int");
  /* All true, but not all 1; then one rank false. */
  int li[2] = {rank + 1, rank != size / 2}, le[2] = {1, 0};
  check_int(li, le, 2, MPI_LAND, "LAND int");
  int bi = 1 << (rank % 31), be = size >= 31 ? 0x7fffffff : (1 << size) - 1;
  check_int(&bi, &be, 1, MPI_BOR, "BOR int");

  /* Halves: every partial sum is exact. */
  for (int i = 0; i < VEC; i++) di[i] = rank + 0.5 + i;
  for (int i = 0; i < VEC; i++) de[i] = (double)tri + (double)n * (0.5 + i);
  check_double(di, de, VEC, MPI_SUM, "SUM double");
  for (int i = 0; i < VEC; i++) de[i] = size - 0.5 + i;
  check_double(di, de, VEC, MPI_MAX, "MAX double");
  for (int i = 0; i < VEC; i++) de[i] = 0.5 + i;
  check_double(di, de, VEC, MPI_MIN, "MIN double");
  /* Powers of two: 2 from even ranks, 0.5 from odd ones. */
  double dpi = rank % 2 ? 0.5 : 2.0, dpe = size % 2 ? 2.0 : 1.0;
  check_double(&dpi, &dpe, 1, MPI_PROD, "PROD double");

  /* Beyond 32 bits. */
  long long big = 1000000007LL, base = 1LL << 40;
  long long lli = rank * big + base, lle = big * tri + n * base;
  check_long_long(&lli, &lle, 1, MPI_SUM, "SUM long long");
  lle = (n - 1) * big + base;
  check_long_long(&lli, &lle, 1, MPI_MAX, "MAX long long");
  check_long_long(&lli, &base, 1, MPI_MIN, "MIN long long");
  long long lpi = rank < 40 ? 2 : 1, lpe = 1LL << (size < 40 ? size : 40);
  check_long_long(&lpi, &lpe, 1, MPI_PROD, "PROD long long");

  /* Values rank mod 5: the maximum 4 first occurs at rank 4 (or the last rank, if fewer). (rank + 2) mod 5
     has its minimum 0 first at rank 3; with fewer ranks the minimum is 2, at rank 0. */
  int top = size - 1 < 4 ? size - 1 : 4;
  check_loc(rank % 5, rank, (double_int){top, top}, MPI_MAXLOC, "MAXLOC double_int");
  check_loc((rank + 2) % 5, rank, size > 3 ? (double_int){0, 3} : (double_int){2, 0}, MPI_MINLOC, "MINLOC double_int");

  free(ii);
  free(ie);
  free(di);
  free(de);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  barrier(rank, size);
  bcast(size);
  reductions(rank, size);

  report_ok("collectives");
  MPI_Finalize();
  return 0;
}
