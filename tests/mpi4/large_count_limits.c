/* What Weft's large-count procedures refuse, each with MPI_ERR_COUNT or MPI_ERR_ARG under MPI_ERRORS_RETURN
 * and before any buffer is touched (so no memory is needed): a v collective's count or displacement beyond
 * 2^31 - 1, a reduction of more than 2^31 - 1 elements with a user's operation (whose function takes an int
 * length), MPI_Sendrecv_replace_c of more than 2^31 - 1 bytes. Weft's own limits: under MPICH these calls
 * would run. */
#include "../mpi/mpitest.h"

static void add(void* in, void* inout, int* len, MPI_Datatype* type) { (void)in, (void)inout, (void)len, (void)type; }

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  const MPI_Count beyond = (MPI_Count)1 << 31;
  char byte = 0, other = 0;

  MPI_Count* counts = calloc((size_t)size, sizeof(MPI_Count));
  MPI_Aint* displacements = calloc((size_t)size, sizeof(MPI_Aint));
  counts[size - 1] = beyond;
  expect_error(MPI_Allgatherv_c(&byte, 0, MPI_CHAR, &other, counts, displacements, MPI_CHAR, MPI_COMM_WORLD),
               MPI_ERR_COUNT, "MPI_Allgatherv_c with a count of 2^31");
  counts[size - 1] = 0;
  displacements[0] = -beyond - 1;
  expect_error(MPI_Allgatherv_c(&byte, 0, MPI_CHAR, &other, counts, displacements, MPI_CHAR, MPI_COMM_WORLD),
               MPI_ERR_ARG, "MPI_Allgatherv_c with a displacement of -2^31 - 1");
  free(counts);
  free(displacements);

  MPI_Op op;
  MPI_Op_create(add, 1, &op);
  expect_error(MPI_Allreduce_c(&byte, &other, beyond, MPI_CHAR, op, MPI_COMM_WORLD), MPI_ERR_COUNT,
               "MPI_Allreduce_c of 2^31 elements with a user's operation");
  MPI_Op_free(&op);
  expect_error(MPI_Sendrecv_replace_c(&byte, beyond, MPI_CHAR, rank, 1, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
               MPI_ERR_COUNT, "MPI_Sendrecv_replace_c of 2^31 bytes");

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("large_count_limits: ok\n");
  MPI_Finalize();
  return 0;
}
