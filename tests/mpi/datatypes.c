/* Derived datatypes on one rank: the bounds each constructor gives (MPI-3.1, 4.1), resize markers that
 * stick, struct padding, envelopes and contents, names, dup, free while in use, and the argument
 * errors of each call. Every rank runs the same checks on its own types. */
#include <stdint.h>

#include "mpitest.h"

static void check_bounds(MPI_Datatype type, const char* what, int size, MPI_Aint lb, MPI_Aint extent, MPI_Aint true_lb,
                         MPI_Aint true_extent) {
  int s;
  MPI_Aint l, e, tl, te;
  MPI_Count sx, lx, ex;
  MPI_Type_size(type, &s);
  MPI_Type_get_extent(type, &l, &e);
  MPI_Type_get_true_extent(type, &tl, &te);
  CHECK(s == size && l == lb && e == extent && tl == true_lb && te == true_extent,
        "%s: size %d lb %td extent %td true lb %td true extent %td, expected %d %td %td %td %td", what, s, l, e, tl, te,
        size, lb, extent, true_lb, true_extent);
  MPI_Type_size_x(type, &sx);
  MPI_Type_get_extent_x(type, &lx, &ex);
  CHECK(sx == size && lx == lb && ex == extent, "%s: the _x forms differ", what);
}

static void check_envelope(MPI_Datatype type, const char* what, int combiner, int ni, int na, int nd) {
  int i, a, d, c;
  MPI_Type_get_envelope(type, &i, &a, &d, &c);
  CHECK(c == combiner && i == ni && a == na && d == nd,
        "%s: envelope combiner %d (%d, %d, %d), expected %d (%d, %d, %d)", what, c, i, a, d, combiner, ni, na, nd);
}

static void constructors(void) {
  MPI_Datatype t;
  check_bounds(MPI_DOUBLE_INT, "MPI_DOUBLE_INT", 12, 0, 16, 0, 12);
  check_bounds(MPI_SHORT_INT, "MPI_SHORT_INT", 6, 0, 8, 0, 8);

  MPI_Type_contiguous(5, MPI_INT, &t);
  check_bounds(t, "contiguous", 20, 0, 20, 0, 20);
  check_envelope(t, "contiguous", MPI_COMBINER_CONTIGUOUS, 1, 0, 1);
  MPI_Type_free(&t);
  CHECK(t == MPI_DATATYPE_NULL, "MPI_Type_free left the handle set");

  MPI_Type_vector(3, 2, 5, MPI_DOUBLE, &t); /* blocks at 0, 40, 80: ends at 96 */
  check_bounds(t, "vector", 48, 0, 96, 0, 96);
  check_envelope(t, "vector", MPI_COMBINER_VECTOR, 3, 0, 1);
  MPI_Type_free(&t);

  MPI_Type_vector(3, 1, -2, MPI_INT, &t); /* negative stride: elements at 0, -8, -16 */
  check_bounds(t, "vector with negative stride", 12, -16, 20, -16, 20);
  MPI_Type_free(&t);

  MPI_Type_create_hvector(2, 3, 100, MPI_CHAR, &t);
  check_bounds(t, "hvector", 6, 0, 103, 0, 103);
  check_envelope(t, "hvector", MPI_COMBINER_HVECTOR, 2, 1, 1);
  MPI_Type_free(&t);

  int lengths[] = {2, 0, 1};
  int displs[] = {4, 100, -1};
  MPI_Type_indexed(3, lengths, displs, MPI_INT, &t); /* ints at 16, 20 and -4; the empty block adds nothing */
  check_bounds(t, "indexed", 12, -4, 28, -4, 28);
  check_envelope(t, "indexed", MPI_COMBINER_INDEXED, 7, 0, 1);
  MPI_Type_free(&t);

  MPI_Aint hdispls[] = {8, 0};
  MPI_Type_create_hindexed(2, lengths, hdispls, MPI_SHORT, &t); /* 2 shorts at 8, none at 0 */
  check_bounds(t, "hindexed", 4, 8, 4, 8, 4);
  MPI_Type_free(&t);

  int bdispls[] = {3, 0};
  MPI_Type_create_indexed_block(2, 2, bdispls, MPI_FLOAT, &t);
  check_bounds(t, "indexed_block", 16, 0, 20, 0, 20);
  check_envelope(t, "indexed_block", MPI_COMBINER_INDEXED_BLOCK, 4, 0, 1);
  MPI_Type_free(&t);

  MPI_Type_create_hindexed_block(2, 1, hdispls, MPI_DOUBLE, &t);
  check_bounds(t, "hindexed_block", 16, 0, 16, 0, 16);
  check_envelope(t, "hindexed_block", MPI_COMBINER_HINDEXED_BLOCK, 2, 2, 1);
  MPI_Type_free(&t);

  /* struct { char c; double d; }: padded to the double's alignment. */
  int slengths[] = {1, 1};
  MPI_Aint sdispls[] = {0, 8};
  MPI_Datatype stypes[] = {MPI_CHAR, MPI_DOUBLE};
  MPI_Type_create_struct(2, slengths, sdispls, stypes, &t);
  check_bounds(t, "struct", 9, 0, 16, 0, 16);
  check_envelope(t, "struct", MPI_COMBINER_STRUCT, 3, 2, 2);
  MPI_Type_free(&t);
  /* struct { double d; char c; }: 9 bytes of data, extent 16. */
  MPI_Aint sdispls2[] = {8, 0};
  MPI_Type_create_struct(2, slengths, sdispls2, stypes, &t);
  check_bounds(t, "struct with trailing char", 9, 0, 16, 0, 9);
  MPI_Type_free(&t);

  MPI_Datatype resized, vector;
  MPI_Type_create_resized(MPI_INT, -4, 16, &resized);
  check_bounds(resized, "resized", 4, -4, 16, 0, 4);
  check_envelope(resized, "resized", MPI_COMBINER_RESIZED, 0, 2, 1);
  /* The markers stick: a vector of it spans from the first marker to the last. */
  MPI_Type_vector(2, 1, 3, resized, &vector); /* elements at 0 and 48 */
  check_bounds(vector, "vector of resized", 8, -4, 64, 0, 52);
  /* A struct holding it takes its markers even beside data further out. */
  int one[] = {1, 1};
  MPI_Aint at[] = {0, 64};
  MPI_Datatype mixed[] = {resized, MPI_INT};
  MPI_Type_create_struct(2, one, at, mixed, &t);
  check_bounds(t, "struct of resized", 8, -4, 16, 0, 68);
  MPI_Type_free(&t);
  MPI_Type_free(&vector);
  MPI_Type_free(&resized);

  MPI_Type_create_subarray(2, (int[]){4, 6}, (int[]){2, 3}, (int[]){1, 2}, MPI_ORDER_C, MPI_INT, &t);
  check_bounds(t, "subarray", 24, 0, 96, (1 * 6 + 2) * 4, ((2 * 6 + 4) - (1 * 6 + 2) + 1) * 4);
  check_envelope(t, "subarray", MPI_COMBINER_SUBARRAY, 8, 0, 1);
  MPI_Type_free(&t);
  MPI_Type_create_subarray(2, (int[]){4, 6}, (int[]){2, 3}, (int[]){1, 2}, MPI_ORDER_FORTRAN, MPI_INT, &t);
  check_bounds(t, "fortran subarray", 24, 0, 96, (2 * 4 + 1) * 4, ((4 * 4 + 2) - (2 * 4 + 1) + 1) * 4);
  MPI_Type_free(&t);

  /* A 10-element block distribution on 3 processes: ranks hold 4, 4 and 2 elements. */
  MPI_Type_create_darray(3, 2, 1, (int[]){10}, (int[]){MPI_DISTRIBUTE_BLOCK}, (int[]){MPI_DISTRIBUTE_DFLT_DARG},
                         (int[]){3}, MPI_ORDER_C, MPI_DOUBLE, &t);
  check_bounds(t, "darray", 16, 0, 80, 64, 16);
  check_envelope(t, "darray", MPI_COMBINER_DARRAY, 8, 0, 1);
  MPI_Type_free(&t);
}

static void contents(void) {
  int lengths[] = {3, 1};
  MPI_Aint displs[] = {16, 0};
  MPI_Datatype vector, types[2];
  MPI_Type_vector(2, 1, 4, MPI_INT, &vector);
  types[0] = vector;
  types[1] = MPI_CHAR;
  MPI_Datatype s;
  MPI_Type_create_struct(2, lengths, displs, types, &s);
  MPI_Type_free(&vector); /* the struct keeps what it was made of */
  int ints[3];
  MPI_Aint addrs[2];
  MPI_Datatype got[2];
  MPI_Type_get_contents(s, 3, 2, 2, ints, addrs, got);
  CHECK(ints[0] == 2 && ints[1] == 3 && ints[2] == 1 && addrs[0] == 16 && addrs[1] == 0 && got[1] == MPI_CHAR,
        "struct contents %d %d %d %td %td", ints[0], ints[1], ints[2], addrs[0], addrs[1]);
  check_envelope(got[0], "the vector from get_contents", MPI_COMBINER_VECTOR, 3, 0, 1);
  int vints[3];
  MPI_Datatype vold;
  MPI_Type_get_contents(got[0], 3, 0, 1, vints, NULL, &vold);
  CHECK(vints[0] == 2 && vints[1] == 1 && vints[2] == 4 && vold == MPI_INT, "vector contents %d %d %d", vints[0],
        vints[1], vints[2]);
  MPI_Type_free(&got[0]); /* a derived type returned by get_contents is the caller's to free */
  check_envelope(MPI_INT, "MPI_INT", MPI_COMBINER_NAMED, 0, 0, 0);
  expect_error(MPI_Type_get_contents(MPI_INT, 0, 0, 0, NULL, NULL, NULL), MPI_ERR_TYPE, "get_contents of MPI_INT");
  expect_error(MPI_Type_get_contents(s, 1, 2, 2, ints, addrs, got), MPI_ERR_ARG, "get_contents with too small arrays");

  MPI_Datatype dup;
  MPI_Type_dup(s, &dup);
  check_envelope(dup, "dup", MPI_COMBINER_DUP, 0, 0, 1);
  check_bounds(dup, "dup", 25, 0, 76, 0, 76); /* 3 vectors at 16, 36, 56, a char at 0 */
  MPI_Type_free(&dup);
  MPI_Type_free(&s);
}

static void names(void) {
  char name[MPI_MAX_OBJECT_NAME];
  int length;
  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_get_name(t, name, &length);
  CHECK(length == 0 && name[0] == '\0', "a new derived type is named \"%s\"", name);
  MPI_Type_set_name(t, "pair of ints");
  MPI_Type_get_name(t, name, &length);
  CHECK(strcmp(name, "pair of ints") == 0 && length == 12, "the derived type is named \"%s\"", name);
  MPI_Type_free(&t);
}

static void addresses(void) {
  int array[10];
  MPI_Aint first, last;
  MPI_Get_address(&array[0], &first);
  MPI_Get_address(&array[9], &last);
  CHECK(MPI_Aint_diff(last, first) == 36, "Aint_diff gave %td", MPI_Aint_diff(last, first));
  CHECK(MPI_Aint_add(first, 36) == last, "Aint_add does not reach the last element");
}

static void committed_and_freed(void) {
  MPI_Datatype t;
  MPI_Type_vector(2, 1, 2, MPI_INT, &t);
  int buf[3] = {1, 2, 3};
  expect_error(MPI_Send(buf, 1, t, MPI_PROC_NULL, 0, MPI_COMM_WORLD), MPI_ERR_TYPE, "send with an uncommitted type");
  int size;
  expect_error(MPI_Pack_size(1, t, MPI_COMM_WORLD, &size), MPI_ERR_TYPE, "Pack_size with an uncommitted type");
  MPI_Type_commit(&t);
  CHECK(MPI_Send(buf, 1, t, MPI_PROC_NULL, 0, MPI_COMM_WORLD) == MPI_SUCCESS, "send with a committed type failed");
  /* Freed while a receive is pending on it: the receive still completes through it. */
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int out[3] = {7, 8, 9}, in[3] = {0, 0, 0};
  MPI_Request request;
  MPI_Irecv(in, 1, t, rank, 5, MPI_COMM_WORLD, &request);
  MPI_Type_free(&t);
  MPI_Send(out, 2, MPI_INT, rank, 5, MPI_COMM_WORLD);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  CHECK(in[0] == 7 && in[1] == 0 && in[2] == 8, "receive through a freed type gave %d %d %d", in[0], in[1], in[2]);
}

/* Types whose bounds or size MPI_Aint cannot hold are refused (found by datatype_fuzzer: they overflowed
   the layout's arithmetic). */
static void too_large_types(void) {
  MPI_Datatype big, bigger, t;
  MPI_Type_contiguous(1 << 30, MPI_DOUBLE, &big); /* 8 GiB */
  MPI_Type_contiguous(1 << 29, big, &bigger);     /* 4 EiB: still fits */
  expect_error(MPI_Type_contiguous(4, bigger, &t), MPI_ERR_ARG, "contiguous of 16 EiB");
  expect_error(MPI_Type_vector(2, 1, 1 << 30, bigger, &t), MPI_ERR_ARG, "vector whose stride in bytes overflows");
  expect_error(MPI_Type_create_hvector(3, 1, (MPI_Aint)1 << 62, MPI_INT, &t), MPI_ERR_ARG,
               "hvector whose upper bound overflows");
  expect_error(MPI_Type_create_resized(MPI_INT, 1, PTRDIFF_MAX, &t), MPI_ERR_ARG, "resized past MPI_Aint");
  expect_error(MPI_Type_indexed(1, (int[]){1}, (int[]){1 << 30}, bigger, &t), MPI_ERR_ARG,
               "indexed whose displacement in bytes overflows");
  expect_error(MPI_Type_create_subarray(2, (int[]){1 << 30, 16}, (int[]){1, 1}, (int[]){0, 0}, MPI_ORDER_C, big, &t),
               MPI_ERR_ARG, "subarray of an array larger than MPI_Aint holds");
  expect_error(
      MPI_Type_create_darray(1, 0, 3, (int[]){1 << 30, 1 << 30, 1 << 30},
                             (int[]){MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_NONE},
                             (int[]){MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG},
                             (int[]){1, 1, 1}, MPI_ORDER_C, MPI_DOUBLE, &t),
      MPI_ERR_ARG, "darray of an array larger than MPI_Aint holds");
  /* A stride or displacement that is never used need not fit in bytes (found by datatype_fuzzer too). */
  CHECK(MPI_Type_vector(1, 1, 1 << 30, bigger, &t) == MPI_SUCCESS, "vector of one block with a huge stride");
  MPI_Type_free(&t);
  CHECK(MPI_Type_indexed(2, (int[]){0, 1}, (int[]){1 << 30, 0}, bigger, &t) == MPI_SUCCESS,
        "indexed whose empty block has a huge displacement");
  MPI_Type_free(&t);
  MPI_Type_free(&bigger);
  MPI_Type_free(&big);
}

static void wrong_arguments(void) {
  MPI_Datatype t, bad = MPI_INT;
  expect_error(MPI_Type_contiguous(-1, MPI_INT, &t), MPI_ERR_COUNT, "contiguous with count -1");
  expect_error(MPI_Type_vector(2, -1, 1, MPI_INT, &t), MPI_ERR_ARG, "vector with blocklength -1");
  expect_error(MPI_Type_contiguous(1, MPI_DATATYPE_NULL, &t), MPI_ERR_TYPE, "contiguous of MPI_DATATYPE_NULL");
  MPI_Group group;
  MPI_Comm_group(MPI_COMM_WORLD, &group);
  expect_error(MPI_Type_contiguous(1, (MPI_Datatype)group, &t), MPI_ERR_TYPE, "contiguous of a group");
  MPI_Group_free(&group);
  expect_error(MPI_Type_contiguous(1, MPI_INT, NULL), MPI_ERR_ARG, "contiguous with newtype NULL");
  expect_error(MPI_Type_indexed(2, (int[]){1, -3}, (int[]){0, 4}, MPI_INT, &t), MPI_ERR_ARG,
               "indexed with a negative blocklength");
  expect_error(MPI_Type_free(&bad), MPI_ERR_TYPE, "freeing MPI_INT");
  expect_error(MPI_Type_create_subarray(1, (int[]){4}, (int[]){3}, (int[]){2}, MPI_ORDER_C, MPI_INT, &t), MPI_ERR_ARG,
               "subarray reaching past the array");
  expect_error(MPI_Type_create_subarray(1, (int[]){4}, (int[]){1}, (int[]){0}, 99, MPI_INT, &t), MPI_ERR_ARG,
               "subarray with an invalid order");
  expect_error(MPI_Type_create_darray(4, 0, 1, (int[]){8}, (int[]){MPI_DISTRIBUTE_BLOCK}, (int[]){1}, (int[]){4},
                                      MPI_ORDER_C, MPI_INT, &t),
               MPI_ERR_ARG, "darray whose blocks cannot hold the array");
  expect_error(MPI_Type_create_darray(4, 0, 1, (int[]){8}, (int[]){MPI_DISTRIBUTE_BLOCK},
                                      (int[]){MPI_DISTRIBUTE_DFLT_DARG}, (int[]){3}, MPI_ORDER_C, MPI_INT, &t),
               MPI_ERR_ARG, "darray whose grid does not have size processes");
  too_large_types();
  int count;
  MPI_Status status;
  MPI_Status_set_elements(&status, MPI_INT, 3);
  MPI_Get_count(&status, MPI_INT, &count);
  CHECK(count == 3, "Status_set_elements(3 MPI_INT) then Get_count gave %d", count);
  MPI_Get_elements(&status, MPI_DOUBLE_INT, &count); /* 12 bytes: one double and one int */
  CHECK(count == 2, "Get_elements of 12 bytes as MPI_DOUBLE_INT gave %d", count);
  MPI_Get_count(&status, MPI_DOUBLE_INT, &count);
  CHECK(count == 1, "Get_count of 12 bytes as MPI_DOUBLE_INT gave %d", count);
  MPI_Get_count(&status, MPI_DOUBLE, &count);
  CHECK(count == MPI_UNDEFINED, "Get_count of 12 bytes as MPI_DOUBLE gave %d", count);
  MPI_Type_match_size(MPI_TYPECLASS_REAL, 8, &t);
  CHECK(t == MPI_DOUBLE, "Type_match_size(REAL, 8) is not MPI_DOUBLE");
  expect_error(MPI_Type_match_size(MPI_TYPECLASS_INTEGER, 3, &t), MPI_ERR_ARG, "Type_match_size(INTEGER, 3)");
  MPI_Type_match_size(MPI_TYPECLASS_INTEGER, 2, &t);
  CHECK(t == MPI_SHORT, "Type_match_size(INTEGER, 2) is not MPI_SHORT");
  MPI_Type_match_size(MPI_TYPECLASS_COMPLEX, 16, &t);
  CHECK(t == MPI_C_DOUBLE_COMPLEX, "Type_match_size(COMPLEX, 16) is not MPI_C_DOUBLE_COMPLEX");
  expect_error(MPI_Type_match_size(99, 8, &t), MPI_ERR_ARG, "Type_match_size(99, 8)");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  constructors();
  contents();
  names();
  addresses();
  committed_and_freed();
  wrong_arguments();
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("datatypes: ok\n");
  MPI_Finalize();
  return 0;
}
