/* The completion calls beyond Wait: Waitany/Testany, Waitsome/Testsome, Testall, Request_get_status and
 * Request_free, with MPI_REQUEST_NULL entries, and the order in which messages make requests complete.
 * Every rank receives from its left neighbour and sends to its right one. Calls that return one status
 * leave its MPI_ERROR field alone (their result is the error), as do calls returning several that succeed. */
#include "mpitest.h"

enum { N = 8, TAG = 9 };

#define UNTOUCHED MPI_ERR_DIMS /* a value no completion has a reason to write */

static void check_untouched(const MPI_Status* status, const char* call) {
  CHECK(status->MPI_ERROR == UNTOUCHED, "%s wrote %d into MPI_ERROR", call, status->MPI_ERROR);
}

static void check_error_fields_untouched(int left, int right) {
  int value = 1, got = 0, found = 0;
  MPI_Status status;
  status.MPI_ERROR = UNTOUCHED;
  MPI_Sendrecv(&value, 1, MPI_INT, right, TAG, &got, 1, MPI_INT, left, TAG, MPI_COMM_WORLD, &status);
  check_untouched(&status, "MPI_Sendrecv");
  MPI_Request send;
  MPI_Isend(&value, 1, MPI_INT, right, TAG, MPI_COMM_WORLD, &send);
  MPI_Probe(left, TAG, MPI_COMM_WORLD, &status);
  check_untouched(&status, "MPI_Probe");
  while (!found) MPI_Iprobe(left, TAG, MPI_COMM_WORLD, &found, &status);
  check_untouched(&status, "MPI_Iprobe");
  MPI_Message message;
  MPI_Mprobe(left, TAG, MPI_COMM_WORLD, &message, &status);
  check_untouched(&status, "MPI_Mprobe");
  MPI_Mrecv(&got, 1, MPI_INT, &message, &status);
  check_untouched(&status, "MPI_Mrecv");
  MPI_Wait(&send, &status);
  check_untouched(&status, "MPI_Wait");
  MPI_Recv(&got, 1, MPI_INT, MPI_PROC_NULL, TAG, MPI_COMM_WORLD, &status);
  check_untouched(&status, "MPI_Recv from MPI_PROC_NULL");
  MPI_Request requests[2];
  MPI_Status statuses[2] = {{.MPI_ERROR = UNTOUCHED}, {.MPI_ERROR = UNTOUCHED}};
  MPI_Irecv(&got, 1, MPI_INT, left, TAG, MPI_COMM_WORLD, &requests[0]);
  MPI_Isend(&value, 1, MPI_INT, right, TAG, MPI_COMM_WORLD, &requests[1]);
  MPI_Waitall(2, requests, statuses);
  check_untouched(&statuses[0], "MPI_Waitall (receive)");
  check_untouched(&statuses[1], "MPI_Waitall (send)");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank - 1 + size) % size;
  int in[N], out[N];
  MPI_Request requests[N + 2];
  MPI_Status statuses[N + 2];

  /* Nothing active: Waitany gives MPI_UNDEFINED, Waitsome an outcount of MPI_UNDEFINED, Testall true. */
  for (int i = 0; i < N + 2; i++) requests[i] = MPI_REQUEST_NULL;
  int index = -1, outcount = -1, flag = 0, indices[N + 2];
  MPI_Waitany(N + 2, requests, &index, &statuses[0]);
  CHECK(index == MPI_UNDEFINED, "Waitany over null requests gave index %d", index);
  MPI_Testany(N + 2, requests, &index, &flag, &statuses[0]);
  CHECK(flag && index == MPI_UNDEFINED, "Testany over null requests gave flag %d index %d", flag, index);
  MPI_Waitsome(N + 2, requests, &outcount, indices, statuses);
  CHECK(outcount == MPI_UNDEFINED, "Waitsome over null requests gave outcount %d", outcount);
  MPI_Testall(N + 2, requests, &flag, statuses);
  CHECK(flag, "Testall over null requests gave flag 0");

  /* Receives with distinct tags, among null entries; the sends come in reverse tag order after a
   * barrier, so Testany sees nothing first and Waitany then completes them in send order. */
  for (int i = 0; i < N; i++) MPI_Irecv(&in[i], 1, MPI_INT, left, TAG + i, MPI_COMM_WORLD, &requests[i + 1]);
  MPI_Testany(N + 2, requests, &index, &flag, &statuses[0]);
  CHECK(!flag && index == MPI_UNDEFINED, "Testany before any send gave flag %d index %d", flag, index);
  MPI_Request_get_status(requests[1], &flag, &statuses[0]);
  CHECK(!flag && requests[1] != MPI_REQUEST_NULL, "Request_get_status before the send gave flag %d", flag);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = N - 1; i >= 0; i--) {
    out[i] = rank * 100 + i;
    MPI_Send(&out[i], 1, MPI_INT, right, TAG + i, MPI_COMM_WORLD);
  }
  MPI_Request_get_status(requests[1], &flag, &statuses[0]);
  /* The message may still be on its way from another worker; once it is in, the request stays. */
  while (!flag) MPI_Request_get_status(requests[1], &flag, &statuses[0]);
  CHECK(requests[1] != MPI_REQUEST_NULL && statuses[0].MPI_TAG == TAG, "Request_get_status freed the request");
  for (int k = 0; k < N; k++) {
    MPI_Status status;
    MPI_Waitany(N + 2, requests, &index, &status);
    CHECK(index >= 1 && index <= N && requests[index] == MPI_REQUEST_NULL, "Waitany gave index %d", index);
    CHECK(status.MPI_TAG == TAG + index - 1 && status.MPI_SOURCE == left && in[index - 1] == left * 100 + index - 1,
          "Waitany: request %d has tag %d source %d value %d", index, status.MPI_TAG, status.MPI_SOURCE, in[index - 1]);
  }

  /* Waitsome/Testsome: collect all completions; every receive reported exactly once. */
  for (int i = 0; i < N; i++) MPI_Irecv(&in[i], 1, MPI_INT, left, TAG, MPI_COMM_WORLD, &requests[i]);
  for (int i = 0; i < N; i++) {
    out[i] = rank * 100 + i;
    MPI_Send(&out[i], 1, MPI_INT, right, TAG, MPI_COMM_WORLD);
  }
  int seen[N] = {0}, total = 0, rounds = 0;
  while (total < N) {
    if (rounds++ % 2 == 0)
      MPI_Waitsome(N, requests, &outcount, indices, statuses);
    else
      MPI_Testsome(N, requests, &outcount, indices, statuses);
    CHECK(outcount != MPI_UNDEFINED, "Waitsome/Testsome gave MPI_UNDEFINED with %d receives left", N - total);
    for (int k = 0; k < outcount; k++) {
      int i = indices[k];
      CHECK(!seen[i] && requests[i] == MPI_REQUEST_NULL && in[i] == left * 100 + i,
            "completion %d: request %d seen %d value %d", k, i, seen[i], in[i]);
      seen[i] = 1;
    }
    total += outcount;
  }

  /* Testall is all or nothing: while one receive is missing nothing is freed. */
  MPI_Irecv(&in[0], 1, MPI_INT, left, TAG, MPI_COMM_WORLD, &requests[0]);
  MPI_Irecv(&in[1], 1, MPI_INT, left, TAG + 1, MPI_COMM_WORLD, &requests[1]);
  out[0] = rank;
  MPI_Send(&out[0], 1, MPI_INT, right, TAG, MPI_COMM_WORLD);
  do MPI_Request_get_status(requests[0], &flag, MPI_STATUS_IGNORE);
  while (!flag);
  MPI_Testall(2, requests, &flag, statuses); /* the second message is sent only after the barrier */
  CHECK(!flag && requests[0] != MPI_REQUEST_NULL && requests[1] != MPI_REQUEST_NULL,
        "Testall with a missing message gave flag %d", flag);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Send(&out[0], 1, MPI_INT, right, TAG + 1, MPI_COMM_WORLD);
  do MPI_Testall(2, requests, &flag, statuses);
  while (!flag);
  CHECK(requests[0] == MPI_REQUEST_NULL && requests[1] == MPI_REQUEST_NULL && in[0] == left && in[1] == left,
        "Testall completed without freeing or delivering");

  /* Request_free of sends still under way: the messages (large enough not to be copied at once) arrive. */
  enum { BIG = 1 << 16 };
  unsigned char *big_out = malloc(BIG), *big_in = malloc(BIG);
  pattern_fill(big_out, BIG, pattern_seed(BIG, rank, 0));
  MPI_Request send;
  MPI_Isend(big_out, BIG, MPI_BYTE, right, TAG, MPI_COMM_WORLD, &send);
  MPI_Request_free(&send);
  CHECK(send == MPI_REQUEST_NULL, "Request_free did not set the handle to MPI_REQUEST_NULL");
  MPI_Recv(big_in, BIG, MPI_BYTE, left, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  size_t bad = pattern_check(big_in, BIG, pattern_seed(BIG, left, 0));
  CHECK(bad == BIG, "the message of a freed send differs at byte %zu", bad);
  MPI_Barrier(MPI_COMM_WORLD); /* the send buffer is in use until the peer has received */
  free(big_out);
  free(big_in);

  check_error_fields_untouched(left, right);

  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Request null_request = MPI_REQUEST_NULL;
  int code = MPI_Request_free(&null_request), error_class = -1;
  MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_REQUEST, "Request_free of MPI_REQUEST_NULL gave class %d", error_class);
  report_ok("completion");
  MPI_Finalize();
  return 0;
}
