/* Message rate of 8-byte messages sent by several threads of each rank at once (MPI_THREAD_MULTIPLE):
 * message_rate's pattern (osu_mbw_mr's windows of 64 MPI_Isend, acknowledged) between rank i and rank
 * i + size/2, run by T threads of each rank, thread t of one with thread t of the other on a communicator of
 * their own. T is OMP_NUM_THREADS (2 when unset), the number the launchers read as threads per rank. Rounds
 * of 1, 2, 4, ... windows per thread run until one lasts a point; the rate is all threads' messages
 * divided by the slowest rank's time of that round, thread start and join included.
 *
 *   RESULT thread_message_rate <T> <messages per second> msgs/s */
#include <pthread.h>

#include "bench_common.h"

enum { MESSAGE = 8, MAX_THREADS = 64 };

struct sender_thread {
  struct bench_pair pair;
  long windows;
  unsigned char out[BENCH_WINDOW][MESSAGE], in[BENCH_WINDOW][MESSAGE];
  MPI_Request requests[BENCH_WINDOW];
};

static void* send_windows(void* state) {
  struct sender_thread* t = state;
  for (long w = 0; w < t->windows; w++)
    bench_one_way_window(&t->pair, t->out[0], t->in[0], MESSAGE, MESSAGE, t->requests);
  return NULL;
}

/* One round: every thread sends `windows` windows; the slowest rank's seconds. */
static double round_seconds(struct sender_thread* threads, int count, long windows) {
  pthread_t ids[MAX_THREADS];
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (int i = 0; i < count; i++) {
    threads[i].windows = windows;
    if (pthread_create(&ids[i], NULL, send_windows, &threads[i]) != 0)
      bench_fail("pthread_create failed for thread %d", i);
  }
  for (int i = 0; i < count; i++) pthread_join(ids[i], NULL);
  return bench_max_over(MPI_Wtime() - start, BENCH_ALL_RANKS);
}

static int threads_per_rank(void) {
  const char* value = getenv("OMP_NUM_THREADS");
  if (value == NULL || *value == '\0') return 2;
  char* end = NULL;
  long count = strtol(value, &end, 10);
  if (end == value || (*end != '\0' && *end != ',') || count < 1 || count > MAX_THREADS)
    bench_fail("OMP_NUM_THREADS must be a number of threads from 1 to %d, not '%s'", MAX_THREADS, value);
  return (int)count;
}

int main(int argc, char** argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE)
    bench_fail("the library provides thread level %d, not MPI_THREAD_MULTIPLE", provided);
  struct bench_options o = bench_parse(argc, argv);
  int count = threads_per_rank(), rank = bench_rank();
  struct sender_thread* threads = bench_alloc(sizeof *threads * (size_t)count);
  struct bench_pair pair = bench_pair_up("thread_message_rate");
  for (int i = 0; i < count; i++) {
    threads[i].pair = pair;
    MPI_Comm_dup(MPI_COMM_WORLD, &threads[i].pair.comm);
    for (int m = 0; m < BENCH_WINDOW; m++) {
      bench_fill(threads[i].out[m], MESSAGE, bench_seed(MESSAGE, rank, i * BENCH_WINDOW + m));
      bench_poison(threads[i].in[m], MESSAGE, bench_seed(MESSAGE, pair.sender, i * BENCH_WINDOW + m));
    }
  }
  (void)round_seconds(threads, count, 1);
  for (int i = 0; pair.role == BENCH_RECEIVER && i < count; i++)
    for (int m = 0; m < BENCH_WINDOW; m++)
      bench_verify(threads[i].in[m], MESSAGE, bench_seed(MESSAGE, pair.sender, i * BENCH_WINDOW + m),
                   "thread_message_rate", pair.sender);

  const double point = o.quick ? BENCH_QUICK_POINT_SECONDS : BENCH_POINT_SECONDS;
  long windows = 1;
  double took;
  while ((took = round_seconds(threads, count, windows)) < point && windows < (1L << 30)) windows *= 2;
  double messages = (double)(bench_size() / 2) * count * (double)windows * BENCH_WINDOW;
  bench_result("thread_message_rate", (size_t)count, messages / took, "msgs/s");

  for (int i = 0; i < count; i++) MPI_Comm_free(&threads[i].pair.comm);
  free(threads);
  MPI_Finalize();
  return 0;
}
