/* The C half of a program whose main program is Fortran (mixed_fortran_main.f90): a function the Fortran
 * code calls with a communicator's Fortran integer, and a global that is every rank's own. */
#include <mpi.h>

static int calls; /* per rank, as in a process of its own */

int c_rank_sum(MPI_Fint comm_integer) {
  MPI_Comm comm = MPI_Comm_f2c(comm_integer);
  int rank = -1, sum = -1;
  MPI_Comm_rank(comm, &rank);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
  ++calls;
  return sum;
}

int c_calls(void) { return calls; }
