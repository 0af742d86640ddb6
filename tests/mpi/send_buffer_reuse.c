/* A send's buffer is the sender's again when the send completes, and not before: the first rank sends the
 * last (on another node when the job spans nodes) a run of messages from one buffer, refilling it with the
 * next message's pattern as soon as each MPI_Send returns, while the receiver keeps away from MPI for a
 * while, so that the data of the sends piles up in the transport (eager sends from the sender's buffer
 * complete only once the provider is done with it). The receiver then takes them all and checks each. Sizes
 * cover the eager sends copied into packets, those sent from the user's buffer (8 KiB and more), and
 * ready-to-send; the run is longer than the eager credits, so later sends wait for credits too. With an
 * eager limit of 256 KiB (a registration sets it) the credits' worth of eager data is more than loopback
 * TCP's socket buffers take, so sends from the user's buffer wait in the provider. */
#include "mpitest.h"

static const int sizes[] = {4096, 8192, 20000, 65536, 65537, 262144};
enum { SIZES = sizeof sizes / sizeof sizes[0], MESSAGES = 96, TAG = 3 };

/* Busy without MPI calls for `seconds`: nothing this rank's worker owns moves meanwhile. */
static void stay_away(double seconds) {
  volatile unsigned long spins = 0;
  for (double start = MPI_Wtime(); MPI_Wtime() - start < seconds;) spins++;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int first = 0, last = size - 1;
  unsigned char* buffer = malloc(262144);
  CHECK(buffer != NULL, "out of memory");
  for (int s = 0; s < SIZES && size > 1; s++) {
    const int bytes = sizes[s];
    if (rank == first) {
      pattern_fill(buffer, (size_t)bytes, pattern_seed((size_t)bytes, first, 0));
      for (int i = 0; i < MESSAGES; i++) {
        MPI_Send(buffer, bytes, MPI_BYTE, last, TAG, MPI_COMM_WORLD);
        pattern_fill(buffer, (size_t)bytes, pattern_seed((size_t)bytes, first, i + 1));
      }
    } else if (rank == last) {
      stay_away(0.3);
      for (int i = 0; i < MESSAGES; i++) {
        MPI_Recv(buffer, bytes, MPI_BYTE, first, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        size_t bad = pattern_check(buffer, (size_t)bytes, pattern_seed((size_t)bytes, first, i));
        CHECK(bad == (size_t)bytes,
              "message %d of %d bytes differs at byte %zu: its buffer was refilled before "
              "its send completed",
              i, bytes, bad);
      }
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  free(buffer);
  report_ok("send_buffer_reuse");
  MPI_Finalize();
  return 0;
}
