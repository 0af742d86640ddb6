/* MPI_THREAD_MULTIPLE from every thread of an OpenMP team: inside each region, team thread t of every rank
 * exchanges messages on tag t with the ranks before and after it (small and large, one received with
 * MPI_ANY_SOURCE), and the team ends the region at its barrier. The primary thread keeps its worker until
 * the region ends, so across nodes the other threads must move the network themselves while they wait:
 * nothing else would. Run with one rank per worker (a rank may only wait inside a region on a worker of
 * its own). With the argument "team" the primary thread calls no MPI in the region and goes straight to its
 * closing barrier: where ranks share a worker, the waiting threads' job then ends with a report (the
 * other ranks cannot run until the region ends) rather than hanging. */
#include <mpi.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

enum { team = 3, rounds = 50, small_words = 4, large_words = 20000 };

static int expected(int from, int thread, int round, int i) { return from * 1000003 + thread * 10007 + round * 31 + i; }

/* Team thread t's exchange of one round with the ranks around it; 1 when the data received is wrong. */
static int exchange(int rank, int next, int previous, int t, int round) {
  const int words = round % 5 == 4 ? large_words : small_words;
  int *out = malloc(words * sizeof(int)), *in = malloc(words * sizeof(int));
  for (int i = 0; i < words; ++i) out[i] = expected(rank, t, round, i);
  MPI_Request requests[2];
  MPI_Irecv(in, words, MPI_INT, round % 2 ? MPI_ANY_SOURCE : previous, t, MPI_COMM_WORLD, &requests[0]);
  MPI_Isend(out, words, MPI_INT, next, t, MPI_COMM_WORLD, &requests[1]);
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  int wrong = 0;
  for (int i = 0; i < words && !wrong; ++i) wrong = in[i] != expected(previous, t, round, i);
  free(out);
  free(in);
  return wrong;
}

int main(int argc, char** argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  CHECK(provided == MPI_THREAD_MULTIPLE, "provided %d, asked MPI_THREAD_MULTIPLE", provided);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int next = (rank + 1) % size, previous = (rank + size - 1) % size;
  const int primary_calls = !(argc > 1 && strcmp(argv[1], "team") == 0);
  int wrong = 0, threads_seen = 0;
  for (int round = 0; round < rounds; ++round) {
#pragma omp parallel num_threads(team) reduction(+ : wrong, threads_seen)
    {
      const int t = omp_get_thread_num();
      if (t != 0 || primary_calls) wrong += exchange(rank, next, previous, t, round);
      ++threads_seen;
    }
  }
  CHECK(threads_seen == team * rounds, "%d threads ran, not %d", threads_seen, team * rounds);
  CHECK(wrong == 0, "%d exchanges received wrong data", wrong);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  if (rank == 0) printf("openmp_thread_multiple: ok\n");
  return 0;
}
