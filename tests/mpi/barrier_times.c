/* Barriers hold every rank until the last one has entered, on one node and across node processes.
 *
 * Each round, one rank (a different one each round) enters late; every rank notes when it enters and when
 * it leaves, on CLOCK_MONOTONIC, which all processes of a machine share, so the check also holds for node
 * processes (mpirun --nodes runs them on one machine). No rank may leave before the last one entered.
 * Blocking and nonblocking barriers, on the world, on a communicator of every other rank and on a reversed
 * one. A barrier that lets a rank through early fails here even when messages around it stay in order,
 * which a check by probing cannot see across nodes. */
#define _POSIX_C_SOURCE 200809L
#include "machine_clock.h"
#include "mpitest.h"

enum { ROUNDS = 12 };
static const double late_by = 2e-3; /* seconds: far above any barrier's own time */

static void check_barriers(MPI_Comm comm, int nonblocking, const char* name) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  double times[2 * ROUNDS]; /* enter and leave of each round */
  for (int round = 0; round < ROUNDS; ++round) {
    /* Busy: the late rank must be late in its own call sequence, whatever its worker does meanwhile. */
    if (round % size == rank) busy_for(late_by);
    times[2 * round] = machine_now();
    if (nonblocking) {
      MPI_Request request;
      MPI_Ibarrier(comm, &request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
      MPI_Barrier(comm);
    }
    times[2 * round + 1] = machine_now();
  }

  double* all = malloc(sizeof times * (size_t)size);
  MPI_Allgather(times, 2 * ROUNDS, MPI_DOUBLE, all, 2 * ROUNDS, MPI_DOUBLE, comm);
  for (int round = 0; round < ROUNDS; ++round) {
    int last_in = 0, first_out = 0;
    for (int r = 1; r < size; ++r) {
      if (all[r * 2 * ROUNDS + 2 * round] > all[last_in * 2 * ROUNDS + 2 * round]) last_in = r;
      if (all[r * 2 * ROUNDS + 2 * round + 1] < all[first_out * 2 * ROUNDS + 2 * round + 1]) first_out = r;
    }
    double entered = all[last_in * 2 * ROUNDS + 2 * round];
    double left = all[first_out * 2 * ROUNDS + 2 * round + 1];
    CHECK(left >= entered, "%s%s round %d: rank %d left %.1f us before rank %d entered",
          nonblocking ? "MPI_Ibarrier" : "MPI_Barrier", name, round, first_out, (entered - left) * 1e6, last_in);
  }
  free(all);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  MPI_Comm every_other, reversed;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &every_other);
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
  for (int nonblocking = 0; nonblocking <= 1; ++nonblocking) {
    check_barriers(MPI_COMM_WORLD, nonblocking, " on MPI_COMM_WORLD");
    check_barriers(every_other, nonblocking, " on every other rank");
    check_barriers(reversed, nonblocking, " on the reversed world");
  }
  MPI_Comm_free(&every_other);
  MPI_Comm_free(&reversed);

  MPI_Finalize();
  if (rank == 0) printf("barrier_times: ok\n");
  return 0;
}
