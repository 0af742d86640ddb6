/* Old C codes write a global without an initializer in several files (a tentative definition each), which
 * compilers before GCC 10 and clang 11 merged into one variable; mpicc builds them so (-fcommon), and each
 * rank still has its own copy. The other file, tentative_definitions_bump.c, increments it. */
#include <mpi.h>
#include <stdio.h>

int counter;
void bump(void);

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  counter = 10 * rank;
  MPI_Barrier(MPI_COMM_WORLD);
  bump();
  MPI_Barrier(MPI_COMM_WORLD);
  int wrong = counter != 10 * rank + 1, any_wrong = 0;
  if (wrong) fprintf(stderr, "rank %d: counter is %d, expected %d\n", rank, counter, 10 * rank + 1);
  MPI_Reduce(&wrong, &any_wrong, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  if (rank == 0 && !any_wrong) printf("tentative_definitions: ok\n");
  MPI_Finalize();
  return any_wrong;
}
