/* The OSU micro-benchmarks' windowed patterns, over all pairs at once: rank i of the first half and rank
 * i + size/2 exchange windows of 64 messages, each side sending every message of a window from one buffer
 * and receiving every message into one buffer, as osu_bw, osu_bibw and osu_mbw_mr do (stream_bandwidth and
 * message_rate give each message its own buffer). Sizes are powers of two from 1 B to --max-size.
 *
 *   one way   the first rank of a pair sends a window with MPI_Isend, its partner receives it with MPI_Irecv,
 *             both wait for all, and the partner acknowledges the window (osu_bw, osu_mbw_mr):
 *               RESULT window_bandwidth <bytes> <MB/s> MB/s         all pairs' bytes over the slowest rank's time
 *               RESULT window_message_rate <bytes> <msgs/s> msgs/s  all pairs' messages over the same time
 *   both ways both ranks of a pair post a window of receives and a window of sends, and wait for all
 *             (osu_bibw):
 *               RESULT window_bidir_bandwidth <bytes> <MB/s> MB/s   both directions counted
 *
 * With an odd number of ranks the last one only takes part in the timing agreement. MB are 10^6 bytes. */
#include "bench_common.h"

enum { TAG_DATA = 1 };

struct pair {
  struct bench_pair pair;
  int count;
  unsigned char *out, *in;
  MPI_Request requests[2 * BENCH_WINDOW];
};

static void one_way(void* state) {
  struct pair* p = state;
  bench_one_way_window(&p->pair, p->out, p->in, p->count, 0, p->requests);
}

static void both_ways(void* state) {
  struct pair* p = state;
  if (p->pair.role == BENCH_IDLE) return;
  for (int i = 0; i < BENCH_WINDOW; i++)
    MPI_Irecv(p->in, p->count, MPI_BYTE, p->pair.partner, TAG_DATA, MPI_COMM_WORLD, &p->requests[i]);
  for (int i = 0; i < BENCH_WINDOW; i++)
    MPI_Isend(p->out, p->count, MPI_BYTE, p->pair.partner, TAG_DATA, MPI_COMM_WORLD, &p->requests[BENCH_WINDOW + i]);
  MPI_Waitall(2 * BENCH_WINDOW, p->requests, MPI_STATUSES_IGNORE);
}

/* Runs one window of `step`, then checks what arrived: every message of a window carries the same bytes. */
static void check_window(struct pair* p, bench_step step, int receives) {
  int sender = p->pair.partner;
  if (p->pair.role != BENCH_IDLE) {
    bench_fill(p->out, p->count, bench_seed(p->count, bench_rank(), 0));
    bench_poison(p->in, p->count, bench_seed(p->count, sender, 0));
  }
  step(p);
  if (receives) bench_verify(p->in, p->count, bench_seed(p->count, sender, 0), "windowed", sender);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  struct pair* p = bench_alloc(sizeof *p);
  p->pair = bench_pair_up("windowed");
  int pairs = bench_size() / 2;
  p->out = bench_alloc(o.max_size > 0 ? o.max_size : 1);
  p->in = bench_alloc(o.max_size > 0 ? o.max_size : 1);
  for (size_t size = 1; size <= o.max_size; size = bench_next_size(&o, size)) {
    p->count = (int)size;
    check_window(p, one_way, p->pair.role == BENCH_RECEIVER);
    double slowest = bench_maximum(bench_seconds_per_step(&o, BENCH_ALL_RANKS, one_way, p));
    bench_result("window_bandwidth", size, (double)pairs * BENCH_WINDOW * size / slowest / 1e6, "MB/s");
    bench_result("window_message_rate", size, (double)pairs * BENCH_WINDOW / slowest, "msgs/s");

    check_window(p, both_ways, p->pair.role != BENCH_IDLE);
    slowest = bench_maximum(bench_seconds_per_step(&o, BENCH_ALL_RANKS, both_ways, p));
    bench_result("window_bidir_bandwidth", size, 2.0 * pairs * BENCH_WINDOW * size / slowest / 1e6, "MB/s");
  }

  free(p->out);
  free(p->in);
  free(p);
  MPI_Finalize();
  return 0;
}
