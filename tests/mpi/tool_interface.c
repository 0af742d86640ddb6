/* The tool information interface (MPI_T), as a tool that probes it sees it: it opens before MPI_Init and
 * nests, its control variables are Weft's WEFT_* settings, each read as the job started with it (WEFT_WORKERS
 * is what mpirun --workers set), constant and never written; there are no performance variables or
 * categories yet; its calls return error codes (never ending the job) for bad indices, names and handles,
 * and once it is closed. Every rank does it all, for itself. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>

#include "mpitest.h"

static void expect_t(int code, int expected, const char* what) {
  CHECK(code == expected, "%s returned %d, expected %d", what, code, expected);
}

static void check_control_variables(void) {
  int count = 0;
  expect_t(MPI_T_cvar_get_num(&count), MPI_SUCCESS, "MPI_T_cvar_get_num");
  CHECK(count >= 10, "only %d control variables", count);
  for (int i = 0; i < count; ++i) {
    int name_len = 0, desc_len = 0, verbosity, bind, scope;
    MPI_Datatype type;
    MPI_T_enum enumtype;
    /* Without buffers: the lengths they need, terminators included. */
    expect_t(MPI_T_cvar_get_info(i, NULL, &name_len, &verbosity, &type, &enumtype, NULL, &desc_len, &bind, &scope),
             MPI_SUCCESS, "MPI_T_cvar_get_info without buffers");
    char name[128], desc[4096];
    CHECK(name_len > 6 && name_len <= (int)sizeof name && desc_len > 1 && desc_len <= (int)sizeof desc,
          "variable %d: lengths %d and %d", i, name_len, desc_len);
    int name_room = sizeof name, desc_room = sizeof desc;
    expect_t(MPI_T_cvar_get_info(i, name, &name_room, NULL, &type, NULL, desc, &desc_room, &bind, &scope), MPI_SUCCESS,
             "MPI_T_cvar_get_info");
    CHECK(name_room == name_len && (int)strlen(name) == name_len - 1 && strncmp(name, "WEFT_", 5) == 0,
          "variable %d is named '%s' (%d)", i, name, name_room);
    CHECK(desc_room == desc_len && desc[desc_len - 1] == '\0', "variable %d: description of %d", i, desc_room);
    CHECK(type == MPI_CHAR && bind == MPI_T_BIND_NO_OBJECT && scope == MPI_T_SCOPE_CONSTANT,
          "variable %s: type, binding or scope", name);
    int index = -1;
    expect_t(MPI_T_cvar_get_index(name, &index), MPI_SUCCESS, "MPI_T_cvar_get_index");
    CHECK(index == i, "%s has index %d, found at %d", name, i, index);
  }
  /* A buffer too small: cut, terminated, and the length says what was written. */
  char cut[4];
  int room = sizeof cut;
  expect_t(MPI_T_cvar_get_info(0, cut, &room, NULL, NULL, NULL, NULL, NULL, NULL, NULL), MPI_SUCCESS, "a short name");
  CHECK(room == 4 && strcmp(cut, "WEF") == 0, "a name cut to 4 bytes reads '%s' (%d)", cut, room);

  int workers = -1, length = 0;
  expect_t(MPI_T_cvar_get_index("WEFT_WORKERS", &workers), MPI_SUCCESS, "MPI_T_cvar_get_index(WEFT_WORKERS)");
  MPI_T_cvar_handle handle;
  expect_t(MPI_T_cvar_handle_alloc(workers, NULL, &handle, &length), MPI_SUCCESS, "MPI_T_cvar_handle_alloc");
  char* value = malloc(length);
  expect_t(MPI_T_cvar_read(handle, value), MPI_SUCCESS, "MPI_T_cvar_read");
  const char* set = getenv("WEFT_WORKERS");
  CHECK(strcmp(value, set != NULL ? set : "0") == 0 && (int)strlen(value) == length - 1,
        "WEFT_WORKERS reads '%s' (count %d), the job has '%s'", value, length, set != NULL ? set : "(unset)");
  expect_t(MPI_T_cvar_write(handle, "3"), MPI_T_ERR_CVAR_SET_NEVER, "MPI_T_cvar_write");

  expect_t(MPI_T_cvar_handle_free(&handle), MPI_SUCCESS, "MPI_T_cvar_handle_free");
  CHECK(handle == MPI_T_CVAR_HANDLE_NULL, "a freed handle is not MPI_T_CVAR_HANDLE_NULL");
  free(value);

  int index;
  expect_t(MPI_T_cvar_get_index("WEFT_NO_SUCH_SETTING", &index), MPI_T_ERR_INVALID_NAME, "an unknown name");
  expect_t(MPI_T_cvar_get_info(count, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), MPI_T_ERR_INVALID_INDEX,
           "an index past the last");
  expect_t(MPI_T_cvar_handle_alloc(-1, NULL, &handle, &length), MPI_T_ERR_INVALID_INDEX, "a handle for index -1");
  expect_t(MPI_T_cvar_read(MPI_T_CVAR_HANDLE_NULL, &length), MPI_T_ERR_INVALID_HANDLE, "reading the null handle");
}

/* The program changing a variable after it made a handle changes nothing the handle reads, nor makes a read
 * overrun the count it was given. The ranks share the process's environment: one rank alone does it. */
static void check_handle_keeps_its_value(void) {
  int workers, length;
  MPI_T_cvar_handle handle;
  expect_t(MPI_T_cvar_get_index("WEFT_WORKERS", &workers), MPI_SUCCESS, "MPI_T_cvar_get_index(WEFT_WORKERS)");
  expect_t(MPI_T_cvar_handle_alloc(workers, NULL, &handle, &length), MPI_SUCCESS, "MPI_T_cvar_handle_alloc");
  const char* set = getenv("WEFT_WORKERS");
  char* saved = set != NULL ? strdup(set) : NULL;
  setenv("WEFT_WORKERS", "a value longer than the one the handle was made for", 1);
  char* value = malloc(length);
  expect_t(MPI_T_cvar_read(handle, value), MPI_SUCCESS, "MPI_T_cvar_read after setenv");
  CHECK(strcmp(value, saved != NULL ? saved : "0") == 0 && (int)strlen(value) == length - 1,
        "WEFT_WORKERS reads '%s' after setenv, the handle was made for '%s'", value, saved != NULL ? saved : "0");
  if (saved != NULL)
    setenv("WEFT_WORKERS", saved, 1);
  else
    unsetenv("WEFT_WORKERS");
  expect_t(MPI_T_cvar_handle_free(&handle), MPI_SUCCESS, "MPI_T_cvar_handle_free");
  free(value);
  free(saved);
}

static void check_no_performance_variables(void) {
  int count = -1, stamp = -1, index;
  expect_t(MPI_T_pvar_get_num(&count), MPI_SUCCESS, "MPI_T_pvar_get_num");
  CHECK(count == 0, "%d performance variables", count);
  MPI_T_pvar_session session;
  expect_t(MPI_T_pvar_session_create(&session), MPI_SUCCESS, "MPI_T_pvar_session_create");
  MPI_T_pvar_handle handle;
  expect_t(MPI_T_pvar_handle_alloc(session, 0, NULL, &handle, &count), MPI_T_ERR_INVALID_INDEX, "a pvar handle");
  expect_t(MPI_T_pvar_start(session, MPI_T_PVAR_ALL_HANDLES), MPI_T_ERR_INVALID_HANDLE, "MPI_T_pvar_start");
  expect_t(MPI_T_pvar_session_free(&session), MPI_SUCCESS, "MPI_T_pvar_session_free");
  CHECK(session == MPI_T_PVAR_SESSION_NULL, "a freed session is not MPI_T_PVAR_SESSION_NULL");
  expect_t(MPI_T_pvar_get_index("anything", MPI_T_PVAR_CLASS_COUNTER, &index), MPI_T_ERR_INVALID_NAME,
           "MPI_T_pvar_get_index");
  expect_t(MPI_T_category_get_num(&count), MPI_SUCCESS, "MPI_T_category_get_num");
  CHECK(count == 0, "%d categories", count);
  expect_t(MPI_T_category_changed(&stamp), MPI_SUCCESS, "MPI_T_category_changed");
  expect_t(MPI_T_category_get_cvars(0, 1, &index), MPI_T_ERR_INVALID_INDEX, "MPI_T_category_get_cvars");
}

int main(int argc, char** argv) {
  int provided = -1, count;
  /* Before MPI_Init, nested twice. */
  expect_t(MPI_T_init_thread(MPI_THREAD_SINGLE, &provided), MPI_SUCCESS, "MPI_T_init_thread");
  CHECK(provided == MPI_THREAD_MULTIPLE, "MPI_T provides thread level %d", provided);
  expect_t(MPI_T_init_thread(MPI_THREAD_MULTIPLE, &provided), MPI_SUCCESS, "MPI_T_init_thread, nested");
  check_control_variables();
  expect_t(MPI_T_finalize(), MPI_SUCCESS, "MPI_T_finalize, inner");
  expect_t(MPI_T_cvar_get_num(&count), MPI_SUCCESS, "MPI_T_cvar_get_num, still open once");

  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  check_no_performance_variables();
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) check_handle_keeps_its_value();
  MPI_Barrier(MPI_COMM_WORLD);
  /* Each rank opens and closes the interface for itself, as a process would: the even ranks close it while
   * the odd ones, past the barrier, still have it open. */
  for (int turn = 0; turn < 2; ++turn) {
    if (rank % 2 == turn) {
      expect_t(MPI_T_finalize(), MPI_SUCCESS, "MPI_T_finalize");
      expect_t(MPI_T_cvar_get_num(&count), MPI_T_ERR_NOT_INITIALIZED, "MPI_T_cvar_get_num once closed");
      expect_t(MPI_T_finalize(), MPI_T_ERR_NOT_INITIALIZED, "MPI_T_finalize once closed");
    } else if (turn == 0) {
      expect_t(MPI_T_cvar_get_num(&count), MPI_SUCCESS, "MPI_T_cvar_get_num while open");
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  if (rank == 0) printf("tool_interface: ok\n");
  return 0;
}
