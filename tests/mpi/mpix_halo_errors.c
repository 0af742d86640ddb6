/* Errors of MPIX_Halo. `return`: under MPI_ERRORS_RETURN, wrong arguments and calls out of order return
 * their classes, and each refused binding at commit returns its class on both of its ranks (the owner,
 * rank 0, and the reader, the last rank) while the other ranks learn that the commit failed (MPI_ERR_OTHER);
 * a failed exchange is not committed anywhere, and a correct one works afterwards.
 * `fatal <case>`: the same refused binding under MPI_ERRORS_ARE_FATAL ends the job with a line naming both
 * ranks and the label (checked by the test's expected output). */
#include "mpitest.h"

enum { COUNT = 4 };

struct commit_case {
  const char* name;
  int expected_class;
};

static const struct commit_case cases[] = {
    {"unknown_label", MPI_ERR_ARG},   {"different_types", MPI_ERR_TYPE}, {"different_sizes", MPI_ERR_COUNT},
    {"duplicate_label", MPI_ERR_ARG}, {"wrong_role", MPI_ERR_ARG},
};

/* Binds the case's cells on the owner (rank 0) and the reader (the last rank; the same rank when alone),
 * then commits on every rank. */
static int commit_case(const char* name, MPI_Halo_exchange* exchange, MPI_Halo cells[4]) {
  int rank, size, n = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPIX_Halo_exchange_init(exchange);
  if (rank == 0) {
    if (strcmp(name, "wrong_role") == 0) {
      MPIX_Halo_cell_init(&cells[n], "other", MPI_INT, COUNT);
      MPIX_Halo_cell_bind_local(*exchange, cells[n++]);
      MPIX_Halo_cell_init(&cells[n], "edge", MPI_INT, COUNT);
      MPIX_Halo_cell_bind_remote(*exchange, cells[n++], 0, "other");
    } else {
      MPIX_Halo_cell_init(&cells[n], "edge", MPI_INT, COUNT);
      MPIX_Halo_cell_bind_local(*exchange, cells[n++]);
      if (strcmp(name, "duplicate_label") == 0) {
        MPIX_Halo_cell_init(&cells[n], "edge", MPI_INT, COUNT);
        MPIX_Halo_cell_bind_local(*exchange, cells[n++]);
      }
    }
  }
  if (rank == size - 1) {
    MPI_Datatype type = strcmp(name, "different_types") == 0 ? MPI_FLOAT : MPI_INT;
    int count = strcmp(name, "different_sizes") == 0 ? COUNT + 1 : COUNT;
    MPIX_Halo_cell_init(&cells[n], "ghost", type, count);
    MPIX_Halo_cell_bind_remote(*exchange, cells[n++], 0, strcmp(name, "unknown_label") == 0 ? "edgy" : "edge");
  }
  int result = MPIX_Halo_exchange_commit(*exchange);
  for (int c = n; c < 4; c++) cells[c] = MPI_HALO_NULL;
  return result;
}

static void release_all(MPI_Halo_exchange* exchange, MPI_Halo cells[4]) {
  CHECK(MPIX_Halo_exchange_release(exchange) == MPI_SUCCESS, "release of an uncommitted exchange failed");
  for (int c = 0; c < 4; c++)
    if (cells[c] != MPI_HALO_NULL) MPIX_Halo_cell_release(&cells[c]);
}

static void refused_bindings(int rank, int size) {
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    MPI_Halo_exchange exchange;
    MPI_Halo cells[4];
    int result = commit_case(cases[k].name, &exchange, cells);
    int involved = rank == 0 || rank == size - 1;
    char what[64];
    snprintf(what, sizeof what, "commit with %s", cases[k].name);
    expect_error(result, involved ? cases[k].expected_class : MPI_ERR_OTHER, what);
    expect_error(MPIX_Halo_iexchange(exchange), MPI_ERR_OTHER, "iexchange of an exchange whose commit failed");
    release_all(&exchange, cells);
  }
}

static void wrong_arguments(int rank, int size) {
  MPI_Halo cell = MPI_HALO_NULL, local, ghost;
  char long_label[200];
  memset(long_label, 'x', sizeof long_label - 1);
  long_label[sizeof long_label - 1] = '\0';
  MPI_Datatype uncommitted;
  MPI_Type_contiguous(2, MPI_INT, &uncommitted);
  expect_error(MPIX_Halo_cell_init(NULL, "a", MPI_INT, 1), MPI_ERR_ARG, "cell_init with a NULL handle");
  expect_error(MPIX_Halo_cell_init(&cell, NULL, MPI_INT, 1), MPI_ERR_ARG, "cell_init with a NULL label");
  expect_error(MPIX_Halo_cell_init(&cell, long_label, MPI_INT, 1), MPI_ERR_ARG, "cell_init with a long label");
  expect_error(MPIX_Halo_cell_init(&cell, "a", MPI_INT, -1), MPI_ERR_COUNT, "cell_init with count -1");
  expect_error(MPIX_Halo_cell_init(&cell, "a", MPI_DATATYPE_NULL, 1), MPI_ERR_TYPE, "cell_init of MPI_DATATYPE_NULL");
  expect_error(MPIX_Halo_cell_init(&cell, "a", uncommitted, 1), MPI_ERR_TYPE, "cell_init of an uncommitted type");
  MPI_Type_free(&uncommitted);
  CHECK(cell == MPI_HALO_NULL, "a failed cell_init set the handle");

  MPI_Halo_exchange exchange;
  expect_error(MPIX_Halo_exchange_init_comm(MPI_COMM_NULL, &exchange), MPI_ERR_COMM,
               "exchange_init_comm(MPI_COMM_NULL)");
  MPIX_Halo_exchange_init(&exchange);
  MPIX_Halo_cell_init(&local, "edge", MPI_INT, COUNT);
  MPIX_Halo_cell_init(&ghost, "ghost", MPI_INT, COUNT);
  void* view;
  expect_error(MPIX_Halo_cell_get(local, &view), MPI_ERR_ARG, "cell_get of an unbound cell");
  CHECK(MPIX_Halo_cell_is_remote(local) == MPI_ERR_ARG, "is_remote of an unbound cell");
  expect_error(MPIX_Halo_cell_bind_local(exchange, MPI_HALO_NULL), MPI_ERR_ARG, "bind_local of MPI_HALO_NULL");
  expect_error(MPIX_Halo_cell_bind_local(MPI_HALO_EXCHANGE_NULL, local), MPI_ERR_ARG, "bind_local to no exchange");
  CHECK(MPIX_Halo_cell_bind_local(exchange, local) == MPI_SUCCESS, "bind_local failed");
  expect_error(MPIX_Halo_cell_bind_local(exchange, local), MPI_ERR_ARG, "binding a local cell twice");
  expect_error(MPIX_Halo_cell_bind_remote(exchange, local, 0, "edge"), MPI_ERR_ARG, "binding a local cell as remote");
  expect_error(MPIX_Halo_cell_bind_remote(exchange, ghost, size, "edge"), MPI_ERR_RANK, "bind_remote to rank size");
  expect_error(MPIX_Halo_cell_bind_remote(exchange, ghost, 0, NULL), MPI_ERR_ARG, "bind_remote with a NULL label");
  int left = (rank + size - 1) % size;
  CHECK(MPIX_Halo_cell_bind_remote(exchange, ghost, left, "edge") == MPI_SUCCESS, "bind_remote failed");
  expect_error(MPIX_Halo_cell_set(ghost, &view), MPI_ERR_ARG, "cell_set of a remote cell");
  expect_error(MPIX_Halo_cell_set(local, NULL), MPI_ERR_BUFFER, "cell_set of NULL data");
  expect_error(MPIX_Halo_cell_get(ghost, &view), MPI_ERR_OTHER, "cell_get before commit");
  expect_error(MPIX_Halo_iexchange(exchange), MPI_ERR_OTHER, "iexchange before commit");

  CHECK(MPIX_Halo_exchange_commit(exchange) == MPI_SUCCESS, "commit failed");
  MPI_Halo late;
  MPIX_Halo_cell_init(&late, "late", MPI_INT, 1);
  expect_error(MPIX_Halo_cell_bind_local(exchange, late), MPI_ERR_OTHER, "bind after commit");
  expect_error(MPIX_Halo_exchange_commit(exchange), MPI_ERR_OTHER, "commit twice");
  expect_error(MPIX_Halo_cell_get(ghost, &view), MPI_ERR_OTHER, "cell_get before any exchange");
  expect_error(MPIX_Halo_iexchange_wait(exchange), MPI_ERR_OTHER, "iexchange_wait without iexchange");
  expect_error(MPIX_Halo_iexchange(exchange), MPI_ERR_BUFFER, "iexchange with a local cell never set");
  int data[COUNT] = {rank, rank + 1, rank + 2, rank + 3};
  MPIX_Halo_cell_set(local, data);
  CHECK(MPIX_Halo_iexchange(exchange) == MPI_SUCCESS, "iexchange failed");
  expect_error(MPIX_Halo_iexchange(exchange), MPI_ERR_OTHER, "iexchange while one is in flight");
  expect_error(MPIX_Halo_cell_get(ghost, &view), MPI_ERR_OTHER, "cell_get while the exchange is in flight");
  expect_error(MPIX_Halo_exchange_release(&exchange), MPI_ERR_OTHER, "release while the exchange is in flight");
  CHECK(MPIX_Halo_iexchange_wait(exchange) == MPI_SUCCESS, "iexchange_wait failed");
  CHECK(MPIX_Halo_cell_get(ghost, &view) == MPI_SUCCESS && ((int*)view)[3] == left + 3, "the ghost is wrong");
  CHECK(MPIX_Halo_exchange_release(&exchange) == MPI_SUCCESS, "release failed");
  MPIX_Halo_cell_release(&local);
  MPIX_Halo_cell_release(&ghost);
  MPIX_Halo_cell_release(&late);
  expect_error(MPIX_Halo_cell_release(&late), MPI_ERR_ARG, "releasing MPI_HALO_NULL");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc > 2 && strcmp(argv[1], "fatal") == 0) {
    MPI_Halo_exchange exchange;
    MPI_Halo cells[4];
    commit_case(argv[2], &exchange, cells);
    CHECK(0, "the commit with %s did not end the job", argv[2]);
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  wrong_arguments(rank, size);
  refused_bindings(rank, size);
  report_ok("mpix_halo_errors");
  MPI_Finalize();
  return 0;
}
