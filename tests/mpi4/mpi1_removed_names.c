/* The MPI-1 names removed in MPI-3.0 (MPI-4.1 chapter 18, "Removed Interfaces") that old codes still call,
 * with their MPI-1 semantics:
 * - MPI_Errhandler_create, MPI_Errhandler_set, MPI_Errhandler_get: a handler made from a function of
 *   MPI_Handler_function's shape, set on a communicator and read back; called with the communicator and the
 *   error code when a send names a rank past the group (the call then returns that code, of class
 *   MPI_ERR_RANK) and by MPI_Comm_call_errhandler; inherited by MPI_Comm_dup; MPI_ERRORS_RETURN set and read
 *   back the same way.
 * - MPI_Address (equal to MPI_Get_address, element addresses sizeof apart), MPI_Type_extent, MPI_Type_lb
 *   and MPI_Type_ub of predefined and derived types.
 * - MPI_Type_hvector, MPI_Type_hindexed and MPI_Type_struct (byte displacements): bounds, sizes and the
 *   placement of every int when messages go through them (received as contiguous ints, and the other
 *   way, holes untouched).
 * - MPI_LB and MPI_UB markers in MPI_Type_struct: lb and ub where the markers are, extent ub - lb, no
 *   alignment padding once MPI_UB is given; the markers are sticky through MPI_Type_contiguous and
 *   MPI_Type_struct (an explicit lower bound wins over a lower displacement without one); MPI_Type_lb/ub and
 *   MPI_Type_get_extent agree, the true extent ignores the markers; three elements sent at the marked
 *   extent apart.
 * - MPI_Keyval_create, MPI_Keyval_free, MPI_Attr_put, MPI_Attr_get, MPI_Attr_delete: a copy callback that
 *   stores value + 1 on MPI_Comm_dup, a delete callback called on Attr_delete, on replacing and on
 *   MPI_Comm_free with the value and the extra state given; MPI_NULL_COPY_FN (not copied) and MPI_DUP_FN
 *   (copied as is); the predefined MPI_TAG_UB read with MPI_Attr_get.
 *
 * Building: compile with -Wno-deprecated-declarations; the pragma below does the same for builds that do
 * not pass it (an implementation may mark these names deprecated). MPICH 4.0.2 (Debian 12) declares all of
 * them in mpi_proto.h unconditionally: no MPI_ENABLE_DEPRECATED or similar macro is needed (MPICH has
 * none), and it marks none of them deprecated, so it compiles without warnings either way. It defines
 * MPI_LB and MPI_UB in mpi.h; MPI_Errhandler_create there takes an MPI_Comm_errhandler_function *, which has
 * the same shape as MPI-1's MPI_Handler_function (also declared), and MPI_Type_hindexed and MPI_Type_struct
 * keep MPI-1's non-const array parameters. (Open MPI 4 and later hide them unless built with
 * --enable-mpi1-compatibility.) */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
#include <stdint.h>

#include "../mpi/mpitest.h"

static const char* program = "mpi1_removed_names";

static int rank, size, left, right;

/* ---- Error handlers. */
static int handler_calls, handler_code;
static MPI_Comm handler_comm;

static void handler(MPI_Comm* comm, int* code, ...) {
  handler_calls++;
  handler_code = *code;
  handler_comm = *comm;
}

static void errhandlers(void) {
  MPI_Comm comm, copy;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Errhandler made = MPI_ERRHANDLER_NULL, got = MPI_ERRHANDLER_NULL;
  MPI_Errhandler_create(handler, &made);
  CHECK(made != MPI_ERRHANDLER_NULL, "Errhandler_create gave MPI_ERRHANDLER_NULL");
  MPI_Errhandler_set(comm, made);
  MPI_Errhandler_get(comm, &got);
  CHECK(got == made, "Errhandler_get did not give the handler Errhandler_set set");
  MPI_Errhandler_free(&got);

  int token = rank;
  int code = MPI_Send(&token, 1, MPI_INT, size, 0, comm); /* no such rank */
  int error_class = -1;
  MPI_Error_class(code, &error_class);
  CHECK(code != MPI_SUCCESS && error_class == MPI_ERR_RANK, "a send to rank %d returned %d (class %d)", size, code,
        error_class);
  CHECK(handler_calls == 1 && handler_code == code && handler_comm == comm,
        "the handler saw %d calls, code %d (the call returned %d), %s communicator", handler_calls, handler_code, code,
        handler_comm == comm ? "the right" : "another");

  MPI_Comm_call_errhandler(comm, MPI_ERR_OTHER);
  CHECK(handler_calls == 2 && handler_code == MPI_ERR_OTHER && handler_comm == comm,
        "Comm_call_errhandler: %d calls, code %d", handler_calls, handler_code);

  MPI_Comm_dup(comm, &copy);
  MPI_Errhandler_get(copy, &got);
  CHECK(got == made, "a duplicate did not inherit the handler of Errhandler_set");
  MPI_Errhandler_free(&got);
  code = MPI_Recv(&token, 1, MPI_INT, size + 3, 0, copy, MPI_STATUS_IGNORE);
  CHECK(handler_calls == 3 && handler_code == code && handler_comm == copy,
        "the duplicate's handler: %d calls, code %d, returned %d", handler_calls, handler_code, code);

  MPI_Errhandler_set(copy, MPI_ERRORS_RETURN);
  MPI_Errhandler_get(copy, &got);
  CHECK(got == MPI_ERRORS_RETURN, "Errhandler_get after setting MPI_ERRORS_RETURN gave another handler");
  code = MPI_Send(&token, 1, MPI_INT, size, 0, copy);
  CHECK(code != MPI_SUCCESS && handler_calls == 3, "under MPI_ERRORS_RETURN: code %d, %d handler calls", code,
        handler_calls);
  MPI_Errhandler_free(&made); /* the communicator keeps it */
  CHECK(made == MPI_ERRHANDLER_NULL, "Errhandler_free left the handle");
  code = MPI_Send(&token, 1, MPI_INT, -5, 0, comm);
  CHECK(handler_calls == 4 && handler_code == code, "after Errhandler_free the communicator's handler: %d calls",
        handler_calls);
  MPI_Comm_free(&copy);
  MPI_Comm_free(&comm);
}

/* ---- Addresses and bounds. */
static void expect_bounds(MPI_Datatype type, MPI_Aint lb, MPI_Aint ub, int type_size, const char* what) {
  MPI_Aint got_lb = -1, got_ub = -1, extent = -1, new_lb = -1, new_extent = -1;
  int got_size = -1;
  MPI_Type_lb(type, &got_lb);
  MPI_Type_ub(type, &got_ub);
  MPI_Type_extent(type, &extent);
  MPI_Type_get_extent(type, &new_lb, &new_extent);
  MPI_Type_size(type, &got_size);
  CHECK(got_lb == lb && got_ub == ub && extent == ub - lb && got_size == type_size,
        "%s: Type_lb %ld, Type_ub %ld, Type_extent %ld, size %d; expected %ld, %ld, %ld, %d", what, (long)got_lb,
        (long)got_ub, (long)extent, got_size, (long)lb, (long)ub, (long)(ub - lb), type_size);
  CHECK(new_lb == lb && new_extent == ub - lb, "%s: Type_get_extent gave %ld, %ld", what, (long)new_lb,
        (long)new_extent);
}

static void addresses(void) {
  int ints[4];
  double doubles[3];
  MPI_Aint a0 = 0, a1 = 0, g0 = 0, d0 = 0, d2 = 0;
  MPI_Address(&ints[0], &a0);
  MPI_Address(&ints[1], &a1);
  MPI_Get_address(&ints[0], &g0);
  MPI_Address(&doubles[0], &d0);
  MPI_Address(&doubles[2], &d2);
  CHECK(a0 == g0, "MPI_Address %ld and MPI_Get_address %ld of one int differ", (long)a0, (long)g0);
  CHECK(a1 - a0 == (MPI_Aint)sizeof(int) && d2 - d0 == 2 * (MPI_Aint)sizeof(double),
        "addresses of neighbouring elements are %ld and %ld bytes apart", (long)(a1 - a0), (long)(d2 - d0));
  CHECK(MPI_Aint_diff(a1, a0) == (MPI_Aint)sizeof(int), "MPI_Aint_diff of two MPI_Address results is wrong");

  expect_bounds(MPI_INT, 0, sizeof(int), sizeof(int), "MPI_INT");
  expect_bounds(MPI_DOUBLE, 0, sizeof(double), sizeof(double), "MPI_DOUBLE");
  expect_bounds(MPI_DOUBLE_INT, 0, sizeof(struct {
                  double d;
                  int i;
                }),
                sizeof(double) + sizeof(int), "MPI_DOUBLE_INT");
}

/* Sends `count` of `type` from `from` to the right and receives `n` contiguous ints from the left into
 * `into`, then the other way (contiguous ints out, `type` in, holes of `back` untouched). */
static void through(MPI_Datatype type, int count, const int* from, int* into, int* back, int back_len, int n,
                    const char* what, const int* positions) {
  MPI_Status status;
  MPI_Sendrecv(from, count, type, right, 5, into, n, MPI_INT, left, 5, MPI_COMM_WORLD, &status);
  int got = -1;
  MPI_Get_count(&status, MPI_INT, &got);
  CHECK(got == n, "%s: %d ints arrived, expected %d", what, got, n);
  for (int k = 0; k < n; k++)
    CHECK(into[k] == left * 1000 + positions[k], "%s: int %d is %d, expected %d (from position %d)", what, k, into[k],
          left * 1000 + positions[k], positions[k]);
  int contiguous[64];
  for (int k = 0; k < n; k++) contiguous[k] = rank * 1000 + 500 + k;
  for (int i = 0; i < back_len; i++) back[i] = -1;
  MPI_Sendrecv(contiguous, n, MPI_INT, right, 6, back, count, type, left, 6, MPI_COMM_WORLD, &status);
  for (int i = 0; i < back_len; i++) {
    int want = -1;
    for (int k = 0; k < n; k++)
      if (positions[k] == i) want = left * 1000 + 500 + k;
    CHECK(back[i] == want, "%s: received through the type, int %d is %d, expected %d", what, i, back[i], want);
  }
}

static void constructors(void) {
  int from[64], into[64], back[64];
  for (int i = 0; i < 64; i++) from[i] = rank * 1000 + i;
  const MPI_Aint is = sizeof(int);

  /* hvector: 3 blocks of 2 ints, 5 ints apart (given in bytes). */
  MPI_Datatype hvector;
  MPI_Type_hvector(3, 2, 5 * is, MPI_INT, &hvector);
  MPI_Type_commit(&hvector);
  expect_bounds(hvector, 0, 12 * is, 6 * (int)is, "Type_hvector(3, 2, 5 ints)");
  const int hvector_at[12] = {0, 1, 5, 6, 10, 11, 12, 13, 17, 18, 22, 23}; /* two of them, 12 ints apart */
  through(hvector, 2, from, into, back, 24, 12, "Type_hvector", hvector_at);

  /* hindexed: blocks of 1, 2 and 3 ints at bytes 40, 0 and 16 (out of order). */
  int lengths[3] = {1, 2, 3};
  MPI_Aint displacements[3] = {10 * is, 0, 4 * is};
  MPI_Datatype hindexed;
  MPI_Type_hindexed(3, lengths, displacements, MPI_INT, &hindexed);
  MPI_Type_commit(&hindexed);
  expect_bounds(hindexed, 0, 11 * is, 6 * (int)is, "Type_hindexed");
  const int hindexed_at[6] = {10, 0, 1, 4, 5, 6}; /* in type map order */
  through(hindexed, 1, from, into, back, 12, 6, "Type_hindexed", hindexed_at);

  /* struct: an int, 2 doubles and a char, at natural offsets, with the usual padding in the extent. */
  struct mixed {
    int i;
    double d[2];
    char c;
  };
  int struct_lengths[3] = {1, 2, 1};
  MPI_Aint struct_displacements[3] = {offsetof(struct mixed, i), offsetof(struct mixed, d), offsetof(struct mixed, c)};
  MPI_Datatype struct_types[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, mixed;
  MPI_Type_struct(3, struct_lengths, struct_displacements, struct_types, &mixed);
  MPI_Type_commit(&mixed);
  expect_bounds(mixed, 0, sizeof(struct mixed), (int)(sizeof(int) + 2 * sizeof(double) + 1),
                "Type_struct of a C struct");
  struct mixed out[2] = {{rank, {rank + 0.5, rank + 0.25}, (char)('a' + rank % 26)}, {-rank, {-0.5, -0.25}, 'z'}},
               in[2];
  memset(in, 0, sizeof in);
  MPI_Sendrecv(out, 2, mixed, right, 7, in, 2, mixed, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  CHECK(in[0].i == left && in[0].d[0] == left + 0.5 && in[0].d[1] == left + 0.25 &&
            in[0].c == (char)('a' + left % 26) && in[1].i == -left && in[1].d[1] == -0.25 && in[1].c == 'z',
        "Type_struct: the structs from rank %d arrived as (%d, %g, %g, %c), (%d, %g, %c)", left, in[0].i, in[0].d[0],
        in[0].d[1], in[0].c, in[1].i, in[1].d[1], in[1].c);
  MPI_Type_free(&mixed);
  MPI_Type_free(&hindexed);
  MPI_Type_free(&hvector);
}

/* ---- MPI_LB and MPI_UB. */
static void markers(void) {
  const MPI_Aint is = sizeof(int);
  /* An int at 0 between an MPI_LB at -2 ints and an MPI_UB at 5 ints: lb -8, ub 20, extent 28 bytes. */
  int lengths[3] = {1, 1, 1};
  MPI_Aint displacements[3] = {-2 * is, 0, 5 * is};
  MPI_Datatype types[3] = {MPI_LB, MPI_INT, MPI_UB}, marked;
  MPI_Type_struct(3, lengths, displacements, types, &marked);
  MPI_Type_commit(&marked);
  expect_bounds(marked, -2 * is, 5 * is, (int)is, "an int between MPI_LB and MPI_UB");
  MPI_Aint true_lb = -1, true_extent = -1;
  MPI_Type_get_true_extent(marked, &true_lb, &true_extent);
  CHECK(true_lb == 0 && true_extent == is, "the true extent of the marked int is %ld at %ld", (long)true_extent,
        (long)true_lb);
  /* Three of them are 7 ints apart: the ints at 0, 7 and 14. */
  int from[32], into[32], back[32];
  for (int i = 0; i < 32; i++) from[i] = rank * 1000 + i;
  const int marked_at[3] = {0, 7, 14};
  through(marked, 3, from, into, back, 21, 3, "three marked ints", marked_at);

  /* Sticky: contiguous copies keep the markers (lb -8, ub 20 + 28 = 48). */
  MPI_Datatype two;
  MPI_Type_contiguous(2, marked, &two);
  MPI_Type_commit(&two);
  expect_bounds(two, -2 * is, 12 * is, 2 * (int)is, "Type_contiguous(2) of the marked int");

  /* Sticky: in a struct, the marked int at 25 ints and a plain int at 0. The explicit MPI_LB (at 23 ints)
   * and MPI_UB (at 30 ints) bound the whole type, though the plain int lies below the MPI_LB: with an lb
   * marker in the type map the lower bound is the lowest marker, not the lowest entry (MPI-1.1 3.12.3,
   * MPI-4.1 6.1.6, "entries that extend ... below the lower bound"). MPICH 4.0.2 takes the plain int's
   * displacement (lb 0, extent 120; it does the same with MPI_Type_create_resized markers), so this one is
   * checked under Weft only. */
  int outer_lengths[2] = {1, 1};
  MPI_Aint outer_displacements[2] = {0, 25 * is};
  MPI_Datatype outer_types[2] = {MPI_INT, marked}, outer;
  MPI_Type_struct(2, outer_lengths, outer_displacements, outer_types, &outer);
  MPI_Type_commit(&outer);
  if (MPITEST_ON_WEFT)
    expect_bounds(outer, 23 * is, 30 * is, 2 * (int)is, "a struct of a plain int and the marked one");
  MPI_Type_get_true_extent(outer, &true_lb, &true_extent);
  CHECK(true_lb == 0 && true_extent == 26 * is, "the true extent of the outer struct is %ld at %ld", (long)true_extent,
        (long)true_lb);

  /* MPI_UB turns off the alignment padding: a double and a char with MPI_UB right after the char. */
  int pad_lengths[3] = {1, 1, 1};
  MPI_Aint pad_displacements[3] = {0, sizeof(double), sizeof(double) + 1};
  MPI_Datatype pad_types[3] = {MPI_DOUBLE, MPI_CHAR, MPI_UB}, tight, padded;
  MPI_Type_struct(3, pad_lengths, pad_displacements, pad_types, &tight);
  MPI_Type_struct(2, pad_lengths, pad_displacements, pad_types, &padded);
  MPI_Type_commit(&tight);
  MPI_Type_commit(&padded);
  expect_bounds(tight, 0, sizeof(double) + 1, (int)sizeof(double) + 1, "a double and a char up to MPI_UB");
  /* Without the marker the extent is padded to the double's alignment, as the C struct is. */
  struct double_char {
    double d;
    char c;
  };
  expect_bounds(padded, 0, sizeof(struct double_char), (int)sizeof(double) + 1, "a double and a char, padded");
  MPI_Type_free(&padded);
  MPI_Type_free(&tight);
  MPI_Type_free(&outer);
  MPI_Type_free(&two);
  MPI_Type_free(&marked);
}

/* ---- MPI-1 attribute caching. */
static int copies, deletes, last_deleted, last_extra;

static int copy_plus_one(MPI_Comm old, int keyval, void* extra, void* in, void* out, int* flag) {
  (void)old;
  (void)keyval;
  copies++;
  last_extra = *(int*)extra;
  *(void**)out = (void*)((intptr_t)in + 1);
  *flag = 1;
  return MPI_SUCCESS;
}

static int count_delete(MPI_Comm comm, int keyval, void* value, void* extra) {
  (void)comm;
  (void)keyval;
  deletes++;
  last_deleted = (int)(intptr_t)value;
  last_extra = *(int*)extra;
  return MPI_SUCCESS;
}

static void attributes(void) {
  static int extra = 4242;
  int key = MPI_KEYVAL_INVALID, null_copy = MPI_KEYVAL_INVALID, dup_copy = MPI_KEYVAL_INVALID;
  MPI_Keyval_create(copy_plus_one, count_delete, &key, &extra);
  MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &null_copy, NULL);
  MPI_Keyval_create(MPI_DUP_FN, MPI_NULL_DELETE_FN, &dup_copy, NULL);
  CHECK(key != MPI_KEYVAL_INVALID && null_copy != MPI_KEYVAL_INVALID && dup_copy != MPI_KEYVAL_INVALID &&
            key != null_copy && key != dup_copy && null_copy != dup_copy,
        "Keyval_create gave keys %d, %d, %d", key, null_copy, dup_copy);

  MPI_Comm comm, copy;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  void* value = NULL;
  int flag = 1;
  MPI_Attr_get(comm, key, &value, &flag);
  CHECK(!flag, "Attr_get found an attribute never put");
  MPI_Attr_put(comm, key, (void*)(intptr_t)(100 + rank));
  MPI_Attr_put(comm, null_copy, (void*)(intptr_t)7);
  MPI_Attr_put(comm, dup_copy, (void*)(intptr_t)(200 + rank));
  MPI_Attr_get(comm, key, &value, &flag);
  CHECK(flag && (intptr_t)value == 100 + rank, "Attr_get after Attr_put: flag %d, value %ld", flag,
        (long)(intptr_t)value);

  /* Replacing calls the delete callback with the old value. */
  MPI_Attr_put(comm, key, (void*)(intptr_t)(300 + rank));
  CHECK(deletes == 1 && last_deleted == 100 + rank && last_extra == extra,
        "replacing an attribute: %d deletes, last value %d, extra state %d", deletes, last_deleted, last_extra);

  MPI_Comm_dup(comm, &copy);
  CHECK(copies == 1 && last_extra == extra, "Comm_dup called the copy callback %d times (extra state %d)", copies,
        last_extra);
  MPI_Attr_get(copy, key, &value, &flag);
  CHECK(flag && (intptr_t)value == 301 + rank, "the copy callback's value on the duplicate: flag %d, %ld", flag,
        (long)(intptr_t)value);
  MPI_Attr_get(copy, null_copy, &value, &flag);
  CHECK(!flag, "an attribute of MPI_NULL_COPY_FN was copied");
  MPI_Attr_get(copy, dup_copy, &value, &flag);
  CHECK(flag && (intptr_t)value == 200 + rank, "an attribute of MPI_DUP_FN: flag %d, value %ld", flag,
        (long)(intptr_t)value);

  MPI_Attr_delete(comm, key);
  CHECK(deletes == 2 && last_deleted == 300 + rank, "Attr_delete: %d deletes, last value %d", deletes, last_deleted);
  MPI_Attr_get(comm, key, &value, &flag);
  CHECK(!flag, "Attr_get found a deleted attribute");
  MPI_Keyval_free(&key);
  CHECK(key == MPI_KEYVAL_INVALID, "Keyval_free left the key");
  MPI_Comm_free(&copy); /* its attribute outlives the freed keyval and is deleted now */
  CHECK(deletes == 3 && last_deleted == 301 + rank, "Comm_free of the duplicate: %d deletes, last value %d", deletes,
        last_deleted);
  MPI_Comm_free(&comm);
  MPI_Keyval_free(&null_copy);
  MPI_Keyval_free(&dup_copy);

  int* tag_ub = NULL;
  MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
  CHECK(flag && tag_ub != NULL && *tag_ub >= 32767, "MPI_TAG_UB through Attr_get: flag %d, value %d", flag,
        tag_ub ? *tag_ub : -1);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  errhandlers();
  addresses();
  constructors();
  markers();
  attributes();
  report_ok(program);
  MPI_Finalize();
  return 0;
}
