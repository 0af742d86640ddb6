/* main is defined before <mpi.h> is included, so no macro from the header can rename it: the toolchain has
 * to find main by itself and run it in every rank, with the program's arguments. The expected number of
 * ranks comes as the only argument. */
static int run(int argc, char** argv);

int main(int argc, char** argv) { return run(argc, argv); }

#include "mpitest.h"

static int run(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(argc == 2, "expected one argument, got %d", argc - 1);
  CHECK(size == atoi(argv[1]), "%d ranks, expected %s", size, argv[1]);

  /* Every rank ran main exactly once: the ranks add up. */
  long long mine = rank, sum = -1;
  MPI_Allreduce(&mine, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  CHECK(sum == (long long)size * (size - 1) / 2, "the ranks add up to %lld", sum);

  report_ok("main_first");
  MPI_Finalize();
  return 0;
}
