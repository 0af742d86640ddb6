/* Senders far ahead of their receivers: every rank starts SENDS nonblocking sends of growing size to its
 * partner (half the job away, on another node when the job spans nodes), then tells it to start receiving
 * with a message of another tag, and only then waits for its sends. The partner receives that message
 * first, then all the others in order.
 *
 * Checks that messages of one sender keep their order past any eager-message credits, that sends beyond
 * them (which wait for their receive) complete once it is posted, and that every byte arrives: data, order
 * and completion, not just the absence of a hang. */
#include "mpitest.h"

enum { SENDS = 1000, GO_TAG = 1, DATA_TAG = 0 };

/* Message i carries i % 97 + 1 ints: sizes vary and most are eager-sized. */
static int length_of(int i) { return i % 97 + 1; }

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int partner = (rank + size / 2) % size; /* a rank pairs with itself on one rank */
  int from = (rank - size / 2 + size) % size;

  int* out = malloc(sizeof(int) * SENDS * 97);
  MPI_Request* sends = malloc(sizeof(MPI_Request) * SENDS);
  CHECK(out && sends, "out of memory");
  size_t offset = 0;
  for (int i = 0; i < SENDS; i++) {
    int n = length_of(i);
    for (int j = 0; j < n; j++) out[offset + j] = rank * 1000003 + i * 101 + j;
    MPI_Isend(out + offset, n, MPI_INT, partner, DATA_TAG, MPI_COMM_WORLD, &sends[i]);
    offset += n;
  }
  int go = rank, got = -1;
  MPI_Request go_request;
  MPI_Isend(&go, 1, MPI_INT, partner, GO_TAG, MPI_COMM_WORLD, &go_request);
  MPI_Recv(&got, 1, MPI_INT, from, GO_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  CHECK(got == from, "the go message came from %d, expected %d", got, from);

  int in[97];
  for (int i = 0; i < SENDS; i++) {
    MPI_Status status;
    MPI_Recv(in, 97, MPI_INT, from, DATA_TAG, MPI_COMM_WORLD, &status);
    int count = -1;
    MPI_Get_count(&status, MPI_INT, &count);
    CHECK(count == length_of(i), "message %d from %d holds %d ints, expected %d (order broken?)", i, from, count,
          length_of(i));
    for (int j = 0; j < count; j++)
      CHECK(in[j] == from * 1000003 + i * 101 + j, "message %d from %d: int %d is %d", i, from, j, in[j]);
  }
  MPI_Waitall(SENDS, sends, MPI_STATUSES_IGNORE);
  MPI_Wait(&go_request, MPI_STATUS_IGNORE);
  free(out);
  free(sends);
  report_ok("sender_ahead");
  MPI_Finalize();
  return 0;
}
