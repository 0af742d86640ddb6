/* What Weft's large-count procedures refuse, each with MPI_ERR_COUNT, MPI_ERR_ARG or MPI_ERR_TYPE under
 * MPI_ERRORS_RETURN and before any buffer is touched (so no memory is needed): a v collective's count or
 * displacement beyond 2^31 - 1, a reduction of more than 2^31 - 1 elements with a user's operation (whose
 * function takes an int length), MPI_Sendrecv_replace_c of more than 2^31 - 1 bytes; and MPI_Type_get_envelope
 * and MPI_Type_get_contents of a type made with a count beyond an int, whose int arrays cannot hold it (its
 * size and extent are still there, and external32 packs it exactly). Weft's own limits: under MPICH these
 * calls would run. */
#include "../mpi/mpitest.h"

static void add(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)in, (void)inout, (void)len, (void)type;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  const MPI_Count beyond = (MPI_Count)1 << 31;
  char byte = 0, other = 0;

  MPI_Count *counts = calloc((size_t)size, sizeof(MPI_Count));
  MPI_Aint *displacements = calloc((size_t)size, sizeof(MPI_Aint));
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

  MPI_Datatype big;
  MPI_Type_contiguous_c(beyond * 2, MPI_CHAR, &big);
  int integers = -1, addresses = -1, types = -1, combiner = -1, small = -1;
  MPI_Count big_size = -1;
  expect_error(MPI_Type_get_envelope(big, &integers, &addresses, &types, &combiner), MPI_ERR_TYPE,
               "MPI_Type_get_envelope of a contiguous type of 2^32 chars");
  expect_error(MPI_Type_get_contents(big, 1, 0, 1, &small, NULL, &big), MPI_ERR_TYPE,
               "MPI_Type_get_contents of a contiguous type of 2^32 chars");
  MPI_Type_size_c(big, &big_size);
  CHECK(big_size == beyond * 2, "MPI_Type_size_c of a contiguous type of 2^32 chars gave %lld", (long long)big_size);
  MPI_Type_free(&big);
  /* A large-count constructor with counts that fit keeps them. */
  MPI_Datatype fits;
  MPI_Type_vector_c(3, 2, 5, MPI_INT, &fits);
  MPI_Type_get_envelope(fits, &integers, &addresses, &types, &combiner);
  int contents[3] = {0, 0, 0};
  MPI_Datatype old = MPI_DATATYPE_NULL;
  MPI_Type_get_contents(fits, 3, 0, 1, contents, NULL, &old);
  CHECK(combiner == MPI_COMBINER_VECTOR && integers == 3 && contents[0] == 3 && contents[1] == 2 &&
            contents[2] == 5 && old == MPI_INT,
        "MPI_Type_vector_c(3, 2, 5, MPI_INT): combiner %d, %d integers %d %d %d", combiner, integers, contents[0],
        contents[1], contents[2]);
  MPI_Type_free(&fits);

  /* A type whose stride does not fit an int still packs exactly in external32, whose walk follows the
   * constructor's arguments: two chars 2^31 apart (the buffer's pages between them are never touched). */
  const MPI_Count stride = (MPI_Count)1 << 31;
  char *far = malloc((size_t)stride + 1);
  if (far != NULL) {
    far[0] = 'A';
    far[stride] = 'B';
    MPI_Datatype apart;
    MPI_Type_vector_c(2, 1, stride, MPI_CHAR, &apart);
    MPI_Type_commit(&apart);
    char packed[4] = {0, 0, 0, 0};
    MPI_Aint position = 0;
    MPI_Pack_external("external32", far, 1, apart, packed, (MPI_Aint)sizeof packed, &position);
    CHECK(position == 2 && packed[0] == 'A' && packed[1] == 'B',
          "external32 of two chars 2^31 apart gave %d bytes \"%c%c\"", (int)position, packed[0], packed[1]);
    MPI_Type_free(&apart);
    free(far);
  }

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("large_count_limits: ok\n");
  MPI_Finalize();
  return 0;
}
