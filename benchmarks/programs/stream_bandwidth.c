/* Stream bandwidth from rank 0 to rank 1: rank 0 sends a window of messages with MPI_Isend while rank 1
 * receives them with MPI_Irecv, both wait for all, and rank 1 acknowledges the window with a small
 * message. 64 messages per window, fewer when they would take more than 64 MiB (each needs its own receive
 * buffer). Sizes are powers of two from 1 B to --max-size; MB are 10^6 bytes. Ranks other than 0 and 1
 * wait in the final barrier.
 *
 *   RESULT stream_bandwidth <bytes> <MB/s> MB/s */
#include "bench_common.h"

enum { TAG_DATA = 1, TAG_ACK = 2 };

struct stream {
  int rank;
  int count, window;
  unsigned char *out, *in; /* `window` slots of `count` bytes */
  MPI_Request requests[BENCH_WINDOW];
};

static void send_window(void* state) {
  struct stream* s = state;
  int ack = 0;
  if (s->rank == 0) {
    for (int i = 0; i < s->window; i++)
      MPI_Isend(s->out + (size_t)i * s->count, s->count, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, &s->requests[i]);
    MPI_Waitall(s->window, s->requests, MPI_STATUSES_IGNORE);
    MPI_Recv(&ack, 1, MPI_INT, 1, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    for (int i = 0; i < s->window; i++)
      MPI_Irecv(s->in + (size_t)i * s->count, s->count, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, &s->requests[i]);
    MPI_Waitall(s->window, s->requests, MPI_STATUSES_IGNORE);
    MPI_Send(&ack, 1, MPI_INT, 0, TAG_ACK, MPI_COMM_WORLD);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank();
  if (bench_size() < 2) bench_fail("stream_bandwidth needs at least 2 ranks");

  if (rank < 2) {
    struct stream s = {.rank = rank};
    size_t capacity = bench_window_capacity(o.max_size);
    s.out = rank == 0 ? bench_alloc(capacity) : NULL;
    s.in = rank == 1 ? bench_alloc(capacity) : NULL;
    for (size_t size = 1; size <= o.max_size; size = bench_next_size(&o, size)) {
      s.count = (int)size;
      s.window = bench_window(size);
      /* Every message of the first window is checked in its own slot, which also checks their order. */
      for (int i = 0; i < s.window; i++) {
        if (rank == 0)
          bench_fill(s.out + i * size, size, bench_seed(size, 0, i));
        else
          bench_poison(s.in + i * size, size, bench_seed(size, 0, i));
      }
      send_window(&s);
      for (int i = 0; rank == 1 && i < s.window; i++)
        bench_verify(s.in + i * size, size, bench_seed(size, 0, i), "stream_bandwidth", 0);

      double seconds = bench_seconds_per_step(&o, 1 - rank, send_window, &s);
      bench_result("stream_bandwidth", size, (double)size * s.window / seconds / 1e6, "MB/s");
    }
    free(s.out);
    free(s.in);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
