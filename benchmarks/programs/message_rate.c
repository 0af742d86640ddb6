/* Message rate of 8-byte messages over all pairs of ranks at once: rank i of the first half sends to rank
 * i + size/2 windows of 64 MPI_Isend, its partner receives them with MPI_Irecv and acknowledges each
 * window (bench_one_way_window), each message in a buffer of its own. The rate is all pairs' messages
 * divided by the slowest rank's time. With an odd number of ranks the last one only takes part in the
 * timing agreement.
 *
 *   RESULT message_rate 8 <messages per second> msgs/s */
#include "bench_common.h"

enum { MESSAGE = 8 };

struct rate {
  struct bench_pair pair;
  unsigned char out[BENCH_WINDOW][MESSAGE], in[BENCH_WINDOW][MESSAGE];
  MPI_Request requests[BENCH_WINDOW];
};

static void send_window(void* state) {
  struct rate* r = state;
  bench_one_way_window(&r->pair, r->out[0], r->in[0], MESSAGE, MESSAGE, r->requests);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  struct rate* r = bench_alloc(sizeof *r);
  r->pair = bench_pair_up("message_rate");
  int rank = bench_rank(), sender = r->pair.sender;
  for (int i = 0; i < BENCH_WINDOW; i++) {
    bench_fill(r->out[i], MESSAGE, bench_seed(MESSAGE, rank, i));
    bench_poison(r->in[i], MESSAGE, bench_seed(MESSAGE, sender, i));
  }
  send_window(r);
  for (int i = 0; r->pair.role == BENCH_RECEIVER && i < BENCH_WINDOW; i++)
    bench_verify(r->in[i], MESSAGE, bench_seed(MESSAGE, sender, i), "message_rate", sender);

  double slowest = bench_maximum(bench_seconds_per_step(&o, BENCH_ALL_RANKS, send_window, r));
  bench_result("message_rate", MESSAGE, (double)(bench_size() / 2) * BENCH_WINDOW / slowest, "msgs/s");

  free(r);
  MPI_Finalize();
  return 0;
}
