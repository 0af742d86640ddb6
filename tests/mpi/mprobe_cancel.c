/* Matched probes and cancellation. Mprobe/Improbe take a message out of the queue: later probes and
 * receives cannot see it, and Mrecv/Imrecv receive exactly it, in any order (inline and rendezvous sizes).
 * Cancel of a receive no message matched, and of a send no receive matched, completes them as cancelled;
 * a send already delivered, or matched by a receive posted before it, is not cancelled and its message
 * arrives. */
#include "mpitest.h"

enum { SMALL = 64, LARGE = 1 << 20 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank - 1 + size) % size;
  unsigned char *small_out = malloc(SMALL), *large_out = malloc(LARGE), *small_in = malloc(SMALL),
                *large_in = malloc(LARGE);
  pattern_fill(small_out, SMALL, pattern_seed(SMALL, rank, 1));
  pattern_fill(large_out, LARGE, pattern_seed(LARGE, rank, 2));

  /* Two messages from the left neighbour, taken by Mprobe with wildcards in arrival order. */
  MPI_Request sends[2];
  MPI_Isend(small_out, SMALL, MPI_BYTE, right, 1, MPI_COMM_WORLD, &sends[0]);
  MPI_Isend(large_out, LARGE, MPI_BYTE, right, 2, MPI_COMM_WORLD, &sends[1]);
  MPI_Message first, second;
  MPI_Status status;
  MPI_Mprobe(left, MPI_ANY_TAG, MPI_COMM_WORLD, &first, &status);
  CHECK(status.MPI_TAG == 1 && status.MPI_SOURCE == left, "Mprobe found tag %d from %d", status.MPI_TAG,
        status.MPI_SOURCE);
  int flag = 0;
  do MPI_Improbe(left, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &second, &status);
  while (!flag);
  int count = -1;
  MPI_Get_count(&status, MPI_BYTE, &count);
  CHECK(status.MPI_TAG == 2 && count == LARGE, "Improbe found tag %d with %d bytes", status.MPI_TAG, count);
  /* Both are taken: nothing is left to probe. */
  MPI_Iprobe(left, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  CHECK(!flag, "Iprobe still sees a message taken by a matched probe");
  /* Received in the other order: the large one without blocking, then the small one. */
  MPI_Request receive;
  MPI_Imrecv(large_in, LARGE, MPI_BYTE, &second, &receive);
  CHECK(second == MPI_MESSAGE_NULL, "Imrecv did not set the message to MPI_MESSAGE_NULL");
  MPI_Mrecv(small_in, SMALL, MPI_BYTE, &first, &status);
  CHECK(first == MPI_MESSAGE_NULL && status.MPI_TAG == 1, "Mrecv: message %p, tag %d", (void*)first, status.MPI_TAG);
  MPI_Wait(&receive, &status);
  MPI_Waitall(2, sends, MPI_STATUSES_IGNORE);
  size_t bad = pattern_check(small_in, SMALL, pattern_seed(SMALL, left, 1));
  CHECK(bad == SMALL, "the small message differs at byte %zu", bad);
  bad = pattern_check(large_in, LARGE, pattern_seed(LARGE, left, 2));
  CHECK(bad == LARGE, "the large message differs at byte %zu", bad);

  /* MPI_PROC_NULL: MPI_MESSAGE_NO_PROC, and a receive of it reports MPI_PROC_NULL. */
  MPI_Message none;
  MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &none, &status);
  CHECK(none == MPI_MESSAGE_NO_PROC && status.MPI_SOURCE == MPI_PROC_NULL, "Mprobe of MPI_PROC_NULL");
  MPI_Mrecv(small_in, SMALL, MPI_BYTE, &none, &status);
  CHECK(none == MPI_MESSAGE_NULL && status.MPI_SOURCE == MPI_PROC_NULL, "Mrecv of MPI_MESSAGE_NO_PROC");

  /* A receive nobody sends to is cancelled. */
  MPI_Irecv(small_in, SMALL, MPI_BYTE, left, 99, MPI_COMM_WORLD, &receive);
  MPI_Cancel(&receive);
  MPI_Wait(&receive, &status);
  MPI_Test_cancelled(&status, &flag);
  CHECK(flag, "a cancelled receive is not reported as cancelled");

  /* A large send nobody receives is cancelled; a small one is delivered at once, so its cancel fails and
   * the neighbour receives it. */
  MPI_Request send;
  MPI_Isend(large_out, LARGE, MPI_BYTE, right, 98, MPI_COMM_WORLD, &send);
  MPI_Cancel(&send);
  MPI_Wait(&send, &status);
  MPI_Test_cancelled(&status, &flag);
  CHECK(flag, "a send nobody received was not cancelled");
  MPI_Isend(small_out, SMALL, MPI_BYTE, right, 97, MPI_COMM_WORLD, &send);
  MPI_Wait(&send, &status);
  MPI_Test_cancelled(&status, &flag);
  CHECK(!flag, "a completed send is reported as cancelled");
  MPI_Recv(small_in, SMALL, MPI_BYTE, left, 97, MPI_COMM_WORLD, &status);
  bad = pattern_check(small_in, SMALL, pattern_seed(SMALL, left, 1));
  CHECK(bad == SMALL, "the message after a failed cancel differs at byte %zu", bad);
  /* A large send whose receive was posted before it started is matched: its cancel fails, its data arrives. */
  MPI_Request posted;
  MPI_Irecv(large_in, LARGE, MPI_BYTE, left, 96, MPI_COMM_WORLD, &posted);
  MPI_Sendrecv(NULL, 0, MPI_BYTE, left, 95, NULL, 0, MPI_BYTE, right, 95, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Isend(large_out, LARGE, MPI_BYTE, right, 96, MPI_COMM_WORLD, &send);
  MPI_Cancel(&send);
  MPI_Wait(&send, &status);
  MPI_Test_cancelled(&status, &flag);
  CHECK(!flag, "a send whose receive was posted was cancelled");
  MPI_Wait(&posted, &status);
  bad = pattern_check(large_in, LARGE, pattern_seed(LARGE, left, 2));
  CHECK(bad == LARGE, "the matched send whose cancel failed differs at byte %zu", bad);
  /* The cancelled large send left nothing behind. */
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Iprobe(left, 98, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
  CHECK(!flag, "the message of a cancelled send arrived");

  free(small_out);
  free(large_out);
  free(small_in);
  free(large_in);
  report_ok("mprobe_cancel");
  MPI_Finalize();
  return 0;
}
