/* Every rank contributes its rank to a sum; rank 0 reports it. The sum proves that all ranks took part,
 * and each rank checks it, so a wrong result is a non-zero exit status. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int sum = 0;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  int expected = size * (size - 1) / 2;
  if (sum != expected) {
    printf("rank %d: sum of ranks is %d, expected %d\n", rank, sum, expected);
    MPI_Finalize();
    return 1;
  }
  if (rank == 0) printf("C: %d ranks, sum of ranks %d\n", size, sum);
  MPI_Finalize();
  return 0;
}
