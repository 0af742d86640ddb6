/* Takes each point-to-point protocol and collective algorithm that WEFT_PROTO_INFO names, in an order that
 * makes each choice certain on 2 ranks (on one node: 2 workers, so that the ranks run apart): messages sent
 * before their receive is posted and after, small and large, a stream of small ones (which gets a ring),
 * then collectives on both sides of their thresholds. The data is checked here; CMakeLists.txt checks the
 * lines of the report. */
#include "mpitest.h"

enum { large = 1 << 20, doubles = 1 << 16 };

/* Rank 0 sends `bytes` to rank 1, the receive posted before the send (it waits at the barrier) or after. */
static void one_message(int rank, unsigned char* buffer, int bytes, int receive_first, unsigned seed) {
  MPI_Request request = MPI_REQUEST_NULL;
  if (rank == 0) {
    pattern_fill(buffer, bytes, seed);
    if (receive_first) MPI_Barrier(MPI_COMM_WORLD);
    MPI_Isend(buffer, bytes, MPI_BYTE, 1, (int)seed, MPI_COMM_WORLD, &request);
    if (!receive_first) MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    return;
  }
  memset(buffer, 0, bytes);
  if (receive_first) MPI_Irecv(buffer, bytes, MPI_BYTE, 0, (int)seed, MPI_COMM_WORLD, &request);
  MPI_Barrier(MPI_COMM_WORLD);
  if (!receive_first) MPI_Irecv(buffer, bytes, MPI_BYTE, 0, (int)seed, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  size_t bad = pattern_check(buffer, bytes, seed);
  CHECK(bad == (size_t)bytes, "message %u of %d bytes differs at byte %zu", seed, bytes, bad);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(size == 2, "runs on 2 ranks, not %d", size);
  unsigned char* buffer = malloc(large);

  one_message(rank, buffer, 8, 0, 1);     /* inline (eager across nodes) */
  one_message(rank, buffer, 1024, 1, 2);  /* direct copy by the send */
  one_message(rank, buffer, 1024, 0, 3);  /* rendezvous, then a direct copy by the receive */
  one_message(rank, buffer, large, 1, 4); /* cooperative copy by the send (ready to send across nodes) */
  one_message(rank, buffer, large, 0, 5); /* rendezvous, then a cooperative copy by the receive */
  for (unsigned i = 0; i < 40; i++) one_message(rank, buffer, 8, 0, 6 + i); /* a steady partner: a ring */

  /* A buffer from MPIX_Alloc given to an MPIX_Take: ownership passes on one node. */
  void* owned = NULL;
  if (rank == 0) {
    MPIX_Alloc(&owned, 64);
    pattern_fill(owned, 64, 77);
    MPIX_Give(&owned, 64, MPI_BYTE, 1, 77, MPI_COMM_WORLD);
  } else {
    MPIX_Take(&owned, 64, MPI_BYTE, 0, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(pattern_check(owned, 64, 77) == 64, "a given buffer's data differs");
    MPIX_Free(&owned);
  }

  double one = rank + 1, sum = 0;
  MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); /* cells */
  CHECK(sum == 3, "a one-element allreduce gave %g", sum);
  double* in = malloc(doubles * sizeof(double));
  double* out = malloc(doubles * sizeof(double));
  for (int i = 0; i < doubles; i++) in[i] = i + rank;
  MPI_Allreduce(in, out, doubles, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); /* tiled */
  for (int i = 0; i < doubles; i++) CHECK(out[i] == 2.0 * i + 1, "element %d of a long allreduce is %g", i, out[i]);
  sum = 0;
  MPI_Reduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD); /* cells */
  CHECK(rank != 0 || sum == 3, "a one-element reduce gave %g", sum);

  int word = rank == 0 ? 42 : 0;
  MPI_Bcast(&word, 1, MPI_INT, 0, MPI_COMM_WORLD); /* cells */
  CHECK(word == 42, "a small broadcast gave %d", word);
  if (rank == 0) pattern_fill(buffer, large, 99);
  MPI_Bcast(buffer, large, MPI_BYTE, 0, MPI_COMM_WORLD); /* paired copy */
  CHECK(pattern_check(buffer, large, 99) == large, "a large broadcast's data differs");

  int mine[2] = {rank, 10 * rank}, block = -1;
  MPI_Reduce_scatter_block(mine, &block, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /* tree */
  CHECK(block == (rank == 0 ? 1 : 10), "a reduce-scatter gave %d", block);

  int gathered[2] = {-1, -1}, sent[2] = {10 * rank, 10 * rank + 1}, got[2] = {-1, -1};
  MPI_Allgather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, MPI_COMM_WORLD); /* across nodes: block by block */
  CHECK(gathered[0] == 0 && gathered[1] == 1, "an allgather gave %d %d", gathered[0], gathered[1]);
  MPI_Alltoall(sent, 1, MPI_INT, got, 1, MPI_INT, MPI_COMM_WORLD); /* across nodes: block by block */
  CHECK(got[0] == rank && got[1] == 10 + rank, "an alltoall gave %d %d", got[0], got[1]);
  int pair[2] = {-1, -1}, part = -1;
  MPI_Gather(&rank, 1, MPI_INT, pair, 1, MPI_INT, 0, MPI_COMM_WORLD);
  CHECK(rank != 0 || (pair[0] == 0 && pair[1] == 1), "a gather gave %d %d", pair[0], pair[1]);
  MPI_Scatter(sent, 1, MPI_INT, &part, 1, MPI_INT, 0, MPI_COMM_WORLD);
  CHECK(part == rank, "a scatter gave %d", part);
  MPI_Scan(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  CHECK(sum == (rank == 0 ? 1 : 3), "a scan gave %g", sum);
  MPI_Comm ring;
  int periodic = 1, two = 2;
  MPI_Cart_create(MPI_COMM_WORLD, 1, &two, &periodic, 0, &ring);
  int sides[2] = {-1, -1};
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, sides, 1, MPI_INT, ring);
  CHECK(sides[0] == 1 - rank && sides[1] == 1 - rank, "a neighbour allgather gave %d %d", sides[0], sides[1]);
  MPI_Comm_free(&ring);

  /* One-sided: a put of one predefined type on both sides (the direct path on one node), an accumulate. */
  int* base = NULL;
  MPI_Win win;
  MPI_Win_allocate(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  base[0] = base[1] = 0;
  MPI_Win_fence(0, win);
  int value = 7 + rank;
  MPI_Put(&value, 1, MPI_INT, 1 - rank, 0, 1, MPI_INT, win);
  MPI_Accumulate(&value, 1, MPI_INT, 1 - rank, 1, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_fence(0, win);
  CHECK(base[0] == 8 - rank && base[1] == 8 - rank, "the window holds %d %d", base[0], base[1]);
  MPI_Win_free(&win);
  MPI_Barrier(MPI_COMM_WORLD);

  free(in);
  free(out);
  free(buffer);
  report_ok("protocol_paths");
  MPI_Finalize();
  return 0;
}
