/* A synchronous send completes only after its receive has been matched, at every size, inline ones
 * included.
 *
 * Issend: the receiver probes the message (so it has certainly arrived), tells the sender PROBED, and then
 * waits for GO before it posts the receive. Between PROBED and GO, MPI_Test on the Issend must keep saying
 * "not done"; after GO, MPI_Wait must complete.
 * Ssend: the receiver starts a NOTICE to the sender before it posts the receive. When MPI_Ssend returns,
 * the receive was matched, so the NOTICE must already be visible to the sender's Iprobe.
 *
 * Each even rank sends to the next one. A rank without a partner runs the Issend check against itself. */
#include "mpitest.h"

enum { PROBED = 1, GO = 2, NOTICE = 3, DATA = 10, TESTS = 5 };

static const int sizes[] = {0, 1, 256, 257, 65536};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])
#define MAX_BYTES 65536

static void receive_data(unsigned char* in, int n, int from, int i) {
  int count = -1;
  MPI_Status st;
  MPI_Recv(in, MAX_BYTES, MPI_BYTE, from, DATA + i, MPI_COMM_WORLD, &st);
  MPI_Get_count(&st, MPI_BYTE, &count);
  CHECK(count == n, "synchronous message %d: %d bytes arrived, %d sent", i, count, n);
  size_t bad = pattern_check(in, n, pattern_seed(n, from, i));
  CHECK(bad == (size_t)n, "synchronous message %d (%d bytes): byte %zu is wrong", i, n, bad);
}

static void check_pending(MPI_Request* req, int n, const char* when) {
  for (int t = 0; t < TESTS; t++) {
    int done = 1;
    MPI_Test(req, &done, MPI_STATUS_IGNORE);
    CHECK(!done, "Issend of %d bytes completed %s", n, when);
  }
}

static void issend_pair(int sends, int rank, int partner, unsigned char* out, unsigned char* in) {
  for (int i = 0; i < NSIZES; i++) {
    int n = sizes[i];
    if (sends) {
      MPI_Request req;
      pattern_fill(out, n, pattern_seed(n, rank, i));
      MPI_Issend(out, n, MPI_BYTE, partner, DATA + i, MPI_COMM_WORLD, &req);
      MPI_Recv(NULL, 0, MPI_BYTE, partner, PROBED, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      check_pending(&req, n, "while the receiver had only probed it");
      MPI_Send(NULL, 0, MPI_BYTE, partner, GO, MPI_COMM_WORLD);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Probe(partner, DATA + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(NULL, 0, MPI_BYTE, partner, PROBED, MPI_COMM_WORLD);
      MPI_Recv(NULL, 0, MPI_BYTE, partner, GO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      receive_data(in, n, partner, i);
    }
  }
}

static void issend_self(int rank, unsigned char* out, unsigned char* in) {
  for (int i = 0; i < NSIZES; i++) {
    int n = sizes[i];
    MPI_Request req;
    pattern_fill(out, n, pattern_seed(n, rank, i));
    MPI_Issend(out, n, MPI_BYTE, rank, DATA + i, MPI_COMM_WORLD, &req);
    MPI_Probe(rank, DATA + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check_pending(&req, n, "before its receive was posted");
    receive_data(in, n, rank, i);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
}

static void ssend_pair(int sends, int rank, int partner, unsigned char* out, unsigned char* in) {
  for (int i = 0; i < NSIZES; i++) {
    int n = sizes[i];
    if (sends) {
      int noticed = 0;
      pattern_fill(out, n, pattern_seed(n, rank, NSIZES + i));
      MPI_Ssend(out, n, MPI_BYTE, partner, DATA + NSIZES + i, MPI_COMM_WORLD);
      MPI_Iprobe(partner, NOTICE, MPI_COMM_WORLD, &noticed, MPI_STATUS_IGNORE);
      CHECK(noticed, "MPI_Ssend of %d bytes returned before the receiver started its receive", n);
      MPI_Recv(NULL, 0, MPI_BYTE, partner, NOTICE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Request notice;
      MPI_Isend(NULL, 0, MPI_BYTE, partner, NOTICE, MPI_COMM_WORLD, &notice);
      receive_data(in, n, partner, NSIZES + i);
      MPI_Wait(&notice, MPI_STATUS_IGNORE);
    }
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int partner = pair_up(rank, size).partner;
  unsigned char *out = malloc(MAX_BYTES), *in = malloc(MAX_BYTES);
  CHECK(out && in, "out of memory");

  if (partner == rank) {
    issend_self(rank, out, in);
  } else {
    issend_pair(rank % 2 == 0, rank, partner, out, in);
    ssend_pair(rank % 2 == 0, rank, partner, out, in);
  }

  free(out);
  free(in);
  report_ok("ssend");
  MPI_Finalize();
  return 0;
}
