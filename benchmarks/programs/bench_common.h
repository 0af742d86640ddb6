/* What the benchmark programs share: options, message sizes, timing, the data pattern and the RESULT
 * lines the comparison driver parses.
 *
 * The programs are plain MPI C, built by any MPI's mpicc, and call only what Weft implements today, but
 * for rma.c's one-sided calls, which come with Weft's rma/ layer. Weft runs every rank in one process, and
 * programs built without privatization (`mpicc -no-privatize`) share their globals between ranks, so
 * nothing here keeps mutable global state: each rank holds its options and buffers itself.
 *
 * Output: rank 0 prints one line per measured point, `RESULT <benchmark> <param> <value> <unit>`; every
 * other line on stdout starts with '#'. A failure (a wrong byte, a bad argument) prints one line on stderr
 * and ends the job with MPI_Abort: a wrong answer is worse than a slow one. */
#ifndef WEFT_BENCH_COMMON_H
#define WEFT_BENCH_COMMON_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* nanosleep, getpid, getrusage */
#endif

#include <limits.h>
#include <mpi.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How long one measured point runs, warm-up apart: long enough to average out timer resolution and
 * scheduling noise, short enough for a full sweep in seconds. The driver repeats runs for the spread. */
#define BENCH_POINT_SECONDS 0.05
#define BENCH_QUICK_POINT_SECONDS 0.005

/* Largest sum over all ranks of one point's buffers; larger points are skipped with a '#' line. All ranks
 * of a Weft job share one process, and a process-based MPI's ranks share the node, so one limit fits both. */
#define BENCH_JOB_MEMORY ((size_t)1 << 30)

/* Messages in flight per window (bandwidth, message rate), fewer for large messages so that a window's
 * receive buffers stay within BENCH_WINDOW_BYTES: each message of a window needs its own buffer. */
#define BENCH_WINDOW 64
#define BENCH_WINDOW_BYTES ((size_t)64 << 20)

/* Tag of the harness's own messages, apart from the programs' small tags. */
#define BENCH_TAG_HARNESS 30000

/* `peer` of bench_seconds_per_step when every rank of the job takes part. */
#define BENCH_ALL_RANKS (-1)

/* `peer` of bench_seconds_per_step when the caller alone takes part, the other ranks waiting their turn. */
#define BENCH_ALONE (-2)

struct bench_options {
  int quick;       /* --quick: fewer sizes and shorter points, for a whole run in under two minutes */
  size_t max_size; /* --max-size BYTES: largest message of a sweep, 16 MiB by default */
  double seconds;  /* --seconds S: length of a timed wait in the programs that have one; 0: their default */
};

__attribute__((noreturn, format(printf, 1, 2))) static inline void bench_fail(const char* fmt, ...) {
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char why[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  fprintf(stderr, "benchmark failed on rank %d: %s\n", rank, why);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  abort(); /* MPI_Abort does not return; if it did, the job must still fail */
}

static inline struct bench_options bench_parse(int argc, char** argv) {
  struct bench_options o = {0, (size_t)16 << 20, 0.0};
  for (int i = 1; i < argc; i++) {
    const char* value = i + 1 < argc ? argv[i + 1] : NULL;
    char* end = NULL;
    if (strcmp(argv[i], "--quick") == 0) {
      o.quick = 1;
    } else if (strcmp(argv[i], "--max-size") == 0 && value != NULL) {
      unsigned long long bytes = strtoull(value, &end, 10);
      if (end == value || *end != '\0' || bytes > INT_MAX) /* an MPI count is an int */
        bench_fail("--max-size takes a number of bytes up to %d, not '%s'", INT_MAX, value);
      o.max_size = (size_t)bytes;
      i++;
    } else if (strcmp(argv[i], "--seconds") == 0 && value != NULL) {
      o.seconds = strtod(value, &end);
      if (end == value || *end != '\0' || !(o.seconds > 0))
        bench_fail("--seconds takes a positive number, not '%s'", value);
      i++;
    } else {
      bench_fail("unknown argument '%s'; accepted: --quick, --max-size BYTES, --seconds S", argv[i]);
    }
  }
  return o;
}

static inline int bench_rank(void) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

static inline int bench_size(void) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

/* The size after `size` in a sweep: 0, 1, 2, 4, 8, ... or, with --quick, 0, 1, 16, 256, ... */
static inline size_t bench_next_size(const struct bench_options* o, size_t size) {
  return size == 0 ? 1 : size * (o->quick ? 16 : 2);
}

/* Whether a point whose buffers take `bytes_per_rank` on every rank fits BENCH_JOB_MEMORY. */
static inline int bench_fits(size_t bytes_per_rank) {
  return bytes_per_rank <= BENCH_JOB_MEMORY / (size_t)bench_size();
}

/* Messages per window for messages of `size` bytes. */
static inline int bench_window(size_t size) {
  size_t fit = size == 0 ? BENCH_WINDOW : BENCH_WINDOW_BYTES / size;
  return fit >= BENCH_WINDOW ? BENCH_WINDOW : fit < 1 ? 1 : (int)fit;
}

/* Bytes of the largest window of any message size up to max_size. */
static inline size_t bench_window_capacity(size_t max_size) {
  size_t most = (size_t)BENCH_WINDOW * max_size;
  if (most > BENCH_WINDOW_BYTES) most = BENCH_WINDOW_BYTES;
  return most > max_size ? most : max_size;
}

/* Page-aligned, as applications' large arrays are; never NULL. */
static inline void* bench_alloc(size_t bytes) {
  size_t page = 4096, rounded = (bytes + page - 1) / page * page;
  void* p = aligned_alloc(page, rounded == 0 ? page : rounded);
  if (p == NULL) bench_fail("out of memory for %zu bytes", bytes);
  return p;
}

/* Identifies one message of a benchmark: its size, its sender and its index (slot of a window, peer of an
 * exchange, direction of a halo). */
static inline unsigned bench_seed(size_t size, int sender, int index) {
  return (unsigned)size * 2654435761u ^ (unsigned)sender << 16 ^ (unsigned)index;
}

/* Byte i of the message `seed`: the top byte of a multiplicative sequence, so it has no short period and
 * differs from seed to seed; a message delivered to the wrong buffer, shifted, cut short or left over from
 * another round does not verify. Cheap enough to fill and check 64 MiB once per point. */
static inline unsigned char bench_pattern_byte(size_t i, unsigned seed) {
  return (unsigned char)(((uint32_t)i * 2654435761u + seed * 2246822519u) >> 24);
}

static inline void bench_fill(void* buffer, size_t bytes, unsigned seed) {
  unsigned char* p = buffer;
  for (size_t i = 0; i < bytes; i++) p[i] = bench_pattern_byte(i, seed);
}

/* Fills a receive buffer with bytes that all differ from the message expected in it, so that a receive
 * that writes nothing does not verify. */
static inline void bench_poison(void* buffer, size_t bytes, unsigned seed) {
  unsigned char* p = buffer;
  for (size_t i = 0; i < bytes; i++) p[i] = (unsigned char)~bench_pattern_byte(i, seed);
}

static inline void bench_verify(const void* buffer, size_t bytes, unsigned seed, const char* benchmark, int sender) {
  const unsigned char* p = buffer;
  unsigned char differences = 0; /* a loop without an early exit, which the compiler vectorizes */
  for (size_t i = 0; i < bytes; i++) differences |= (unsigned char)(p[i] ^ bench_pattern_byte(i, seed));
  for (size_t i = 0; differences != 0 && i < bytes; i++)
    if (p[i] != bench_pattern_byte(i, seed))
      bench_fail("%s: %zu-byte message from rank %d: byte %zu is 0x%02x, expected 0x%02x", benchmark, bytes, sender, i,
                 p[i], bench_pattern_byte(i, seed));
}

/* One iteration of a benchmark on one of the ranks that take part. */
typedef void (*bench_step)(void* state);

static inline double bench_run_steps(bench_step step, void* state, long steps) {
  double start = MPI_Wtime();
  for (long i = 0; i < steps; i++) step(state);
  return MPI_Wtime() - start;
}

/* The largest `value` among the ranks that take part: the caller and `peer`, every rank, or the caller. */
static inline double bench_max_over(double value, int peer) {
  if (peer == BENCH_ALONE) return value;
  double largest = value;
  if (peer == BENCH_ALL_RANKS) {
    MPI_Allreduce(&value, &largest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  } else {
    double theirs;
    MPI_Sendrecv(&value, 1, MPI_DOUBLE, peer, BENCH_TAG_HARNESS, &theirs, 1, MPI_DOUBLE, peer, BENCH_TAG_HARNESS,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (theirs > largest) largest = theirs;
  }
  return largest;
}

/* Seconds per step on the calling rank. Warm-up rounds of 1, 2, 4, ... steps run until one takes a tenth
 * of a point; they settle caches, page mappings and the library's internal buffers, and the last one
 * gives the step count that fills a point, so each point takes about as long at every size and job size.
 * The ranks that take part (the caller and `peer`, or every rank) agree on each round's time, so they
 * run the same counts; that agreement also starts the measured loop on all of them together. They agree
 * once before the first round too: ranks may arrive far apart (after a phase without communication,
 * ranks that share a core finish it one after the other), and a first round that waited for the last
 * one would end the warm-up at once and be taken for the point. With BENCH_ALONE the caller times itself
 * and waits for no one. */
static inline double bench_seconds_per_step(const struct bench_options* o, int peer, bench_step step, void* state) {
  const double point = o->quick ? BENCH_QUICK_POINT_SECONDS : BENCH_POINT_SECONDS;
  (void)bench_max_over(0, peer);
  long warmup = 1;
  double took;
  while ((took = bench_max_over(bench_run_steps(step, state, warmup), peer)) < point / 10 && warmup < (1L << 30))
    warmup *= 2;
  double fill = point / took * (double)warmup;
  long steps = fill < 1 ? 1 : (long)fill;
  return bench_run_steps(step, state, steps) / (double)steps;
}

/* Rank 0's average over all ranks of a per-rank value (valid on rank 0 only). */
static inline double bench_average(double value) {
  double sum = 0;
  MPI_Reduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  return sum / bench_size();
}

/* Rank 0's maximum over all ranks of a per-rank value (valid on rank 0 only). */
static inline double bench_maximum(double value) {
  double largest = value;
  MPI_Reduce(&value, &largest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  return largest;
}

/* One measured point, printed by rank 0 only; flushed so that a run cut short keeps its points. */
static inline void bench_result(const char* benchmark, size_t param, double value, const char* unit) {
  if (bench_rank() != 0) return;
  printf("RESULT %s %zu %.4f %s\n", benchmark, param, value, unit);
  fflush(stdout);
}

/* A '#' line on stdout, printed by rank 0 only. */
__attribute__((format(printf, 1, 2))) static inline void bench_comment(const char* fmt, ...) {
  if (bench_rank() != 0) return;
  va_list ap;
  va_start(ap, fmt);
  fputs("# ", stdout);
  vprintf(fmt, ap);
  fputs("\n", stdout);
  va_end(ap);
  fflush(stdout);
}

/* The pairs of the message-rate patterns (osu_mbw_mr's): rank i of the first half and rank i + size/2; with
 * an odd number of ranks the last one only takes part in the timing agreement. */
enum bench_role { BENCH_SENDER, BENCH_RECEIVER, BENCH_IDLE };

struct bench_pair {
  enum bench_role role;
  int partner;
  int sender;    /* the pair's sending rank */
  MPI_Comm comm; /* MPI_COMM_WORLD, or a duplicate of it per thread (thread_message_rate) */
};

static inline struct bench_pair bench_pair_up(const char* program) {
  int rank = bench_rank(), pairs = bench_size() / 2;
  if (pairs == 0) bench_fail("%s needs at least 2 ranks", program);
  struct bench_pair p;
  p.role = rank < pairs ? BENCH_SENDER : rank < 2 * pairs ? BENCH_RECEIVER : BENCH_IDLE;
  p.partner = p.role == BENCH_SENDER ? rank + pairs : rank - pairs;
  p.sender = p.role == BENCH_SENDER ? rank : p.partner;
  p.comm = MPI_COMM_WORLD;
  return p;
}

/* One window of the pair's pattern: the sender sends BENCH_WINDOW messages of `count` bytes with MPI_Isend,
 * the i-th from out + i * stride, the receiver receives them with MPI_Irecv, the i-th into in + i * stride
 * (a stride of 0 reuses one buffer, as the OSU tests do), both wait for all, and the receiver acknowledges
 * the window. */
static inline void bench_one_way_window(const struct bench_pair* p, const unsigned char* out, unsigned char* in,
                                        int count, size_t stride, MPI_Request requests[BENCH_WINDOW]) {
  enum { TAG_DATA = 1, TAG_ACK = 2 };
  int ack = 0;
  if (p->role == BENCH_SENDER) {
    for (int i = 0; i < BENCH_WINDOW; i++)
      MPI_Isend(out + i * stride, count, MPI_BYTE, p->partner, TAG_DATA, p->comm, &requests[i]);
    MPI_Waitall(BENCH_WINDOW, requests, MPI_STATUSES_IGNORE);
    MPI_Recv(&ack, 1, MPI_INT, p->partner, TAG_ACK, p->comm, MPI_STATUS_IGNORE);
  } else if (p->role == BENCH_RECEIVER) {
    for (int i = 0; i < BENCH_WINDOW; i++)
      MPI_Irecv(in + i * stride, count, MPI_BYTE, p->partner, TAG_DATA, p->comm, &requests[i]);
    MPI_Waitall(BENCH_WINDOW, requests, MPI_STATUSES_IGNORE);
    MPI_Send(&ack, 1, MPI_INT, p->partner, TAG_ACK, p->comm);
  }
}

#endif /* WEFT_BENCH_COMMON_H */
