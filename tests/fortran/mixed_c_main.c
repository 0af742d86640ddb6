/* A C main program calling Fortran (mixed_fortran_part.f90), linked by mpicc and by mpifort: the Fortran
 * subroutine gets the communicator as its integer, prints through Fortran's units, and its module variable
 * is every rank's own. */
#include <mpi.h>
#include <stdio.h>

void fortran_rank_sum(MPI_Fint comm, int* sum, int* count);

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size, sum = -1, count = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int round = 0; round < 3; ++round) {
    fortran_rank_sum(MPI_Comm_c2f(MPI_COMM_WORLD), &sum, &count);
    if (sum != size * (size - 1) / 2) {
      printf("mixed_c_main: rank %d failed: the sum of the ranks from Fortran is %d\n", rank, sum);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
  if (count != 3) {
    printf("mixed_c_main: rank %d failed: the Fortran module variable counted %d calls, not 3\n", rank, count);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("mixed_c_main: ok\n");
  MPI_Finalize();
  return 0;
}
