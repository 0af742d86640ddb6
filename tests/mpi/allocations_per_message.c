/* Messages allocate nothing once warm: the first rank and the last (on different nodes when the job spans
 * nodes) stream windows of messages of several sizes one way, to receives posted before them and to
 * receives posted after them, and count the heap allocations their node process makes meanwhile, every
 * thread and library included. A first pass of the same stream warms up what is kept for reuse (packets,
 * message records, rings). The test fails when the process allocated more than once per 100 messages.
 *
 * On one node the sizes go inline, through the rings and by direct copy; across nodes they go eager, copied
 * into a packet below 8 KiB and gathered from the sender's buffer from it on, up to the default eager limit
 * of 64 KiB (docs/architecture.md, "How a message flows"). */
#include "allocation_count.h"
#include "mpitest.h"

enum { WINDOW = 32, ROUNDS = 40, WARM_UP_ROUNDS = 4, DATA_TAG = 0, GO_TAG = 1, MARK_TAG = 2, ACK_TAG = 3 };
enum { LARGEST = 65536 };
static const int sizes[] = {8, 200, 4000, 16384, LARGEST};
enum { SIZES = sizeof sizes / sizeof sizes[0] };

static unsigned char out[WINDOW][LARGEST];
static unsigned char in[WINDOW][LARGEST];

static unsigned seed_of(int round, int i, int size) { return (unsigned)(round * 1000003 + i * 7 + size); }

static void check_window(int round, int size) {
  for (int i = 0; i < WINDOW; i++) {
    size_t bad = pattern_check(in[i], (size_t)size, seed_of(round, i, size));
    CHECK(bad == (size_t)size, "round %d, %d-byte message %d: byte %zu differs", round, size, i, bad);
  }
}

/* A window to receives posted first: the receiver posts them, then lets the sender go, and answers once it
 * has received it all. Each window waits for that answer, which carries the sender's eager credits back:
 * the windows stay eager across nodes, and the sender's packets in flight stay within what its port keeps. */
static void posted_window(int round, int size, int self, int first, int last) {
  int go = 1;
  if (self == first) {
    MPI_Recv(&go, 1, MPI_INT, last, GO_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < WINDOW; i++) MPI_Send(out[i], size, MPI_BYTE, last, DATA_TAG, MPI_COMM_WORLD);
    MPI_Recv(&go, 1, MPI_INT, last, ACK_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Request receives[WINDOW];
    for (int i = 0; i < WINDOW; i++) MPI_Irecv(in[i], size, MPI_BYTE, first, DATA_TAG, MPI_COMM_WORLD, &receives[i]);
    MPI_Send(&go, 1, MPI_INT, first, GO_TAG, MPI_COMM_WORLD);
    MPI_Waitall(WINDOW, receives, MPI_STATUSES_IGNORE);
    MPI_Send(&go, 1, MPI_INT, first, ACK_TAG, MPI_COMM_WORLD);
    check_window(round, size);
  }
}

/* A window that waits for its receives: the receiver takes the mark sent after it first, so the window is
 * queued by then (on one node, sends past the inline size wait for their receives), and answers once it has
 * received it all. */
static void unexpected_window(int round, int size, int self, int first, int last) {
  int mark = 1;
  if (self == first) {
    MPI_Request sends[WINDOW];
    for (int i = 0; i < WINDOW; i++) MPI_Isend(out[i], size, MPI_BYTE, last, DATA_TAG, MPI_COMM_WORLD, &sends[i]);
    MPI_Send(&mark, 1, MPI_INT, last, MARK_TAG, MPI_COMM_WORLD);
    MPI_Recv(&mark, 1, MPI_INT, last, ACK_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Waitall(WINDOW, sends, MPI_STATUSES_IGNORE);
  } else {
    MPI_Recv(&mark, 1, MPI_INT, first, MARK_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < WINDOW; i++)
      MPI_Recv(in[i], size, MPI_BYTE, first, DATA_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&mark, 1, MPI_INT, first, ACK_TAG, MPI_COMM_WORLD);
    check_window(round, size);
  }
}

/* Every size, both ways of receiving, `rounds` windows each; returns the messages sent, controls included. */
static long stream(int rounds, int self, int first, int last) {
  long messages = 0;
  for (int s = 0; s < SIZES; s++) {
    for (int round = 0; round < rounds; round++) {
      if (self == first)
        for (int i = 0; i < WINDOW; i++) pattern_fill(out[i], (size_t)sizes[s], seed_of(round, i, sizes[s]));
      posted_window(round, sizes[s], self, first, last);
      unexpected_window(round, sizes[s], self, first, last);
      messages += 2 * WINDOW + 4;
    }
  }
  return messages;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int first = 0, last = size - 1;
  CHECK(size >= 2, "needs at least 2 ranks, has %d", size);

  if (rank == first || rank == last) stream(WARM_UP_ROUNDS, rank, first, last);
  MPI_Barrier(MPI_COMM_WORLD);
  unsigned long before = allocation_count();
  if (rank == first || rank == last) {
    long messages = stream(ROUNDS, rank, first, last);
    unsigned long allocations = allocation_count() - before;
    printf("allocations_per_message: rank %d's process allocated %lu times during %ld messages\n", rank, allocations,
           messages);
    fflush(stdout);
    CHECK(allocations * 100 <= (unsigned long)messages,
          "its process allocated %lu times during a stream of %ld messages, more than once per 100", allocations,
          messages);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("allocations_per_message");
  MPI_Finalize();
  return 0;
}
