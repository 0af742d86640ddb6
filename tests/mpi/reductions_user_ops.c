/* User-defined operations (MPI_Op_create) on every reduction, derived datatypes in reductions, and wrong
 * arguments.
 *
 * Non-commutative: 2x2 integer matrix products (mod 10007) on a contiguous type of 4 ints, which every
 * call must multiply in rank order (x0 x1 ... xn-1). Commutative: a sum written by the program. Derived
 * types with gaps: a vector of 2 ints 3 apart, with a user operation that composes affine maps (whose
 * order shows) and with MPI_SUM and MPI_MAX, which apply to its ints; the gaps of every receive buffer
 * must keep what they held. MPI_SUM and MPI_MAXLOC on contiguous types of ints and of MPI_DOUBLE_INT
 * pairs. Allreduce results must be bitwise identical on every rank. Reduce-scatter of non-commutative
 * operations and of the vector type on both sides of the switch between its two forms. Exscan leaves rank
 * 0's receive buffer as it was, in place too. On the world, an even/odd split and the world in reverse
 * order; the matrices and the vector type also on the even ranks before the odd ones (across nodes, a
 * node's members then lie apart). Errors under MPI_ERRORS_RETURN. */
#include "mpitest.h"

enum { MOD = 10007, MATRICES = 5, GAP = -777, SEND_GAP = -555 };

typedef struct {
  int m[4]; /* row major */
} matrix;

static matrix product(matrix a, matrix b) {
  matrix c;
  c.m[0] = (a.m[0] * b.m[0] + a.m[1] * b.m[2]) % MOD;
  c.m[1] = (a.m[0] * b.m[1] + a.m[1] * b.m[3]) % MOD;
  c.m[2] = (a.m[2] * b.m[0] + a.m[3] * b.m[2]) % MOD;
  c.m[3] = (a.m[2] * b.m[1] + a.m[3] * b.m[3]) % MOD;
  return c;
}

static void multiply(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  matrix *a = in, *b = inout;
  for (int i = 0; i < *len; i++) b[i] = product(a[i], b[i]);
}

/* Rank q's matrix i: none of them commute with the others. */
static matrix matrix_of(int q, int i) { return (matrix){{(q + i) % 7 + 1, q % 3 + 1, (q * 3 + i) % 5, i % 2 + 1}}; }

static void add(void* in, void* inout, int* len, MPI_Datatype* type) {
  CHECK(*type == MPI_INT, "the user function was given another datatype");
  for (int i = 0; i < *len; i++) ((int*)inout)[i] += ((int*)in)[i];
}

/* An affine map x -> a x + b (mod MOD) as (a, b); composition, in[k] first, then inout[k], on the vector
 * type: element k's two ints are at 4k and 4k + 3, the two ints between them are gaps. */
static void compose(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  int *first = in, *then = inout;
  for (int k = 0; k < *len; k++) {
    int *f = first + 4 * k, *g = then + 4 * k;
    g[3] = (g[0] * f[3] + g[3]) % MOD;
    g[0] = g[0] * f[0] % MOD;
  }
}

static int map_a(int q) { return q % 5 + 2; }
static int map_b(int q) { return q + 1; }

/* The maps of ranks [first, last] applied in rank order. */
static void composed(int first, int last, int* a, int* b) {
  *a = 1, *b = 0;
  for (int q = first; q <= last; q++) *b = (map_a(q) * *b + map_b(q)) % MOD, *a = *a * map_a(q) % MOD;
}

static void check_matrices(const matrix* got, int first, int last, const char* what) {
  for (int i = 0; i < MATRICES; i++) {
    matrix want = matrix_of(first, i);
    for (int q = first + 1; q <= last; q++) want = product(want, matrix_of(q, i));
    CHECK(memcmp(&want, &got[i], sizeof want) == 0, "%s: matrix %d is (%d %d %d %d), expected (%d %d %d %d)", what, i,
          got[i].m[0], got[i].m[1], got[i].m[2], got[i].m[3], want.m[0], want.m[1], want.m[2], want.m[3]);
  }
}

static void non_commutative(MPI_Comm comm, MPI_Datatype matrix_type, MPI_Op op) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  matrix *in = malloc(size * MATRICES * sizeof *in), *out = malloc(size * MATRICES * sizeof *out);
  CHECK(in && out, "out of memory");
  for (int b = 0; b < size; b++)
    for (int i = 0; i < MATRICES; i++) in[b * MATRICES + i] = matrix_of(rank, i);

  MPI_Reduce(in, out, MATRICES, matrix_type, op, size - 1, comm);
  if (rank == size - 1) check_matrices(out, 0, size - 1, "Reduce");
  MPI_Allreduce(in, out, MATRICES, matrix_type, op, comm);
  check_matrices(out, 0, size - 1, "Allreduce");
  matrix first[MATRICES];
  memcpy(first, out, sizeof first);
  MPI_Bcast(first, MATRICES * 4, MPI_INT, 0, comm);
  CHECK(memcmp(first, out, sizeof first) == 0, "Allreduce results differ from rank 0's");
  MPI_Scan(in, out, MATRICES, matrix_type, op, comm);
  check_matrices(out, 0, rank, "Scan");
  memcpy(out, in, MATRICES * sizeof *out);
  MPI_Scan(MPI_IN_PLACE, out, MATRICES, matrix_type, op, comm);
  check_matrices(out, 0, rank, "Scan in place");
  for (int i = 0; i < MATRICES; i++) out[i] = (matrix){{-1, -1, -1, -1}};
  MPI_Exscan(in, out, MATRICES, matrix_type, op, comm);
  if (rank > 0)
    check_matrices(out, 0, rank - 1, "Exscan");
  else
    CHECK(out[0].m[0] == -1 && out[MATRICES - 1].m[3] == -1, "Exscan wrote rank 0's receive buffer");
  memcpy(out, in, MATRICES * sizeof *out);
  MPI_Exscan(MPI_IN_PLACE, out, MATRICES, matrix_type, op, comm);
  check_matrices(out, 0, rank > 0 ? rank - 1 : 0, "Exscan in place"); /* rank 0's input stays */
  MPI_Reduce_scatter_block(in, out, MATRICES, matrix_type, op, comm);
  check_matrices(out, 0, size - 1, "Reduce_scatter_block");
  int* counts = malloc(size * sizeof *counts);
  CHECK(counts, "out of memory");
  for (int q = 0; q < size; q++) counts[q] = MATRICES;
  memcpy(out, in, size * MATRICES * sizeof *out);
  MPI_Reduce_scatter(MPI_IN_PLACE, out, counts, matrix_type, op, comm);
  free(counts);
  check_matrices(out, 0, size - 1, "Reduce_scatter in place");
  /* Reduce_local: rank order is argument order, inoutbuf = inbuf op inoutbuf. */
  for (int i = 0; i < MATRICES; i++) out[i] = matrix_of(rank + 1, i);
  MPI_Reduce_local(in, out, MATRICES, matrix_type, op);
  check_matrices(out, rank, rank + 1, "Reduce_local");
  free(in);
  free(out);
}

/* A vector of `n` elements of the gapped type, with `gap` in the gaps. */
static void fill_vector(int* v, int n, int gap, int a, int b) {
  for (int k = 0; k < n; k++) {
    v[4 * k] = a, v[4 * k + 1] = gap, v[4 * k + 2] = gap, v[4 * k + 3] = b;
  }
}

static void check_vector(const int* v, int n, int gap, int a, int b, const char* what) {
  for (int k = 0; k < n; k++) {
    CHECK(v[4 * k + 1] == gap && v[4 * k + 2] == gap, "%s: the gaps of element %d were written", what, k);
    CHECK(v[4 * k] == a && v[4 * k + 3] == b, "%s: element %d is (%d, %d), expected (%d, %d)", what, k, v[4 * k],
          v[4 * k + 3], a, b);
  }
}

/* Every reduction of n elements of the gapped type. */
static void with_gaps(MPI_Comm comm, MPI_Datatype gapped, MPI_Op op, int n) {
  int rank, size, a, b, sum_a = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int gap = GAP - rank; /* a copy from another rank's receive buffer shows */
  /* n elements for every rank's block of the scatters. */
  int *in = malloc(4 * n * size * sizeof *in), *out = malloc(4 * n * sizeof *out);
  CHECK(in && out, "out of memory");
  fill_vector(in, n * size, SEND_GAP, map_a(rank), map_b(rank));

  fill_vector(out, n, gap, -1, -1);
  MPI_Reduce(in, out, n, gapped, op, 0, comm);
  composed(0, size - 1, &a, &b);
  if (rank == 0) check_vector(out, n, gap, a, b, "Reduce on a vector");
  fill_vector(out, n, gap, -1, -1);
  MPI_Allreduce(in, out, n, gapped, op, comm);
  check_vector(out, n, gap, a, b, "Allreduce on a vector");
  fill_vector(out, n, gap, -1, -1);
  MPI_Reduce_scatter_block(in, out, n, gapped, op, comm);
  check_vector(out, n, gap, a, b, "Reduce_scatter_block on a vector");
  fill_vector(out, n, gap, -1, -1);
  MPI_Scan(in, out, n, gapped, op, comm);
  composed(0, rank, &a, &b);
  check_vector(out, n, gap, a, b, "Scan on a vector");
  fill_vector(out, n, gap, -1, -1);
  MPI_Exscan(in, out, n, gapped, op, comm);
  composed(0, rank - 1, &a, &b);
  if (rank > 0)
    check_vector(out, n, gap, a, b, "Exscan on a vector");
  else
    check_vector(out, n, gap, -1, -1, "Exscan's rank 0 (its receive buffer untouched)");
  fill_vector(out, n, gap, map_a(rank + 1), map_b(rank + 1));
  MPI_Reduce_local(in, out, n, gapped, op);
  composed(rank, rank + 1, &a, &b);
  check_vector(out, n, gap, a, b, "Reduce_local on a vector");

  /* A predefined operation applies to the ints of the vector. */
  fill_vector(out, n, gap, -1, -1);
  MPI_Allreduce(in, out, n, gapped, MPI_SUM, comm);
  for (int q = 0; q < size; q++) sum_a += map_a(q);
  check_vector(out, n, gap, sum_a, size * (size + 1) / 2, "Allreduce MPI_SUM on a vector");
  fill_vector(out, n, gap, -1, -1);
  MPI_Scan(in, out, n, gapped, MPI_MAX, comm);
  check_vector(out, n, gap, map_a(rank < 4 ? rank : 4), rank + 1, "Scan MPI_MAX on a vector");
  free(in);
  free(out);
}

/* Rank q's map for element i of a reduce-scatter input. */
static mpitest_affine map_of(int q, long long i) {
  return (mpitest_affine){(int)((q * 7 + i) % 11 + 2), (int)((q + 3 * i) % 13 + 1)};
}

/* `n` maps at `got` against elements first .. first + n - 1 composed over all ranks in rank order. */
static void check_maps(const mpitest_affine* got, int n, long long first, int size, const char* what) {
  for (int k = 0; k < n; k++) {
    mpitest_affine want = map_of(0, first + k);
    for (int q = 1; q < size; q++) want = mpitest_then(want, map_of(q, first + k));
    CHECK(got[k].a == want.a && got[k].b == want.b, "%s: element %d is (%d, %d), expected (%d, %d)", what, k, got[k].a,
          got[k].b, want.a, want.b);
  }
}

/* Reduce-scatter of a non-commutative operation (mpitest_compose on MPI_2INT) on both sides of the switch
 * between its forms (WEFT_REDUCE_SCATTER_DIRECT_MIN, 512 B a block on average): Reduce_scatter_block of 63
 * and 64 maps a block (504 and 512 B), Reduce_scatter in place with blocks of 0, 1 and 2 maps or of 0, 200
 * and 201 maps. Past 64 ranks the blocks above the switch would take hundreds of megabytes: only the
 * smaller ones run there. */
static void reduce_scatter_forms(MPI_Comm comm, MPI_Op compose_op, int world_size) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int* counts = malloc(size * sizeof *counts);
  CHECK(counts, "out of memory");
  for (int direct = 0; direct <= (world_size <= 64); direct++) {
    int block = direct ? 64 : 63;
    long long total = 0, offset = 0;
    for (int q = 0; q < size; q++) {
      counts[q] = q % 3 == 2 ? 0 : (direct ? 200 : 1) + q % 2;
      if (q == rank) offset = total;
      total += counts[q];
    }
    long long room = total > (long long)size * block ? total : (long long)size * block;
    mpitest_affine *in = malloc(room * sizeof *in), *out = malloc((room + 1) * sizeof *out);
    CHECK(in && out, "out of memory");
    for (long long i = 0; i < (long long)size * block; i++) in[i] = map_of(rank, i);
    out[block] = (mpitest_affine){-1, -1};
    MPI_Reduce_scatter_block(in, out, block, MPI_2INT, compose_op, comm);
    check_maps(out, block, (long long)rank * block, size, "Reduce_scatter_block of maps");
    CHECK(out[block].a == -1 && out[block].b == -1, "Reduce_scatter_block of maps wrote past its block");
    for (long long i = 0; i < total; i++) out[i] = map_of(rank, i);
    MPI_Reduce_scatter(MPI_IN_PLACE, out, counts, MPI_2INT, compose_op, comm);
    check_maps(out, counts[rank], offset, size, "Reduce_scatter of maps in place");
    free(in);
    free(out);
  }
  free(counts);
}

/* Predefined operations on derived types without gaps: the contiguous type of 4 ints (an array of ints)
 * and a contiguous type of 2 MPI_DOUBLE_INT (pairs with padding). */
static void predefined_on_derived(MPI_Comm comm, MPI_Datatype matrix_type) {
  typedef struct {
    double val;
    int loc;
  } double_int;
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  matrix in[MATRICES], out[MATRICES];
  for (int i = 0; i < MATRICES; i++) in[i] = matrix_of(rank, i);
  MPI_Allreduce(in, out, MATRICES, matrix_type, MPI_SUM, comm);
  for (int i = 0; i < MATRICES; i++)
    for (int j = 0; j < 4; j++) {
      int want = 0;
      for (int q = 0; q < size; q++) want += matrix_of(q, i).m[j];
      CHECK(out[i].m[j] == want, "MPI_SUM on 4 ints: [%d][%d] = %d, expected %d", i, j, out[i].m[j], want);
    }
  MPI_Datatype pairs;
  MPI_Type_contiguous(2, MPI_DOUBLE_INT, &pairs);
  MPI_Type_commit(&pairs);
  double_int pin[2] = {{rank % 5, rank}, {-rank, rank}}, pout[2];
  MPI_Scan(pin, pout, 1, pairs, MPI_MAXLOC, comm);
  int top = rank < 4 ? rank : 4;
  CHECK(pout[0].val == top && pout[0].loc == top && pout[1].val == 0 && pout[1].loc == 0,
        "MPI_MAXLOC on 2 pairs: (%g, %d) (%g, %d)", pout[0].val, pout[0].loc, pout[1].val, pout[1].loc);
  MPI_Type_free(&pairs);
}

static void commutative(MPI_Comm comm, MPI_Op sum) {
  int rank, size, in = 0, out = -1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  in = rank + 1;
  MPI_Allreduce(&in, &out, 1, MPI_INT, sum, comm);
  CHECK(out == size * (size + 1) / 2, "Allreduce with a user sum gave %d", out);
  MPI_Exscan(&in, &out, 1, MPI_INT, sum, comm);
  CHECK(rank == 0 || out == rank * (rank + 1) / 2, "Exscan with a user sum gave %d", out);
}

static void errors(void) {
  int a[2] = {1, 2}, b[2] = {0, 0}, counts[1] = {-1}, commute = -1;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm self = MPI_COMM_SELF;
  MPI_Comm_set_errhandler(self, MPI_ERRORS_RETURN);
  expect_error(MPI_Scan(a, b, 1, MPI_INT, MPI_OP_NULL, self), MPI_ERR_OP, "Scan with MPI_OP_NULL");
  expect_error(MPI_Exscan(a, b, 1, MPI_DOUBLE, MPI_BAND, self), MPI_ERR_OP, "Exscan of MPI_BAND on doubles");
  expect_error(MPI_Reduce_scatter_block(a, b, 1, MPI_FLOAT_INT, MPI_SUM, self), MPI_ERR_OP,
               "Reduce_scatter_block of MPI_SUM on MPI_FLOAT_INT");
  expect_error(MPI_Reduce_scatter(a, b, counts, MPI_INT, MPI_SUM, self), MPI_ERR_COUNT, "negative recvcounts");
  expect_error(MPI_Reduce_scatter(a, b, NULL, MPI_INT, MPI_SUM, self), MPI_ERR_ARG, "NULL recvcounts");
  expect_error(MPI_Reduce_scatter_block(a, b, -2, MPI_INT, MPI_SUM, self), MPI_ERR_COUNT, "negative recvcount");
  expect_error(MPI_Scan(a, b, -1, MPI_INT, MPI_SUM, self), MPI_ERR_COUNT, "Scan of a negative count");
  expect_error(MPI_Scan(a, b, 1, MPI_DATATYPE_NULL, MPI_SUM, self), MPI_ERR_TYPE, "Scan of MPI_DATATYPE_NULL");
  expect_error(MPI_Reduce_local(a, b, 1, MPI_INT, MPI_OP_NULL), MPI_ERR_OP, "Reduce_local with MPI_OP_NULL");
  expect_error(MPI_Reduce_local(MPI_IN_PLACE, b, 1, MPI_INT, MPI_SUM), MPI_ERR_BUFFER, "Reduce_local in place");
  /* MPI_SUM on a struct of an int and a double: its basic elements are of two types. */
  int lengths[2] = {1, 1};
  MPI_Aint displacements[2] = {0, 8};
  MPI_Datatype members[2] = {MPI_INT, MPI_DOUBLE}, mixed;
  MPI_Type_create_struct(2, lengths, displacements, members, &mixed);
  MPI_Type_commit(&mixed);
  double c[4];
  expect_error(MPI_Allreduce(c, c + 2, 1, mixed, MPI_SUM, self), MPI_ERR_OP, "MPI_SUM on a struct of int and double");
  MPI_Type_free(&mixed);
  MPI_Op predefined = MPI_SUM, none = MPI_OP_NULL;
  expect_error(MPI_Op_free(&predefined), MPI_ERR_OP, "Op_free of MPI_SUM");
  CHECK(predefined == MPI_SUM, "a failed Op_free changed its argument");
  expect_error(MPI_Op_free(&none), MPI_ERR_OP, "Op_free of MPI_OP_NULL");
  expect_error(MPI_Op_commutative(MPI_OP_NULL, &commute), MPI_ERR_OP, "Op_commutative of MPI_OP_NULL");
  expect_error(MPI_Op_create(NULL, 1, &none), MPI_ERR_ARG, "Op_create without a function");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Comm_set_errhandler(self, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int commute, world_size, world_rank;
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm half, reversed, evens_first;
  split_half_and_reversed(&half, &reversed);
  MPI_Comm_split(MPI_COMM_WORLD, 0, (world_rank % 2) * world_size + world_rank, &evens_first);

  MPI_Datatype matrix_type, gapped;
  MPI_Type_contiguous(4, MPI_INT, &matrix_type);
  MPI_Type_commit(&matrix_type);
  MPI_Type_vector(2, 1, 3, MPI_INT, &gapped);
  MPI_Type_commit(&gapped);
  MPI_Op multiply_op, add_op, compose_op, affine_op;
  MPI_Op_create(multiply, 0, &multiply_op);
  MPI_Op_create(add, 1, &add_op);
  MPI_Op_create(compose, 0, &compose_op);
  MPI_Op_create(mpitest_compose, 0, &affine_op);
  MPI_Op_commutative(multiply_op, &commute);
  CHECK(commute == 0, "a non-commutative operation reports commute = %d", commute);
  MPI_Op_commutative(add_op, &commute);
  CHECK(commute == 1, "a commutative operation reports commute = %d", commute);
  MPI_Op_commutative(MPI_MAX, &commute);
  CHECK(commute == 1, "MPI_MAX reports commute = %d", commute);

  MPI_Comm comms[3] = {MPI_COMM_WORLD, half, reversed};
  for (int c = 0; c < 3; c++) {
    non_commutative(comms[c], matrix_type, multiply_op);
    with_gaps(comms[c], gapped, compose_op, 3);
    if (world_size <= 64) /* 512 B of the vector type a rank: reduce-scatter's direct form */
      with_gaps(comms[c], gapped, compose_op, 32);
    reduce_scatter_forms(comms[c], affine_op, world_size);
    predefined_on_derived(comms[c], matrix_type);
    commutative(comms[c], add_op);
  }
  /* Across nodes a node's members lie apart here: the reductions combine over all members. */
  non_commutative(evens_first, matrix_type, multiply_op);
  with_gaps(evens_first, gapped, compose_op, 3);
  errors();

  MPI_Op_free(&multiply_op);
  MPI_Op_free(&add_op);
  MPI_Op_free(&compose_op);
  MPI_Op_free(&affine_op);
  CHECK(add_op == MPI_OP_NULL, "Op_free left the handle");
  MPI_Type_free(&matrix_type);
  MPI_Type_free(&gapped);
  MPI_Comm_free(&half);
  MPI_Comm_free(&reversed);
  MPI_Comm_free(&evens_first);
  report_ok("reductions_user_ops");
  MPI_Finalize();
  return 0;
}
