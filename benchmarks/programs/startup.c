/* Start-up and shut-down: MPI_Init, one MPI_Allreduce of an int (so that every rank has really joined the
 * job), MPI_Finalize. It prints nothing: the driver times the whole run, launcher included. A wrong sum
 * ends the job with an error. */
#include "bench_common.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  bench_parse(argc, argv); /* accepts the common options, and rejects anything else */
  int one = 1, ranks = 0;
  MPI_Allreduce(&one, &ranks, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (ranks != bench_size()) bench_fail("startup: the sum of 1 over %d ranks is %d", bench_size(), ranks);
  MPI_Finalize();
  return 0;
}
