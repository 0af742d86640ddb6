/* The eager limit across nodes is where the documentation says (docs/configuration.md, WEFT_FABRIC_EAGER_MAX):
 * a standard send of exactly LIMIT bytes (the program's argument) from the first rank to the last, on
 * another node, completes before its receive is posted; one of LIMIT + 1 bytes waits for it (ready-to-send),
 * then arrives intact. A send still incomplete after 10 s fails the test rather than hanging it; one past
 * the limit is watched for 0.2 s, far longer than an eager packet takes over loopback.
 *
 * MPI lets either kind of standard send wait; the limit is Weft's documented behaviour, and its default
 * depends on the provider (64 KiB, or 16 KiB under ofi_rxm), so each registration names the one it expects. */
#include "mpitest.h"

enum { DATA_TAG = 0, GO_TAG = 1 };

/* Sends `bytes` and reports whether the send completed within `seconds`, before the receiver was told to
 * post its receive; then lets it receive and completes the send. */
static int completes_alone(const unsigned char* out, int bytes, int to, double seconds) {
  MPI_Request send;
  MPI_Isend(out, bytes, MPI_BYTE, to, DATA_TAG, MPI_COMM_WORLD, &send);
  int done = 0;
  for (double start = MPI_Wtime(); !done && MPI_Wtime() - start < seconds;) MPI_Test(&send, &done, MPI_STATUS_IGNORE);
  MPI_Send(NULL, 0, MPI_BYTE, to, GO_TAG, MPI_COMM_WORLD);
  MPI_Wait(&send, MPI_STATUS_IGNORE);
  return done;
}

static void receive_after_go(unsigned char* in, int bytes, int from, unsigned seed) {
  MPI_Recv(NULL, 0, MPI_BYTE, from, GO_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Status status;
  MPI_Recv(in, bytes, MPI_BYTE, from, DATA_TAG, MPI_COMM_WORLD, &status);
  int count = -1;
  MPI_Get_count(&status, MPI_BYTE, &count);
  CHECK(count == bytes, "%d bytes arrived of a %d-byte message", count, bytes);
  size_t bad = pattern_check(in, (size_t)bytes, seed);
  CHECK(bad == (size_t)bytes, "the %d-byte message differs at byte %zu", bytes, bad);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(argc == 2 && atoi(argv[1]) > 0, "usage: eager_limit LIMIT (bytes)");
  const int limit = atoi(argv[1]), first = 0, last = size - 1;
  CHECK(size >= 2, "needs at least 2 ranks, has %d", size);
  unsigned char* buffer = malloc((size_t)limit + 1);
  CHECK(buffer != NULL, "out of memory for %d bytes", limit + 1);

  for (int past = 0; past <= 1; past++) {
    int bytes = limit + past;
    unsigned seed = pattern_seed((size_t)bytes, first, past);
    if (rank == first) {
      pattern_fill(buffer, (size_t)bytes, seed);
      int done = completes_alone(buffer, bytes, last, past ? 0.2 : 10.0);
      if (past)
        CHECK(!done,
              "a %d-byte standard send, past the eager limit of %d bytes, completed before its receive was "
              "posted",
              bytes, limit);
      else
        CHECK(done, "a %d-byte standard send, at the eager limit, still waits for its receive after 10 s", bytes);
    } else if (rank == last) {
      receive_after_go(buffer, bytes, first, seed);
    }
  }

  free(buffer);
  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("eager_limit");
  MPI_Finalize();
  return 0;
}
