/* Wake-ups of receivers parked on their message rings. A sender looks whether its receiver waits with only
 * a compiler barrier after writing (runtime/asymmetric_fence.hpp): a watch that began just before the
 * write became visible goes unseen, and the receiver's worker must find the message when it looks again
 * after a heavy fence. Pairs of ranks on different workers ping-pong small messages many times over,
 * receivers parking at once (run with WEFT_POLL_COUNT=0), so the race between a receiver's watch and a
 * sender's write comes up constantly: a wake-up lost for good hangs the test; one found late only slows
 * it. Every message's contents and order are checked.
 *
 * First, a receiver that parked before its sender had a ring: it parks without watching (nothing can
 * arrive in a ring it does not have), and the sender that then attaches one must wake it after its first
 * message there. The sender's first 16 messages take the queues (no ring yet) with a tag the receiver does
 * not wait for; the 17th, the one it waits for, is the first through the new ring. */
#include "mpitest.h"

enum { ROUNDS = 100000, BEFORE_RING = 16 };

static void parked_before_ring(int rank, int partner, int leads) {
  if (leads) {
    for (int i = 0; i <= BEFORE_RING; i++) {
      int out[2] = {rank, i};
      MPI_Send(out, 2, MPI_INT, partner, i < BEFORE_RING ? 2 : 1, MPI_COMM_WORLD);
    }
    return;
  }
  int in[2] = {-1, -1};
  MPI_Recv(in, 2, MPI_INT, partner, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  CHECK(in[0] == partner && in[1] == BEFORE_RING, "received (%d, %d) from %d, not its message %d", in[0], in[1],
        partner, BEFORE_RING);
  for (int i = 0; i < BEFORE_RING; i++) {
    MPI_Recv(in, 2, MPI_INT, partner, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(in[0] == partner && in[1] == i, "queued message %d: received (%d, %d) from %d", i, in[0], in[1], partner);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* Rank r pairs with the rank half the job away: with ranks dealt to workers in blocks, on another worker. */
  int half = size / 2;
  int partner = rank < half ? rank + half : rank - half;
  if (size % 2 == 1 && rank == size - 1) partner = rank;
  if (partner != rank) {
    int leads = rank < half;
    parked_before_ring(rank, partner, leads);
    for (int i = 0; i < ROUNDS; i++) {
      int out[2] = {rank, i}, in[2] = {-1, -1};
      if (leads) {
        MPI_Send(out, 2, MPI_INT, partner, 0, MPI_COMM_WORLD);
        MPI_Recv(in, 2, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(in, 2, MPI_INT, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(out, 2, MPI_INT, partner, 0, MPI_COMM_WORLD);
      }
      CHECK(in[0] == partner && in[1] == i, "round %d: received (%d, %d) from %d", i, in[0], in[1], partner);
    }
  }
  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("ring_wakeups");
  MPI_Finalize();
  return 0;
}
