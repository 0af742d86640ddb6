/* Non-overtaking across protocols: the messages one rank sends another on one tag arrive in the order they
 * were sent, whatever path each takes. Every rank sends its partner (half the job away: on another node
 * when the job spans nodes) a burst of messages of one tag whose sizes alternate around every threshold
 * (inline, eager, ready-to-send, shared copies), then the partner receives them into buffers of exactly
 * the expected sizes: a message that overtook another lands in the wrong buffer, is truncated or carries
 * the wrong pattern. Once with the receives posted first, once with the messages arriving first. */
#include "mpitest.h"

static const int sizes[] = {8,     16384, 16385, 32768, 100, 1 << 20, 0,     16300, 65536, 65537,
                            16384, 200,   16448, 4096,  1,   300000,  16383, 65535, 16384, 8};
enum { COUNT = sizeof sizes / sizeof sizes[0], ROUNDS = 3 };

static void burst(int rank, int partner, int from, int posted_first, int round) {
  unsigned char *out[COUNT], *in[COUNT];
  MPI_Request sends[COUNT], receives[COUNT];
  for (int i = 0; i < COUNT; i++) {
    out[i] = malloc(sizes[i] + 1);
    in[i] = malloc(sizes[i] + 1);
    CHECK(out[i] && in[i], "out of memory");
    pattern_fill(out[i], sizes[i], pattern_seed(sizes[i], rank, round * COUNT + i));
  }
  if (posted_first)
    for (int i = 0; i < COUNT; i++) MPI_Irecv(in[i], sizes[i], MPI_BYTE, from, 7, MPI_COMM_WORLD, &receives[i]);
  /* Everyone's receives are posted (or, in the other order, nobody's) before anyone sends. */
  MPI_Sendrecv(NULL, 0, MPI_BYTE, partner, 8, NULL, 0, MPI_BYTE, from, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int i = 0; i < COUNT; i++) MPI_Isend(out[i], sizes[i], MPI_BYTE, partner, 7, MPI_COMM_WORLD, &sends[i]);
  if (!posted_first) {
    /* Let the burst arrive (as far as it travels without a receive) before receiving it. */
    MPI_Sendrecv(NULL, 0, MPI_BYTE, partner, 9, NULL, 0, MPI_BYTE, from, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < COUNT; i++) MPI_Irecv(in[i], sizes[i], MPI_BYTE, from, 7, MPI_COMM_WORLD, &receives[i]);
  }
  for (int i = 0; i < COUNT; i++) {
    MPI_Status status;
    int error = MPI_Wait(&receives[i], &status);
    int count = -1;
    MPI_Get_count(&status, MPI_BYTE, &count);
    CHECK(error == MPI_SUCCESS && count == sizes[i], "message %d (%d bytes) from %d: error %d, %d bytes arrived", i,
          sizes[i], from, error, count);
    size_t bad = pattern_check(in[i], sizes[i], pattern_seed(sizes[i], from, round * COUNT + i));
    CHECK(bad == (size_t)sizes[i], "message %d (%d bytes) from %d differs at byte %zu", i, sizes[i], from, bad);
  }
  MPI_Waitall(COUNT, sends, MPI_STATUSES_IGNORE);
  for (int i = 0; i < COUNT; i++) free(out[i]), free(in[i]);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int partner = (rank + size / 2) % size, from = (rank - size / 2 + size) % size;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  for (int round = 0; round < ROUNDS; round++) {
    burst(rank, partner, from, 1, 2 * round);
    burst(rank, partner, from, 0, 2 * round + 1);
  }
  report_ok("order_across_sizes");
  MPI_Finalize();
  return 0;
}
