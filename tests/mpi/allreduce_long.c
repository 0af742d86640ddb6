/* MPI_Allreduce and MPI_Reduce of long vectors, which Weft reduces tiled (each rank combining its slice
 * of all inputs; across NUMA domains, each domain its own inputs first), around the size where it
 * switches from the tree and well past it, at counts that do not divide among the ranks: SUM of doubles,
 * long doubles and ints (exact), MAXLOC on MPI_DOUBLE_INT, a non-commutative user operation (composition of
 * affine maps, which must run in rank order), in place and not, reduces to the first, middle and last rank;
 * results bitwise identical on every rank; the send buffer unchanged, and other ranks' receive buffers
 * of a reduce untouched; Iallreduce of a long vector pending beside a short one.
 * Run also with WEFT_REDUCE_TILED_SLICE_MIN=1 and WEFT_ALLREDUCE_TILED_SLICE_MIN=1, so that short vectors
 * (empty, one element, fewer elements than ranks) take the tiled path too, and on synthetic machines with
 * several NUMA domains. */
#include <stdint.h>

#include "mpitest.h"

static int rank, size;

/* Elements whose expected value a check recomputes from all ranks' inputs: a sample, so that checking
 * costs about the same at every rank count. */
static int sample_step(int count) {
  long long samples = 20000000ll / ((long long)size * size);
  if (samples > 1000) samples = 1000;
  return 1 + (int)(count / (samples > 0 ? samples : 1));
}

/* Room for `count` elements, also when there are none. */
static void* allocate(int count, size_t element_size) {
  void* memory = malloc(count > 0 ? count * element_size : 1);
  CHECK(memory, "out of memory");
  return memory;
}

static mpitest_affine affine_of(int r, int i) { return (mpitest_affine){2 + (r + i) % 7, r * 13 + i % 101 + 1}; }

/* A checksum of the result, compared across ranks: results must be bitwise the same everywhere. */
static void same_everywhere(const void* data, size_t bytes, const char* what) {
  uint64_t hash = 1469598103934665603ull;
  const unsigned char* p = data;
  for (size_t i = 0; i < bytes; i++) hash = (hash ^ p[i]) * 1099511628211ull;
  uint64_t lowest, highest;
  MPI_Allreduce(&hash, &lowest, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&hash, &highest, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  CHECK(lowest == highest, "%s: results differ between ranks", what);
}

static void sums(int count, int in_place) {
  double *in = allocate(count, sizeof *in), *out = allocate(count, sizeof *out);
  int *ints = allocate(count, sizeof *ints), *int_out = allocate(count, sizeof *int_out);
  for (int i = 0; i < count; i++) {
    in[i] = (rank + 1) * (double)(i % 1000 + 1);
    ints[i] = rank - i % 17;
    out[i] = in_place ? in[i] : -1;
    int_out[i] = in_place ? ints[i] : -1;
  }
  MPI_Allreduce(in_place ? MPI_IN_PLACE : in, out, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(in_place ? MPI_IN_PLACE : ints, int_out, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  double rank_sum = (double)size * (size + 1) / 2;
  for (int i = 0; i < count; i++) {
    CHECK(out[i] == rank_sum * (i % 1000 + 1), "SUM of %d doubles%s, element %d: %.17g", count,
          in_place ? " in place" : "", i, out[i]);
    CHECK(int_out[i] == size * (size - 1) / 2 - size * (i % 17), "SUM of %d ints, element %d: %d", count, i,
          int_out[i]);
    if (!in_place) CHECK(in[i] == (rank + 1) * (double)(i % 1000 + 1), "the send buffer changed at %d", i);
  }
  same_everywhere(out, count * sizeof *out, "SUM of doubles");
  /* MPI_Reduce to the middle rank, in place there when asked: the same sums, at the root only. */
  int root = size / 2;
  for (int i = 0; i < count; i++) out[i] = rank == root && in_place ? in[i] : -1;
  MPI_Reduce(rank == root && in_place ? MPI_IN_PLACE : in, out, count, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
  for (int i = 0; i < count; i++)
    CHECK(rank == root ? out[i] == rank_sum * (i % 1000 + 1) : out[i] == -1,
          "Reduce SUM of %d doubles%s, element %d: %.17g", count, in_place ? " in place" : "", i, out[i]);
  free(in);
  free(out);
  free(ints);
  free(int_out);
}

/* Long doubles hold their value in 10 of their 16 bytes on x86-64. The inputs' other bytes are zero and
 * each rank's receive buffer starts with bytes of its own: the results must still be the same to the byte
 * on every rank. */
static void long_double_sums(int count) {
  long double *in = allocate(count, sizeof *in), *out = allocate(count, sizeof *out);
  memset(in, 0, count * sizeof *in);
  for (int i = 0; i < count; i++) in[i] = (rank + 1) * (long double)(i % 1000 + 1);
  memset(out, 0x5a + rank, count * sizeof *out);
  MPI_Allreduce(in, out, count, MPI_LONG_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  long double rank_sum = (long double)size * (size + 1) / 2;
  for (int i = 0; i < count; i++)
    CHECK(out[i] == rank_sum * (i % 1000 + 1), "SUM of %d long doubles, element %d: %Lg", count, i, out[i]);
  same_everywhere(out, count * sizeof *out, "SUM of long doubles");
  free(in);
  free(out);
}

typedef struct {
  double value;
  int rank;
} value_rank;

static value_rank ranked_value(int r, int i) { return (value_rank){(r * 7 + i) % size, r}; }

static void check_maxloc(const value_rank* out, int count, const char* what) {
  for (int i = 0; i < count; i += sample_step(count)) {
    int best = 0; /* the lowest rank with the largest value; ties go to the lowest rank */
    for (int r = 1; r < size; r++)
      if (ranked_value(r, i).value > ranked_value(best, i).value) best = r;
    CHECK(out[i].rank == best && out[i].value == ranked_value(best, i).value,
          "%s MAXLOC of %d, element %d: (%g, %d), expected rank %d", what, count, i, out[i].value, out[i].rank, best);
  }
}

static void maxloc(int count) {
  value_rank *in = allocate(count, sizeof *in), *out = allocate(count, sizeof *out);
  for (int i = 0; i < count; i++) in[i] = ranked_value(rank, i);
  MPI_Allreduce(in, out, count, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
  check_maxloc(out, count, "Allreduce");
  same_everywhere(out, count * sizeof *out, "MAXLOC");
  int root = size / 2;
  for (int i = 0; i < count; i++) out[i] = (value_rank){-1, -1};
  MPI_Reduce(in, out, count, MPI_DOUBLE_INT, MPI_MAXLOC, root, MPI_COMM_WORLD);
  if (rank == root) check_maxloc(out, count, "Reduce");
  for (int i = 0; rank != root && i < count; i++)
    CHECK(out[i].value == -1 && out[i].rank == -1, "Reduce MAXLOC wrote element %d on rank %d", i, rank);
  free(in);
  free(out);
}

/* out[i] against in order composition of every rank's map, at a sample of the elements. */
static void check_composed(const mpitest_affine* out, int count, const char* what) {
  for (int i = 0; i < count; i += sample_step(count)) {
    mpitest_affine expected = affine_of(0, i);
    for (int r = 1; r < size; r++) expected = mpitest_then(expected, affine_of(r, i));
    CHECK(out[i].a == expected.a && out[i].b == expected.b, "%s user op of %d, element %d: (%d, %d), expected (%d, %d)",
          what, count, i, out[i].a, out[i].b, expected.a, expected.b);
  }
}

static void non_commutative(int count, int in_place) {
  MPI_Op op;
  MPI_Op_create(mpitest_compose, 0, &op);
  mpitest_affine *in = allocate(count, sizeof *in), *out = allocate(count, sizeof *out);
  for (int i = 0; i < count; i++) {
    in[i] = affine_of(rank, i);
    out[i] = in_place ? in[i] : (mpitest_affine){-1, -1};
  }
  MPI_Allreduce(in_place ? MPI_IN_PLACE : in, out, count, MPI_2INT, op, MPI_COMM_WORLD);
  check_composed(out, count, in_place ? "Allreduce in place" : "Allreduce");
  same_everywhere(out, count * sizeof *out, "user operation");
  /* Reduce to the first and the last rank (the first and the last NUMA domain), in place there when asked;
   * the other ranks' receive buffers stay as they were. */
  int roots[] = {0, size - 1};
  for (int k = 0; k < 2; k++) {
    int root = roots[k], root_in_place = in_place && rank == root;
    for (int i = 0; i < count; i++) out[i] = root_in_place ? in[i] : (mpitest_affine){-1, -1};
    MPI_Reduce(root_in_place ? MPI_IN_PLACE : in, out, count, MPI_2INT, op, root, MPI_COMM_WORLD);
    if (rank == root) check_composed(out, count, root_in_place ? "Reduce in place" : "Reduce");
    for (int i = 0; rank != root && i < count; i++)
      CHECK(out[i].a == -1 && out[i].b == -1, "Reduce to %d wrote element %d on rank %d", root, i, rank);
  }
  MPI_Op_free(&op);
  free(in);
  free(out);
}

static void nonblocking(int count) {
  double *in = allocate(count, sizeof *in), *out = allocate(count, sizeof *out), one = rank, total = -1;
  for (int i = 0; i < count; i++) in[i] = i % 3;
  MPI_Request requests[2];
  MPI_Iallreduce(in, out, count, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD, &requests[0]);
  MPI_Iallreduce(&one, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &requests[1]);
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  for (int i = 0; i < count; i++) CHECK(out[i] == i % 3, "Iallreduce MAX element %d: %g", i, out[i]);
  CHECK(total == (double)size * (size - 1) / 2, "Iallreduce beside it: %g", total);
  free(in);
  free(out);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* Doubles: none, one, fewer than 64 ranks, 999 (by default allreduced tiled on 2 and 3 ranks and through
   * the tree on 7, reduced through the tree), 32 KiB less one element and 32 KiB (by default the 2-rank
   * reduce's last through the tree and first tiled), 64 KiB less one element and 64 KiB (both tiled from 2
   * to 7 ranks by default), and 1 MiB plus an odd count (both tiled at every rank count that runs it). Past
   * 64 ranks, short vectors only (fewer elements than ranks, for the run that tiles everything): long ones
   * would only make the test slow. */
  int counts[] = {0, 1, 10, 999, 4095, 4096, 8191, 8192, 131072 + 13};
  int last = size > 64 ? 4 : 9;
  for (int k = 0; k < last; k++) {
    sums(counts[k], 0);
    sums(counts[k], 1);
    long_double_sums(counts[k]);
    maxloc(counts[k]);
    non_commutative(counts[k], 0);
    non_commutative(counts[k], 1);
  }
  nonblocking(size > 64 ? 999 : 131072 + 13);
  report_ok("allreduce_long");
  MPI_Finalize();
  return 0;
}
