/* Latency of MPI_Allreduce, MPI_Bcast and MPI_Reduce (root 0) over message sizes from 8 B to 16 MiB (or
 * --max-size), and of MPI_Barrier, called back to back by all ranks. Allreduce and Reduce sum doubles;
 * Bcast moves bytes. The latency is the average over ranks of each rank's time per call. Sizes whose
 * buffers would exceed the job's memory budget at this rank count are skipped with a '#' line.
 *
 * copy_bound is what an allreduce cannot beat on this machine: every rank copying its own vector once
 * (its data read once, a result written once), all ranks at the same time, MPI not involved.
 *
 *   RESULT allreduce_latency <bytes> <microseconds> us     (likewise bcast_latency, reduce_latency, copy_bound)
 *   RESULT barrier_latency 0 <microseconds> us */
#include "bench_common.h"

enum { SMALLEST = 8, LARGEST = 16 << 20 };

struct collective {
  int count; /* doubles for the reductions, bytes for the broadcast */
  double *in, *out;
};

static void allreduce(void* state) {
  struct collective* c = state;
  MPI_Allreduce(c->in, c->out, c->count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void reduce(void* state) {
  struct collective* c = state;
  MPI_Reduce(c->in, c->out, c->count, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
}

static void bcast(void* state) {
  struct collective* c = state;
  MPI_Bcast(c->out, c->count, MPI_BYTE, 0, MPI_COMM_WORLD);
}

static void copy(void* state) {
  struct collective* c = state;
  memcpy(c->out, c->in, (size_t)c->count * sizeof(double));
}

static void barrier(void* state) {
  (void)state;
  MPI_Barrier(MPI_COMM_WORLD);
}

/* What a call leaves in `out`, and where. */
enum outcome { SUM_ON_ALL, SUM_ON_ROOT, BYTES_FROM_ROOT, OWN_COPY };

struct sweep {
  const char* benchmark;
  bench_step step;
  enum outcome outcome;
};

/* Element i of rank r's contribution and of the sum over all ranks: small integers, so the sum is exact in
 * any order of operations, varying along the array, so that misplaced elements do not verify. */
static double contribution(int rank, int i) { return (double)(rank + 1) * (i % 1021 + 1); }

static double expected_sum(int nranks, int i) { return (double)nranks * (nranks + 1) / 2 * (i % 1021 + 1); }

/* Prepares the buffers for one checked call of `size` bytes. */
static void prepare(const struct sweep* s, struct collective* c, size_t size) {
  int rank = bench_rank();
  if (s->outcome == BYTES_FROM_ROOT) {
    c->count = (int)size;
    if (rank == 0)
      bench_fill(c->out, size, bench_seed(size, 0, 0));
    else
      bench_poison(c->out, size, bench_seed(size, 0, 0));
    return;
  }
  c->count = (int)(size / sizeof(double));
  for (int i = 0; i < c->count; i++) {
    c->in[i] = contribution(rank, i);
    c->out[i] = -1;
  }
}

static void verify(const struct sweep* s, const struct collective* c) {
  int rank = bench_rank(), nranks = bench_size();
  if (s->outcome == BYTES_FROM_ROOT) {
    bench_verify(c->out, (size_t)c->count, bench_seed((size_t)c->count, 0, 0), s->benchmark, 0);
    return;
  }
  if (s->outcome == OWN_COPY) {
    if (memcmp(c->out, c->in, (size_t)c->count * sizeof(double)) != 0) bench_fail("%s: the copy differs", s->benchmark);
    return;
  }
  for (int i = 0; (s->outcome == SUM_ON_ALL || rank == 0) && i < c->count; i++)
    if (c->out[i] != expected_sum(nranks, i))
      bench_fail("%s: element %d of %d is %.17g, expected %.17g", s->benchmark, i, c->count, c->out[i],
                 expected_sum(nranks, i));
}

static void run_sweep(const struct bench_options* o, const struct sweep* s) {
  size_t largest = o->max_size < LARGEST ? o->max_size : LARGEST;
  for (size_t size = SMALLEST; size <= largest; size = bench_next_size(o, size)) {
    if (!bench_fits(2 * size)) {
      bench_comment("%s: sizes from %zu B skipped: %d ranks would need more than %zu MiB", s->benchmark, size,
                    bench_size(), BENCH_JOB_MEMORY >> 20);
      return;
    }
    struct collective c = {0, bench_alloc(size), bench_alloc(size)};
    prepare(s, &c, size);
    s->step(&c);
    verify(s, &c);
    double seconds = bench_average(bench_seconds_per_step(o, BENCH_ALL_RANKS, s->step, &c));
    bench_result(s->benchmark, size, seconds * 1e6, "us");
    free(c.in);
    free(c.out);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);

  const struct sweep sweeps[] = {{"allreduce_latency", allreduce, SUM_ON_ALL},
                                 {"bcast_latency", bcast, BYTES_FROM_ROOT},
                                 {"reduce_latency", reduce, SUM_ON_ROOT},
                                 {"copy_bound", copy, OWN_COPY}};
  for (size_t i = 0; i < sizeof sweeps / sizeof sweeps[0]; i++) run_sweep(&o, &sweeps[i]);

  double seconds = bench_average(bench_seconds_per_step(&o, BENCH_ALL_RANKS, barrier, NULL));
  bench_result("barrier_latency", 0, seconds * 1e6, "us");

  MPI_Finalize();
  return 0;
}
