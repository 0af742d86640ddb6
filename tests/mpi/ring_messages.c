/* Small messages through the per-pair message rings, at the edges of the path: a sender gets a ring to a
 * receiver of another worker after 16 small messages, writes messages of up to WEFT_INLINE_MAX bytes (at
 * most 880) into its 4 KiB, and falls back to the matching engine's queues when the ring is full or the
 * receiver's budget is spent; the receiver takes ring messages in whenever it receives, probes or waits. Every phase
 * checks sizes, patterns and order:
 *  1. windows far deeper than a ring, sizes around every boundary (0, one unit, two units, the largest ring
 *     message, inline and single-copy ones), on two tags received one tag after the other, with the
 *     receives posted before and after the messages: non-overtaking per tag across both paths;
 *  2. everyone to rank 0, received with MPI_ANY_SOURCE and MPI_ANY_TAG posted while messages are in flight:
 *     per-source order;
 *  3. Probe, Iprobe, Mprobe and Improbe of ring messages, in send order, with their sizes;
 *  4. a receive cancelled while ring messages of another tag arrive, which it never matches, and a cancel of
 *     a send that went through a ring: cancelled and never received, or received;
 *  5. a ring message longer than its receive buffer: MPI_ERR_TRUNCATE, the buffer filled;
 *  6. a receiver that sleeps while its sender fills the ring and goes on through the queues. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <time.h>

#include "mpitest.h"

static const int sizes[] = {0, 1, 8, 12, 13, 40, 41, 100, 256, 257, 879, 880, 881, 4096, 70000};
enum { SIZE_COUNT = sizeof sizes / sizeof sizes[0], WINDOW = 200, LARGEST = 70000 };

/* Phase 1: every rank sends a window to the next rank and receives one from the previous. */
static void window(int rank, int to, int from, int posted_first, int round) {
  unsigned char *out = malloc((size_t)WINDOW * LARGEST), *in = malloc((size_t)WINDOW * LARGEST);
  CHECK(out != NULL && in != NULL, "out of memory");
  MPI_Request sends[WINDOW], receives[WINDOW];
  /* Tag 0 (even messages) is received first, then tag 1: the receiver takes tag 1's ring messages in while
   * it looks for tag 0's. */
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 0 && posted_first)
      MPI_Sendrecv(NULL, 0, MPI_BYTE, to, 8, NULL, 0, MPI_BYTE, from, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if ((pass == 0) != (posted_first != 0)) {
      for (int i = 0; i < WINDOW; i++) {
        int size = sizes[i % SIZE_COUNT];
        unsigned char* buffer = out + (size_t)i * LARGEST;
        pattern_fill(buffer, size, pattern_seed(size, rank, round * WINDOW + i));
        MPI_Isend(buffer, size, MPI_BYTE, to, i % 2, MPI_COMM_WORLD, &sends[i]);
      }
      /* The window has gone as far as it goes without receives before anyone posts them. */
      if (!posted_first)
        MPI_Sendrecv(NULL, 0, MPI_BYTE, to, 9, NULL, 0, MPI_BYTE, from, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      for (int tag = 0; tag < 2; tag++)
        for (int i = tag; i < WINDOW; i += 2)
          MPI_Irecv(in + (size_t)i * LARGEST, LARGEST, MPI_BYTE, from, tag, MPI_COMM_WORLD, &receives[i]);
    }
  }
  for (int tag = 0; tag < 2; tag++)
    for (int i = tag; i < WINDOW; i += 2) {
      MPI_Status status;
      MPI_Wait(&receives[i], &status);
      int size = sizes[i % SIZE_COUNT], count = -1;
      MPI_Get_count(&status, MPI_BYTE, &count);
      CHECK(count == size && status.MPI_TAG == tag, "message %d of round %d from %d: %d bytes, tag %d; expected %d", i,
            round, from, count, status.MPI_TAG, size);
      size_t bad = pattern_check(in + (size_t)i * LARGEST, size, pattern_seed(size, from, round * WINDOW + i));
      CHECK(bad == (size_t)size, "message %d of round %d from %d (%d bytes) differs at byte %zu", i, round, from, size,
            bad);
    }
  MPI_Waitall(WINDOW, sends, MPI_STATUSES_IGNORE);
  free(out);
  free(in);
}

/* Phase 2: everyone sends rank 0 numbered messages; rank 0 has posted wildcard receives for part of them
 * before they are sent and posts the rest while they arrive. */
static void to_root(int rank, int size) {
  enum { EACH = 40 };
  if (rank != 0) {
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < EACH; i++) {
      int message[2] = {rank, i};
      MPI_Send(message, 2 + i % 3, MPI_INT, 0, i % 5, MPI_COMM_WORLD); /* 8, 12 and 16 bytes */
    }
    return;
  }
  int total = (size - 1) * EACH, early = total < 64 ? total : 64;
  int(*in)[4] = malloc(sizeof *in * (total + 1));
  int* next = calloc(size, sizeof *next);
  MPI_Request* requests = malloc(sizeof *requests * (total + 1));
  CHECK(in && next && requests, "out of memory");
  for (int i = 0; i < early; i++)
    MPI_Irecv(in[i], 4, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &requests[i]);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = early; i < total; i++)
    MPI_Irecv(in[i], 4, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &requests[i]);
  for (int i = 0; i < total; i++) {
    MPI_Status status;
    MPI_Wait(&requests[i], &status);
    int source = status.MPI_SOURCE, count = -1;
    MPI_Get_count(&status, MPI_INT, &count);
    CHECK(in[i][0] == source && in[i][1] == next[source],
          "receive %d: message %d of rank %d, expected message %d of "
          "rank %d",
          i, in[i][1], in[i][0], next[source], source);
    CHECK(count == 2 + in[i][1] % 3 && status.MPI_TAG == in[i][1] % 5, "message %d of rank %d: %d ints, tag %d",
          in[i][1], source, count, status.MPI_TAG);
    next[source]++;
  }
  free(in);
  free(next);
  free(requests);
}

/* Phase 3: probes of ring messages. The sender sends tags 0..MESSAGES-1 in order, each message holding its
 * tag in (tag % 4) + 1 ints. */
static void probes(int rank, int to, int from) {
  enum { MESSAGES = 48 };
  int out[MESSAGES][4];
  MPI_Request sends[MESSAGES];
  for (int tag = 0; tag < MESSAGES; tag++) {
    for (int j = 0; j < 4; j++) out[tag][j] = rank * 1000 + tag;
    MPI_Isend(out[tag], tag % 4 + 1, MPI_INT, to, tag, MPI_COMM_WORLD, &sends[tag]);
  }
  for (int tag = 0; tag < MESSAGES; tag++) {
    MPI_Status status;
    int count = -1, in[4] = {-1, -1, -1, -1};
    if (tag % 4 == 0) {
      MPI_Probe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    } else if (tag % 4 == 1) {
      int flag = 0;
      while (!flag) MPI_Iprobe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    }
    if (tag % 4 <= 1) {
      MPI_Get_count(&status, MPI_INT, &count);
      CHECK(status.MPI_TAG == tag && count == tag % 4 + 1, "probe %d saw tag %d, %d ints", tag, status.MPI_TAG, count);
      MPI_Recv(in, 4, MPI_INT, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Message message;
      if (tag % 4 == 2) {
        MPI_Mprobe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &message, &status);
      } else {
        int flag = 0;
        while (!flag) MPI_Improbe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &message, &status);
      }
      MPI_Get_count(&status, MPI_INT, &count);
      CHECK(status.MPI_TAG == tag && count == tag % 4 + 1, "matched probe %d saw tag %d, %d ints", tag, status.MPI_TAG,
            count);
      MPI_Mrecv(in, 4, MPI_INT, &message, MPI_STATUS_IGNORE);
    }
    for (int j = 0; j <= tag % 4; j++)
      CHECK(in[j] == from * 1000 + tag, "message of tag %d from %d holds %d", tag, from, in[j]);
  }
  MPI_Waitall(MESSAGES, sends, MPI_STATUSES_IGNORE);
}

/* Phase 4: a receive for a tag nobody sends is cancelled while ring messages arrive; then the last send,
 * which sits in a ring or was received already: either it is cancelled and never arrives, or it arrives. */
static void cancel(int rank, int to, int from) {
  enum { MESSAGES = 40 };
  MPI_Request never;
  int unused = -1, out[MESSAGES], in[MESSAGES];
  MPI_Irecv(&unused, 1, MPI_INT, from, 77, MPI_COMM_WORLD, &never);
  MPI_Request sends[MESSAGES];
  for (int i = 0; i < MESSAGES; i++) {
    out[i] = rank * 1000 + i;
    MPI_Isend(&out[i], 1, MPI_INT, to, 76, MPI_COMM_WORLD, &sends[i]);
  }
  MPI_Sendrecv(NULL, 0, MPI_BYTE, to, 9, NULL, 0, MPI_BYTE, from, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Cancel(&never);
  MPI_Status status;
  MPI_Wait(&never, &status);
  int cancelled = 0;
  MPI_Test_cancelled(&status, &cancelled);
  CHECK(cancelled && unused == -1, "a receive nothing matched was not cancelled (%d)", unused);
  MPI_Cancel(&sends[MESSAGES - 1]);
  MPI_Wait(&sends[MESSAGES - 1], &status);
  int send_cancelled = 0, peer_cancelled = 0;
  MPI_Test_cancelled(&status, &send_cancelled);
  /* Sent after the cancelled send: it arrives after it, if that one arrives at all. */
  MPI_Sendrecv(&send_cancelled, 1, MPI_INT, to, 10, &peer_cancelled, 1, MPI_INT, from, 10, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  for (int i = 0; i < MESSAGES - peer_cancelled; i++) {
    MPI_Recv(&in[i], 1, MPI_INT, from, 76, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(in[i] == from * 1000 + i, "message %d from %d holds %d", i, from, in[i]);
  }
  int left = 0;
  MPI_Iprobe(from, 76, MPI_COMM_WORLD, &left, MPI_STATUS_IGNORE);
  CHECK(!left, "a send reported cancelled by rank %d arrived all the same", from);
  MPI_Waitall(MESSAGES, sends, MPI_STATUSES_IGNORE);
}

/* Phase 5: a ring message longer than its receive buffer. 20 messages first, so that it takes the ring. */
static void truncation(int rank, int to, int from) {
  unsigned char out[32], in[32];
  pattern_fill(out, sizeof out, pattern_seed(sizeof out, rank, 5));
  for (int i = 0; i < 20; i++)
    MPI_Sendrecv(out, 1, MPI_BYTE, to, 60, in, 1, MPI_BYTE, from, 60, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Request send;
  MPI_Isend(out, sizeof out, MPI_BYTE, to, 61, MPI_COMM_WORLD, &send);
  memset(in, 0, sizeof in);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Status status;
  int error = MPI_Recv(in, 8, MPI_BYTE, from, 61, MPI_COMM_WORLD, &status);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  expect_error(error, MPI_ERR_TRUNCATE, "MPI_Recv of 32 bytes into 8");
  unsigned char expected[32];
  pattern_fill(expected, sizeof expected, pattern_seed(sizeof out, from, 5));
  CHECK(memcmp(in, expected, 8) == 0 && in[8] == 0, "the truncated message did not fill exactly its 8 bytes");
  MPI_Wait(&send, MPI_STATUS_IGNORE);
}

/* Phase 6: the receiver sleeps while its sender sends far more than a ring holds, then receives it all. */
static void sleeping_receiver(int rank, int size) {
  enum { MESSAGES = 3000 };
  struct pairing pair = pair_up(rank, size);
  if (pair.partner == rank) return;
  if (pair.sends) {
    for (int i = 0; i < MESSAGES; i++) {
      int message[3] = {rank, i, i};
      MPI_Send(message, 2 + i % 2, MPI_INT, pair.partner, 3, MPI_COMM_WORLD);
    }
  } else {
    struct timespec pause = {0, 50 * 1000 * 1000};
    nanosleep(&pause, NULL);
    for (int i = 0; i < MESSAGES; i++) {
      int in[3] = {-1, -1, -1};
      MPI_Recv(in, 3, MPI_INT, pair.partner, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      CHECK(in[0] == pair.partner && in[1] == i, "message %d from %d holds (%d, %d)", i, pair.partner, in[0], in[1]);
    }
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int to = (rank + 1) % size, from = (rank + size - 1) % size;
  for (int round = 0; round < 4; round++) window(rank, to, from, round % 2, round);
  to_root(rank, size);
  MPI_Barrier(MPI_COMM_WORLD); /* no later message meets rank 0's wildcards */
  probes(rank, to, from);
  cancel(rank, to, from);
  truncation(rank, to, from);
  sleeping_receiver(rank, size);
  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("ring_messages");
  MPI_Finalize();
  return 0;
}
