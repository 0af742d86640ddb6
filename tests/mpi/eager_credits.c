/* Eager sends keep being eager: the first rank and the last (on different nodes when the job spans nodes)
 * exchange far more small messages than a receiver buffers for one sender, first as a ping-pong, then as a
 * stream one way. After each, a window of small standard sends must complete before their receives are
 * posted, which holds only if the receiver handed its buffer space back (across nodes: the eager credits,
 * in replies or in packets of their own). The sends are bounded by time: a window that stays incomplete
 * for 10 s fails the test rather than hanging it.
 *
 * MPI lets a standard send wait for its receive; Weft's sends of messages up to its eager limit
 * (WEFT_FABRIC_EAGER_MAX across nodes, docs/configuration.md) complete at once while the receiver keeps
 * consuming, and this checks that they still do after many. */
#include "mpitest.h"

enum { EXCHANGES = 1000, WINDOW = 32, MESSAGE = 8, DATA_TAG = 0, WINDOW_TAG = 1, GO_TAG = 2, DONE_TAG = 3 };

static unsigned seed_of(int phase, int i, int from) { return (unsigned)(phase * 1000003 + i * 7 + from); }

static void send_pattern(int phase, int i, int self, int to, int tag) {
  unsigned char out[MESSAGE];
  pattern_fill(out, MESSAGE, seed_of(phase, i, self));
  MPI_Send(out, MESSAGE, MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

static void receive_pattern(int phase, int i, int from, int tag) {
  unsigned char in[MESSAGE];
  MPI_Recv(in, MESSAGE, MPI_BYTE, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  size_t bad = pattern_check(in, MESSAGE, seed_of(phase, i, from));
  CHECK(bad == MESSAGE, "phase %d, message %d from rank %d: byte %zu differs", phase, i, from, bad);
}

/* The sender's side of a window: WINDOW standard sends that must all complete while the receiver waits for
 * GO_TAG, which is sent only afterwards. */
static void send_window(int phase, int self, int to) {
  unsigned char out[WINDOW][MESSAGE];
  MPI_Request sends[WINDOW];
  for (int i = 0; i < WINDOW; i++) {
    pattern_fill(out[i], MESSAGE, seed_of(phase, i, self));
    MPI_Isend(out[i], MESSAGE, MPI_BYTE, to, WINDOW_TAG, MPI_COMM_WORLD, &sends[i]);
  }
  int done = 0;
  for (double start = MPI_Wtime(); !done && MPI_Wtime() - start < 10.0;)
    MPI_Testall(WINDOW, sends, &done, MPI_STATUSES_IGNORE);
  int go = done;
  MPI_Send(&go, 1, MPI_INT, to, GO_TAG, MPI_COMM_WORLD);
  CHECK(done,
        "phase %d: %d small sends to rank %d still wait for their receives after %d exchanges: the "
        "receiver did not hand its buffer space back",
        phase, WINDOW, to, EXCHANGES);
}

static void receive_window(int phase, int from) {
  int go = 0;
  MPI_Recv(&go, 1, MPI_INT, from, GO_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (!go) return; /* the sender reports the failure */
  for (int i = 0; i < WINDOW; i++) receive_pattern(phase, i, from, WINDOW_TAG);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int first = 0, last = size - 1;
  CHECK(size >= 2, "needs at least 2 ranks, has %d", size);

  /* Phase 1: ping-pong; the receiver's replies go back to the sender. */
  if (rank == first) {
    for (int i = 0; i < EXCHANGES; i++) {
      send_pattern(1, i, first, last, DATA_TAG);
      receive_pattern(1, i, last, DATA_TAG);
    }
    send_window(1, first, last);
  } else if (rank == last) {
    for (int i = 0; i < EXCHANGES; i++) {
      receive_pattern(1, i, first, DATA_TAG);
      send_pattern(1, i, last, first, DATA_TAG);
    }
    receive_window(1, first);
  }

  /* Phase 2: a stream one way, then one message back once all of it was received. */
  if (rank == first) {
    for (int i = 0; i < EXCHANGES; i++) send_pattern(2, i, first, last, DATA_TAG);
    int done = 0;
    MPI_Recv(&done, 1, MPI_INT, last, DONE_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    send_window(2, first, last);
  } else if (rank == last) {
    for (int i = 0; i < EXCHANGES; i++) receive_pattern(2, i, first, DATA_TAG);
    int done = 1;
    MPI_Send(&done, 1, MPI_INT, first, DONE_TAG, MPI_COMM_WORLD);
    receive_window(2, first);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("eager_credits");
  MPI_Finalize();
  return 0;
}
