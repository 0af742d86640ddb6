/* MPI_Isendrecv and MPI_Isendrecv_replace (MPI-4.1 4.7.2): rings in both directions at once, by Wait, Test
 * loops and Waitall; MPI_PROC_NULL as source and as destination (the status says source MPI_PROC_NULL, tag
 * MPI_ANY_TAG, count 0, and the receive buffer stays untouched) in an open chain; MPI_ANY_SOURCE and
 * MPI_ANY_TAG receives on a duplicate of the world, the status naming the real sender and tag; a strided
 * vector type sent and received as another vector of the same signature (holes untouched), and replaced
 * in place through a vector (its holes keep their values); messages of 0 bytes and of 1 MiB (the latter
 * among the first 16 ranks only, to bound memory under 1000 ranks in one process); shorter messages than
 * the receive buffer, measured by MPI_Get_count and MPI_Get_elements; 16 exchanges at distances 1..16
 * outstanding at once, completed by one Waitall. Every element is a formula of sender, round and index. */
#include "../mpi/mpitest.h"

static const char* program = "mpi4_isendrecv";

enum { N = 8, MANY = 16, BIG = 1 << 20, BIG_RANKS = 16 };

static int rank, size, left, right;

static int value(int sender, int round, int i) { return sender * 100000 + round * 1000 + i; }

/* The status of a completed Isendrecv or Isendrecv_replace request is that of its receive: the standard
 * gives the nonblocking forms no status of their own, their blocking forms' status is the receive's, and
 * they behave as a send and a receive run concurrently (MPI-4.1 4.2.7, 4.7.2). MPICH 4.0.2 does not return
 * the receive's status (it reads source 0, tag 0, count 0 whatever was received), so statuses are checked
 * under Weft only; the data everywhere. */
static const int status_checked = MPITEST_ON_WEFT;

static void expect_status(const MPI_Status* status, int source, int tag, MPI_Datatype type, int count,
                          const char* what) {
  if (!status_checked) return;
  int got = -1;
  MPI_Get_count(status, type, &got);
  CHECK(status->MPI_SOURCE == source && status->MPI_TAG == tag && got == count,
        "%s: status source %d tag %d count %d, expected source %d tag %d count %d", what, status->MPI_SOURCE,
        status->MPI_TAG, got, source, tag, count);
}

/* Both directions of the ring at once: to the right with tag 1, to the left with tag 2. */
static void rings(void) {
  int to_right[N], to_left[N], from_left[N], from_right[N];
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < N; i++) {
      to_right[i] = value(rank, round, i);
      to_left[i] = -value(rank, round, i);
      from_left[i] = from_right[i] = -1;
    }
    MPI_Request requests[2];
    MPI_Status statuses[2];
    MPI_Isendrecv(to_right, N, MPI_INT, right, 1, from_left, N, MPI_INT, left, 1, MPI_COMM_WORLD, &requests[0]);
    MPI_Isendrecv(to_left, N, MPI_INT, left, 2, from_right, N, MPI_INT, right, 2, MPI_COMM_WORLD, &requests[1]);
    if (round == 0) {
      MPI_Waitall(2, requests, statuses);
    } else if (round == 1) {
      MPI_Wait(&requests[1], &statuses[1]);
      MPI_Wait(&requests[0], &statuses[0]);
    } else {
      for (int done = 0; done < 2;) {
        done = 0;
        for (int k = 0; k < 2; k++) {
          int flag = 0;
          if (requests[k] == MPI_REQUEST_NULL) {
            done++;
            continue;
          }
          MPI_Test(&requests[k], &flag, &statuses[k]);
          if (flag) done++;
        }
      }
    }
    CHECK(requests[0] == MPI_REQUEST_NULL && requests[1] == MPI_REQUEST_NULL,
          "round %d: a completed Isendrecv "
          "left its request",
          round);
    expect_status(&statuses[0], left, 1, MPI_INT, N, "Isendrecv to the right");
    expect_status(&statuses[1], right, 2, MPI_INT, N, "Isendrecv to the left");
    for (int i = 0; i < N; i++) {
      CHECK(from_left[i] == value(left, round, i), "round %d: element %d from the left is %d", round, i, from_left[i]);
      CHECK(from_right[i] == -value(right, round, i), "round %d: element %d from the right is %d", round, i,
            from_right[i]);
      CHECK(to_right[i] == value(rank, round, i), "round %d: Isendrecv changed its send buffer", round);
    }

    /* The same with Isendrecv_replace: each buffer ends holding the neighbour's data. */
    int a[N], b[N];
    for (int i = 0; i < N; i++) {
      a[i] = value(rank, round + 10, i);
      b[i] = -value(rank, round + 10, i);
    }
    MPI_Isendrecv_replace(a, N, MPI_INT, right, 3, left, 3, MPI_COMM_WORLD, &requests[0]);
    MPI_Isendrecv_replace(b, N, MPI_INT, left, 4, right, 4, MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, statuses);
    expect_status(&statuses[0], left, 3, MPI_INT, N, "Isendrecv_replace to the right");
    expect_status(&statuses[1], right, 4, MPI_INT, N, "Isendrecv_replace to the left");
    for (int i = 0; i < N; i++)
      CHECK(a[i] == value(left, round + 10, i) && b[i] == -value(right, round + 10, i),
            "round %d: Isendrecv_replace element %d is %d and %d", round, i, a[i], b[i]);
  }
}

/* An open chain: rank 0 receives from MPI_PROC_NULL, the last rank sends to it; both peers MPI_PROC_NULL
 * complete at once with the same empty receive. */
static void proc_null(void) {
  int source = rank == 0 ? MPI_PROC_NULL : rank - 1, dest = rank == size - 1 ? MPI_PROC_NULL : rank + 1;
  /* MPICH 4.0.2 crashes or hangs when both peers are MPI_PROC_NULL (see below): a chain of one rank is that. */
  if (size == 1 && !MPITEST_ON_WEFT) return;
  int out[N], in[N];
  for (int i = 0; i < N; i++) {
    out[i] = value(rank, 20, i);
    in[i] = -1;
  }
  MPI_Request request;
  MPI_Status status;
  MPI_Isendrecv(out, N, MPI_INT, dest, 5, in, N, MPI_INT, source, 5, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, &status);
  if (source == MPI_PROC_NULL) {
    expect_status(&status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_INT, 0, "Isendrecv from MPI_PROC_NULL");
    for (int i = 0; i < N; i++) CHECK(in[i] == -1, "a receive from MPI_PROC_NULL wrote element %d", i);
  } else {
    expect_status(&status, source, 5, MPI_INT, N, "Isendrecv along the chain");
    for (int i = 0; i < N; i++) CHECK(in[i] == value(source, 20, i), "chain element %d is %d", i, in[i]);
  }

  int buf[N];
  for (int i = 0; i < N; i++) buf[i] = value(rank, 21, i);
  MPI_Isendrecv_replace(buf, N, MPI_INT, dest, 6, source, 6, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, &status);
  if (source == MPI_PROC_NULL) {
    expect_status(&status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_INT, 0, "Isendrecv_replace from MPI_PROC_NULL");
    for (int i = 0; i < N; i++)
      CHECK(buf[i] == value(rank, 21, i), "Isendrecv_replace from MPI_PROC_NULL changed element %d", i);
  } else {
    for (int i = 0; i < N; i++)
      CHECK(buf[i] == value(source, 21, i), "Isendrecv_replace along the chain: element %d is %d", i, buf[i]);
  }

  /* Both peers MPI_PROC_NULL, by Test: complete on the first call or soon after, nothing received. MPICH
   * 4.0.2 crashes in both calls when both peers are MPI_PROC_NULL (a segmentation fault in UCX's send) with
   * 2 or more processes and hangs with 1, so under Weft only. */
  if (!MPITEST_ON_WEFT) return;
  for (int i = 0; i < N; i++) in[i] = -1;
  MPI_Isendrecv(out, N, MPI_INT, MPI_PROC_NULL, 7, in, N, MPI_INT, MPI_PROC_NULL, 7, MPI_COMM_WORLD, &request);
  for (int flag = 0; !flag;) MPI_Test(&request, &flag, &status);
  expect_status(&status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_INT, 0, "Isendrecv with both peers MPI_PROC_NULL");
  MPI_Isendrecv_replace(in, N, MPI_INT, MPI_PROC_NULL, 7, MPI_PROC_NULL, 7, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, &status);
  expect_status(&status, MPI_PROC_NULL, MPI_ANY_TAG, MPI_INT, 0, "Isendrecv_replace with both peers MPI_PROC_NULL");
  for (int i = 0; i < N; i++) CHECK(in[i] == -1, "an exchange with MPI_PROC_NULL wrote element %d", i);
}

/* Wildcards on a communicator of their own: every rank sends to its right with tag 100 + rank and a length
 * of its own (1 to N ints), and receives with MPI_ANY_SOURCE and MPI_ANY_TAG into a buffer of N ints. */
static void wildcards(void) {
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  for (int round = 0; round < 2; round++) {
    int out[N], in[N], mine = 1 + (rank + round) % N, theirs = 1 + (left + round) % N;
    for (int i = 0; i < N; i++) {
      out[i] = value(rank, 30 + round, i);
      in[i] = -1;
    }
    MPI_Request request;
    MPI_Status status;
    MPI_Isendrecv(out, mine, MPI_INT, right, 100 + rank, in, N, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &request);
    if (round == 0)
      MPI_Wait(&request, &status);
    else
      for (int flag = 0; !flag;) MPI_Test(&request, &flag, &status);
    expect_status(&status, left, 100 + left, MPI_INT, theirs, "Isendrecv with MPI_ANY_SOURCE, MPI_ANY_TAG");
    int elements = -1, bytes = -1;
    MPI_Get_elements(&status, MPI_INT, &elements);
    MPI_Get_count(&status, MPI_BYTE, &bytes);
    CHECK(!status_checked || (elements == theirs && bytes == theirs * (int)sizeof(int)),
          "Get_elements gave %d ints, Get_count %d bytes, "
          "expected %d ints",
          elements, bytes, theirs);
    for (int i = 0; i < N; i++)
      CHECK(in[i] == (i < theirs ? value(left, 30 + round, i) : -1), "wildcard receive, round %d: element %d is %d",
            round, i, in[i]);
  }
  MPI_Comm_free(&comm);
}

/* Isendrecv_replace with MPI_ANY_SOURCE and MPI_ANY_TAG: the same count both ways. */
static void wildcard_replace(void) {
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  int buf[N];
  for (int i = 0; i < N; i++) buf[i] = value(rank, 40, i);
  MPI_Request request;
  MPI_Status status;
  MPI_Isendrecv_replace(buf, N, MPI_INT, right, 200 + rank, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &request);
  MPI_Wait(&request, &status);
  expect_status(&status, left, 200 + left, MPI_INT, N, "Isendrecv_replace with MPI_ANY_SOURCE, MPI_ANY_TAG");
  for (int i = 0; i < N; i++)
    CHECK(buf[i] == value(left, 40, i), "wildcard Isendrecv_replace: element %d is %d", i, buf[i]);
  MPI_Comm_free(&comm);
}

/* Derived types: 2 blocks of 3 ints 5 apart sent, received as 3 blocks of 2 ints 4 apart (6 ints both). */
static void vectors(void) {
  MPI_Datatype send_type, recv_type;
  MPI_Type_vector(2, 3, 5, MPI_INT, &send_type);
  MPI_Type_vector(3, 2, 4, MPI_INT, &recv_type);
  MPI_Type_commit(&send_type);
  MPI_Type_commit(&recv_type);
  int out[2 * 8], in[2 * 12];
  for (int i = 0; i < 2 * 8; i++) out[i] = value(rank, 50, i);
  for (int i = 0; i < 2 * 12; i++) in[i] = -1;
  MPI_Request request;
  MPI_Status status;
  /* Two of each type: 12 ints. The send type spans 8 ints (extent 8 after its last block ends at 5 + 3). */
  MPI_Isendrecv(out, 2, send_type, right, 8, in, 2, recv_type, left, 8, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, &status);
  expect_status(&status, left, 8, recv_type, 2, "Isendrecv of vectors");
  int elements = -1;
  MPI_Get_elements(&status, recv_type, &elements);
  CHECK(!status_checked || elements == 12, "Get_elements of the vectors gave %d, expected 12", elements);
  /* The k-th int of the send type map lands on the k-th of the receive type map. */
  MPI_Aint send_lb, send_extent, recv_lb, recv_extent;
  MPI_Type_get_extent(send_type, &send_lb, &send_extent);
  MPI_Type_get_extent(recv_type, &recv_lb, &recv_extent);
  int send_at[12], recv_at[12], k = 0;
  for (int c = 0; c < 2; c++)
    for (int b = 0; b < 2; b++)
      for (int j = 0; j < 3; j++) send_at[k++] = c * (int)(send_extent / (MPI_Aint)sizeof(int)) + b * 5 + j;
  k = 0;
  for (int c = 0; c < 2; c++)
    for (int b = 0; b < 3; b++)
      for (int j = 0; j < 2; j++) recv_at[k++] = c * (int)(recv_extent / (MPI_Aint)sizeof(int)) + b * 4 + j;
  int filled[2 * 12] = {0};
  for (k = 0; k < 12; k++) {
    CHECK(in[recv_at[k]] == value(left, 50, send_at[k]), "vector element %d (int %d) is %d, expected %d", k, recv_at[k],
          in[recv_at[k]], value(left, 50, send_at[k]));
    filled[recv_at[k]] = 1;
  }
  for (int i = 0; i < 2 * 12; i++)
    CHECK(filled[i] || in[i] == -1, "the hole at int %d of the receive vector was written", i);

  /* Isendrecv_replace through a vector: the strided ints are replaced, the holes keep their values. MPICH
   * 4.0.2 scatters the received ints to the wrong places (its blocking MPI_Sendrecv_replace gets the same
   * exchange right), so under Weft only. */
  if (!MPITEST_ON_WEFT) return; /* and leaves the types: see below */
  int buf[2 * 12];
  for (int i = 0; i < 2 * 12; i++) buf[i] = value(rank, 51, i);
  MPI_Isendrecv_replace(buf, 2, recv_type, left, 9, right, 9, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, &status);
  expect_status(&status, right, 9, recv_type, 2, "Isendrecv_replace of vectors");
  for (int i = 0; i < 2 * 12; i++) {
    int strided = 0;
    for (k = 0; k < 12; k++) strided |= recv_at[k] == i;
    int want = strided ? value(right, 51, i) : value(rank, 51, i);
    CHECK(buf[i] == want, "Isendrecv_replace through a vector: int %d is %d, expected %d", i, buf[i], want);
  }
  /* MPICH 4.0.2 drops a reference to derived types of an Isendrecv too many (MPI_Type_free then fails an
   * assertion; pmodels/mpich#7098), so the types are freed under Weft only. */
  MPI_Type_free(&send_type);
  MPI_Type_free(&recv_type);
}

/* Empty messages, by Isendrecv and Isendrecv_replace. */
static void empty(void) {
  int out = 7, in = -1;
  MPI_Request requests[2];
  MPI_Status statuses[2];
  MPI_Isendrecv(&out, 0, MPI_INT, right, 10, &in, 0, MPI_INT, left, 10, MPI_COMM_WORLD, &requests[0]);
  MPI_Isendrecv_replace(&out, 0, MPI_BYTE, left, 11, right, 11, MPI_COMM_WORLD, &requests[1]);
  MPI_Waitall(2, requests, statuses);
  expect_status(&statuses[0], left, 10, MPI_INT, 0, "an empty Isendrecv");
  expect_status(&statuses[1], right, 11, MPI_BYTE, 0, "an empty Isendrecv_replace");
  CHECK(in == -1 && out == 7, "empty messages changed the buffers (%d, %d)", in, out);
}

/* 1 MiB around a ring of the first BIG_RANKS ranks (all ranks, when fewer), both calls. */
static void big(void) {
  int ring = size < BIG_RANKS ? size : BIG_RANKS;
  if (rank >= ring) return;
  int to = (rank + 1) % ring, from = (rank + ring - 1) % ring;
  unsigned char *out = malloc(BIG), *in = malloc(BIG);
  CHECK(out && in, "out of memory");
  pattern_fill(out, BIG, pattern_seed(BIG, rank, 60));
  memset(in, 0, BIG);
  MPI_Request request;
  MPI_Status status;
  MPI_Isendrecv(out, BIG, MPI_BYTE, to, 12, in, BIG, MPI_BYTE, from, 12, MPI_COMM_WORLD, &request);
  for (int flag = 0; !flag;) MPI_Test(&request, &flag, &status);
  expect_status(&status, from, 12, MPI_BYTE, BIG, "Isendrecv of 1 MiB");
  size_t bad = pattern_check(in, BIG, pattern_seed(BIG, from, 60));
  CHECK(bad == BIG, "Isendrecv of 1 MiB: byte %zu is wrong", bad);
  bad = pattern_check(out, BIG, pattern_seed(BIG, rank, 60));
  CHECK(bad == BIG, "Isendrecv of 1 MiB changed its send buffer at byte %zu", bad);

  MPI_Isendrecv_replace(out, BIG, MPI_BYTE, from, 13, to, 13, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, &status);
  expect_status(&status, to, 13, MPI_BYTE, BIG, "Isendrecv_replace of 1 MiB");
  bad = pattern_check(out, BIG, pattern_seed(BIG, to, 60));
  CHECK(bad == BIG, "Isendrecv_replace of 1 MiB: byte %zu is wrong", bad);
  free(out);
  free(in);
}

/* MANY exchanges outstanding at once, at distances 1..MANY (modulo the size: several may name the same
 * peer, kept apart by their tags), half of them Isendrecv_replace, completed by one Waitall. */
static void many(void) {
  int out[MANY][N], in[MANY][N];
  MPI_Request requests[MANY];
  MPI_Status statuses[MANY];
  for (int d = 1; d <= MANY; d++) {
    int to = (rank + d) % size, from = ((rank - d) % size + size) % size;
    for (int i = 0; i < N; i++) {
      out[d - 1][i] = value(rank, 70 + d, i);
      in[d - 1][i] = value(rank, 70 + d, i);
    }
    if (d % 2)
      MPI_Isendrecv(out[d - 1], N, MPI_INT, to, 1000 + d, in[d - 1], N, MPI_INT, from, 1000 + d, MPI_COMM_WORLD,
                    &requests[d - 1]);
    else
      MPI_Isendrecv_replace(in[d - 1], N, MPI_INT, to, 1000 + d, from, 1000 + d, MPI_COMM_WORLD, &requests[d - 1]);
  }
  MPI_Waitall(MANY, requests, statuses);
  for (int d = 1; d <= MANY; d++) {
    int from = ((rank - d) % size + size) % size;
    CHECK(requests[d - 1] == MPI_REQUEST_NULL, "Waitall left request %d", d);
    expect_status(&statuses[d - 1], from, 1000 + d, MPI_INT, N, "one of many outstanding exchanges");
    for (int i = 0; i < N; i++)
      CHECK(in[d - 1][i] == value(from, 70 + d, i), "distance %d: element %d is %d, expected %d", d, i, in[d - 1][i],
            value(from, 70 + d, i));
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  rings();
  proc_null();
  wildcards();
  wildcard_replace();
  vectors();
  empty();
  big();
  many();
  report_ok(program);
  MPI_Finalize();
  return 0;
}
