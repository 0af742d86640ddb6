/* Matching order with wildcards. One sender sends N messages whose tags repeat out of order; sizes alternate
 * between inline and single copy.
 *
 * Unexpected: all messages are there before any receive. Receives for tags 9 and then 3 take the first
 * message with that tag, skipping the others; receives with MPI_ANY_SOURCE and MPI_ANY_TAG then get the
 * rest in send order.
 * Posted: a receive for tag 7 and then N - 1 wildcard receives are posted before anything is sent. Each
 * message goes to the earliest posted receive it matches: message 4 (the only tag 7) to the tag-7 receive,
 * the others to the wildcard receives in send order.
 *
 * Each even rank sends to the next one; a rank without a partner sends to itself. */
#include "mpitest.h"

enum { N = 7, LEN = 100, SYNC = 99 };

static const int tags[N] = {5, 3, 9, 1, 7, 3, 5};

static int msg_len(int i) { return i % 2 ? LEN : 1; } /* ints: 4 bytes inline, 400 bytes single copy */

static void start_sends(int out[N][LEN], int to, MPI_Request reqs[N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < msg_len(i); j++) out[i][j] = i * 1000 + j;
    MPI_Isend(out[i], msg_len(i), MPI_INT, to, tags[i], MPI_COMM_WORLD, &reqs[i]);
  }
}

/* Checks that the receive that ended with st got message i from rank from. */
static void check_msg(const char* how, const int* in, const MPI_Status* st, int i, int from) {
  int count = -1;
  MPI_Get_count(st, MPI_INT, &count);
  CHECK(st->MPI_SOURCE == from && st->MPI_TAG == tags[i] && count == msg_len(i) && in[0] == i * 1000,
        "%s: expected message %d (tag %d, %d ints) from rank %d, got message %d (tag %d, %d ints) from rank %d", how, i,
        tags[i], msg_len(i), from, in[0] / 1000, st->MPI_TAG, count, st->MPI_SOURCE);
  for (int j = 1; j < count; j++) CHECK(in[j] == i * 1000 + j, "%s: message %d, element %d is %d", how, i, j, in[j]);
}

static void unexpected(int sends, int receives, int partner) {
  static const int after_skips[] = {0, 3, 4, 5, 6}; /* messages 2 (tag 9) and 1 (tag 3) are taken first */
  int out[N][LEN], in[LEN];
  MPI_Request reqs[N + 1];
  MPI_Status st;
  if (sends) {
    start_sends(out, partner, reqs);
    MPI_Isend(NULL, 0, MPI_INT, partner, SYNC, MPI_COMM_WORLD, &reqs[N]);
  }
  if (receives) {
    /* SYNC was sent last: once it is here, every message is. */
    MPI_Recv(NULL, 0, MPI_INT, partner, SYNC, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(in, LEN, MPI_INT, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, &st);
    check_msg("unexpected, tag 9", in, &st, 2, partner);
    MPI_Recv(in, LEN, MPI_INT, partner, 3, MPI_COMM_WORLD, &st);
    check_msg("unexpected, tag 3", in, &st, 1, partner);
    for (int k = 0; k < (int)(sizeof after_skips / sizeof after_skips[0]); k++) {
      MPI_Recv(in, LEN, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      check_msg("unexpected, any tag", in, &st, after_skips[k], partner);
    }
  }
  if (sends) MPI_Waitall(N + 1, reqs, MPI_STATUSES_IGNORE);
}

static void posted(int rank, int sends, int receives, int partner) {
  static const int wild_gets[N - 1] = {0, 1, 2, 3, 5, 6};
  int out[N][LEN], in[N][LEN];
  MPI_Request sreqs[N], rreqs[N];
  MPI_Status st[N];
  if (receives) {
    MPI_Irecv(in[0], LEN, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &rreqs[0]);
    for (int k = 1; k < N; k++) MPI_Irecv(in[k], LEN, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &rreqs[k]);
    /* Tell the sender that everything is posted. A rank sending to itself needs no signal, and one sent to
       itself would be caught by its own wildcard receives. */
    if (partner != rank) MPI_Send(NULL, 0, MPI_INT, partner, SYNC, MPI_COMM_WORLD);
  }
  if (sends) {
    if (partner != rank) MPI_Recv(NULL, 0, MPI_INT, partner, SYNC, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    start_sends(out, partner, sreqs);
  }
  if (receives) {
    MPI_Waitall(N, rreqs, st);
    check_msg("posted, tag 7", in[0], &st[0], 4, partner);
    for (int k = 1; k < N; k++) check_msg("posted, any tag", in[k], &st[k], wild_gets[k - 1], partner);
  }
  if (sends) MPI_Waitall(N, sreqs, MPI_STATUSES_IGNORE);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct pairing pair = pair_up(rank, size);
  int partner = pair.partner, sends = pair.sends, receives = pair.receives;

  unexpected(sends, receives, partner);
  posted(rank, sends, receives, partner);

  report_ok("wildcard");
  MPI_Finalize();
  return 0;
}
