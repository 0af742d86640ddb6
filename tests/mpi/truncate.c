/* A message longer than its receive buffer, with MPI_ERRORS_RETURN: the receive returns an error of class
 * MPI_ERR_TRUNCATE, the send completes normally, and the pair keeps working. Checked for inline and
 * single-copy sizes, with MPI_Recv, with MPI_Irecv + MPI_Wait, and with MPI_Waitall, which reports
 * MPI_ERR_IN_STATUS and the error of each request in its status.
 *
 * Each even rank sends to the next one; a rank without a partner sends to itself. */
#include <string.h>

#include "mpitest.h"

enum { AFTER_TAG = 1000, MAX_BYTES = 70000 };

/* Message bytes and the smaller buffer offered for it: inline (up to 256 bytes) and single copy. */
static const struct {
  int sent, room;
} cases[] = {{1, 0}, {200, 100}, {256, 255}, {257, 256}, {5000, 4096}, {70000, 65536}};
#define NCASES (int)(sizeof cases / sizeof cases[0])

static void check_truncated(int rc, const char* call, int c) {
  int cls = -1, len = 0;
  char text[MPI_MAX_ERROR_STRING];
  CHECK(rc != MPI_SUCCESS, "%s: %d bytes into %d returned MPI_SUCCESS", call, cases[c].sent, cases[c].room);
  MPI_Error_class(rc, &cls);
  MPI_Error_string(rc, text, &len);
  CHECK(cls == MPI_ERR_TRUNCATE, "%s: %d bytes into %d: error class %d (%s), expected MPI_ERR_TRUNCATE", call,
        cases[c].sent, cases[c].room, cls, text);
  CHECK(len > 0 && len == (int)strlen(text), "MPI_Error_string gave length %d for \"%s\"", len, text);
}

/* After each truncation, a message that fits must still arrive intact. */
static void check_pair_works(int sends, int receives, int rank, int partner, int round) {
  int out = rank * 100 + round, in = -1;
  MPI_Request req = MPI_REQUEST_NULL;
  if (sends)
    CHECK(MPI_Isend(&out, 1, MPI_INT, partner, AFTER_TAG, MPI_COMM_WORLD, &req) == MPI_SUCCESS, "Isend failed");
  if (receives) {
    CHECK(MPI_Recv(&in, 1, MPI_INT, partner, AFTER_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE) == MPI_SUCCESS,
          "receive after a truncation failed");
    CHECK(in == partner * 100 + round, "after a truncation: got %d, expected %d", in, partner * 100 + round);
  }
  CHECK(MPI_Wait(&req, MPI_STATUS_IGNORE) == MPI_SUCCESS, "send after a truncation failed");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct pairing pair = pair_up(rank, size);
  int partner = pair.partner, sends = pair.sends, receives = pair.receives;
  char *out = malloc(MAX_BYTES), *in = malloc(2 * MAX_BYTES);
  CHECK(out && in, "out of memory");
  memset(out, 'x', MAX_BYTES);
  int round = 0;

  for (int c = 0; c < NCASES; c++) {
    /* Three ways to receive: MPI_Recv, MPI_Irecv + MPI_Wait, and MPI_Waitall where only the second of two
       receives is too small. Sends are nonblocking so that a rank sending to itself cannot block. */
    for (int way = 0; way < 3; way++, round++) {
      MPI_Request sreqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
      int nsends = way == 2 ? 2 : 1;
      if (sends)
        for (int k = 0; k < nsends; k++)
          CHECK(MPI_Isend(out, cases[c].sent, MPI_BYTE, partner, k, MPI_COMM_WORLD, &sreqs[k]) == MPI_SUCCESS,
                "Isend of %d bytes failed", cases[c].sent);
      if (receives && way == 0) {
        int rc = MPI_Recv(in, cases[c].room, MPI_BYTE, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        check_truncated(rc, "MPI_Recv", c);
      } else if (receives && way == 1) {
        MPI_Request req;
        CHECK(MPI_Irecv(in, cases[c].room, MPI_BYTE, partner, 0, MPI_COMM_WORLD, &req) == MPI_SUCCESS, "Irecv failed");
        check_truncated(MPI_Wait(&req, MPI_STATUS_IGNORE), "MPI_Wait", c);
      } else if (receives) {
        MPI_Request reqs[2];
        MPI_Status st[2];
        MPI_Irecv(in, MAX_BYTES, MPI_BYTE, partner, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(in + MAX_BYTES, cases[c].room, MPI_BYTE, partner, 1, MPI_COMM_WORLD, &reqs[1]);
        int rc = MPI_Waitall(2, reqs, st), cls = -1;
        MPI_Error_class(rc, &cls);
        CHECK(cls == MPI_ERR_IN_STATUS, "MPI_Waitall with one truncated receive: class %d, expected MPI_ERR_IN_STATUS",
              cls);
        CHECK(st[0].MPI_ERROR == MPI_SUCCESS, "MPI_Waitall: the receive that fitted reports error %d", st[0].MPI_ERROR);
        check_truncated(st[1].MPI_ERROR, "MPI_Waitall status", c);
      }
      if (sends)
        CHECK(MPI_Waitall(2, sreqs, MPI_STATUSES_IGNORE) == MPI_SUCCESS,
              "the send of %d bytes into a %d-byte receive did not complete normally", cases[c].sent, cases[c].room);
      check_pair_works(sends, receives, rank, partner, round);
    }
  }

  free(out);
  free(in);
  report_ok("truncate");
  MPI_Finalize();
  return 0;
}
