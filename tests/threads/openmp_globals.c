/* A rank's OpenMP threads work on the rank's copy of the program's globals: they read what the rank wrote
 * before the region, their writes are the rank's after it, and other ranks' regions (on the same worker,
 * between this rank's) never see them. Threadprivate variables and __thread stay each thread's own. Team threads count
 * what they find wrong; only the rank's main thread reports (MPI is FUNNELED). Regions of every kind: parallel for with
 * a reduction, atomics, critical, single, tasks, nested regions, and regions separated by MPI calls that let other
 * ranks run. */
#include <mpi.h>
#include <omp.h>

#include "mpitest.h"

enum { team = 4, slots = 64 };

int rank_value;                                /* set by the rank, read by its threads */
static int counter;                            /* incremented by the rank's threads */
double per_thread[slots];                      /* each thread writes its own slot */
static const int* value_pointer = &rank_value; /* a relocated pointer in the rank's image */
static int private_number = 7;                 /* starts at 7 in every thread */
#pragma omp threadprivate(private_number)
__thread int scratch; /* zeros in every thread */

static int next_ticket(void) {
  static int ticket; /* a function-local static: one per rank */
  int mine;
#pragma omp atomic capture
  mine = ++ticket;
  return mine;
}

static int region_errors(int rank, int round) {
  int wrong = 0;
#pragma omp parallel num_threads(team) reduction(+ : wrong)
  {
    int me = omp_get_thread_num();
    if (rank_value != rank * 1000 + round || *value_pointer != rank_value) ++wrong;
    /* The primary thread is the rank's fiber, whose threadprivate copy is the rank's and lives on. */
    if (me != 0 && round == 0 && (private_number != 7 || scratch != 0)) ++wrong;
    private_number = rank * 100 + me;
    scratch = -me;
#pragma omp barrier
    if (private_number != rank * 100 + me || scratch != -me) ++wrong;
#pragma omp atomic
    counter++;
    per_thread[me] = rank_value + me;
#pragma omp critical
    rank_value += 0; /* a write under a lock, to the rank's copy */
#pragma omp single
    next_ticket();
#pragma omp for
    for (int i = 0; i < 1000; ++i) {
#pragma omp task
      {
        if (rank_value != rank * 1000 + round) {
#pragma omp atomic
          wrong++;
        }
      }
    }
  }
  return wrong;
}

static int nested_errors(int rank) {
  int wrong = 0;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) reduction(+ : wrong)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2) reduction(+ : wrong)
    {
      if (rank_value != rank * 1000 + 99) ++wrong;
      per_thread[8 + outer * 2 + omp_get_thread_num()] = rank;
    }
    /* Back from the inner region: the outer team's threads still work for the rank. */
    if (rank_value != rank * 1000 + 99) ++wrong;
  }
  omp_set_max_active_levels(1);
  return wrong;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  const int rounds = 3;
  for (int round = 0; round < rounds; ++round) {
    rank_value = rank * 1000 + round;
    /* A barrier between setting and reading: other ranks of the worker run their regions meanwhile. */
    MPI_Barrier(MPI_COMM_WORLD);
    int wrong = region_errors(rank, round);
    CHECK(wrong == 0, "round %d: %d reads in the region saw another rank's globals", round, wrong);
    for (int t = 0; t < team; ++t)
      CHECK(per_thread[t] == rank_value + t, "round %d: thread %d's write is %g, not %d", round, t, per_thread[t],
            rank_value + t);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  CHECK(counter == rounds * team, "the rank's threads counted %d, expected %d", counter, rounds * team);
  CHECK(private_number == rank * 100 && scratch == 0, "the rank's threadprivate is %d and __thread %d", private_number,
        scratch);
  CHECK(next_ticket() == rounds + 1, "the rank's single constructs drew %d tickets, expected %d", next_ticket() - 2,
        rounds);

  rank_value = rank * 1000 + 99;
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(nested_errors(rank) == 0, "nested regions saw another rank's globals");
  for (int t = 8; t < 12; ++t) CHECK(per_thread[t] == rank, "nested thread %d wrote %g", t - 8, per_thread[t]);

  /* Every rank's threads counted into its own counter: the total is the same on every rank. */
  int total = 0;
  MPI_Allreduce(&counter, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  CHECK(total == size * rounds * team, "all ranks counted %d, expected %d", total, size * rounds * team);
  MPI_Finalize();
  if (rank == 0) printf("openmp_globals: ok\n");
  return 0;
}
