/* A persistent allreduce (MPI-4's MPI_Allreduce_init, then MPI_Start and MPI_Wait at every step) against the
 * same blocking MPI_Allreduce, in one run, over sizes from 8 B to 1 MiB (or --max-size): what choosing the
 * algorithm once and binding the buffers buys per call. Doubles are summed; the latency is the average over
 * ranks of each rank's time per call. Built against an MPI without MPI-4 (Open MPI 4.1) only the blocking
 * allreduce is measured, and a '#' line says so.
 *
 *   RESULT persistent_allreduce_latency <bytes> <microseconds> us
 *   RESULT blocking_allreduce_latency <bytes> <microseconds> us */
#include "bench_common.h"

enum { SMALLEST = 8, LARGEST = 1 << 20 };

struct allreduce {
  int count;
  double *in, *out;
  MPI_Request request; /* the persistent one; MPI_REQUEST_NULL for the blocking sweep */
};

static void blocking(void* state) {
  struct allreduce* a = state;
  MPI_Allreduce(a->in, a->out, a->count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void persistent(void* state) {
  struct allreduce* a = state;
  MPI_Start(&a->request);
  MPI_Wait(&a->request, MPI_STATUS_IGNORE);
}

/* Element i of rank r's contribution and of the sum: small integers, exact in any order of operations. */
static double contribution(int rank, int i) { return (double)(rank + 1) * (i % 1021 + 1); }

static double expected_sum(int nranks, int i) { return (double)nranks * (nranks + 1) / 2 * (i % 1021 + 1); }

static void verify(const struct allreduce* a, const char* benchmark) {
  for (int i = 0; i < a->count; i++)
    if (a->out[i] != expected_sum(bench_size(), i))
      bench_fail("%s: element %d of %d is %.17g, expected %.17g", benchmark, i, a->count, a->out[i],
                 expected_sum(bench_size(), i));
}

static void run_sweep(const struct bench_options* o, const char* benchmark, int use_persistent) {
  size_t largest = o->max_size < LARGEST ? o->max_size : LARGEST;
  for (size_t size = SMALLEST; size <= largest; size = bench_next_size(o, size)) {
    if (!bench_fits(2 * size)) {
      bench_comment("%s: sizes from %zu B skipped: %d ranks would need more than %zu MiB", benchmark, size,
                    bench_size(), BENCH_JOB_MEMORY >> 20);
      return;
    }
    struct allreduce a = {(int)(size / sizeof(double)), bench_alloc(size), bench_alloc(size), MPI_REQUEST_NULL};
    for (int i = 0; i < a.count; i++) {
      a.in[i] = contribution(bench_rank(), i);
      a.out[i] = -1;
    }
    bench_step step = blocking;
#if MPI_VERSION >= 4
    if (use_persistent) {
      MPI_Allreduce_init(a.in, a.out, a.count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &a.request);
      step = persistent;
    }
#else
    (void)use_persistent;
#endif
    step(&a);
    verify(&a, benchmark);
    double seconds = bench_average(bench_seconds_per_step(o, BENCH_ALL_RANKS, step, &a));
    bench_result(benchmark, size, seconds * 1e6, "us");
    if (a.request != MPI_REQUEST_NULL) MPI_Request_free(&a.request);
    free(a.in);
    free(a.out);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
#if MPI_VERSION >= 4
  run_sweep(&o, "persistent_allreduce_latency", 1);
#else
  bench_comment("persistent_allreduce_latency: this MPI (version %d.%d) has no persistent collectives", MPI_VERSION,
                MPI_SUBVERSION);
#endif
  run_sweep(&o, "blocking_allreduce_latency", 0);
  MPI_Finalize();
  return 0;
}
