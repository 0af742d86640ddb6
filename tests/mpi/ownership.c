/* Ownership passing: MPIX_Give and MPIX_Take between the ranks of each pair (the even rank gives, the odd
 * one takes; a rank without a partner does both), matched with each other and with ordinary sends and
 * receives.
 *
 * - give -> take: the taker gets the giver's very address (ranks are fibers of one process), the data
 *   intact; give -> receive and send -> take: the data copied; each with the receive posted before the
 *   message arrives and after, from 0 B to 4 MiB; *ptr is NULL after a give;
 * - datatypes: a vector taker against a contiguous giver gets a copy laid out with gaps; the same vector
 *   on both sides (built by each rank) passes the pointer; a vector giver into a contiguous receive;
 * - order: gives, sends and large sends to one tag arrive in order, whatever receives or takes them;
 * - MPI_ANY_SOURCE/MPI_ANY_TAG takes of every rank's gives at rank 0, with their statuses;
 * - Igive/Itake completed by Test, Wait and Waitall; Probe and Iprobe of a give; truncation;
 * - Cancel of a pending Itake, of an Igive (which completed at once), Request_free of an Igive;
 * - MPI_PROC_NULL. */
#include <stdint.h>

#include "mpitest.h"

enum { ADDR_TAG = 900, SYNC_TAG = 901, DATA_TAG = 902, ORDER_TAG = 903, MANY = 40, FROM_EACH = 5 };
enum { POSTED_FIRST, ARRIVES_FIRST };
enum { BY_GIVE, BY_SEND };
enum { INTO_TAKE, INTO_RECV };

static const size_t sizes[] = {0, 8, 256, 257, 70000, 4u << 20};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

static int rank, size;

/* One message of `bytes` from the giver of pair p to its taker, sent by a give or a send and received by a
 * take or a receive, posted first or after the message arrived. A rank with both roles runs the steps in
 * the order a pair interleaves them. */
static void one_message(struct pairing p, size_t bytes, int how_sent, int how_received, int arrival, unsigned seed) {
  MPI_Request receive = MPI_REQUEST_NULL, send = MPI_REQUEST_NULL;
  void *taken = NULL, *given = NULL, *plain = NULL;
  const char* what = how_sent == BY_GIVE ? (how_received == INTO_TAKE ? "give->take" : "give->recv") : "send->take";
  if (how_received == INTO_RECV) plain = malloc(bytes + 1);
  if (p.receives && arrival == POSTED_FIRST) {
    if (how_received == INTO_TAKE)
      MPIX_Itake(&taken, (int)bytes, MPI_BYTE, p.partner, DATA_TAG, MPI_COMM_WORLD, &receive);
    else
      MPI_Irecv(plain, (int)bytes, MPI_BYTE, p.partner, DATA_TAG, MPI_COMM_WORLD, &receive);
    MPI_Send(NULL, 0, MPI_BYTE, p.partner, SYNC_TAG, MPI_COMM_WORLD);
  }
  if (p.sends) {
    uintptr_t address;
    if (how_sent == BY_GIVE) {
      CHECK(MPIX_Alloc(&given, (MPI_Aint)bytes) == MPI_SUCCESS && given != NULL, "MPIX_Alloc(%zu) failed", bytes);
    } else {
      given = malloc(bytes + 1);
    }
    pattern_fill(given, bytes, seed);
    address = (uintptr_t)given;
    MPI_Send(&address, sizeof address, MPI_BYTE, p.partner, ADDR_TAG, MPI_COMM_WORLD);
    if (arrival == POSTED_FIRST) MPI_Recv(NULL, 0, MPI_BYTE, p.partner, SYNC_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (how_sent == BY_GIVE) {
      CHECK(MPIX_Give(&given, (int)bytes, MPI_BYTE, p.partner, DATA_TAG, MPI_COMM_WORLD) == MPI_SUCCESS,
            "%s: give failed", what);
      CHECK(given == NULL, "%s: *ptr is %p after MPIX_Give, not NULL", what, given);
    } else {
      MPI_Isend(given, (int)bytes, MPI_BYTE, p.partner, DATA_TAG, MPI_COMM_WORLD, &send);
    }
    if (arrival == ARRIVES_FIRST) MPI_Send(NULL, 0, MPI_BYTE, p.partner, SYNC_TAG, MPI_COMM_WORLD);
  }
  if (p.receives) {
    uintptr_t address = 0;
    MPI_Status status;
    int count = -1;
    MPI_Recv(&address, sizeof address, MPI_BYTE, p.partner, ADDR_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (arrival == ARRIVES_FIRST) {
      MPI_Recv(NULL, 0, MPI_BYTE, p.partner, SYNC_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (how_received == INTO_TAKE)
        MPIX_Itake(&taken, (int)bytes, MPI_BYTE, p.partner, DATA_TAG, MPI_COMM_WORLD, &receive);
      else
        MPI_Irecv(plain, (int)bytes, MPI_BYTE, p.partner, DATA_TAG, MPI_COMM_WORLD, &receive);
    }
    CHECK(MPI_Wait(&receive, &status) == MPI_SUCCESS, "%s of %zu bytes failed", what, bytes);
    MPI_Get_count(&status, MPI_BYTE, &count);
    CHECK(count == (int)bytes && status.MPI_SOURCE == p.partner && status.MPI_TAG == DATA_TAG,
          "%s of %zu bytes: status count %d, source %d, tag %d", what, bytes, count, status.MPI_SOURCE, status.MPI_TAG);
    void* data = how_received == INTO_TAKE ? taken : plain;
    CHECK(data != NULL, "%s of %zu bytes: *ptr is NULL after the take", what, bytes);
    size_t bad = pattern_check(data, bytes, seed);
    CHECK(bad == bytes, "%s of %zu bytes (%s): byte %zu is wrong", what, bytes,
          arrival == POSTED_FIRST ? "posted first" : "arrived first", bad);
    if (how_sent == BY_GIVE && how_received == INTO_TAKE)
      CHECK((uintptr_t)taken == address, "give->take of %zu bytes: the taker got %p, the giver gave %p", bytes, taken,
            (void*)address);
    if (how_sent == BY_SEND)
      CHECK((uintptr_t)taken != address, "send->take of %zu bytes: the taker got the sender's own buffer", bytes);
    if (how_received == INTO_TAKE) {
      CHECK(MPIX_Free(&taken) == MPI_SUCCESS && taken == NULL, "%s: MPIX_Free of the taken buffer failed", what);
    }
  }
  if (p.sends && how_sent == BY_SEND) {
    MPI_Wait(&send, MPI_STATUS_IGNORE);
    free(given);
  }
  free(plain);
}

static void all_pairings(struct pairing p) {
  static const int combinations[][2] = {{BY_GIVE, INTO_TAKE}, {BY_GIVE, INTO_RECV}, {BY_SEND, INTO_TAKE}};
  for (int c = 0; c < 3; c++)
    for (int s = 0; s < NSIZES; s++)
      for (int arrival = POSTED_FIRST; arrival <= ARRIVES_FIRST; arrival++)
        one_message(p, sizes[s], combinations[c][0], combinations[c][1], arrival,
                    pattern_seed(sizes[s], p.sends ? rank : p.partner, c * 2 + arrival));
}

/* n doubles; the vector type holds them one in two. */
static void datatypes(struct pairing p) {
  enum { N = 5000 };
  MPI_Datatype gapped;
  MPI_Type_vector(N, 1, 2, MPI_DOUBLE, &gapped);
  MPI_Type_commit(&gapped);
  if (p.sends) {
    double *contiguous, *spread;
    uintptr_t address;
    MPIX_Alloc((void**)&contiguous, N * sizeof(double));
    for (int i = 0; i < N; i++) contiguous[i] = i + 0.5;
    MPIX_Give((void**)&contiguous, N, MPI_DOUBLE, p.partner, 1, MPI_COMM_WORLD);
    MPIX_Alloc((void**)&spread, 2 * N * sizeof(double));
    for (int i = 0; i < N; i++) spread[2 * i] = -i;
    address = (uintptr_t)spread;
    MPI_Send(&address, sizeof address, MPI_BYTE, p.partner, ADDR_TAG, MPI_COMM_WORLD);
    MPIX_Give((void**)&spread, 1, gapped, p.partner, 2, MPI_COMM_WORLD);
    MPIX_Alloc((void**)&spread, 2 * N * sizeof(double));
    for (int i = 0; i < N; i++) spread[2 * i] = 3 * i;
    MPIX_Give((void**)&spread, 1, gapped, p.partner, 3, MPI_COMM_WORLD);
  }
  if (p.receives) {
    double *taken = NULL, *packed = malloc(N * sizeof(double));
    uintptr_t address;
    MPIX_Take((void**)&taken, 1, gapped, p.partner, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
      CHECK(taken[2 * i] == i + 0.5, "contiguous -> vector take: element %d is %g", i, taken[2 * i]);
    MPIX_Free((void**)&taken);
    MPI_Recv(&address, sizeof address, MPI_BYTE, p.partner, ADDR_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPIX_Take((void**)&taken, 1, gapped, p.partner, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK((uintptr_t)taken == address, "vector -> same vector: the taker got %p, not the giver's %p", (void*)taken,
          (void*)address);
    for (int i = 0; i < N; i++) CHECK(taken[2 * i] == -i, "vector -> vector take: element %d is %g", i, taken[2 * i]);
    MPIX_Free((void**)&taken);
    MPI_Recv(packed, N, MPI_DOUBLE, p.partner, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++) CHECK(packed[i] == 3 * i, "vector give -> receive: element %d is %g", i, packed[i]);
    free(packed);
  }
  MPI_Type_free(&gapped);
}

/* Message i carries i in its first int; every fourth is large (copied, or shared, past the inline size). */
static size_t order_bytes(int i) { return i % 4 == 3 ? 300000 : 16; }

static void non_overtaking(struct pairing p) {
  MPI_Request sends[MANY];
  void* plain[MANY];
  int nsends = 0;
  if (p.sends)
    for (int i = 0; i < MANY; i++) {
      size_t bytes = order_bytes(i);
      void* buffer;
      if (i % 3 == 0) {
        MPIX_Alloc(&buffer, (MPI_Aint)bytes);
        *(int*)buffer = i;
        MPIX_Give(&buffer, (int)bytes, MPI_BYTE, p.partner, ORDER_TAG, MPI_COMM_WORLD);
      } else {
        plain[nsends] = buffer = malloc(bytes);
        *(int*)buffer = i;
        MPI_Isend(buffer, (int)bytes, MPI_BYTE, p.partner, ORDER_TAG, MPI_COMM_WORLD, &sends[nsends++]);
      }
    }
  if (p.receives) {
    void* room = malloc(order_bytes(3));
    for (int i = 0; i < MANY; i++) {
      int got;
      if (i % 2 == 0) {
        void* taken;
        MPIX_Take(&taken, (int)order_bytes(3), MPI_BYTE, p.partner, ORDER_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        got = *(int*)taken;
        MPIX_Free(&taken);
      } else {
        MPI_Recv(room, (int)order_bytes(3), MPI_BYTE, p.partner, ORDER_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        got = *(int*)room;
      }
      CHECK(got == i, "message %d of the mixed sequence arrived as number %d", got, i);
    }
    free(room);
  }
  MPI_Waitall(nsends, sends, MPI_STATUSES_IGNORE);
  for (int i = 0; i < nsends; i++) free(plain[i]);
}

/* Every other rank gives rank 0 FROM_EACH messages {source, sequence}, tagged with the sequence. */
static void any_source(void) {
  if (rank != 0) {
    for (int k = 0; k < FROM_EACH; k++) {
      int* message;
      MPIX_Alloc((void**)&message, 2 * sizeof(int));
      message[0] = rank;
      message[1] = k;
      MPIX_Give((void**)&message, 2, MPI_INT, 0, k, MPI_COMM_WORLD);
    }
    return;
  }
  int* next = calloc(size, sizeof(int));
  for (int n = 0; n < (size - 1) * FROM_EACH; n++) {
    int *message, count;
    MPI_Status status;
    MPIX_Take((void**)&message, 2, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    CHECK(count == 2 && status.MPI_SOURCE == message[0] && status.MPI_TAG == message[1],
          "ANY_SOURCE take: status (source %d, tag %d, count %d) for message {%d, %d}", status.MPI_SOURCE,
          status.MPI_TAG, count, message[0], message[1]);
    CHECK(message[1] == next[message[0]]++, "ANY_SOURCE take: message %d of rank %d out of order", message[1],
          message[0]);
    MPIX_Free((void**)&message);
  }
  free(next);
}

/* Four Itakes (tags 0-3) posted before four Igives in the reverse order; Test, Wait and Waitall. */
static void nonblocking(struct pairing p) {
  MPI_Request takes[4], gives[4];
  int* taken[4];
  if (p.receives)
    for (int t = 0; t < 4; t++) MPIX_Itake((void**)&taken[t], 1, MPI_INT, p.partner, t, MPI_COMM_WORLD, &takes[t]);
  MPI_Barrier(MPI_COMM_WORLD);
  if (p.sends) {
    for (int t = 3; t >= 0; t--) {
      int *value, done = 0;
      MPIX_Alloc((void**)&value, sizeof(int));
      *value = 100 + t;
      MPIX_Igive((void**)&value, 1, MPI_INT, p.partner, t, MPI_COMM_WORLD, &gives[t]);
      CHECK(value == NULL, "*ptr is not NULL right after MPIX_Igive");
      MPI_Test(&gives[t], &done, MPI_STATUS_IGNORE);
      CHECK(done && gives[t] == MPI_REQUEST_NULL, "an Igive is not complete at once");
    }
  }
  if (p.receives) {
    int done = 0;
    while (!done) MPI_Test(&takes[0], &done, MPI_STATUS_IGNORE);
    MPI_Wait(&takes[1], MPI_STATUS_IGNORE);
    MPI_Waitall(2, &takes[2], MPI_STATUSES_IGNORE);
    for (int t = 0; t < 4; t++) {
      CHECK(*taken[t] == 100 + t, "Itake of tag %d got %d", t, *taken[t]);
      MPIX_Free((void**)&taken[t]);
    }
  }
}

static void probe(struct pairing p) {
  if (p.sends) {
    void* buffer;
    MPIX_Alloc(&buffer, 1000);
    MPIX_Give(&buffer, 250, MPI_INT, p.partner, 7, MPI_COMM_WORLD);
  }
  if (p.receives) {
    MPI_Status status;
    int count = -1, flag = 0;
    void* taken;
    MPI_Probe(p.partner, 7, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    CHECK(count == 250 && status.MPI_SOURCE == p.partner && status.MPI_TAG == 7, "Probe of a give: count %d, source %d",
          count, status.MPI_SOURCE);
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    CHECK(flag && status.MPI_TAG == 7, "Iprobe does not see a give");
    MPIX_Take(&taken, 250, MPI_INT, p.partner, 7, MPI_COMM_WORLD, &status);
    MPIX_Free(&taken);
  }
}

/* 1000 bytes given to a take, then to a receive, of room for 500. */
static void truncation(struct pairing p) {
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (p.sends)
    for (int round = 0; round < 2; round++) {
      void* buffer;
      MPIX_Alloc(&buffer, 1000);
      pattern_fill(buffer, 1000, 77);
      MPIX_Give(&buffer, 1000, MPI_BYTE, p.partner, 8, MPI_COMM_WORLD);
    }
  if (p.receives) {
    void* taken = NULL;
    char room[500];
    MPI_Status status;
    int count;
    expect_error(MPIX_Take(&taken, 500, MPI_BYTE, p.partner, 8, MPI_COMM_WORLD, &status), MPI_ERR_TRUNCATE,
                 "a take of 500 bytes of a 1000-byte give");
    MPI_Get_count(&status, MPI_BYTE, &count);
    CHECK(taken != NULL && count == 500 && pattern_check(taken, 500, 77) == 500,
          "a truncated take: buffer %p, count %d", taken, count);
    MPIX_Free(&taken);
    expect_error(MPI_Recv(room, 500, MPI_BYTE, p.partner, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_TRUNCATE,
                 "a receive of 500 bytes of a 1000-byte give");
    CHECK(pattern_check(room, 500, 77) == 500, "a truncated receive of a give holds wrong data");
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

static void cancel_and_free(struct pairing p) {
  if (p.receives) {
    void* taken = NULL;
    MPI_Request request;
    MPI_Status status;
    int cancelled = 0;
    MPIX_Itake(&taken, 1, MPI_INT, p.partner, 55, MPI_COMM_WORLD, &request);
    MPI_Cancel(&request);
    MPI_Wait(&request, &status);
    MPI_Test_cancelled(&status, &cancelled);
    CHECK(cancelled && taken == NULL, "a pending Itake was not cancelled (flag %d, *ptr %p)", cancelled, taken);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (p.sends) {
    MPI_Request request;
    MPI_Status status;
    int cancelled = 1;
    int* value;
    MPIX_Alloc((void**)&value, sizeof(int));
    *value = 56;
    MPIX_Igive((void**)&value, 1, MPI_INT, p.partner, 56, MPI_COMM_WORLD, &request);
    MPI_Cancel(&request);
    MPI_Wait(&request, &status);
    MPI_Test_cancelled(&status, &cancelled);
    CHECK(!cancelled, "an Igive, complete at once, was cancelled");
    MPIX_Alloc((void**)&value, sizeof(int));
    *value = 57;
    MPIX_Igive((void**)&value, 1, MPI_INT, p.partner, 57, MPI_COMM_WORLD, &request);
    MPI_Request_free(&request);
  }
  if (p.receives)
    for (int tag = 56; tag <= 57; tag++) {
      int* taken;
      MPIX_Take((void**)&taken, 1, MPI_INT, p.partner, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      CHECK(*taken == tag, "after Cancel or Request_free of an Igive: got %d, expected %d", *taken, tag);
      MPIX_Free((void**)&taken);
    }
}

static void proc_null(void) {
  void *buffer, *taken = &taken;
  MPI_Status status;
  MPIX_Alloc(&buffer, 64);
  MPIX_Give(&buffer, 64, MPI_BYTE, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  CHECK(buffer == NULL, "a give to MPI_PROC_NULL left *ptr set");
  MPIX_Take(&taken, 64, MPI_BYTE, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &status);
  CHECK(taken == NULL && status.MPI_SOURCE == MPI_PROC_NULL, "a take from MPI_PROC_NULL: *ptr %p, source %d", taken,
        status.MPI_SOURCE);
  CHECK(MPIX_Free(&taken) == MPI_SUCCESS, "MPIX_Free of a NULL *ptr failed");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct pairing p = pair_up(rank, size);
  all_pairings(p);
  datatypes(p);
  non_overtaking(p);
  any_source();
  nonblocking(p);
  probe(p);
  truncation(p);
  cancel_and_free(p);
  proc_null();
  report_ok("ownership");
  MPI_Finalize();
  return 0;
}
