/* Ping-pong at every size around the protocol boundaries: inline up to 256 bytes, a single copy from the
 * sender's buffer above, sizes just off page and power-of-two edges, and two very large messages. Every
 * byte, the status and the bytes just past the message are checked.
 *
 * Two pairings run one after the other: neighbours (0,1), (2,3), ... which share a worker when ranks are
 * placed in blocks, and (r, r + size/2), which then sit on different workers. A rank without a partner
 * in the first pairing (one rank, or the last of an odd count) sends to itself. */
#include <string.h>

#include "mpitest.h"

enum { GUARD = 64, ROUNDS = 2, BIG_PAIRS = 2, SMALL_MAX = 65536 };

static const size_t sizes[] = {0, 1, 255, 256, 257, 4095, 4096, 4097, 65536, (1u << 20) + 3, 16u << 20};
#define NSIZES (sizeof sizes / sizeof sizes[0])
#define MAX_SIZE (16u << 20)

/* Checks the message of n bytes that rank from sent in round, received with GUARD bytes to spare. */
static void check_received(const unsigned char* buf, const MPI_Status* st, size_t n, int from, int tag, int round) {
  int count = -1;
  MPI_Get_count(st, MPI_BYTE, &count);
  CHECK(st->MPI_SOURCE == from && st->MPI_TAG == tag, "%zu bytes: status says source %d tag %d, expected %d and %d", n,
        st->MPI_SOURCE, st->MPI_TAG, from, tag);
  CHECK(count == (int)n, "%zu bytes from rank %d: MPI_Get_count gives %d", n, from, count);
  size_t bad = pattern_check(buf, n, pattern_seed(n, from, round));
  CHECK(bad == n, "%zu bytes from rank %d, round %d: byte %zu is wrong", n, from, round, bad);
  for (size_t i = n; i < n + GUARD; i++)
    CHECK(buf[i] == 0xA5, "%zu bytes from rank %d: byte %zu past the message was overwritten", n, from, i);
}

static void exchange(int rank, int partner, int phase, int big, unsigned char* sbuf, unsigned char* rbuf) {
  for (size_t s = 0; s < NSIZES && (big || sizes[s] <= SMALL_MAX); s++) {
    size_t n = sizes[s];
    /* Rounds are numbered across both pairings, which can pair the same two ranks. */
    for (int round = phase * ROUNDS; round < (phase + 1) * ROUNDS; round++) {
      int tag = (int)s * 2 * ROUNDS + round;
      MPI_Status st;
      /* Only the guard is reset: stale bytes from an earlier message carry another seed and fail the check. */
      memset(rbuf + n, 0xA5, GUARD);
      pattern_fill(sbuf, n, pattern_seed(n, rank, round));
      if (partner == rank) {
        MPI_Request req;
        MPI_Irecv(rbuf, (int)(n + GUARD), MPI_BYTE, rank, tag, MPI_COMM_WORLD, &req);
        MPI_Send(sbuf, (int)n, MPI_BYTE, rank, tag, MPI_COMM_WORLD);
        MPI_Wait(&req, &st);
        check_received(rbuf, &st, n, rank, tag, round);
      } else if (rank < partner) {
        MPI_Send(sbuf, (int)n, MPI_BYTE, partner, tag, MPI_COMM_WORLD);
        MPI_Recv(rbuf, (int)(n + GUARD), MPI_BYTE, partner, tag, MPI_COMM_WORLD, &st);
        check_received(rbuf, &st, n, partner, tag, round);
      } else {
        MPI_Recv(rbuf, (int)(n + GUARD), MPI_BYTE, partner, tag, MPI_COMM_WORLD, &st);
        check_received(rbuf, &st, n, partner, tag, round);
        MPI_Send(sbuf, (int)n, MPI_BYTE, partner, tag, MPI_COMM_WORLD);
      }
    }
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  /* Neighbours: pair index rank/2. Halves: pair index rank mod half; the last rank of an odd count sits out. */
  int near = (rank ^ 1) < size ? rank ^ 1 : rank;
  int half = size / 2;
  int far = rank < half ? rank + half : rank < 2 * half ? rank - half : -1;
  int near_big = rank / 2 < BIG_PAIRS;
  int far_big = far >= 0 && rank % half < BIG_PAIRS;

  /* Only the first pairs of each pairing go past 64 KiB: 1000 ranks with 16 MiB buffers would not fit. */
  size_t cap = (near_big || far_big ? MAX_SIZE : SMALL_MAX) + GUARD;
  unsigned char *sbuf = malloc(cap), *rbuf = malloc(cap);
  CHECK(sbuf && rbuf, "cannot allocate %zu bytes", cap);

  exchange(rank, near, 0, near_big, sbuf, rbuf);
  if (far >= 0) exchange(rank, far, 1, far_big, sbuf, rbuf);

  free(sbuf);
  free(rbuf);
  report_ok("pingpong");
  MPI_Finalize();
  return 0;
}
