/* Built with mpicc -no-privatize: the ranks of a node then share the program's globals, as threads would.
 * Every rank adds one to the same counter. */
#include "mpitest.h"

int counter;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(__atomic_load_n(&counter, __ATOMIC_SEQ_CST) == size, "the counter is %d: the globals were not shared", counter);
  report_ok("shared_without_pass");
  MPI_Finalize();
  return 0;
}
