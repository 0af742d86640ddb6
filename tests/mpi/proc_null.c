/* MPI_PROC_NULL as source or destination: every operation completes at once, a receive reports source
 * MPI_PROC_NULL, tag MPI_ANY_TAG and count 0, and leaves its buffer alone. Then the use it exists for: a
 * non-periodic shift with Sendrecv, where the ends talk to MPI_PROC_NULL. */
#include "mpitest.h"

enum { LEN = 100, UNTOUCHED = -7 };

static void check_null_status(const MPI_Status* st, const int* buf, const char* call) {
  int count = -1;
  MPI_Get_count(st, MPI_INT, &count);
  CHECK(st->MPI_SOURCE == MPI_PROC_NULL && st->MPI_TAG == MPI_ANY_TAG && count == 0,
        "%s from MPI_PROC_NULL: status has source %d, tag %d, count %d", call, st->MPI_SOURCE, st->MPI_TAG, count);
  for (int i = 0; i < LEN; i++)
    CHECK(buf[i] == UNTOUCHED, "%s from MPI_PROC_NULL wrote element %d of the buffer", call, i);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int out[LEN], in[LEN];
  for (int i = 0; i < LEN; i++) {
    out[i] = rank * LEN + i;
    in[i] = UNTOUCHED;
  }
  MPI_Status st;
  MPI_Request req;
  int done = 0;

  /* Blocking calls: with no partner, these would hang if they waited for one. */
  MPI_Send(out, LEN, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD);
  MPI_Ssend(out, LEN, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD);
  MPI_Recv(in, LEN, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &st);
  check_null_status(&st, in, "MPI_Recv");
  MPI_Probe(MPI_PROC_NULL, 1, MPI_COMM_WORLD, &st);
  check_null_status(&st, in, "MPI_Probe");
  MPI_Iprobe(MPI_PROC_NULL, 1, MPI_COMM_WORLD, &done, &st);
  CHECK(done, "MPI_Iprobe of MPI_PROC_NULL found nothing");
  check_null_status(&st, in, "MPI_Iprobe");

  /* Nonblocking calls are complete at the first test. */
  MPI_Isend(out, LEN, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &req);
  MPI_Test(&req, &done, MPI_STATUS_IGNORE);
  CHECK(done && req == MPI_REQUEST_NULL, "MPI_Isend to MPI_PROC_NULL is not complete at once");
  MPI_Issend(out, LEN, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &req);
  MPI_Test(&req, &done, MPI_STATUS_IGNORE);
  CHECK(done && req == MPI_REQUEST_NULL, "MPI_Issend to MPI_PROC_NULL is not complete at once");
  MPI_Irecv(in, LEN, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD, &req);
  MPI_Test(&req, &done, &st);
  CHECK(done && req == MPI_REQUEST_NULL, "MPI_Irecv from MPI_PROC_NULL is not complete at once");
  check_null_status(&st, in, "MPI_Irecv");

  /* Shift right without wrapping around: rank 0 receives from MPI_PROC_NULL, the last rank sends to it. */
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL, right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Sendrecv(out, LEN, MPI_INT, right, 2, in, LEN, MPI_INT, left, 2, MPI_COMM_WORLD, &st);
  if (left == MPI_PROC_NULL) {
    check_null_status(&st, in, "MPI_Sendrecv");
  } else {
    CHECK(st.MPI_SOURCE == left && st.MPI_TAG == 2, "Sendrecv: status has source %d tag %d", st.MPI_SOURCE, st.MPI_TAG);
    for (int i = 0; i < LEN; i++)
      CHECK(in[i] == left * LEN + i, "Sendrecv: element %d is %d, expected %d", i, in[i], left * LEN + i);
  }

  report_ok("proc_null");
  MPI_Finalize();
  return 0;
}
