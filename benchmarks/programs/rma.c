/* One-sided communication (MPI-3 RMA) from rank 0, the origin, to rank 1, the target, inside one
 * MPI_Win_lock_all epoch on a window that rank 1 allocates with MPI_Win_allocate (the other ranks give
 * 0 bytes). The origin times alone while the target waits in MPI_Sendrecv: a library that needs the
 * target's progress to complete an operation (MPICH) gets it there, as it would in an application.
 *
 * - rma_put_latency, rma_get_latency: one MPI_Put (MPI_Get) of N bytes, then MPI_Win_flush;
 * - rma_put_bandwidth, rma_get_bandwidth: windows of puts (gets) to (from) distinct slots of the target's
 *   window, then one flush; 64 operations per window, fewer past 64 MiB, as stream_bandwidth.c's;
 * - memcpy_bandwidth: the same windows copied with memcpy between two buffers of the origin, MPI not
 *   involved: what a put, a copy into another rank's memory, is measured against;
 * - rma_fetch_and_op_latency: one MPI_Fetch_and_op (MPI_SUM of an MPI_INT64_T), then MPI_Win_flush.
 * Sizes are powers of two from 8 B to --max-size (by 16 with --quick), and --max-size itself is always
 * measured, so that a quick run reaches the size it asks for. MB are 10^6 bytes. Ranks other than 0 and 1
 * take part in the window's allocation and release only.
 *
 *   RESULT rma_put_latency <bytes> <microseconds> us      (likewise rma_get_latency)
 *   RESULT rma_put_bandwidth <bytes> <MB/s> MB/s          (likewise rma_get_bandwidth, memcpy_bandwidth)
 *   RESULT rma_fetch_and_op_latency 8 <microseconds> us */
#include "bench_common.h"

enum { ORIGIN = 0, TARGET = 1, SMALLEST = 8 };

struct rma {
  MPI_Win win;
  int count, slots;        /* bytes per operation, operations per step */
  unsigned char *out, *in; /* the origin's: what it puts (and copies), where it gets (and copies) to */
  unsigned char* window;   /* the target's window; `slots` slots of `count` bytes in each buffer */
  int64_t addend, fetched;
};

static void put(void* state) {
  struct rma* r = state;
  for (int i = 0; i < r->slots; i++)
    MPI_Put(r->out + (size_t)i * r->count, r->count, MPI_BYTE, TARGET, (MPI_Aint)i * r->count, r->count, MPI_BYTE,
            r->win);
  MPI_Win_flush(TARGET, r->win);
}

static void get(void* state) {
  struct rma* r = state;
  for (int i = 0; i < r->slots; i++)
    MPI_Get(r->in + (size_t)i * r->count, r->count, MPI_BYTE, TARGET, (MPI_Aint)i * r->count, r->count, MPI_BYTE,
            r->win);
  MPI_Win_flush(TARGET, r->win);
}

static void copy(void* state) {
  struct rma* r = state;
  for (int i = 0; i < r->slots; i++)
    memcpy(r->in + (size_t)i * r->count, r->out + (size_t)i * r->count, (size_t)r->count);
}

static void fetch_and_add(void* state) {
  struct rma* r = state;
  MPI_Fetch_and_op(&r->addend, &r->fetched, MPI_INT64_T, TARGET, 0, MPI_SUM, r->win);
  MPI_Win_flush(TARGET, r->win);
}

/* Where a sweep's bytes go: from the origin into the target's window, back, or within the origin. */
enum direction { TO_TARGET, FROM_TARGET, ON_ORIGIN };

struct sweep {
  const char* benchmark;
  bench_step step;
  enum direction direction;
  int windowed; /* a window of operations per step (bandwidth), or one (latency) */
};

/* Neither rank of the pair returns before the other has arrived. */
static void meet(int rank) {
  char none = 0;
  MPI_Sendrecv(&none, 0, MPI_BYTE, 1 - rank, BENCH_TAG_HARNESS, &none, 0, MPI_BYTE, 1 - rank, BENCH_TAG_HARNESS,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* One step of the origin's between two meetings of the pair, each beside an MPI_Win_sync: what the target
 * stored in its window before is what the step sees, and what the step wrote there is what the target
 * reads after. */
static void step_once(struct rma* r, int rank, bench_step step) {
  MPI_Win_sync(r->win);
  meet(rank);
  if (rank == ORIGIN) step(r);
  meet(rank);
  MPI_Win_sync(r->win);
}

/* Every slot of one step of `size` bytes, filled by the rank that sends it and checked by the rank that
 * receives it, in its own slot, which also checks the displacements. */
static void check(const struct sweep* s, struct rma* r, int rank, size_t size) {
  int sender = s->direction == FROM_TARGET ? TARGET : ORIGIN;
  int receiver = s->direction == TO_TARGET ? TARGET : ORIGIN;
  unsigned char* source = s->direction == FROM_TARGET ? r->window : r->out;
  unsigned char* destination = s->direction == TO_TARGET ? r->window : r->in;
  for (int i = 0; i < r->slots; i++) {
    if (rank == sender) bench_fill(source + i * size, size, bench_seed(size, sender, i));
    if (rank == receiver) bench_poison(destination + i * size, size, bench_seed(size, sender, i));
  }
  step_once(r, rank, s->step);
  for (int i = 0; rank == receiver && i < r->slots; i++)
    bench_verify(destination + i * size, size, bench_seed(size, sender, i), s->benchmark, sender);
}

/* The origin's time per step. The pair meets first, so that the target has finished checking its window
 * before the origin writes to it again, and then the target waits in meet() while the origin times. */
static double time_steps(const struct bench_options* o, struct rma* r, int rank, bench_step step) {
  meet(rank);
  double seconds = rank == ORIGIN ? bench_seconds_per_step(o, BENCH_ALONE, step, r) : 0;
  meet(rank);
  return seconds;
}

/* The size after `size` in a sweep: bench_next_size's, or --max-size where that would step over it. */
static size_t next_size(const struct bench_options* o, size_t size) {
  size_t next = bench_next_size(o, size);
  return size < o->max_size && next > o->max_size ? o->max_size : next;
}

static void run_sweep(const struct bench_options* o, const struct sweep* s, struct rma* r, int rank) {
  for (size_t size = SMALLEST; size <= o->max_size; size = next_size(o, size)) {
    r->count = (int)size;
    r->slots = s->windowed ? bench_window(size) : 1;
    check(s, r, rank, size);
    double seconds = time_steps(o, r, rank, s->step);
    if (s->windowed)
      bench_result(s->benchmark, size, (double)size * r->slots / seconds / 1e6, "MB/s");
    else
      bench_result(s->benchmark, size, seconds * 1e6, "us");
  }
}

static void run_fetch_and_op(const struct bench_options* o, struct rma* r, int rank) {
  const int64_t zero = 0;
  if (rank == TARGET) memcpy(r->window, &zero, sizeof zero);
  r->addend = 1;
  r->fetched = -1;
  step_once(r, rank, fetch_and_add);
  if (rank == ORIGIN && r->fetched != 0)
    bench_fail("rma_fetch_and_op_latency: fetched %lld from a counter of 0", (long long)r->fetched);
  int64_t counter = 1;
  if (rank == TARGET) memcpy(&counter, r->window, sizeof counter);
  if (counter != 1) bench_fail("rma_fetch_and_op_latency: the counter is %lld after adding 1 to 0", (long long)counter);
  double seconds = time_steps(o, r, rank, fetch_and_add);
  bench_result("rma_fetch_and_op_latency", sizeof(int64_t), seconds * 1e6, "us");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank();
  if (bench_size() < 2) bench_fail("rma needs at least 2 ranks");

  /* The largest window of any sweep, and at least the fetch-and-op counter. */
  size_t capacity = bench_window_capacity(o.max_size);
  if (capacity < sizeof(int64_t)) capacity = sizeof(int64_t);
  struct rma r = {0};
  MPI_Win_allocate(rank == TARGET ? (MPI_Aint)capacity : 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &r.window, &r.win);

  if (rank < 2) {
    r.out = rank == ORIGIN ? bench_alloc(capacity) : NULL;
    r.in = rank == ORIGIN ? bench_alloc(capacity) : NULL;
    /* Every page touched once by its owner before any timing, the window's by the target, where a
     * first-touch policy places it. */
    if (rank == ORIGIN) {
      memset(r.out, 0, capacity);
      memset(r.in, 0, capacity);
    } else {
      memset(r.window, 0, capacity);
    }

    const struct sweep sweeps[] = {{"rma_put_latency", put, TO_TARGET, 0},
                                   {"rma_get_latency", get, FROM_TARGET, 0},
                                   {"rma_put_bandwidth", put, TO_TARGET, 1},
                                   {"rma_get_bandwidth", get, FROM_TARGET, 1},
                                   {"memcpy_bandwidth", copy, ON_ORIGIN, 1}};
    /* The target locks too: MPI_Win_sync, which orders its own loads and stores against the origin's
     * operations, belongs inside a passive-target epoch. */
    MPI_Win_lock_all(0, r.win);
    for (size_t i = 0; i < sizeof sweeps / sizeof sweeps[0]; i++) run_sweep(&o, &sweeps[i], &r, rank);
    run_fetch_and_op(&o, &r, rank);
    MPI_Win_unlock_all(r.win);
    free(r.out);
    free(r.in);
  }

  MPI_Win_free(&r.win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
