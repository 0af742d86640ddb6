/* All-to-all personalized exchange: every rank sends a distinct block to every rank (itself included) and
 * receives one from each. Built from MPI_Irecv, MPI_Isend and MPI_Waitall rather than MPI_Alltoall, which
 * Weft does not implement yet; the sends start at the rank's right-hand neighbour, so that no rank is the
 * first destination of all. Block sizes from 8 B to 64 KiB (or --max-size); sizes whose buffers would
 * exceed the job's memory budget at this rank count are skipped with a '#' line. The latency is the
 * average over ranks of each rank's time per exchange.
 *
 *   RESULT alltoall_latency <bytes per block> <microseconds> us */
#include "bench_common.h"

enum { SMALLEST = 8, LARGEST = 64 << 10 };

struct exchange {
  int rank, nranks;
  int count;
  unsigned char *out, *in; /* block j goes to / comes from rank j */
  MPI_Request* requests;   /* nranks receives, then nranks sends */
};

static void exchange_blocks(void* state) {
  struct exchange* x = state;
  size_t block = (size_t)x->count;
  for (int j = 0; j < x->nranks; j++)
    MPI_Irecv(x->in + j * block, x->count, MPI_BYTE, j, 0, MPI_COMM_WORLD, &x->requests[j]);
  for (int k = 1; k <= x->nranks; k++) {
    int to = (x->rank + k) % x->nranks;
    MPI_Isend(x->out + to * block, x->count, MPI_BYTE, to, 0, MPI_COMM_WORLD, &x->requests[x->nranks + k - 1]);
  }
  MPI_Waitall(2 * x->nranks, x->requests, MPI_STATUSES_IGNORE);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  struct exchange x = {.rank = bench_rank(), .nranks = bench_size()};
  x.requests = bench_alloc(2 * (size_t)x.nranks * sizeof *x.requests);

  size_t largest = o.max_size < LARGEST ? o.max_size : LARGEST;
  for (size_t size = SMALLEST; size <= largest; size = bench_next_size(&o, size)) {
    size_t bytes = size * (size_t)x.nranks;
    if (!bench_fits(2 * bytes)) {
      bench_comment("alltoall: sizes from %zu B skipped: %d ranks would need more than %zu MiB", size, x.nranks,
                    BENCH_JOB_MEMORY >> 20);
      break;
    }
    x.count = (int)size;
    x.out = bench_alloc(bytes);
    x.in = bench_alloc(bytes);
    for (int j = 0; j < x.nranks; j++) {
      bench_fill(x.out + j * size, size, bench_seed(size, x.rank, j));
      bench_poison(x.in + j * size, size, bench_seed(size, j, x.rank));
    }
    exchange_blocks(&x);
    for (int j = 0; j < x.nranks; j++) bench_verify(x.in + j * size, size, bench_seed(size, j, x.rank), "alltoall", j);

    double seconds = bench_average(bench_seconds_per_step(&o, BENCH_ALL_RANKS, exchange_blocks, &x));
    bench_result("alltoall_latency", size, seconds * 1e6, "us");
    free(x.out);
    free(x.in);
  }

  free(x.requests);
  MPI_Finalize();
  return 0;
}
