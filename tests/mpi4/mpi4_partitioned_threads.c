/* Partitioned communication driven by several threads of each rank (MPI 4.1 chapter 5, whose examples
 * 5.3.1-5.3.3 do this), under MPI_THREAD_MULTIPLE, in a ring (every rank sends to the next and receives
 * from the previous, a lone rank to itself), each pair started many times, buffers refilled each round:
 *  - OpenMP: the main thread starts the pair; a parallel for over the partitions in a shuffled order, each
 *    thread filling its partition and calling MPI_Pready; a team where each thread fills a block of
 *    partitions and readies it with MPI_Pready_range; tasks each filling and readying one partition
 *    (MPI_Pready_list of one). Then the main thread waits. With the argument "region-polls" the team's
 *    threads then also poll MPI_Parrived on their own receive partitions in the same region, checking each
 *    as it arrives: under Weft that waits inside a parallel region and needs one rank per worker.
 *  - pthreads: four threads a rank, each owning some send and some receive partitions, fill and ready their
 *    send partitions (one at a time, in reverse, by range or by list) and poll MPI_Parrived on their receive
 *    partitions, checking each as soon as it arrives, while the main thread waits in pthread_join; or the
 *    main thread sits in MPI_Waitall on both requests while the threads ready the send partitions.
 * Send and receive sides have equal and different partition counts (same total size, as MPI 4.1 5.2.1
 * allows). Without MPI_THREAD_MULTIPLE the program says so on stderr and passes. */
#include <omp.h>
#include <pthread.h>
#include <sched.h>

#include "partitioned_test.h"

enum { ROUNDS = 20, THREADS = 4, MAX_PARTS = 32, TAG = 7 };

static int rank, size, left, right;

struct pair {
  int send_parts, send_count, recv_parts, recv_count, kase;
  unsigned *out, *in;
  MPI_Request send, recv;
  int round;
};

static void pair_init(struct pair* p, int send_parts, int send_count, int recv_parts, int recv_count, int kase) {
  p->send_parts = send_parts, p->send_count = send_count, p->recv_parts = recv_parts, p->recv_count = recv_count;
  p->kase = kase;
  long total = (long)send_parts * send_count;
  CHECK(total == (long)recv_parts * recv_count, "pair %d: the sides differ in size", kase);
  p->out = malloc((size_t)total * sizeof(unsigned));
  p->in = malloc((size_t)total * sizeof(unsigned));
  MPI_Precv_init(p->in, recv_parts, recv_count, MPI_UNSIGNED, left, TAG + kase, MPI_COMM_WORLD, MPI_INFO_NULL,
                 &p->recv);
  MPI_Psend_init(p->out, send_parts, send_count, MPI_UNSIGNED, right, TAG + kase, MPI_COMM_WORLD, MPI_INFO_NULL,
                 &p->send);
}

static void pair_free(struct pair* p) {
  MPI_Request_free(&p->send);
  MPI_Request_free(&p->recv);
  CHECK(p->send == MPI_REQUEST_NULL && p->recv == MPI_REQUEST_NULL, "MPI_Request_free left a request");
  free(p->out);
  free(p->in);
}

static long total_of(const struct pair* p) { return (long)p->send_parts * p->send_count; }

/* Clears the receive buffer and starts both requests: a new round. */
static void pair_start(struct pair* p, int round) {
  p->round = round;
  for (long i = 0; i < total_of(p); i++) p->in[i] = SENTINEL;
  MPI_Request both[2] = {p->recv, p->send};
  MPI_Startall(2, both);
}

static void fill(struct pair* p, int part) {
  long first = (long)part * p->send_count;
  for (long i = first; i < first + p->send_count; i++) p->out[i] = expect(rank, p->round, p->kase, i);
}

/* 1 when receive partition q holds the round's data. */
static int partition_right(const struct pair* p, int q) {
  long first = (long)q * p->recv_count;
  for (long i = first; i < first + p->recv_count; i++)
    if (p->in[i] != expect(left, p->round, p->kase, i)) return 0;
  return 1;
}

/* Polls MPI_Parrived on the receive partitions q with q % stride == offset until all have arrived; returns
 * how many were wrong when first reported. Called from threads: no CHECK (no MPI_Abort from a thread). */
static int poll_own(struct pair* p, int offset, int stride) {
  int arrived[MAX_PARTS] = {0}, pending = 0, wrong = 0;
  for (int q = offset; q < p->recv_parts; q += stride) pending++;
  while (pending > 0) {
    int before = pending;
    for (int q = offset; q < p->recv_parts; q += stride) {
      int flag = 0;
      if (arrived[q]) continue;
      MPI_Parrived(p->recv, q, &flag);
      if (flag) {
        wrong += !partition_right(p, q);
        arrived[q] = 1;
        pending--;
      }
    }
    if (pending == before) sched_yield(); /* threads outnumber cores: let the senders run */
  }
  return wrong;
}

static void pair_complete_and_check(struct pair* p, const char* how) {
  MPI_Request both[2] = {p->recv, p->send};
  MPI_Status statuses[2];
  MPI_Waitall(2, both, statuses);
  for (long i = 0; i < total_of(p); i++)
    CHECK(p->in[i] == expect(left, p->round, p->kase, i), "%s, pair %d round %d: element %ld is %#x, expected %#x", how,
          p->kase, p->round, i, p->in[i], expect(left, p->round, p->kase, i));
}

/* OpenMP: styles 0 parallel for over shuffled partitions, 1 a block per thread by Pready_range, 2 tasks. */
static void openmp_round(struct pair* p, int round, int style, int region_polls, unsigned* random) {
  int order[MAX_PARTS];
  for (int i = 0; i < p->send_parts; i++) order[i] = i;
  shuffle(order, p->send_parts, random);
  pair_start(p, round);
  int wrong = 0, readied = 0;
#pragma omp parallel num_threads(THREADS) reduction(+ : wrong)
  {
    const int t = omp_get_thread_num(), team = omp_get_num_threads();
    if (style == 0) {
#pragma omp for schedule(dynamic, 1) nowait
      for (int i = 0; i < p->send_parts; i++) {
        fill(p, order[i]);
        MPI_Pready(order[i], p->send);
#pragma omp atomic
        readied++;
      }
    } else if (style == 1) {
      int low = p->send_parts * t / team, high = p->send_parts * (t + 1) / team - 1;
      if (low <= high) {
        for (int part = low; part <= high; part++) fill(p, part);
        MPI_Pready_range(low, high, p->send);
#pragma omp atomic
        readied += high - low + 1;
      }
    } else {
      /* The team runs the tasks at the single's closing barrier (a thread polling first would never let them
       * run). */
#pragma omp single
      for (int i = 0; i < p->send_parts; i++) {
#pragma omp task firstprivate(i) shared(order, readied)
        {
          fill(p, order[i]);
          MPI_Pready_list(1, &order[i], p->send);
#pragma omp atomic
          readied++;
        }
      }
    }
    if (region_polls) wrong += poll_own(p, t, team);
  }
  CHECK(wrong == 0, "OpenMP style %d, pair %d round %d: %d receive partitions were wrong when reported arrived", style,
        p->kase, round, wrong);
  CHECK(readied == p->send_parts, "OpenMP style %d: %d partitions readied, not %d", style, readied, p->send_parts);
  pair_complete_and_check(p, "OpenMP");
}

/* pthreads: thread t owns the send partitions of its style and receive partitions t, t + THREADS, ... */
struct worker {
  struct pair* p;
  int t, style, polls, wrong;
};

static void* worker_run(void* argument) {
  struct worker* w = argument;
  struct pair* p = w->p;
  const int n = p->send_parts;
  if (w->style == 0) { /* cyclic partitions, one at a time in reverse */
    int last = w->t + (n - 1 - w->t) / THREADS * THREADS;
    for (int part = last; part >= 0 && w->t < n; part -= THREADS) {
      fill(p, part);
      MPI_Pready(part, p->send);
    }
  } else if (w->style == 1) { /* a block by range */
    int low = n * w->t / THREADS, high = n * (w->t + 1) / THREADS - 1;
    if (low <= high) {
      for (int part = low; part <= high; part++) fill(p, part);
      MPI_Pready_range(low, high, p->send);
    }
  } else { /* cyclic partitions by list, highest first */
    int list[MAX_PARTS], length = 0;
    for (int part = w->t; part < n; part += THREADS) list[length++] = part;
    for (int i = 0; i < length / 2; i++) {
      int swap = list[i];
      list[i] = list[length - 1 - i];
      list[length - 1 - i] = swap;
    }
    for (int i = 0; i < length; i++) fill(p, list[i]);
    if (length > 0) MPI_Pready_list(length, list, p->send);
  }
  if (w->polls) w->wrong = poll_own(p, w->t, THREADS);
  return NULL;
}

/* The main thread either joins the threads (which poll) and then waits, or waits in MPI_Waitall while they
 * ready the send partitions. */
static void pthread_round(struct pair* p, int round, int style, int main_waits) {
  pair_start(p, round);
  pthread_t threads[THREADS];
  struct worker workers[THREADS];
  for (int t = 0; t < THREADS; t++) {
    workers[t] = (struct worker){.p = p, .t = t, .style = style, .polls = !main_waits};
    CHECK(pthread_create(&threads[t], NULL, worker_run, &workers[t]) == 0, "pthread_create failed");
  }
  if (main_waits) {
    MPI_Request both[2] = {p->recv, p->send};
    MPI_Status statuses[2];
    MPI_Waitall(2, both, statuses);
  }
  int wrong = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(threads[t], NULL);
    wrong += workers[t].wrong;
  }
  CHECK(wrong == 0, "pthreads style %d, pair %d round %d: %d receive partitions were wrong when reported arrived",
        style, p->kase, round, wrong);
  pair_complete_and_check(p, "pthreads"); /* a second wait on completed (inactive) requests returns at once */
}

int main(int argc, char** argv) {
  int provided = -1;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  if (provided < MPI_THREAD_MULTIPLE) {
    if (rank == 0)
      fprintf(stderr, "mpi4_partitioned_threads: skipped, MPI_THREAD_MULTIPLE not provided (level %d)\n", provided);
    report_ok("mpi4_partitioned_threads");
    MPI_Finalize();
    return 0;
  }
  const int region_polls = argc > 1 && strcmp(argv[1], "region-polls") == 0;

  struct pair pairs[3];
  pair_init(&pairs[0], 16, 512, 16, 512, 0); /* equal partitions, 32 KiB */
  pair_init(&pairs[1], 24, 20, 8, 60, 1);    /* three send partitions to each receive partition */
  pair_init(&pairs[2], 6, 40, 12, 20, 2);    /* the receiver's partitions finer */
  unsigned random = 0x12345u + (unsigned)rank * 7919u;
  for (int k = 0; k < 3; k++)
    for (int round = 0; round < ROUNDS; round++) openmp_round(&pairs[k], round, round % 3, region_polls, &random);
  for (int k = 0; k < 3; k++)
    for (int round = 0; round < ROUNDS; round++) pthread_round(&pairs[k], ROUNDS + round, round % 3, (round / 3) % 2);
  for (int k = 0; k < 3; k++) pair_free(&pairs[k]);

  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("mpi4_partitioned_threads");
  MPI_Finalize();
  return 0;
}
