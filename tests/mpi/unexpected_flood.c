/* A flood of unexpected messages keeps the receiver's memory bounded, empty messages too: once the
 * messages a rank holds unreceived fill its budget (WEFT_UNEXPECTED_BUDGET, set low by the test), further
 * standard sends wait for their receive instead of completing at once.
 *
 * Every rank but 0 sends rank 0 its share of FLOOD empty messages while rank 0 polls for `hold` seconds
 * without receiving, then receives them all, counting each source's. Whatever a held
 * message costs (8 bytes at the very least), FLOOD of them exceed the budget, so some send must still be
 * waiting when rank 0 starts receiving. */
#define _POSIX_C_SOURCE 200809L
#include "machine_clock.h"
#include "mpitest.h"

enum { FLOOD = 20000, TAG = 3, NEVER = 99 };
static const double hold = 0.5; /* seconds: far above the time the sends take when nothing holds them */

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int each = size > 1 ? (FLOOD + size - 2) / (size - 1) : 0;

  double last_send_returned = 0.0, receiving_from = 0.0;
  if (rank == 0) {
    /* Polling lets the senders run on this rank's worker too. */
    int flag = 0;
    for (double until = machine_now() + hold; machine_now() < until;)
      MPI_Iprobe(MPI_ANY_SOURCE, NEVER, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    receiving_from = machine_now();
    int* received = calloc((size_t)size, sizeof *received);
    for (long i = 0; i < (long)each * (size - 1); ++i) {
      MPI_Status status;
      MPI_Recv(NULL, 0, MPI_INT, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &status);
      ++received[status.MPI_SOURCE];
    }
    for (int source = 1; source < size; ++source)
      CHECK(received[source] == each, "rank %d's %d messages arrived %d times", source, each, received[source]);
    free(received);
  } else {
    for (int i = 0; i < each; ++i) MPI_Send(NULL, 0, MPI_INT, 0, TAG, MPI_COMM_WORLD);
    last_send_returned = machine_now();
  }

  double latest = 0.0;
  MPI_Reduce(&last_send_returned, &latest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0 && size > 1)
    CHECK(latest >= receiving_from,
          "all %d sends to a rank that received none returned (the last %.3f s before it began receiving): "
          "nothing bounded the messages it held",
          each * (size - 1), receiving_from - latest);

  MPI_Finalize();
  if (rank == 0) printf("unexpected_flood: ok\n");
  return 0;
}
