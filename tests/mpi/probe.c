/* Receiving a message whose size the receiver does not know: probe, size the buffer with MPI_Get_count,
 * then receive from the source and tag the probe reported.
 *
 * Iprobe: the receiver first checks that Iprobe sees nothing while the sender is still waiting for a GO,
 * then sends GO and polls with Iprobe until the message shows up. With one worker the sender runs on the
 * same thread, so the loop only ends if Iprobe lets it run.
 * Probe: a blocking probe, then an Iprobe that must still see the same message (probing does not
 * receive it), the receive, and an Iprobe that must no longer see it.
 *
 * Each even rank sends to the next one; a rank without a partner sends to itself. */
#include "mpitest.h"

enum { GO = 1, DATA_TAG = 10 }; /* message i travels with tag DATA_TAG + i */

/* Message lengths in ints, around the inline limit (64 ints = 256 bytes) and well above it. */
static const int lens[] = {0, 1, 63, 64, 65, 1023, 1024, 1025, 16384};
#define NLENS (int)(sizeof lens / sizeof lens[0])

/* Receives the message st describes into a buffer sized from MPI_Get_count, and checks it is message i. */
static void receive_probed(const MPI_Status* st, int i, int from, const char* how) {
  int count = -1, bytes = -1;
  MPI_Get_count(st, MPI_INT, &count);
  MPI_Get_count(st, MPI_BYTE, &bytes);
  CHECK(st->MPI_SOURCE == from && st->MPI_TAG == DATA_TAG + i, "%s: probe reports source %d tag %d, expected %d and %d",
        how, st->MPI_SOURCE, st->MPI_TAG, from, DATA_TAG + i);
  CHECK(count == lens[i] && bytes == lens[i] * (int)sizeof(int),
        "%s: probe reports %d ints (%d bytes) for a message of %d ints", how, count, bytes, lens[i]);
  int* buf = malloc(count * sizeof(int) + 1); /* + 1: malloc(0) may return NULL */
  CHECK(buf, "out of memory");
  MPI_Status rst;
  MPI_Recv(buf, count, MPI_INT, st->MPI_SOURCE, st->MPI_TAG, MPI_COMM_WORLD, &rst);
  size_t n = (size_t)count * sizeof(int);
  size_t bad = pattern_check(buf, n, pattern_seed(n, from, i));
  CHECK(bad == n, "%s: message %d (%d ints) byte %zu is wrong", how, i, count, bad);
  free(buf);
}

static void start_send(int* buf, int i, int rank, int to, MPI_Request* req) {
  size_t n = (size_t)lens[i] * sizeof(int);
  pattern_fill(buf, n, pattern_seed(n, rank, i));
  MPI_Isend(buf, lens[i], MPI_INT, to, DATA_TAG + i, MPI_COMM_WORLD, req);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct pairing pair = pair_up(rank, size);
  int partner = pair.partner, sends = pair.sends, receives = pair.receives;
  int* out = malloc(lens[NLENS - 1] * sizeof(int));
  CHECK(out, "out of memory");

  for (int i = 0; i < NLENS; i++) {
    MPI_Request go = MPI_REQUEST_NULL, data = MPI_REQUEST_NULL;
    MPI_Status st;
    int flag = 1;
    if (receives) {
      MPI_Iprobe(partner, DATA_TAG + i, MPI_COMM_WORLD, &flag, &st);
      CHECK(!flag, "Iprobe found message %d before it was sent", i);
      MPI_Isend(NULL, 0, MPI_INT, partner, GO, MPI_COMM_WORLD, &go);
    }
    if (sends) {
      MPI_Recv(NULL, 0, MPI_INT, partner, GO, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      start_send(out, i, rank, partner, &data);
    }
    if (receives) {
      for (flag = 0; !flag;) MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
      receive_probed(&st, i, partner, "Iprobe");
    }
    MPI_Wait(&go, MPI_STATUS_IGNORE);
    MPI_Wait(&data, MPI_STATUS_IGNORE);
  }

  for (int i = 0; i < NLENS; i++) {
    MPI_Request data = MPI_REQUEST_NULL;
    if (sends) start_send(out, i, rank, partner, &data);
    if (receives) {
      MPI_Status st, again;
      int flag = 0, count = -1, count_again = -2;
      MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      MPI_Iprobe(st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &flag, &again);
      MPI_Get_count(&st, MPI_INT, &count);
      MPI_Get_count(&again, MPI_INT, &count_again);
      CHECK(flag && again.MPI_SOURCE == st.MPI_SOURCE && again.MPI_TAG == st.MPI_TAG && count_again == count,
            "message %d: a second probe does not see what MPI_Probe saw", i);
      receive_probed(&st, i, partner, "Probe");
      MPI_Iprobe(partner, DATA_TAG + i, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
      CHECK(!flag, "message %d is still visible to Iprobe after it was received", i);
    }
    MPI_Wait(&data, MPI_STATUS_IGNORE);
  }

  free(out);
  report_ok("probe");
  MPI_Finalize();
  return 0;
}
