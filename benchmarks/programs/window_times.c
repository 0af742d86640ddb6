/* How steady a message stream is: osu_mbw_mr's pattern (windows of 64 8-byte messages from rank i of the
 * first half to rank i + size/2, each window acknowledged), every window timed on its own by the first
 * sender. A library whose waits give the core away at the wrong moment, or spin while the rank they wait
 * for lost its core, shows it in the slow windows, not in the mean; run it beside other busy processes to
 * see how each library shares the cores. 20,000 windows (2,000 with --quick) after 200 unmeasured ones.
 *
 *   RESULT window_time_median 8 <us> us
 *   RESULT window_time_slowest_percent 8 <us> us   the 99th percentile: the fastest of the slowest 1 %
 *   RESULT window_time_max 8 <us> us
 *   RESULT window_time_rate 8 <messages per second> msgs/s   all pairs' messages over the slowest rank's time */
#include "bench_common.h"

enum { MESSAGE = 8, WARMUP = 200 };

struct pair {
  struct bench_pair pair;
  unsigned char out[MESSAGE], in[MESSAGE];
  MPI_Request requests[BENCH_WINDOW];
};

static void window(struct pair* p) { bench_one_way_window(&p->pair, p->out, p->in, MESSAGE, 0, p->requests); }

static int compare_doubles(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank(), pairs = bench_size() / 2;
  struct pair p;
  p.pair = bench_pair_up("window_times");
  int sender = p.pair.sender;
  bench_fill(p.out, MESSAGE, bench_seed(MESSAGE, rank, 0));
  bench_poison(p.in, MESSAGE, bench_seed(MESSAGE, sender, 0));
  window(&p);
  if (p.pair.role == BENCH_RECEIVER)
    bench_verify(p.in, MESSAGE, bench_seed(MESSAGE, sender, 0), "window_times", sender);

  for (int i = 0; i < WARMUP; i++) window(&p);
  int windows = o.quick ? 2000 : 20000;
  double* times = bench_alloc(sizeof *times * (size_t)windows);
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (int i = 0; i < windows; i++) {
    double begun = MPI_Wtime();
    window(&p);
    times[i] = MPI_Wtime() - begun;
  }
  double slowest = bench_maximum(MPI_Wtime() - start);

  if (rank == 0) {
    qsort(times, (size_t)windows, sizeof *times, compare_doubles);
    bench_result("window_time_median", MESSAGE, times[windows / 2] * 1e6, "us");
    bench_result("window_time_slowest_percent", MESSAGE, times[windows - windows / 100 - 1] * 1e6, "us");
    bench_result("window_time_max", MESSAGE, times[windows - 1] * 1e6, "us");
  }
  bench_result("window_time_rate", MESSAGE, (double)pairs * BENCH_WINDOW * windows / slowest, "msgs/s");
  free(times);
  MPI_Finalize();
  return 0;
}
