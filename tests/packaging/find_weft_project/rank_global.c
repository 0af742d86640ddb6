/* Every rank writes its rank into a global, lets the others run (a barrier), and reads the global back.
 * Rank 0 reports how many ranks found another rank's value there: none when every rank has its own copy of
 * the globals (privatization), one of two ranks when they share it (the last writer alone reads its own).
 * Built as C and, copied, as C++. */
#include <mpi.h>
#include <stdio.h>

#ifdef __cplusplus
#define LANGUAGE "C++"
#else
#define LANGUAGE "C"
#endif

int value;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  value = rank;
  MPI_Barrier(MPI_COMM_WORLD);
  int wrong = value != rank;
  int total = 0;
  MPI_Allreduce(&wrong, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("%s: %d of the ranks found another rank's global\n", LANGUAGE, total);
  MPI_Finalize();
  return 0;
}
