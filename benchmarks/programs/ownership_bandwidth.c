/* Stream bandwidth of ownership passing (Weft only: MPIX_ calls): rank 0 allocates each message of a window
 * with MPIX_Alloc and gives it with MPIX_Igive while rank 1 takes them with MPIX_Itake, both wait for all,
 * and rank 1 frees them and acknowledges the window with a small message. Windows as stream_bandwidth.c's,
 * so the two compare: the same count of messages, and neither program touches the data in the timed loop.
 * A message costs the same at every size, since only the pointer moves. Sizes are powers of two from
 * 1 B to --max-size; MB are 10^6 bytes. Ranks other than 0 and 1 wait in the final barrier.
 *
 *   RESULT ownership_bandwidth <bytes> <MB/s> MB/s */
#include "bench_common.h"

enum { TAG_DATA = 1, TAG_ACK = 2 };

struct stream {
  int rank;
  int count, window;
  void* buffers[BENCH_WINDOW];
  MPI_Request requests[BENCH_WINDOW];
};

static void allocate_window(struct stream* s) {
  for (int i = 0; i < s->window; i++) {
    if (MPIX_Alloc(&s->buffers[i], s->count) != MPI_SUCCESS) bench_fail("MPIX_Alloc of %d bytes failed", s->count);
  }
}

static void pass_window(void* state) {
  struct stream* s = state;
  int ack = 0;
  if (s->rank == 0) {
    allocate_window(s);
    for (int i = 0; i < s->window; i++)
      MPIX_Igive(&s->buffers[i], s->count, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, &s->requests[i]);
    MPI_Waitall(s->window, s->requests, MPI_STATUSES_IGNORE);
    MPI_Recv(&ack, 1, MPI_INT, 1, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    for (int i = 0; i < s->window; i++)
      MPIX_Itake(&s->buffers[i], s->count, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, &s->requests[i]);
    MPI_Waitall(s->window, s->requests, MPI_STATUSES_IGNORE);
    for (int i = 0; i < s->window; i++) MPIX_Free(&s->buffers[i]);
    MPI_Send(&ack, 1, MPI_INT, 0, TAG_ACK, MPI_COMM_WORLD);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank();
  if (bench_size() < 2) bench_fail("ownership_bandwidth needs at least 2 ranks");

  if (rank < 2) {
    struct stream s = {.rank = rank};
    for (size_t size = 1; size <= o.max_size; size = bench_next_size(&o, size)) {
      s.count = (int)size;
      s.window = bench_window(size);
      /* The first window is checked: each message filled after its allocation, verified once taken. */
      if (rank == 0) {
        allocate_window(&s);
        for (int i = 0; i < s.window; i++) {
          bench_fill(s.buffers[i], size, bench_seed(size, 0, i));
          MPIX_Give(&s.buffers[i], s.count, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD);
        }
      } else {
        for (int i = 0; i < s.window; i++) {
          MPIX_Take(&s.buffers[i], s.count, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          bench_verify(s.buffers[i], size, bench_seed(size, 0, i), "ownership_bandwidth", 0);
          MPIX_Free(&s.buffers[i]);
        }
      }

      double seconds = bench_seconds_per_step(&o, 1 - rank, pass_window, &s);
      bench_result("ownership_bandwidth", size, (double)size * s.window / seconds / 1e6, "MB/s");
    }
  }

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
