/* Messages that arrive before their receive is posted. The receiver keeps small ones inline up to a memory
 * budget (WEFT_UNEXPECTED_BUDGET); past it, even small sends wait for their receive like large ones. Either
 * way the receiver must get them in send order and intact; the test also runs with a tiny budget.
 *
 * Each even rank starts N sends of mixed sizes and tags to the next rank, then a DONE message. The receiver
 * waits for DONE first (a receive for a specific tag skips everything before it), so every data message is
 * already there when its receive is posted; then it receives them with MPI_ANY_TAG. A rank without a
 * partner sends to itself. */
#include "mpitest.h"

enum { N = 64, NTAGS = 5, DONE = 1000, MAX_BYTES = 1000 };

/* Inline sizes and single-copy sizes, interleaved. */
static const int sizes[] = {0, 1, 100, 256, 257, MAX_BYTES};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct pairing pair = pair_up(rank, size);
  int partner = pair.partner, sends = pair.sends, receives = pair.receives;

  unsigned char(*out)[MAX_BYTES] = NULL;
  MPI_Request reqs[N + 1];
  if (sends) {
    out = malloc(N * sizeof *out);
    CHECK(out, "out of memory");
    for (int i = 0; i < N; i++) {
      int n = sizes[i % NSIZES];
      pattern_fill(out[i], n, pattern_seed(n, rank, i));
      MPI_Isend(out[i], n, MPI_BYTE, partner, i % NTAGS, MPI_COMM_WORLD, &reqs[i]);
    }
    MPI_Isend(NULL, 0, MPI_BYTE, partner, DONE, MPI_COMM_WORLD, &reqs[N]);
  }

  if (receives) {
    unsigned char in[MAX_BYTES];
    MPI_Recv(NULL, 0, MPI_BYTE, partner, DONE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++) {
      MPI_Status st;
      int n = sizes[i % NSIZES], count = -1;
      MPI_Recv(in, MAX_BYTES, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      MPI_Get_count(&st, MPI_BYTE, &count);
      CHECK(st.MPI_SOURCE == partner && st.MPI_TAG == i % NTAGS && count == n,
            "receive %d: got %d bytes from rank %d with tag %d, expected message %d (%d bytes, tag %d) from rank %d", i,
            count, st.MPI_SOURCE, st.MPI_TAG, i, n, i % NTAGS, partner);
      size_t bad = pattern_check(in, n, pattern_seed(n, partner, i));
      CHECK(bad == (size_t)n, "message %d (%d bytes): byte %zu is wrong", i, n, bad);
    }
  }

  if (sends) {
    MPI_Waitall(N + 1, reqs, MPI_STATUSES_IGNORE);
    free(out);
  }
  report_ok("unexpected");
  MPI_Finalize();
  return 0;
}
