/* Handles as Fortran integers: every kind converts to an integer and back to the same handle, null handles
 * are 0, an object's integer stays while it lives and names nothing once it is freed, a message matched by
 * MPI_Improbe survives the round trip and is received through it, and statuses convert both ways, also to
 * and from mpi_f08's. */
#include "mpitest.h"

static void check_predefined(void) {
  CHECK(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_WORLD)) == MPI_COMM_WORLD, "MPI_COMM_WORLD");
  CHECK(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_SELF)) == MPI_COMM_SELF, "MPI_COMM_SELF");
  CHECK(MPI_Comm_c2f(MPI_COMM_WORLD) != MPI_Comm_c2f(MPI_COMM_SELF), "world and self share an integer");
  CHECK(MPI_Type_f2c(MPI_Type_c2f(MPI_DOUBLE_INT)) == MPI_DOUBLE_INT, "MPI_DOUBLE_INT");
  CHECK(MPI_Group_f2c(MPI_Group_c2f(MPI_GROUP_EMPTY)) == MPI_GROUP_EMPTY, "MPI_GROUP_EMPTY");
  CHECK(MPI_Op_f2c(MPI_Op_c2f(MPI_MAXLOC)) == MPI_MAXLOC, "MPI_MAXLOC");
  CHECK(MPI_Errhandler_f2c(MPI_Errhandler_c2f(MPI_ERRORS_RETURN)) == MPI_ERRORS_RETURN, "MPI_ERRORS_RETURN");
  CHECK(MPI_Message_f2c(MPI_Message_c2f(MPI_MESSAGE_NO_PROC)) == MPI_MESSAGE_NO_PROC, "MPI_MESSAGE_NO_PROC");
}

static void check_nulls(void) {
  CHECK(MPI_Comm_c2f(MPI_COMM_NULL) == 0 && MPI_Comm_f2c(0) == MPI_COMM_NULL, "MPI_COMM_NULL");
  CHECK(MPI_Type_c2f(MPI_DATATYPE_NULL) == 0 && MPI_Type_f2c(0) == MPI_DATATYPE_NULL, "MPI_DATATYPE_NULL");
  CHECK(MPI_Group_c2f(MPI_GROUP_NULL) == 0 && MPI_Group_f2c(0) == MPI_GROUP_NULL, "MPI_GROUP_NULL");
  CHECK(MPI_Op_c2f(MPI_OP_NULL) == 0 && MPI_Op_f2c(0) == MPI_OP_NULL, "MPI_OP_NULL");
  CHECK(MPI_Request_c2f(MPI_REQUEST_NULL) == 0 && MPI_Request_f2c(0) == MPI_REQUEST_NULL, "MPI_REQUEST_NULL");
  CHECK(MPI_Message_c2f(MPI_MESSAGE_NULL) == 0 && MPI_Message_f2c(0) == MPI_MESSAGE_NULL, "MPI_MESSAGE_NULL");
  CHECK(MPI_Info_c2f(MPI_INFO_NULL) == 0 && MPI_Info_f2c(0) == MPI_INFO_NULL, "MPI_INFO_NULL");
  CHECK(MPI_Errhandler_c2f(MPI_ERRHANDLER_NULL) == 0 && MPI_Errhandler_f2c(0) == MPI_ERRHANDLER_NULL,
        "MPI_ERRHANDLER_NULL");
  CHECK(MPI_Comm_f2c(-5) == MPI_COMM_NULL && MPI_Comm_f2c(1 << 30) == MPI_COMM_NULL, "integers naming nothing");
}

/* A derived object keeps its integer while it lives; once freed, the integer names nothing (until reused). */
static void check_lifetime(void) {
  MPI_Datatype pair;
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Fint integer = MPI_Type_c2f(pair);
  CHECK(integer > 0 && MPI_Type_c2f(pair) == integer, "a type's integer changed: %d", (int)integer);
  CHECK(MPI_Type_f2c(integer) == pair, "the integer does not give the type back");
  CHECK(MPI_Comm_f2c(integer) == MPI_COMM_NULL, "a datatype's integer converts to a communicator");
  MPI_Type_free(&pair);
  /* Integers are the process's, and the ranks of a node are one process: another rank may be given this
   * one as soon as it is free. None converts anything between the barriers. */
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(MPI_Type_f2c(integer) == MPI_DATATYPE_NULL, "a freed type's integer still names it");
  MPI_Barrier(MPI_COMM_WORLD);

  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm back = MPI_Comm_f2c(MPI_Comm_c2f(dup));
  int result;
  MPI_Comm_compare(back, dup, &result);
  CHECK(back == dup && result == MPI_IDENT, "a duplicated communicator does not come back");
  MPI_Comm_free(&dup);

  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "key", "value");
  char value[8];
  int flag;
  MPI_Info_get(MPI_Info_f2c(MPI_Info_c2f(info)), "key", sizeof value - 1, value, &flag);
  CHECK(flag && strcmp(value, "value") == 0, "an info's entry is lost in conversion");
  MPI_Info_free(&info);
}

/* Each rank sends to the next; the message is probed, converted, and received through its integer; the
 * request of the send is waited on through its integer; the status goes to Fortran and back. */
static void check_message_and_status(int rank, int size) {
  int next = (rank + 1) % size, previous = (rank + size - 1) % size;
  int out[3] = {rank, rank * 10, -rank}, in[3] = {-1, -1, -1};
  MPI_Request send;
  MPI_Isend(out, 3, MPI_INT, next, 42, MPI_COMM_WORLD, &send);
  MPI_Fint send_integer = MPI_Request_c2f(send);

  MPI_Message message;
  MPI_Status probed;
  int found = 0;
  while (!found) MPI_Improbe(previous, 42, MPI_COMM_WORLD, &found, &message, &probed);
  MPI_Message back = MPI_Message_f2c(MPI_Message_c2f(message));
  CHECK(back == message, "a matched message does not come back");
  MPI_Status status;
  MPI_Mrecv(in, 3, MPI_INT, &back, &status);
  CHECK(back == MPI_MESSAGE_NULL, "MPI_Mrecv left the message handle set");
  CHECK(in[0] == previous && in[1] == previous * 10 && in[2] == -previous, "received %d %d %d", in[0], in[1], in[2]);

  MPI_Request request = MPI_Request_f2c(send_integer);
  CHECK(request == send, "a send request does not come back");
  MPI_Wait(&request, MPI_STATUS_IGNORE);

  MPI_Fint f_status[MPI_F_STATUS_SIZE];
  MPI_Status c_status;
  CHECK(MPI_Status_c2f(&status, f_status) == MPI_SUCCESS, "MPI_Status_c2f failed");
  CHECK(f_status[MPI_F_SOURCE] == previous && f_status[MPI_F_TAG] == 42 && f_status[MPI_F_ERROR] == status.MPI_ERROR,
        "Fortran status has source %d tag %d", (int)f_status[MPI_F_SOURCE], (int)f_status[MPI_F_TAG]);
  CHECK(MPI_Status_f2c(f_status, &c_status) == MPI_SUCCESS, "MPI_Status_f2c failed");
  int count = -1, cancelled = 1;
  MPI_Get_count(&c_status, MPI_INT, &count);
  MPI_Test_cancelled(&c_status, &cancelled);
  CHECK(c_status.MPI_SOURCE == previous && c_status.MPI_TAG == 42 && count == 3 && !cancelled,
        "status after the round trip: source %d tag %d count %d cancelled %d", c_status.MPI_SOURCE, c_status.MPI_TAG,
        count, cancelled);

  /* mpi_f08's status: C to f08, f08 to Fortran, back to f08 and to C, the count and source surviving. */
  MPI_F08_status f08_status, f08_again;
  MPI_Fint f_again[MPI_F_STATUS_SIZE];
  CHECK(MPI_Status_c2f08(&status, &f08_status) == MPI_SUCCESS, "MPI_Status_c2f08 failed");
  CHECK(f08_status.MPI_SOURCE == previous && f08_status.MPI_TAG == 42, "f08 status has source %d tag %d",
        (int)f08_status.MPI_SOURCE, (int)f08_status.MPI_TAG);
  CHECK(MPI_Status_f082f(&f08_status, f_again) == MPI_SUCCESS, "MPI_Status_f082f failed");
  CHECK(memcmp(f_again, f_status, sizeof f_status) == 0, "MPI_Status_f082f differs from MPI_Status_c2f");
  CHECK(MPI_Status_f2f08(f_again, &f08_again) == MPI_SUCCESS, "MPI_Status_f2f08 failed");
  CHECK(MPI_Status_f082c(&f08_again, &c_status) == MPI_SUCCESS, "MPI_Status_f082c failed");
  count = -1;
  MPI_Get_count(&c_status, MPI_INT, &count);
  CHECK(c_status.MPI_SOURCE == previous && c_status.MPI_TAG == 42 && count == 3,
        "status after the f08 round trip: source %d tag %d count %d", c_status.MPI_SOURCE, c_status.MPI_TAG, count);
}

static void check_errors(void) {
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Fint f_status[6];
  expect_error(MPI_Status_c2f(MPI_STATUS_IGNORE, f_status), MPI_ERR_ARG, "MPI_Status_c2f(MPI_STATUS_IGNORE)");
  MPI_Status c_status;
  expect_error(MPI_Status_f2c(MPI_F_STATUS_IGNORE, &c_status), MPI_ERR_ARG, "MPI_Status_f2c(MPI_F_STATUS_IGNORE)");
  expect_error(MPI_Status_c2f08(MPI_STATUS_IGNORE, NULL), MPI_ERR_ARG, "MPI_Status_c2f08(MPI_STATUS_IGNORE)");
  expect_error(MPI_Status_f2f08(f_status, NULL), MPI_ERR_ARG, "MPI_Status_f2f08(f_status, NULL)");
  /* A handle of the wrong kind has no integer. */
  CHECK(MPI_Comm_c2f((MPI_Comm)MPI_INT) == 0, "a datatype converted as a communicator");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  check_predefined();
  check_nulls();
  check_lifetime();
  check_message_and_status(rank, size);
  check_errors();
  report_ok("handle_conversion");
  MPI_Finalize();
  return 0;
}
