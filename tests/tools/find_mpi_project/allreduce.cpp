// The C++ twin of allreduce.c, built through MPI::MPI_CXX and mpicxx.
#include <mpi.h>

#include <iostream>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int sum = 0;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  const int expected = size * (size - 1) / 2;
  if (sum != expected) {
    std::cout << "rank " << rank << ": sum of ranks is " << sum << ", expected " << expected << '\n';
    MPI_Finalize();
    return 1;
  }
  if (rank == 0) std::cout << "C++: " << size << " ranks, sum of ranks " << sum << '\n';
  MPI_Finalize();
  return 0;
}
