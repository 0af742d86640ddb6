/* Globals that start as zeros take no room in the program file (the pass puts them in a NOBITS section,
 * zero_globals_file_size checks the file) and are still per rank: each rank finds them zero, writes its
 * own values far apart in a 16 MiB array, lets the others run, and finds its values again. An
 * initialized pointer to a zero global points at the rank's own copy. */
#include "mpitest.h"

enum { big_bytes = 16 << 20, page = 4096 };

static char big[big_bytes];
static int starts_zero;
int* pointer_to_zero = &starts_zero;
struct counts {
  long sends, receives;
} totals;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  CHECK(starts_zero == 0 && totals.sends == 0 && big[0] == 0 && big[big_bytes - 1] == 0,
        "a zero-initialized global did not start as zero in this rank's copy");
  CHECK(pointer_to_zero == &starts_zero, "a pointer initializer points at another rank's copy of a zero global");
  for (size_t offset = 0; offset < big_bytes; offset += 64 * page) big[offset] = (char)(rank + 1);
  starts_zero = rank;
  totals.receives = rank * 3L;
  MPI_Barrier(MPI_COMM_WORLD);
  for (size_t offset = 0; offset < big_bytes; offset += 64 * page)
    CHECK(big[offset] == (char)(rank + 1), "byte %zu of a zero-initialized array holds another rank's value", offset);
  CHECK(big[page] == 0, "a byte no rank wrote is not zero");
  CHECK(*pointer_to_zero == rank && totals.receives == rank * 3L, "a zero-initialized global changed under this rank");
  MPI_Finalize();
  if (rank == 0) printf("zero_globals: ok\n");
  return 0;
}
