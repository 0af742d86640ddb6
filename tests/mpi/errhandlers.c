/* User error handlers on communicators: called with the communicator and the error of a failing call,
 * which then returns it; inherited by duplicates; kept alive by the communicators using them after
 * MPI_Errhandler_free; MPI_Comm_call_errhandler; and error classes, codes and strings added by the
 * program, seen through MPI_Error_class, MPI_Error_string, MPI_LASTUSEDCODE and a handler. */
#include "mpitest.h"

static int calls, last_code;
static MPI_Comm last_comm;

static void record(MPI_Comm* comm, int* code, ...) {
  calls++;
  last_code = *code;
  last_comm = *comm;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  MPI_Errhandler handler, got;
  MPI_Comm_create_errhandler(record, &handler);
  MPI_Comm comm, copy;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Comm_set_errhandler(comm, handler);
  MPI_Errhandler_free(&handler); /* the communicator keeps it */
  CHECK(handler == MPI_ERRHANDLER_NULL, "Errhandler_free did not reset the handle");

  int code = MPI_Send(&rank, 1, MPI_INT, size, 0, comm); /* no such rank */
  int error_class;
  MPI_Error_class(code, &error_class);
  CHECK(calls == 1 && last_code == code && error_class == MPI_ERR_RANK && last_comm == comm,
        "the handler saw %d calls, code %d, class %d", calls, last_code, error_class);

  MPI_Comm_dup(comm, &copy); /* inherits the handler */
  MPI_Comm_get_errhandler(copy, &got);
  code = MPI_Recv(&rank, -1, MPI_INT, 0, 0, copy, MPI_STATUS_IGNORE);
  MPI_Error_class(code, &error_class);
  CHECK(calls == 2 && error_class == MPI_ERR_COUNT && last_comm == copy, "the duplicate's handler was not called");
  MPI_Comm_free(&comm);
  MPI_Comm_free(&copy);
  /* The handle from get_errhandler still names it. */
  MPI_Comm_set_errhandler(MPI_COMM_SELF, got);
  MPI_Errhandler_free(&got);
  CHECK(MPI_Comm_call_errhandler(MPI_COMM_SELF, MPI_ERR_OTHER) == MPI_SUCCESS && calls == 3 &&
            last_code == MPI_ERR_OTHER && last_comm == MPI_COMM_SELF,
        "Comm_call_errhandler did not reach the handler");

  /* Classes and codes of the program's own. */
  int my_class, my_code, length;
  MPI_Add_error_class(&my_class);
  MPI_Add_error_code(my_class, &my_code);
  MPI_Add_error_string(my_code, "the widget is out of range");
  CHECK(my_class > MPI_ERR_LASTCODE && my_code > my_class, "added class %d and code %d", my_class, my_code);
  MPI_Error_class(my_code, &error_class);
  CHECK(error_class == my_class, "the added code's class is %d, expected %d", error_class, my_class);
  char text[MPI_MAX_ERROR_STRING];
  MPI_Error_string(my_code, text, &length);
  CHECK(strcmp(text, "the widget is out of range") == 0 && length == 26, "the added code's string is \"%s\"", text);
  int flag, *last;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last, &flag);
  CHECK(flag && *last >= my_code, "MPI_LASTUSEDCODE is below the added code");
  MPI_Comm_call_errhandler(MPI_COMM_SELF, my_code);
  CHECK(calls == 4 && last_code == my_code, "the handler did not get the added code");

  /* Wrong input. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  expect_error(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRHANDLER_NULL), MPI_ERR_ARG,
               "setting MPI_ERRHANDLER_NULL");
  expect_error(MPI_Add_error_code(MPI_ERR_LASTCODE + 1000, &my_code), MPI_ERR_ARG,
               "a code for a class that is not one");
  expect_error(MPI_Add_error_string(MPI_ERR_TRUNCATE, "mine"), MPI_ERR_ARG, "a string for a predefined code");
  CHECK(MPI_Comm_call_errhandler(MPI_COMM_WORLD, MPI_ERR_OTHER) == MPI_SUCCESS,
        "Comm_call_errhandler under MPI_ERRORS_RETURN did not return MPI_SUCCESS");

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("errhandlers: ok\n");
  MPI_Finalize();
  return 0;
}
