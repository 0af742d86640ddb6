/* Message rate of 8-byte messages over all pairs of ranks at once: rank i of the first half sends to rank
 * i + size/2 windows of 64 MPI_Isend, its partner receives them with MPI_Irecv and acknowledges each
 * window. The rate is all pairs' messages divided by the slowest rank's time. With an odd number of ranks
 * the last one only takes part in the timing agreement.
 *
 *   RESULT message_rate 8 <messages per second> msgs/s */
#include "bench_common.h"

enum { MESSAGE = 8, TAG_DATA = 1, TAG_ACK = 2 };
enum role { ROLE_SENDER, ROLE_RECEIVER, ROLE_IDLE };

struct pair {
  enum role role;
  int partner;
  unsigned char out[BENCH_WINDOW][MESSAGE], in[BENCH_WINDOW][MESSAGE];
  MPI_Request requests[BENCH_WINDOW];
};

static void send_window(void *state) {
  struct pair *p = state;
  int ack = 0;
  if (p->role == ROLE_SENDER) {
    for (int i = 0; i < BENCH_WINDOW; i++)
      MPI_Isend(p->out[i], MESSAGE, MPI_BYTE, p->partner, TAG_DATA, MPI_COMM_WORLD, &p->requests[i]);
    MPI_Waitall(BENCH_WINDOW, p->requests, MPI_STATUSES_IGNORE);
    MPI_Recv(&ack, 1, MPI_INT, p->partner, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (p->role == ROLE_RECEIVER) {
    for (int i = 0; i < BENCH_WINDOW; i++)
      MPI_Irecv(p->in[i], MESSAGE, MPI_BYTE, p->partner, TAG_DATA, MPI_COMM_WORLD, &p->requests[i]);
    MPI_Waitall(BENCH_WINDOW, p->requests, MPI_STATUSES_IGNORE);
    MPI_Send(&ack, 1, MPI_INT, p->partner, TAG_ACK, MPI_COMM_WORLD);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank(), pairs = bench_size() / 2;
  if (pairs == 0)
    bench_fail("message_rate needs at least 2 ranks");

  struct pair *p = bench_alloc(sizeof *p);
  p->role = rank < pairs ? ROLE_SENDER : rank < 2 * pairs ? ROLE_RECEIVER : ROLE_IDLE;
  p->partner = p->role == ROLE_SENDER ? rank + pairs : rank - pairs;
  int sender = p->role == ROLE_SENDER ? rank : p->partner;
  for (int i = 0; i < BENCH_WINDOW; i++) {
    bench_fill(p->out[i], MESSAGE, bench_seed(MESSAGE, rank, i));
    bench_poison(p->in[i], MESSAGE, bench_seed(MESSAGE, sender, i));
  }
  send_window(p);
  for (int i = 0; p->role == ROLE_RECEIVER && i < BENCH_WINDOW; i++)
    bench_verify(p->in[i], MESSAGE, bench_seed(MESSAGE, sender, i), "message_rate", sender);

  double slowest = bench_maximum(bench_seconds_per_step(&o, BENCH_ALL_RANKS, send_window, p));
  bench_result("message_rate", MESSAGE, (double)pairs * BENCH_WINDOW / slowest, "msgs/s");

  free(p);
  MPI_Finalize();
  return 0;
}
