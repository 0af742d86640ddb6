/* Tokens around the ring of all ranks.
 *
 * 1. A token makes LAPS laps with blocking Send/Recv; it grows each lap so that it travels inline, then by
 *    single copy. Every rank adds rank + 1 to every element, so each rank can check what all its
 *    predecessors did.
 * 2. The same with every receive posted before any token starts, and all LAPS tokens in flight at once
 *    (Irecv, Isend, Waitall): matching by tag among posted receives.
 * 3. All ranks shift a 4 KiB message to their right neighbour at the same moment, SHIFTS times: the pattern
 *    that deadlocks if a nonblocking single-copy send waits for its receive. */
#include <string.h>

#include "mpitest.h"

enum { LAPS = 3, MAX_LEN = 1024, SHIFTS = 3, SHIFT_BYTES = 4096 };

/* Token length per lap in long longs: 8 bytes inline, 512 bytes and 8 KiB by single copy. */
static const int lens[LAPS] = {1, 64, MAX_LEN};

/* A token that has passed ranks 0..r-1 holds 7 j + r (r + 1) / 2 in element j. */
static void check_token(const long long* t, int len, int passed, int lap) {
  long long added = (long long)passed * (passed + 1) / 2;
  for (int j = 0; j < len; j++)
    CHECK(t[j] == 7LL * j + added, "lap %d: token element %d is %lld after %d ranks, expected %lld", lap, j, t[j],
          passed, 7LL * j + added);
}

static void start_token(long long* t, int len) {
  for (int j = 0; j < len; j++) t[j] = 7LL * j + 1;
}

static void pass_on(long long* t, int len, int rank) {
  for (int j = 0; j < len; j++) t[j] += rank + 1;
}

static void blocking_laps(int rank, int size, int left, int right) {
  long long *t = malloc(MAX_LEN * sizeof *t), *back = malloc(MAX_LEN * sizeof *back);
  CHECK(t && back, "out of memory");
  for (int lap = 0; lap < LAPS; lap++) {
    int len = lens[lap];
    if (rank == 0) {
      /* Posted first, so that a one-rank ring, which sends to itself, needs no buffering. */
      MPI_Request req;
      MPI_Irecv(back, len, MPI_LONG_LONG, left, lap, MPI_COMM_WORLD, &req);
      start_token(t, len);
      MPI_Send(t, len, MPI_LONG_LONG, right, lap, MPI_COMM_WORLD);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
      check_token(back, len, size, lap);
    } else {
      MPI_Recv(t, len, MPI_LONG_LONG, left, lap, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      check_token(t, len, rank, lap);
      pass_on(t, len, rank);
      MPI_Send(t, len, MPI_LONG_LONG, right, lap, MPI_COMM_WORLD);
    }
  }
  free(t);
  free(back);
}

static void preposted_laps(int rank, int size, int left, int right) {
  long long *in[LAPS], *out[LAPS];
  MPI_Request recvs[LAPS], sends[LAPS];
  for (int lap = 0; lap < LAPS; lap++) {
    in[lap] = malloc(lens[lap] * sizeof(long long));
    out[lap] = malloc(lens[lap] * sizeof(long long));
    CHECK(in[lap] && out[lap], "out of memory");
    MPI_Irecv(in[lap], lens[lap], MPI_LONG_LONG, left, 100 + lap, MPI_COMM_WORLD, &recvs[lap]);
  }
  for (int lap = 0; lap < LAPS; lap++) {
    int len = lens[lap];
    if (rank == 0) {
      start_token(out[lap], len);
    } else {
      MPI_Wait(&recvs[lap], MPI_STATUS_IGNORE);
      check_token(in[lap], len, rank, lap);
      memcpy(out[lap], in[lap], len * sizeof(long long));
      pass_on(out[lap], len, rank);
    }
    MPI_Isend(out[lap], len, MPI_LONG_LONG, right, 100 + lap, MPI_COMM_WORLD, &sends[lap]);
  }
  if (rank == 0) {
    MPI_Waitall(LAPS, recvs, MPI_STATUSES_IGNORE);
    for (int lap = 0; lap < LAPS; lap++) check_token(in[lap], lens[lap], size, lap);
  }
  MPI_Waitall(LAPS, sends, MPI_STATUSES_IGNORE);
  for (int lap = 0; lap < LAPS; lap++) {
    free(in[lap]);
    free(out[lap]);
  }
}

static void shift_all(int rank, int size, int left, int right) {
  unsigned char *cur = malloc(SHIFT_BYTES), *next = malloc(SHIFT_BYTES);
  CHECK(cur && next, "out of memory");
  pattern_fill(cur, SHIFT_BYTES, pattern_seed(SHIFT_BYTES, rank, 0));
  for (int s = 1; s <= SHIFTS; s++) {
    MPI_Request reqs[2];
    MPI_Irecv(next, SHIFT_BYTES, MPI_BYTE, left, 200 + s, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(cur, SHIFT_BYTES, MPI_BYTE, right, 200 + s, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    /* After s shifts this rank holds the message that started s ranks to its left. */
    int origin = ((rank - s) % size + size) % size;
    size_t bad = pattern_check(next, SHIFT_BYTES, pattern_seed(SHIFT_BYTES, origin, 0));
    CHECK(bad == SHIFT_BYTES, "shift %d: byte %zu of the message from rank %d is wrong", s, bad, origin);
    unsigned char* swap = cur;
    cur = next;
    next = swap;
  }
  free(cur);
  free(next);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;

  blocking_laps(rank, size, left, right);
  preposted_laps(rank, size, left, right);
  shift_all(rank, size, left, right);

  report_ok("ring");
  MPI_Finalize();
  return 0;
}
