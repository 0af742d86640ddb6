/* Partitioned ping-pong (MPI-4): rank 0 sends a buffer of 16 partitions of 64 KiB to rank 1 with
 * MPI_Psend_init, readying the partitions one by one with MPI_Pready; rank 1 polls MPI_Parrived until each
 * partition has landed, then sends the buffer back the same way. The latency is half the round trip.
 * Built against an MPI without partitioned communication (Open MPI 4.1) the buffer goes whole with
 * persistent point-to-point (MPI_Send_init/MPI_Recv_init), and a '#' line says so. Ranks other than 0 and 1
 * wait in the final barrier.
 *
 *   RESULT partitioned_pingpong <partitions> <microseconds> us */
#include "bench_common.h"

enum { PARTITIONS = 16, PARTITION_BYTES = 64 << 10, BYTES = PARTITIONS * PARTITION_BYTES };

struct pingpong {
  int rank, peer;
  unsigned char *out, *in;
  MPI_Request send, receive;
};

#if MPI_VERSION >= 4
/* Sends `out` partition by partition. */
static void send_partitions(struct pingpong* p) {
  MPI_Start(&p->send);
  for (int i = 0; i < PARTITIONS; i++) MPI_Pready(i, p->send);
  MPI_Wait(&p->send, MPI_STATUS_IGNORE);
}

/* Receives into `in`, polling each partition until it has arrived. */
static void receive_partitions(struct pingpong* p) {
  MPI_Start(&p->receive);
  for (int i = 0; i < PARTITIONS; i++)
    for (int arrived = 0; !arrived;) MPI_Parrived(p->receive, i, &arrived);
  MPI_Wait(&p->receive, MPI_STATUS_IGNORE);
}
#else
static void send_partitions(struct pingpong* p) {
  MPI_Start(&p->send);
  MPI_Wait(&p->send, MPI_STATUS_IGNORE);
}

static void receive_partitions(struct pingpong* p) {
  MPI_Start(&p->receive);
  MPI_Wait(&p->receive, MPI_STATUS_IGNORE);
}
#endif

static void round_trip(void* state) {
  struct pingpong* p = state;
  if (p->rank == 0) {
    send_partitions(p);
    receive_partitions(p);
  } else {
    receive_partitions(p);
    send_partitions(p);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank();
  if (bench_size() < 2) bench_fail("partitioned_pingpong needs at least 2 ranks");

  if (rank < 2) {
    struct pingpong p = {rank, 1 - rank, bench_alloc(BYTES), bench_alloc(BYTES), MPI_REQUEST_NULL, MPI_REQUEST_NULL};
#if MPI_VERSION >= 4
    MPI_Psend_init(p.out, PARTITIONS, PARTITION_BYTES, MPI_BYTE, p.peer, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &p.send);
    MPI_Precv_init(p.in, PARTITIONS, PARTITION_BYTES, MPI_BYTE, p.peer, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &p.receive);
#else
    bench_comment(
        "partitioned_pingpong: this MPI (version %d.%d) has no partitioned communication: the buffer "
        "goes whole with MPI_Send_init and MPI_Recv_init",
        MPI_VERSION, MPI_SUBVERSION);
    MPI_Send_init(p.out, BYTES, MPI_BYTE, p.peer, 0, MPI_COMM_WORLD, &p.send);
    MPI_Recv_init(p.in, BYTES, MPI_BYTE, p.peer, 0, MPI_COMM_WORLD, &p.receive);
#endif
    bench_fill(p.out, BYTES, bench_seed(BYTES, rank, 0));
    bench_poison(p.in, BYTES, bench_seed(BYTES, p.peer, 0));
    round_trip(&p);
    bench_verify(p.in, BYTES, bench_seed(BYTES, p.peer, 0), "partitioned_pingpong", p.peer);

    double seconds = bench_seconds_per_step(&o, p.peer, round_trip, &p);
    bench_result("partitioned_pingpong", PARTITIONS, seconds / 2 * 1e6, "us");
    MPI_Request_free(&p.send);
    MPI_Request_free(&p.receive);
    free(p.out);
    free(p.in);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
