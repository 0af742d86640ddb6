/* MPI called by the primary thread inside an OpenMP parallel region (MPI_THREAD_FUNNELED), between two
 * barriers of the team: the rank waits on its own thread, and the team carries on with the result. With
 * one rank per worker this works; where ranks share a worker, the wait is refused with a message (the
 * other ranks could not run until the region ends). */
#include <mpi.h>
#include <omp.h>

#include "mpitest.h"

int main(int argc, char** argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int sum = 0, wrong = 0;
  for (int round = 0; round < 100; ++round) {
#pragma omp parallel num_threads(3) reduction(+ : wrong)
    {
      int mine = rank + round;
#pragma omp master
      MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
      if (sum != size * (size - 1) / 2 + size * round) ++wrong;
#pragma omp barrier
    }
  }
  CHECK(wrong == 0, "%d threads saw a wrong sum", wrong);
  MPI_Finalize();
  if (rank == 0) printf("openmp_mpi_in_region: ok\n");
  return 0;
}
