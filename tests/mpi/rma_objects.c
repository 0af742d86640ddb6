/* What MPI keeps on a window besides its memory: attributes of the user's keyvals with their delete
 * callbacks (run on replace, delete and MPI_Win_free, a failing one failing the call and keeping the
 * attribute), keyvals freed while attributes use them, keyvals of another kind refused; names; error
 * handlers made for windows (called with the window and the error, Win_call_errhandler, the window's own
 * handler rather than the communicator's, handlers for communicators refused); Fortran integers; a shared
 * window's layout hint fixed once it is made. */
#include "mpitest.h"

static int deletions;     /* delete callbacks run, on this rank */
static int refuse_delete; /* the next delete callback fails */

static int count_delete(MPI_Win win, int keyval, void* value, void* extra) {
  (void)keyval;
  CHECK(win != MPI_WIN_NULL, "a delete callback got MPI_WIN_NULL");
  CHECK(extra == &deletions, "a delete callback got extra_state %p, expected %p", extra, (void*)&deletions);
  if (refuse_delete) {
    refuse_delete = 0;
    return MPI_ERR_OTHER;
  }
  ++*(int*)value;
  ++deletions;
  return MPI_SUCCESS;
}

static MPI_Win handled_win;
static int handled_code, handler_calls;

static void window_handler(MPI_Win* win, int* code, ...) {
  handled_win = *win;
  handled_code = *code;
  ++handler_calls;
}

static void comm_handler(MPI_Comm* comm, int* code, ...) {
  (void)comm;
  (void)code;
}

static void attributes(MPI_Win win) {
  /* Static: the attribute set last stays on the window, its delete callback writing into it, until
   * MPI_Win_free, after this function has returned. */
  static int a, b;
  int keyval, flag;
  void* value;
  MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, count_delete, &keyval, &deletions);
  MPI_Win_get_attr(win, keyval, &value, &flag);
  CHECK(!flag, "an attribute never set is found");

  MPI_Win_set_attr(win, keyval, &a);
  MPI_Win_get_attr(win, keyval, &value, &flag);
  CHECK(flag && value == &a, "the attribute set is not the one found (flag %d)", flag);
  MPI_Win_set_attr(win, keyval, &b); /* replacing deletes the old value */
  CHECK(a == 1 && b == 0 && deletions == 1, "replacing: a deleted %d times, b %d, %d deletions", a, b, deletions);

  refuse_delete = 1;
  int code = MPI_Win_delete_attr(win, keyval), error_class;
  MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_OTHER, "a failing delete callback: MPI_Win_delete_attr returned class %d", error_class);
  MPI_Win_get_attr(win, keyval, &value, &flag);
  CHECK(flag && value == &b, "the attribute whose delete failed is gone");
  MPI_Win_delete_attr(win, keyval);
  CHECK(b == 1 && deletions == 2, "deleting: b deleted %d times, %d deletions", b, deletions);
  MPI_Win_get_attr(win, keyval, &value, &flag);
  CHECK(!flag, "a deleted attribute is found");

  /* Set again, then the keyval freed: the attribute stays until the window goes. */
  MPI_Win_set_attr(win, keyval, &a);
  MPI_Win_free_keyval(&keyval);
  CHECK(keyval == MPI_KEYVAL_INVALID, "a freed keyval is %d, not MPI_KEYVAL_INVALID", keyval);

  /* A communicator's keyval is not a window's, nor may a predefined attribute be set (Open MPI reports
   * both as MPI_ERR_OTHER). */
  int comm_keyval;
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &comm_keyval, NULL);
  if (MPITEST_ON_WEFT)
    expect_error(MPI_Win_set_attr(win, comm_keyval, &a), MPI_ERR_KEYVAL,
                 "MPI_Win_set_attr with a communicator's keyval");
  MPI_Comm_free_keyval(&comm_keyval);
  if (MPITEST_ON_WEFT)
    expect_error(MPI_Win_set_attr(win, MPI_WIN_BASE, &a), MPI_ERR_KEYVAL, "MPI_Win_set_attr of MPI_WIN_BASE");
}

static void names(MPI_Win win) {
  char name[MPI_MAX_OBJECT_NAME];
  int length = -1;
  MPI_Win_get_name(win, name, &length);
  /* Open MPI names windows ("rdma window 3"); MPI-3.1 (6.8) has them unnamed at first. */
  if (MPITEST_ON_WEFT)
    CHECK(length == 0 && name[0] == '\0', "a window without a name is called \"%s\" (%d)", name, length);
  MPI_Win_set_name(win, "halo window");
  MPI_Win_get_name(win, name, &length);
  CHECK(length == 11 && strcmp(name, "halo window") == 0, "the window is called \"%s\" (%d)", name, length);
}

static void error_handlers(MPI_Win win, int size) {
  MPI_Errhandler handler, got;
  MPI_Win_create_errhandler(window_handler, &handler);
  MPI_Win_set_errhandler(win, handler);
  MPI_Errhandler_free(&handler); /* the window holds it */
  int value = 0;
  MPI_Win_lock_all(0, win);
  int code = MPI_Put(&value, 1, MPI_INT, size, 0, 1, MPI_INT, win);
  MPI_Win_unlock_all(win);
  int error_class;
  MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_RANK, "a put to rank %d returned class %d", size, error_class);
  CHECK(handler_calls == 1 && handled_win == win && handled_code == code,
        "the window's handler ran %d times, with %s window and code %d", handler_calls,
        handled_win == win ? "the" : "another", handled_code);
  MPI_Win_call_errhandler(win, MPI_ERR_RMA_SYNC);
  CHECK(handler_calls == 2 && handled_code == MPI_ERR_RMA_SYNC, "MPI_Win_call_errhandler: %d calls, code %d",
        handler_calls, handled_code);

  /* A handler made for communicators does not go on a window, nor the window's on a communicator. */
  MPI_Errhandler for_comms;
  MPI_Comm_create_errhandler(comm_handler, &for_comms);
  MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
  expect_error(MPI_Win_set_errhandler(win, for_comms), MPI_ERR_ARG,
               "MPI_Win_set_errhandler of a communicator's handler");
  MPI_Win_get_errhandler(win, &got);
  CHECK(got == MPI_ERRORS_RETURN, "a refused handler replaced the window's");
  MPI_Errhandler_free(&got);
  MPI_Errhandler_free(&for_comms);
}

/* The layout of a shared window's memory is decided when it is made: a later hint does not change what
 * MPI_Win_get_info reports of it, which MPI-3.1 (11.2.7) has be the hints in use (MPICH and Open MPI report
 * what was set last). */
static void fixed_layout_hint(void) {
  double* mine;
  MPI_Win shared;
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Win_allocate_shared(sizeof(double), sizeof(double), MPI_INFO_NULL, node, &mine, &shared);
  MPI_Info asked, used;
  MPI_Info_create(&asked);
  MPI_Info_set(asked, "alloc_shared_noncontig", "true");
  MPI_Win_set_info(shared, asked);
  MPI_Info_free(&asked);
  MPI_Win_get_info(shared, &used);
  char value[16] = "";
  int flag = 0;
  MPI_Info_get(used, "alloc_shared_noncontig", sizeof value - 1, value, &flag);
  CHECK(flag && strcmp(value, "false") == 0, "after MPI_Win_set_info, alloc_shared_noncontig is \"%s\" (flag %d)",
        value, flag);
  MPI_Info_free(&used);
  MPI_Win_free(&shared);
  MPI_Comm_free(&node);
}

static void fortran_integers(MPI_Win win) {
  MPI_Fint integer = MPI_Win_c2f(win);
  CHECK(integer != 0 && MPI_Win_f2c(integer) == win, "the window's integer %d names another window", (int)integer);
  /* Weft's null handles are 0 in Fortran (MPICH's are not: the standard leaves their value open). */
  if (MPITEST_ON_WEFT) CHECK(MPI_Win_c2f(MPI_WIN_NULL) == 0 && MPI_Win_f2c(0) == MPI_WIN_NULL, "MPI_WIN_NULL is not 0");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int* memory;
  MPI_Win win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &memory, &win);
  /* A window's handler is its own, not its communicator's. */
  MPI_Errhandler got;
  MPI_Win_get_errhandler(win, &got);
  CHECK(got == MPI_ERRORS_ARE_FATAL, "a new window's handler is not MPI_ERRORS_ARE_FATAL");
  MPI_Errhandler_free(&got);
  MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);

  attributes(win);
  names(win);
  error_handlers(win, size);
  fortran_integers(win);
  if (MPITEST_ON_WEFT) fixed_layout_hint();

  /* MPI_Win_free runs the delete callback of the attribute left set, then the window is gone. */
  int before = deletions;
  MPI_Win_free(&win);
  CHECK(win == MPI_WIN_NULL && deletions == before + 1, "MPI_Win_free: window %s, %d deletions (%d before)",
        win == MPI_WIN_NULL ? "null" : "not null", deletions, before);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("rma_objects: ok\n");
  MPI_Finalize();
  return 0;
}
