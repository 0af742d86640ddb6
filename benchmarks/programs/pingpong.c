/* Ping-pong latency: rank 0 sends a message to rank 1, which sends one of the same size back; the latency
 * is half the round trip. Sizes 0 B and powers of two up to --max-size. Ranks other than 0 and 1 wait in
 * the final barrier.
 *
 *   RESULT pingpong_latency <bytes> <microseconds> us */
#include "bench_common.h"

struct pingpong {
  int rank;
  int count;
  void *out, *in;
};

static void round_trip(void* state) {
  struct pingpong* p = state;
  if (p->rank == 0) {
    MPI_Send(p->out, p->count, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    MPI_Recv(p->in, p->count, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(p->in, p->count, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(p->out, p->count, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank();
  if (bench_size() < 2) bench_fail("pingpong needs at least 2 ranks");

  if (rank < 2) {
    int peer = 1 - rank;
    struct pingpong p = {rank, 0, bench_alloc(o.max_size), bench_alloc(o.max_size)};
    for (size_t size = 0; size <= o.max_size; size = bench_next_size(&o, size)) {
      p.count = (int)size;
      bench_fill(p.out, size, bench_seed(size, rank, 0));
      bench_poison(p.in, size, bench_seed(size, peer, 0));
      round_trip(&p);
      bench_verify(p.in, size, bench_seed(size, peer, 0), "pingpong", peer);

      double seconds = bench_seconds_per_step(&o, peer, round_trip, &p);
      bench_result("pingpong_latency", size, seconds / 2 * 1e6, "us");
    }
    free(p.out);
    free(p.in);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
