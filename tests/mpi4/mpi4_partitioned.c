/* Partitioned point-to-point communication (MPI 4.1 chapter 5): MPI_Psend_init and MPI_Precv_init in a
 * ring (every rank sends to the next and receives from the previous, a lone rank to itself), each pair
 * started many times with MPI_Start or MPI_Startall and completed with MPI_Wait, MPI_Waitall or MPI_Test
 * loops. Each round the sender fills a partition only after the start, just before marking it ready, so
 * data sent at the start or before its MPI_Pready does not verify; partitions are readied in order, in
 * reverse, shuffled, by MPI_Pready_range and by MPI_Pready_list. The receiver either only waits, or looks
 * at its partitions with MPI_Parrived between the sender's calls and polls until all have arrived,
 * checking each partition as soon as it is reported (its contents must then be final). In staged rounds
 * the sender readies only its first half and says so in a message: receive partitions needing a send
 * partition not yet readied must not have arrived; those covered by the readied half arrive, as 5.2.2's
 * advice to implementors asks of a high-quality implementation (MPICH 4.0.2 delivers nothing before every
 * send partition is ready: under Weft only, failing after 10 s rather than hanging). Shapes: equal
 * partitions (small, 32 KiB, a single one), and send and receive sides with different partition counts of
 * one total size (allowed by 5.2: the counts "may differ"; 5.2.1: "Send-side and receive-side buffers must
 * be identical in size"); a vector type sent into an indexed, resized type, gaps untouched; zero-size
 * partitions (count 0 is allowed, partitions must be at least 1); two pairs on one tag matched in the order
 * of their initialization calls, whatever the order of their starts (under Weft across nodes: the second
 * pair refused with MPI_ERR_OTHER); a pair freed without ever being started, then a new pair on its tag.
 * The source, tag and count of each completed receive; MPI_Test and
 * MPI_Wait on inactive requests (flag true, handle kept, an empty status under Weft only: MPICH 4.0.2
 * leaves the status of an earlier round); MPI_Parrived on inactive and null requests giving true (Weft
 * only: MPICH 4.0.2 refuses the one and crashes on the other); MPI_Request_free of inactive partitioned
 * requests. */
#include "partitioned_test.h"

enum {
  ROUNDS = 30,
  TOKEN_TAG = 1,
  ACK_TAG = 2,
  SHAPE_TAG = 10,
  TYPE_TAG = 40,
  EMPTY_TAG = 41,
  ORDER_TAG = 42,
  FREED_TAG = 43
};

static int rank, size, left, right;

/* A ring pair of one shape: this rank's send to `right` and receive from `left`. */
struct shape {
  int send_parts, send_count, recv_parts, recv_count;
};

struct pair {
  struct shape s;
  int kase, tag;
  unsigned *out, *in;
  MPI_Request send, recv;
  int *arrived, seen, cursor; /* receive partitions seen arrived this round; where the next peek looks */
  int round;
};

/* Whether partition counts may differ between the sides: MPI 4.1 allows it; set to MPITEST_ON_WEFT if an
 * MPI checked against refuses it. MPICH 4.0.2 accepts it. */
enum { COUNTS_MAY_DIFFER = 1 };

/* The quality the standard's advice to implementors asks for (5.2.2): a receive partition whose send
 * partitions are all ready arrives even while other send partitions are not ready. MPICH 4.0.2 delivers
 * nothing before every send partition is ready: under Weft only, which promises it between ranks of one
 * node (across nodes it sends the buffer once all partitions are ready); set in main. */
static int early_arrival;
enum { EARLY_ARRIVAL_SECONDS = 10 };

/* Under Weft with the ring's pairs across nodes: there Weft matches one partitioned pair at a time per
 * (communicator, peer, tag) and refuses a second with MPI_ERR_OTHER (run_order checks the refusal instead
 * of the matching). */
static int weft_across_nodes, left_remote, right_remote;

static void check_recv_partition(struct pair* p, int q) {
  long first = (long)q * p->s.recv_count;
  for (long i = first; i < first + p->s.recv_count; i++)
    CHECK(p->in[i] == expect(left, p->round, p->kase, i),
          "shape %d round %d: receive partition %d was reported arrived, element %ld is %#x, expected %#x", p->kase,
          p->round, q, i, p->in[i], expect(left, p->round, p->kase, i));
}

static int parrived(MPI_Request request, int partition) {
  int flag = -1;
  MPI_Parrived(request, partition, &flag);
  CHECK(flag == 0 || flag == 1, "MPI_Parrived set flag to %d", flag);
  return flag;
}

/* One look with MPI_Parrived at the next receive partition not yet seen arrived; checked if it has. */
static void peek(struct pair* p) {
  if (p->seen == p->s.recv_parts) return;
  while (p->arrived[p->cursor]) p->cursor = (p->cursor + 1) % p->s.recv_parts;
  int q = p->cursor;
  p->cursor = (p->cursor + 1) % p->s.recv_parts;
  if (parrived(p->recv, q)) {
    check_recv_partition(p, q);
    p->arrived[q] = 1;
    p->seen++;
  }
}

/* Polls every receive partition until all have arrived, checking each as it is first reported; then the
 * request is complete (MPI_Request_get_status, which leaves it active), as MPICH's own tests expect. */
static void poll_all(struct pair* p) {
  while (p->seen < p->s.recv_parts)
    for (int q = 0; q < p->s.recv_parts; q++)
      if (!p->arrived[q] && parrived(p->recv, q)) {
        check_recv_partition(p, q);
        p->arrived[q] = 1;
        p->seen++;
      }
  int complete = 0;
  MPI_Request_get_status(p->recv, &complete, MPI_STATUS_IGNORE);
  CHECK(complete, "shape %d round %d: every receive partition arrived but the request is not complete", p->kase,
        p->round);
}

static void fill_send_partition(struct pair* p, int part) {
  long first = (long)part * p->s.send_count;
  for (long i = first; i < first + p->s.send_count; i++) p->out[i] = expect(rank, p->round, p->kase, i);
}

/* Readies every send partition in the round's style, each filled just before; with `peeking`, one look at
 * the receive side after each call. Styles: 0 in order, 1 reverse, 2 shuffled, 3 ranges, 4 lists. */
static void ready_all(struct pair* p, int style, int peeking, unsigned* random) {
  const int n = p->s.send_parts;
  int order[64];
  for (int i = 0; i < n; i++) order[i] = style == 1 ? n - 1 - i : i;
  if (style == 2 || style == 4) shuffle(order, n, random);
  if (style <= 2) {
    for (int i = 0; i < n; i++) {
      fill_send_partition(p, order[i]);
      MPI_Pready(order[i], p->send);
      if (peeking) peek(p);
    }
  } else if (style == 3) {
    /* Ranges of 1 to 3 partitions, readied in a shuffled order of ranges. */
    int lows[64], highs[64], ranges = 0;
    for (int low = 0; low < n;) {
      int high = low + (int)(next_random(random) % 3u);
      if (high >= n) high = n - 1;
      lows[ranges] = low;
      highs[ranges++] = high;
      low = high + 1;
    }
    int which[64];
    for (int r = 0; r < ranges; r++) which[r] = r;
    shuffle(which, ranges, random);
    for (int r = 0; r < ranges; r++) {
      for (int part = lows[which[r]]; part <= highs[which[r]]; part++) fill_send_partition(p, part);
      MPI_Pready_range(lows[which[r]], highs[which[r]], p->send);
      if (peeking) peek(p);
    }
  } else {
    /* Lists of 1 to 3 partitions taken from a shuffled order. */
    for (int i = 0; i < n;) {
      int length = 1 + (int)(next_random(random) % 3u);
      if (i + length > n) length = n - i;
      for (int k = 0; k < length; k++) fill_send_partition(p, order[i + k]);
      MPI_Pready_list(length, &order[i], p->send);
      if (peeking) peek(p);
      i += length;
    }
  }
}

static void start_pair(MPI_Request* send, MPI_Request* recv, int round) {
  MPI_Request both[2];
  switch (round % 3) {
    case 0:
      both[0] = *recv;
      both[1] = *send;
      MPI_Startall(2, both);
      break;
    case 1:
      both[0] = *send;
      both[1] = *recv;
      MPI_Startall(2, both);
      break;
    default:
      MPI_Start(send);
      MPI_Start(recv);
      break;
  }
}

/* Completes both requests (Waitall, Wait and a Test loop, or Test loops) and returns the receive's status. */
static MPI_Status complete_pair(MPI_Request* send, MPI_Request* recv, int round) {
  MPI_Status statuses[2], status;
  int done = 0;
  switch (round % 3) {
    case 0: {
      MPI_Request both[2] = {*recv, *send};
      MPI_Waitall(2, both, statuses);
      CHECK(both[0] == *recv && both[1] == *send, "MPI_Waitall changed a partitioned request's handle");
      return statuses[0];
    }
    case 1:
      MPI_Wait(send, MPI_STATUS_IGNORE);
      while (!done) MPI_Test(recv, &done, &status);
      return status;
    default:
      while (!done) MPI_Test(recv, &done, &status);
      done = 0;
      while (!done) MPI_Test(send, &done, MPI_STATUS_IGNORE);
      return status;
  }
}

/* An inactive partitioned request: MPI_Test and MPI_Wait complete at once with an empty status and leave
 * the request (MPI 4.1 4.7.3, the semantics of persistent requests, which partitioned ones share: 5.2);
 * MPI_Parrived says every partition has arrived (5.2.2). MPICH 4.0.2 leaves the status of an earlier round
 * or whatever was in it (source, tag and count of a receive never started), and its MPI_Parrived refuses an
 * inactive request ("Invalid or inactive partitioned receive request"): both under Weft only. */
static void check_inactive(MPI_Request* request, int is_recv, const char* what) {
  MPI_Request before = *request;
  MPI_Status status;
  int flag = 0, count = -1;
  MPI_Test(request, &flag, &status);
  MPI_Get_count(&status, MPI_UNSIGNED, &count);
  CHECK(flag && *request == before, "%s: MPI_Test on an inactive partitioned request gave flag %d%s", what, flag,
        *request == before ? "" : " and changed the handle");
  if (MPITEST_ON_WEFT)
    CHECK(status.MPI_SOURCE == MPI_ANY_SOURCE && status.MPI_TAG == MPI_ANY_TAG && count == 0,
          "%s: MPI_Test on an inactive partitioned request gave source %d, tag %d, count %d", what, status.MPI_SOURCE,
          status.MPI_TAG, count);
  MPI_Wait(request, &status);
  CHECK(*request == before, "%s: MPI_Wait on an inactive partitioned request changed the handle", what);
  if (MPITEST_ON_WEFT)
    CHECK(status.MPI_SOURCE == MPI_ANY_SOURCE && status.MPI_TAG == MPI_ANY_TAG,
          "%s: MPI_Wait on an inactive partitioned request gave source %d, tag %d", what, status.MPI_SOURCE,
          status.MPI_TAG);
  if (is_recv && MPITEST_ON_WEFT)
    CHECK(parrived(*request, 0), "%s: MPI_Parrived on an inactive request gave false", what);
}

static void check_status(MPI_Status status, int tag, int elements, const char* what, int round) {
  int count = -1;
  MPI_Get_count(&status, MPI_UNSIGNED, &count);
  CHECK(status.MPI_SOURCE == left && status.MPI_TAG == tag && count == elements,
        "%s round %d: the receive's status has source %d (expected %d), tag %d (expected %d), count %d (expected %d)",
        what, round, status.MPI_SOURCE, left, status.MPI_TAG, tag, count, elements);
}

/* The ring pairs of one shape, ROUNDS rounds in every style. */
static void run_shape(struct shape s, int kase) {
  if (!COUNTS_MAY_DIFFER && s.send_parts != s.recv_parts) return;
  struct pair p = {.s = s, .kase = kase, .tag = SHAPE_TAG + kase};
  long total = (long)s.send_parts * s.send_count;
  CHECK(total == (long)s.recv_parts * s.recv_count, "shape %d: the sides differ in size", kase);
  p.out = malloc((size_t)total * sizeof(unsigned));
  p.in = malloc((size_t)total * sizeof(unsigned));
  p.arrived = malloc((size_t)s.recv_parts * sizeof(int));
  /* Initialized in either order: matching is by the initialization calls' order per (source, tag). */
  if (kase % 2 == 0) {
    MPI_Precv_init(p.in, s.recv_parts, s.recv_count, MPI_UNSIGNED, left, p.tag, MPI_COMM_WORLD, MPI_INFO_NULL, &p.recv);
    MPI_Psend_init(p.out, s.send_parts, s.send_count, MPI_UNSIGNED, right, p.tag, MPI_COMM_WORLD, MPI_INFO_NULL,
                   &p.send);
  } else {
    MPI_Psend_init(p.out, s.send_parts, s.send_count, MPI_UNSIGNED, right, p.tag, MPI_COMM_WORLD, MPI_INFO_NULL,
                   &p.send);
    MPI_Precv_init(p.in, s.recv_parts, s.recv_count, MPI_UNSIGNED, left, p.tag, MPI_COMM_WORLD, MPI_INFO_NULL, &p.recv);
  }
  check_inactive(&p.recv, 1, "a receive never started");
  check_inactive(&p.send, 0, "a send never started");
  unsigned random = 0x9E3779B9u ^ (unsigned)(rank * 7919 + kase * 104729 + 1);
  for (int round = 0; round < ROUNDS; round++) {
    p.round = round;
    for (long i = 0; i < total; i++) p.in[i] = SENTINEL;
    for (int q = 0; q < s.recv_parts; q++) p.arrived[q] = 0;
    p.seen = 0;
    p.cursor = (int)(next_random(&random) % (unsigned)s.recv_parts);
    const int style = round % 5, polling = (round / 5) % 2, staged = round % 4 == 3 && s.send_parts >= 2;
    start_pair(&p.send, &p.recv, round);
    if (staged) {
      /* Half the send partitions ready, then a message to the receiver, which looks before answering. */
      const int half = s.send_parts / 2;
      for (int part = 0; part < half; part++) {
        fill_send_partition(&p, part);
        MPI_Pready(part, p.send);
      }
      int token = round, got = -1;
      MPI_Sendrecv(&token, 1, MPI_INT, right, TOKEN_TAG, &got, 1, MPI_INT, left, TOKEN_TAG, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      CHECK(got == round, "shape %d round %d: token %d", kase, round, got);
      for (int q = 0; q < s.recv_parts; q++) {
        long first = (long)q * s.recv_count, last = first + s.recv_count - 1;
        int last_needed = (int)(last / s.send_count); /* the highest send partition q takes data from */
        if (last_needed >= half) {
          CHECK(!parrived(p.recv, q),
                "shape %d round %d: receive partition %d arrived before send partition %d was ready", kase, round, q,
                last_needed);
        } else if (early_arrival) {
          double since = MPI_Wtime();
          while (!parrived(p.recv, q))
            CHECK(MPI_Wtime() - since < EARLY_ARRIVAL_SECONDS,
                  "shape %d round %d: receive partition %d has not arrived %d s after all its send partitions were "
                  "ready, while others were not (MPI 4.1 5.2.2, advice to implementors)",
                  kase, round, q, EARLY_ARRIVAL_SECONDS);
          check_recv_partition(&p, q);
          p.arrived[q] = 1;
          p.seen++;
        }
      }
      MPI_Sendrecv(&token, 1, MPI_INT, left, ACK_TAG, &got, 1, MPI_INT, right, ACK_TAG, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      for (int part = s.send_parts - 1; part >= half; part--) {
        fill_send_partition(&p, part);
        MPI_Pready(part, p.send);
        peek(&p);
      }
      poll_all(&p);
    } else {
      ready_all(&p, style, polling, &random);
      if (polling) poll_all(&p);
    }
    MPI_Status status = complete_pair(&p.send, &p.recv, round);
    check_status(status, p.tag, (int)total, "shape", round);
    for (long i = 0; i < total; i++)
      CHECK(p.in[i] == expect(left, round, kase, i),
            "shape %d round %d (style %d%s%s): element %ld is %#x, expected %#x", kase, round, style,
            polling ? ", polled" : "", staged ? ", staged" : "", i, p.in[i], expect(left, round, kase, i));
    if (round % 7 == 0) {
      check_inactive(&p.recv, 1, "a completed receive");
      check_inactive(&p.send, 0, "a completed send");
    }
  }
  MPI_Request_free(&p.send);
  MPI_Request_free(&p.recv);
  CHECK(p.send == MPI_REQUEST_NULL && p.recv == MPI_REQUEST_NULL, "MPI_Request_free left a partitioned request");
  free(p.out);
  free(p.in);
  free(p.arrived);
}

/* A vector of 3 unsigned ints with stride 2 (extent 5) sent, 2 a partition over 4 partitions, into an
 * indexed type taking offsets 0, 1 and 3 of 5 (resized to extent 5), 4 a partition over 2 partitions (or
 * 2 over 4 where counts must be equal): element k of the signature lands at the k-th place of the
 * receive type, the sender's gaps are not sent and the receiver's are untouched. */
static void run_types(void) {
  enum { ELEMENTS = 8, EXTENT = 5, KASE = 20 };
  const int send_parts = 4, send_count = 2, recv_parts = COUNTS_MAY_DIFFER ? 2 : 4, recv_count = ELEMENTS / recv_parts;
  static const int recv_offsets[3] = {0, 1, 3};
  MPI_Datatype vector, indexed, resized;
  MPI_Type_vector(3, 1, 2, MPI_UNSIGNED, &vector);
  MPI_Type_commit(&vector);
  int lengths[2] = {2, 1}, displacements[2] = {0, 3};
  MPI_Type_indexed(2, lengths, displacements, MPI_UNSIGNED, &indexed);
  MPI_Type_create_resized(indexed, 0, EXTENT * (MPI_Aint)sizeof(unsigned), &resized);
  MPI_Type_commit(&resized);
  MPI_Type_free(&indexed);
  MPI_Aint lb, extent;
  MPI_Type_get_extent(vector, &lb, &extent);
  CHECK(lb == 0 && extent == EXTENT * (MPI_Aint)sizeof(unsigned), "the vector's extent is %ld", (long)extent);
  unsigned out[ELEMENTS * EXTENT], in[ELEMENTS * EXTENT];
  MPI_Request send, recv;
  MPI_Psend_init(out, send_parts, send_count, vector, right, TYPE_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &send);
  MPI_Precv_init(in, recv_parts, recv_count, resized, left, TYPE_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &recv);
  /* Freed before use: the requests keep what they need. */
  MPI_Type_free(&vector);
  MPI_Type_free(&resized);
  unsigned random = 12345u + (unsigned)rank;
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < ELEMENTS * EXTENT; i++) in[i] = SENTINEL, out[i] = 0xabcd0000u + (unsigned)i;
    start_pair(&send, &recv, round);
    int order[4] = {0, 1, 2, 3};
    shuffle(order, send_parts, &random);
    for (int k = 0; k < send_parts; k++) {
      int part = order[k];
      for (int e = part * send_count; e < (part + 1) * send_count; e++)
        for (int j = 0; j < 3; j++) out[e * EXTENT + 2 * j] = expect(rank, round, KASE, 3 * e + j);
      MPI_Pready(part, send);
    }
    int seen = 0, arrived[4] = {0, 0, 0, 0};
    while (round % 2 && seen < recv_parts)
      for (int q = 0; q < recv_parts; q++)
        if (!arrived[q] && parrived(recv, q)) {
          for (int e = q * recv_count; e < (q + 1) * recv_count; e++)
            for (int j = 0; j < 3; j++)
              CHECK(in[e * EXTENT + recv_offsets[j]] == expect(left, round, KASE, 3 * e + j),
                    "types round %d: partition %d reported arrived, element %d part %d is %#x", round, q, e, j,
                    in[e * EXTENT + recv_offsets[j]]);
          arrived[q] = 1;
          seen++;
        }
    MPI_Status status = complete_pair(&send, &recv, round);
    int count = -1, elements = -1;
    MPI_Get_count(&status, MPI_UNSIGNED, &elements);
    CHECK(status.MPI_SOURCE == left && status.MPI_TAG == TYPE_TAG && elements == 3 * ELEMENTS,
          "types round %d: status source %d tag %d, %d unsigned ints", round, status.MPI_SOURCE, status.MPI_TAG,
          elements);
    (void)count;
    for (int e = 0; e < ELEMENTS; e++)
      for (int i = 0; i < EXTENT; i++) {
        int j = i == 0 ? 0 : i == 1 ? 1 : i == 3 ? 2 : -1;
        unsigned want = j < 0 ? SENTINEL : expect(left, round, KASE, 3 * e + j);
        CHECK(in[e * EXTENT + i] == want, "types round %d: element %d offset %d is %#x, expected %#x", round, e, i,
              in[e * EXTENT + i], want);
      }
  }
  MPI_Request_free(&send);
  MPI_Request_free(&recv);
}

/* Partitions of zero elements: they arrive, the receive completes with a count of 0. */
static void run_empty(void) {
  unsigned out[1] = {1u}, in[1] = {SENTINEL};
  MPI_Request send, recv;
  MPI_Precv_init(in, 4, 0, MPI_UNSIGNED, left, EMPTY_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &recv);
  MPI_Psend_init(out, 4, 0, MPI_UNSIGNED, right, EMPTY_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &send);
  for (int round = 0; round < 10; round++) {
    start_pair(&send, &recv, round);
    if (round % 2)
      MPI_Pready_range(0, 3, send);
    else {
      int list[4] = {3, 1, 0, 2};
      MPI_Pready_list(4, list, send);
    }
    for (int q = 0; q < 4; q++)
      while (!parrived(recv, q)) {
      }
    MPI_Status status = complete_pair(&send, &recv, round);
    check_status(status, EMPTY_TAG, 0, "zero-size partitions", round);
    CHECK(in[0] == SENTINEL, "zero-size partitions round %d: the receive buffer was written", round);
  }
  MPI_Request_free(&recv);
  MPI_Request_free(&send);
}

/* Two pairs on one (source, tag, communicator) match in the order of their initialization calls, whatever
 * the order in which they are started and readied. */
static void run_order(void) {
  enum { PARTS = 4, COUNT = 16, N = PARTS * COUNT, FIRST = 30, SECOND = 31 };
  unsigned out[2][N], in[2][N];
  MPI_Request send[2], recv[2];
  MPI_Precv_init(in[0], PARTS, COUNT, MPI_UNSIGNED, left, ORDER_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &recv[0]);
  MPI_Psend_init(out[0], PARTS, COUNT, MPI_UNSIGNED, right, ORDER_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &send[0]);
  if (weft_across_nodes) {
    /* A second pair on the tag with a peer on another node is refused, clearly; one on this node is not
     * (and is freed unused); the first pair still works. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int second_recv =
        MPI_Precv_init(in[1], PARTS, COUNT, MPI_UNSIGNED, left, ORDER_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &recv[1]);
    int second_send =
        MPI_Psend_init(out[1], PARTS, COUNT, MPI_UNSIGNED, right, ORDER_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &send[1]);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    int recv_class, send_class;
    MPI_Error_class(second_recv, &recv_class);
    MPI_Error_class(second_send, &send_class);
    CHECK(recv_class == (left_remote ? MPI_ERR_OTHER : MPI_SUCCESS) &&
              send_class == (right_remote ? MPI_ERR_OTHER : MPI_SUCCESS),
          "a second pair on one tag: classes %d (left %s) and %d (right %s)", recv_class,
          left_remote ? "on another node" : "on this node", send_class, right_remote ? "on another node" : "here");
    if (!left_remote) MPI_Request_free(&recv[1]);
    if (!right_remote) MPI_Request_free(&send[1]);
    MPI_Startall(1, &recv[0]);
    MPI_Start(&send[0]);
    for (int i = 0; i < N; i++) out[0][i] = expect(rank, 0, FIRST, i);
    MPI_Pready_range(0, PARTS - 1, send[0]);
    MPI_Request both[2] = {recv[0], send[0]};
    MPI_Waitall(2, both, MPI_STATUSES_IGNORE);
    for (int i = 0; i < N; i++)
      CHECK(in[0][i] == expect(left, 0, FIRST, i), "one pair across nodes: element %d is %#x", i, in[0][i]);
    MPI_Request_free(&send[0]);
    MPI_Request_free(&recv[0]);
    return;
  }
  MPI_Precv_init(in[1], PARTS, COUNT, MPI_UNSIGNED, left, ORDER_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &recv[1]);
  MPI_Psend_init(out[1], PARTS, COUNT, MPI_UNSIGNED, right, ORDER_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &send[1]);
  for (int round = 0; round < 10; round++) {
    for (int k = 0; k < 2; k++)
      for (int i = 0; i < N; i++) in[k][i] = SENTINEL;
    /* The second pair first: started, filled and readied before the first. */
    MPI_Request all[4] = {send[1], recv[1], recv[0], send[0]};
    MPI_Startall(4, all);
    for (int k = 1; k >= 0; k--) {
      for (int i = 0; i < N; i++) out[k][i] = expect(rank, round, k ? SECOND : FIRST, i);
      MPI_Pready_range(0, PARTS - 1, send[k]);
    }
    MPI_Status statuses[4];
    MPI_Waitall(4, all, statuses);
    for (int k = 0; k < 2; k++)
      for (int i = 0; i < N; i++)
        CHECK(in[k][i] == expect(left, round, k ? SECOND : FIRST, i),
              "same tag round %d: receive %d element %d is %#x, expected the %s pair's %#x", round, k, i, in[k][i],
              k ? "second" : "first", expect(left, round, k ? SECOND : FIRST, i));
  }
  for (int k = 0; k < 2; k++) {
    MPI_Request_free(&send[k]);
    MPI_Request_free(&recv[k]);
  }
}

/* A pair initialized and freed without ever being started, then a new pair on the same tag, which carries
 * the new pair's data. */
static void run_freed(void) {
  enum { N = 12 };
  unsigned out[N], in[N];
  MPI_Request send, recv;
  MPI_Psend_init(out, 3, 4, MPI_UNSIGNED, right, FREED_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &send);
  MPI_Precv_init(in, 3, 4, MPI_UNSIGNED, left, FREED_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &recv);
  MPI_Request_free(&send);
  MPI_Request_free(&recv);
  CHECK(send == MPI_REQUEST_NULL && recv == MPI_REQUEST_NULL, "MPI_Request_free left an unstarted request");
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Precv_init(in, 2, 6, MPI_UNSIGNED, left, FREED_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &recv);
  MPI_Psend_init(out, 2, 6, MPI_UNSIGNED, right, FREED_TAG, MPI_COMM_WORLD, MPI_INFO_NULL, &send);
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < N; i++) in[i] = SENTINEL;
    start_pair(&send, &recv, round);
    for (int i = 0; i < N; i++) out[i] = expect(rank, round, 50, i);
    MPI_Pready(1, send);
    MPI_Pready(0, send);
    MPI_Status status = complete_pair(&send, &recv, round);
    check_status(status, FREED_TAG, N, "after a freed pair", round);
    for (int i = 0; i < N; i++)
      CHECK(in[i] == expect(left, round, 50, i), "after a freed pair, round %d: element %d is %#x", round, i, in[i]);
  }
  MPI_Request_free(&send);
  MPI_Request_free(&recv);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  if (MPITEST_ON_WEFT) {
    /* Whether both neighbours share this rank's node: then the pairs in the ring are all on one node. */
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int node_size, all_local;
    MPI_Comm_size(node, &node_size);
    int local = node_size == size;
    MPI_Allreduce(&local, &all_local, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    early_arrival = all_local;
    weft_across_nodes = !all_local;
    MPI_Group world_group, node_group;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Comm_group(node, &node_group);
    int neighbours[2] = {left, right}, in_node[2];
    MPI_Group_translate_ranks(world_group, 2, neighbours, node_group, in_node);
    left_remote = in_node[0] == MPI_UNDEFINED;
    right_remote = in_node[1] == MPI_UNDEFINED;
    MPI_Group_free(&world_group);
    MPI_Group_free(&node_group);
    MPI_Comm_free(&node);
  }

  /* MPI_Parrived on the null request: true (MPI 4.1 5.2.2). MPICH 4.0.2 crashes in it: Weft only. */
  if (MPITEST_ON_WEFT) CHECK(parrived(MPI_REQUEST_NULL, 0), "MPI_Parrived on MPI_REQUEST_NULL gave false");

  static const struct shape shapes[] = {
      {8, 64, 8, 64},     /* equal partitions */
      {8, 1024, 8, 1024}, /* 32 KiB */
      {1, 100, 1, 100},   /* a single partition */
      {6, 10, 4, 15},     /* the sender's partitions finer */
      {3, 20, 12, 5},     /* the receiver's finer */
      {5, 7, 7, 5},       /* boundaries that do not line up */
      {16, 3, 2, 24},
  };
  for (int k = 0; k < (int)(sizeof shapes / sizeof shapes[0]); k++) run_shape(shapes[k], k);
  run_types();
  run_empty();
  run_order();
  run_freed();

  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("mpi4_partitioned");
  MPI_Finalize();
  return 0;
}
