/* A program whose globals live partly in a shared library built with the wrapper: each rank has its own
 * copy of the library's globals too, and a pointer in the program's initializers that points into the
 * library points at the rank's copy. */
#include "shared_library.h"

#include "mpitest.h"

int* program_to_library = &library_counter;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  CHECK(library_counter == 7 && library_pointer == &library_counter && program_to_library == &library_counter,
        "the library's globals did not start from their initial values in this rank's copy");
  library_counter = rank;
  for (int call = 1; call <= 3; call++) {
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK(library_next() == call, "a static of the library counted another rank's calls");
  }
  CHECK(library_counter == rank && *library_pointer == rank && *program_to_library == rank,
        "the library's global holds %d, expected this rank's %d", library_counter, rank);
  report_ok("shared_library");
  MPI_Finalize();
  return 0;
}
