/* Every rank, rank 0 included, starts K sends to rank 0, which receives all of them with MPI_ANY_SOURCE.
 * Rank 0 checks that each source delivered exactly K messages and in the order it sent them
 * (non-overtaking), which must hold although sizes alternate between inline and single copy: a small
 * message must not pass a large one sent before it. Also run with a tiny unexpected-message budget, which
 * pushes the small ones onto the single-copy path part way through. */
#include "mpitest.h"

enum { K = 4, TAG = 5, SMALL = 2, LARGE = 100 }; /* in ints: 8 bytes inline, 400 bytes single copy */

static int msg_len(int seq) { return seq % 2 ? LARGE : SMALL; }

/* Element j of message seq from rank src; elements 0 and 1 name the sender and the sequence number. */
static int msg_elem(int src, int seq, int j) { return j == 0 ? src : j == 1 ? seq : src * 1000 + seq * 100 + j; }

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int out[K][LARGE];
  MPI_Request reqs[K];
  for (int seq = 0; seq < K; seq++) {
    for (int j = 0; j < msg_len(seq); j++) out[seq][j] = msg_elem(rank, seq, j);
    MPI_Isend(out[seq], msg_len(seq), MPI_INT, 0, TAG, MPI_COMM_WORLD, &reqs[seq]);
  }

  if (rank == 0) {
    int* next = calloc(size, sizeof *next); /* next sequence number expected from each source */
    int in[LARGE];
    CHECK(next, "out of memory");
    /* size * K receives with at most K from each source: exactly K from every one. */
    for (long m = 0; m < (long)size * K; m++) {
      MPI_Status st;
      MPI_Recv(in, LARGE, MPI_INT, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &st);
      int src = st.MPI_SOURCE, count = -1;
      CHECK(src >= 0 && src < size, "message %ld: status names source %d", m, src);
      int seq = next[src]++;
      CHECK(seq < K, "rank %d delivered more than %d messages", src, K);
      CHECK(in[0] == src && in[1] == seq,
            "expected message %d from rank %d, got message %d from rank %d (overtaken or misattributed)", seq, src,
            in[1], in[0]);
      MPI_Get_count(&st, MPI_INT, &count);
      CHECK(count == msg_len(seq), "message %d from rank %d has %d ints, expected %d", seq, src, count, msg_len(seq));
      for (int j = 2; j < count; j++)
        CHECK(in[j] == msg_elem(src, seq, j), "message %d from rank %d: element %d is %d", seq, src, j, in[j]);
    }
    free(next);
  }
  MPI_Waitall(K, reqs, MPI_STATUSES_IGNORE);

  report_ok("many_to_one");
  MPI_Finalize();
  return 0;
}
