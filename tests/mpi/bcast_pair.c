/* Large broadcasts between two ranks, which Weft copies with both (the reader copies block by block from
 * the root's buffer and the root joins it: collectives/broadcast.cpp): around and past the size where that
 * starts (two WEFT_COPY_BLOCKs, 128 KiB by default) and at sizes that are not a multiple of a block, with
 * either rank as the root, hundreds of times back to back so that the root joins at every point of the
 * reader's copy. Every byte must arrive on every round (a round's data differs from the last), the root's
 * buffer must stay as it was, and each buffer is overwritten as soon as the call returns: a reader that
 * returned before the root's last block was in, or a root that returned while the reader still read its
 * buffer, shows. Then a nonblocking broadcast pending while the ranks exchange messages. On other rank
 * counts the same calls take the other algorithm, checked alike. */
#include "mpitest.h"

enum { ROUNDS = 200 };

static void check_round(const unsigned char* buf, size_t bytes, unsigned seed, int root, int round) {
  size_t bad = pattern_check(buf, bytes, seed);
  CHECK(bad == bytes, "round %d, %zu bytes from root %d: byte %zu differs", round, bytes, root, bad);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const size_t sizes[] = {(128 << 10) - 1, 128 << 10, (128 << 10) + 1, (192 << 10) + 7, (1 << 20) + 3};
  const int count = sizeof sizes / sizeof sizes[0];
  unsigned char* buf = malloc((1 << 20) + 3);
  CHECK(buf != NULL, "out of memory");

  for (int s = 0; s < count; s++) {
    size_t bytes = sizes[s];
    int rounds = bytes > (256 << 10) ? ROUNDS / 4 : ROUNDS;
    for (int round = 0; round < rounds; round++) {
      int root = round % size;
      unsigned seed = pattern_seed(bytes, root, round);
      if (rank == root)
        pattern_fill(buf, bytes, seed);
      else
        memset(buf, 0xA5, bytes);
      MPI_Bcast(buf, (int)bytes, MPI_BYTE, root, MPI_COMM_WORLD);
      check_round(buf, bytes, seed, root, round);
      memset(buf, 0x5A, bytes); /* reused at once, by the root too */
    }
  }

  /* A nonblocking broadcast pending while messages go both ways between the two ranks. */
  size_t bytes = (1 << 20) + 3;
  unsigned seed = pattern_seed(bytes, size - 1, -1);
  if (rank == size - 1)
    pattern_fill(buf, bytes, seed);
  else
    memset(buf, 0xA5, bytes);
  MPI_Request request;
  MPI_Ibcast(buf, (int)bytes, MPI_BYTE, size - 1, MPI_COMM_WORLD, &request);
  int token = rank, peer = (rank + 1) % size, from = (rank + size - 1) % size, got = -1;
  MPI_Sendrecv(&token, 1, MPI_INT, peer, 7, &got, 1, MPI_INT, from, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  CHECK(got == from, "got %d from rank %d during the nonblocking broadcast", got, from);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  check_round(buf, bytes, seed, size - 1, -1);

  free(buf);
  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("bcast_pair");
  MPI_Finalize();
  return 0;
}
