/* Bidirectional bandwidth between ranks 0 and 1: each posts a window of MPI_Irecv from the other and a
 * window of MPI_Isend to it, then waits for all; the bandwidth counts both directions. 64 messages per
 * window and direction, fewer when they would take more than 64 MiB (each needs its own receive buffer).
 * Sizes are powers of two from 1 B to --max-size; MB are 10^6 bytes. Ranks other than 0 and 1 wait in the
 * final barrier.
 *
 *   RESULT bidir_bandwidth <bytes> <MB/s> MB/s */
#include "bench_common.h"

struct exchange {
  int peer;
  int count, window;
  unsigned char *out, *in; /* `window` slots of `count` bytes each */
  MPI_Request requests[2 * BENCH_WINDOW];
};

static void exchange_windows(void* state) {
  struct exchange* x = state;
  for (int i = 0; i < x->window; i++)
    MPI_Irecv(x->in + (size_t)i * x->count, x->count, MPI_BYTE, x->peer, 0, MPI_COMM_WORLD, &x->requests[i]);
  for (int i = 0; i < x->window; i++)
    MPI_Isend(x->out + (size_t)i * x->count, x->count, MPI_BYTE, x->peer, 0, MPI_COMM_WORLD,
              &x->requests[x->window + i]);
  MPI_Waitall(2 * x->window, x->requests, MPI_STATUSES_IGNORE);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank();
  if (bench_size() < 2) bench_fail("bidir_bandwidth needs at least 2 ranks");

  if (rank < 2) {
    size_t capacity = bench_window_capacity(o.max_size);
    struct exchange x = {.peer = 1 - rank, .out = bench_alloc(capacity), .in = bench_alloc(capacity)};
    for (size_t size = 1; size <= o.max_size; size = bench_next_size(&o, size)) {
      x.count = (int)size;
      x.window = bench_window(size);
      /* Every message of the first windows is checked in its own slot, which also checks their order. */
      for (int i = 0; i < x.window; i++) {
        bench_fill(x.out + i * size, size, bench_seed(size, rank, i));
        bench_poison(x.in + i * size, size, bench_seed(size, x.peer, i));
      }
      exchange_windows(&x);
      for (int i = 0; i < x.window; i++)
        bench_verify(x.in + i * size, size, bench_seed(size, x.peer, i), "bidir_bandwidth", x.peer);

      double seconds = bench_seconds_per_step(&o, x.peer, exchange_windows, &x);
      bench_result("bidir_bandwidth", size, 2.0 * (double)size * x.window / seconds / 1e6, "MB/s");
    }
    free(x.out);
    free(x.in);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
