/* Collectives on communicators that are subsets and reorderings of the world, interleaved call by call;
 * MPI_IN_PLACE; buffers overwritten as soon as a call returns; allreduce results bitwise identical on all
 * ranks (inputs whose sum depends on the order of evaluation). */
#include <math.h>

#include "mpitest.h"

enum { COUNT = 300, ROUNDS = 20 };

static void check_interleaved(MPI_Comm world, MPI_Comm half, MPI_Comm reversed, int rank, int size) {
  int half_rank, half_size, rev_rank;
  MPI_Comm_rank(half, &half_rank);
  MPI_Comm_size(half, &half_size);
  MPI_Comm_rank(reversed, &rev_rank);
  CHECK(rev_rank == size - 1 - rank, "reversed rank %d for world rank %d", rev_rank, rank);
  long long in[COUNT], out[COUNT];
  for (int round = 0; round < ROUNDS; round++) {
    /* World: contributions are world ranks. */
    for (int i = 0; i < COUNT; i++) in[i] = rank + round + i;
    MPI_Allreduce(in, out, COUNT, MPI_LONG_LONG, MPI_SUM, world);
    for (int i = 0; i < COUNT; i++) in[i] = -1; /* the send buffer is ours again */
    long long base = (long long)size * (size - 1) / 2 + (long long)size * round;
    for (int i = 0; i < COUNT; i++)
      CHECK(out[i] == base + (long long)size * i, "world allreduce round %d [%d] = %lld", round, i, out[i]);

    /* Half: contributions are ranks in the half. */
    for (int i = 0; i < COUNT; i++) in[i] = half_rank + round;
    MPI_Reduce(in, out, COUNT, MPI_LONG_LONG, MPI_SUM, half_size - 1, half);
    for (int i = 0; i < COUNT; i++) in[i] = -1;
    long long half_sum = (long long)half_size * (half_size - 1) / 2 + (long long)half_size * round;
    if (half_rank == half_size - 1)
      CHECK(out[0] == half_sum && out[COUNT - 1] == half_sum, "half reduce round %d = %lld", round, out[0]);

    /* Reversed: bcast from its rank 0, which is the world's last rank. */
    long long token = rank == size - 1 ? 1000 + round : -5;
    MPI_Bcast(&token, 1, MPI_LONG_LONG, 0, reversed);
    CHECK(token == 1000 + round, "reversed bcast round %d gave %lld", round, token);

    /* In place, on the reversed communicator: every rank's buffer is its input and its output. */
    for (int i = 0; i < COUNT; i++) out[i] = rev_rank;
    MPI_Allreduce(MPI_IN_PLACE, out, COUNT, MPI_LONG_LONG, MPI_MAX, reversed);
    CHECK(out[0] == size - 1 && out[COUNT - 1] == size - 1, "in-place max round %d = %lld", round, out[0]);
    for (int i = 0; i < COUNT; i++) out[i] = half_rank + 1;
    MPI_Reduce(half_rank == 0 ? MPI_IN_PLACE : out, out, COUNT, MPI_LONG_LONG, MPI_PROD, 0, half);
    if (half_rank == 0 && half_size <= 20) { /* half_size! fits a long long */
      long long factorial = 1;
      for (int r = 2; r <= half_size; r++) factorial *= r;
      CHECK(out[0] == factorial && out[COUNT - 1] == factorial, "in-place product round %d = %lld", round, out[0]);
    }
    MPI_Barrier(round % 2 ? half : world);
  }
}

/* Doubles whose sum depends on the order: every rank must still get the same bits. */
static void check_bitwise_identical(int rank) {
  double in[COUNT], out[COUNT], first[COUNT];
  for (int i = 0; i < COUNT; i++) in[i] = 1.0 / (rank + 1 + i) + ldexp(1.0, (rank * 7 + i) % 60 - 30);
  MPI_Allreduce(in, out, COUNT, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  memcpy(first, out, sizeof out);
  MPI_Bcast(first, COUNT, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  CHECK(memcmp(first, out, sizeof out) == 0, "allreduce result differs from rank 0's in its bits");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm half, reversed;
  split_half_and_reversed(&half, &reversed);
  check_interleaved(MPI_COMM_WORLD, half, reversed, rank, size);
  check_bitwise_identical(rank);
  MPI_Comm_free(&half);
  MPI_Comm_free(&reversed);
  report_ok("collectives_subsets");
  MPI_Finalize();
  return 0;
}
