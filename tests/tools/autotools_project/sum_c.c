/* The sum of the ranks, from C. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, sum = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("C: sum of ranks %d\n", sum);
  MPI_Finalize();
  return 0;
}
