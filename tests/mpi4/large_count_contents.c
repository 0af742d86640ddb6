/* The arguments of the large-count datatype constructors as MPI_Type_get_envelope_c and
 * MPI_Type_get_contents_c give them (MPI-4.1, 5.1.13), and the large-count forms of external32 packing.
 *
 * - Every MPI_Type_*_c constructor: the combiner, its MPI_Count arguments in array_of_large_counts in the
 *   standard's order (subarray: ndims and order as integers, the sizes, subsizes and starts as counts; darray:
 *   only the global sizes are counts; resized: lb and extent), counts beyond 2^31 (a contiguous type of 2^32
 *   chars, a displacement of 2^33 bytes) whole; no addresses. The int forms MPI_Type_get_envelope and
 *   MPI_Type_get_contents refuse such a type with MPI_ERR_TYPE, as MPICH does; they keep working for a type of
 *   the int constructors, whose envelope_c reports no large counts.
 * - Arrays too short for the contents: MPI_ERR_ARG (MPICH: MPI_ERR_OTHER).
 * - MPI_Pack_external_size_c, MPI_Pack_external_c and MPI_Unpack_external_c of a struct_c type (an int, a
 *   double, a short): the size, the big-endian bytes, the position as MPI_Count, the values back; a type 2^31
 *   bytes apart packs exactly (only its two touched pages are ever used). */
#include <string.h>

#include "../mpi/mpitest.h"

static const char* program = "large_count_contents";

/* The envelope of `type` through MPI_Type_get_envelope_c, checked against what is expected. */
static void check_envelope(MPI_Datatype type, int combiner, MPI_Count integers, MPI_Count addresses,
                           MPI_Count large_counts, MPI_Count datatypes, const char* what) {
  MPI_Count ni = -1, na = -1, nc = -1, nd = -1;
  int got = -1;
  MPI_Type_get_envelope_c(type, &ni, &na, &nc, &nd, &got);
  CHECK(got == combiner && ni == integers && na == addresses && nc == large_counts && nd == datatypes,
        "%s: combiner %d (expected %d), %lld integers, %lld addresses, %lld large counts, %lld datatypes", what, got,
        combiner, (long long)ni, (long long)na, (long long)nc, (long long)nd);
}

/* The contents of `type` (with at most 16 of each), checked against the expected integers and counts; the
 * datatypes it names are returned in `types` for the caller to check and free. */
static void check_contents(MPI_Datatype type, int n_integers, const int* integers, int n_counts,
                           const MPI_Count* counts, MPI_Datatype* types, const char* what) {
  int got_integers[16];
  MPI_Aint got_addresses[16];
  MPI_Count got_counts[16];
  MPI_Type_get_contents_c(type, 16, 16, 16, 16, got_integers, got_addresses, got_counts, types);
  for (int i = 0; i < n_integers; i++)
    CHECK(got_integers[i] == integers[i], "%s: integer %d is %d, expected %d", what, i, got_integers[i], integers[i]);
  for (int i = 0; i < n_counts; i++)
    CHECK(got_counts[i] == counts[i], "%s: large count %d is %lld, expected %lld", what, i, (long long)got_counts[i],
          (long long)counts[i]);
  /* The int forms cannot report a large-count constructor's arguments: MPI_ERR_TYPE (MPICH 4.0.2 gives
   * MPI_ERR_OTHER, its later versions MPI_ERR_TYPE). */
  int ni, na, nd, combiner, small[16];
  MPI_Aint addresses[16];
  MPI_Datatype more[16];
  const int refusal = MPITEST_ON_WEFT ? MPI_ERR_TYPE : MPI_ERR_OTHER;
  expect_error(MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner), refusal, what);
  expect_error(MPI_Type_get_contents(type, 16, 16, 16, small, addresses, more), refusal, what);
}

static void constructors(void) {
  MPI_Datatype type, old[4];
  const MPI_Count beyond = (MPI_Count)1 << 32;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); /* datatype errors go to MPI_COMM_WORLD's */

  MPI_Type_contiguous_c(beyond, MPI_CHAR, &type);
  check_envelope(type, MPI_COMBINER_CONTIGUOUS, 0, 0, 1, 1, "contiguous_c of 2^32");
  check_contents(type, 0, NULL, 1, (MPI_Count[]){beyond}, old, "contiguous_c of 2^32");
  CHECK(old[0] == MPI_CHAR, "contiguous_c: the old type is not MPI_CHAR");
  MPI_Type_free(&type);

  MPI_Type_vector_c(3, 2, 5, MPI_INT, &type);
  check_envelope(type, MPI_COMBINER_VECTOR, 0, 0, 3, 1, "vector_c");
  check_contents(type, 0, NULL, 3, (MPI_Count[]){3, 2, 5}, old, "vector_c");
  MPI_Type_free(&type);

  MPI_Type_create_hvector_c(3, 2, 40, MPI_INT, &type);
  check_envelope(type, MPI_COMBINER_HVECTOR, 0, 0, 3, 1, "hvector_c");
  check_contents(type, 0, NULL, 3, (MPI_Count[]){3, 2, 40}, old, "hvector_c");
  MPI_Type_free(&type);

  MPI_Type_indexed_c(2, (MPI_Count[]){1, 3}, (MPI_Count[]){4, 0}, MPI_INT, &type);
  check_envelope(type, MPI_COMBINER_INDEXED, 0, 0, 5, 1, "indexed_c");
  check_contents(type, 0, NULL, 5, (MPI_Count[]){2, 1, 3, 4, 0}, old, "indexed_c");
  MPI_Type_free(&type);

  MPI_Type_create_hindexed_c(2, (MPI_Count[]){1, 2}, (MPI_Count[]){0, 2 * beyond}, MPI_CHAR, &type);
  check_envelope(type, MPI_COMBINER_HINDEXED, 0, 0, 5, 1, "hindexed_c");
  check_contents(type, 0, NULL, 5, (MPI_Count[]){2, 1, 2, 0, 2 * beyond}, old, "hindexed_c 2^33 apart");
  MPI_Type_free(&type);

  MPI_Type_create_indexed_block_c(3, 2, (MPI_Count[]){0, 5, 9}, MPI_INT, &type);
  check_envelope(type, MPI_COMBINER_INDEXED_BLOCK, 0, 0, 5, 1, "indexed_block_c");
  check_contents(type, 0, NULL, 5, (MPI_Count[]){3, 2, 0, 5, 9}, old, "indexed_block_c");
  MPI_Type_free(&type);

  MPI_Type_create_hindexed_block_c(2, 4, (MPI_Count[]){8, 64}, MPI_INT, &type);
  check_envelope(type, MPI_COMBINER_HINDEXED_BLOCK, 0, 0, 4, 1, "hindexed_block_c");
  check_contents(type, 0, NULL, 4, (MPI_Count[]){2, 4, 8, 64}, old, "hindexed_block_c");
  MPI_Type_free(&type);

  MPI_Type_create_struct_c(2, (MPI_Count[]){1, 2}, (MPI_Count[]){0, 8}, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE}, &type);
  check_envelope(type, MPI_COMBINER_STRUCT, 0, 0, 5, 2, "struct_c");
  check_contents(type, 0, NULL, 5, (MPI_Count[]){2, 1, 2, 0, 8}, old, "struct_c");
  CHECK(old[0] == MPI_INT && old[1] == MPI_DOUBLE, "struct_c: the types are not MPI_INT and MPI_DOUBLE");
  MPI_Type_free(&type);

  MPI_Type_create_subarray_c(2, (MPI_Count[]){10, 20}, (MPI_Count[]){3, 4}, (MPI_Count[]){1, 2}, MPI_ORDER_FORTRAN,
                             MPI_INT, &type);
  check_envelope(type, MPI_COMBINER_SUBARRAY, 2, 0, 6, 1, "subarray_c");
  check_contents(type, 2, (int[]){2, MPI_ORDER_FORTRAN}, 6, (MPI_Count[]){10, 20, 3, 4, 1, 2}, old, "subarray_c");
  MPI_Type_free(&type);

  MPI_Type_create_darray_c(4, 1, 2, (MPI_Count[]){8, 6}, (int[]){MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC},
                           (int[]){MPI_DISTRIBUTE_DFLT_DARG, 2}, (int[]){2, 2}, MPI_ORDER_C, MPI_INT, &type);
  check_envelope(type, MPI_COMBINER_DARRAY, 10, 0, 2, 1, "darray_c");
  check_contents(
      type, 10,
      (int[]){4, 1, 2, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_DFLT_DARG, 2, 2, 2, MPI_ORDER_C}, 2,
      (MPI_Count[]){8, 6}, old, "darray_c");
  MPI_Type_free(&type);

  MPI_Type_create_resized_c(MPI_INT, -4, 3 * beyond, &type);
  check_envelope(type, MPI_COMBINER_RESIZED, 0, 0, 2, 1, "resized_c");
  check_contents(type, 0, NULL, 2, (MPI_Count[]){-4, 3 * beyond}, old, "resized_c");
  MPI_Type_free(&type);

  /* A type of the int constructors: no large counts, and the int forms work. */
  MPI_Type_create_hvector(3, 2, 40, MPI_INT, &type);
  check_envelope(type, MPI_COMBINER_HVECTOR, 2, 1, 0, 1, "hvector");
  int integers[2], ni, na, nd, combiner;
  MPI_Aint addresses[1];
  MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner);
  MPI_Type_get_contents(type, 2, 1, 1, integers, addresses, old);
  CHECK(ni == 2 && na == 1 && integers[0] == 3 && integers[1] == 2 && addresses[0] == 40,
        "hvector: %d integers (%d %d), %d addresses (%ld)", ni, integers[0], integers[1], na, (long)addresses[0]);

  /* Arrays too short. */
  MPI_Datatype vector;
  MPI_Type_vector_c(3, 2, 5, MPI_INT, &vector);
  MPI_Count counts[2];
  expect_error(MPI_Type_get_contents_c(vector, 0, 0, 2, 1, NULL, NULL, counts, old),
               MPITEST_ON_WEFT ? MPI_ERR_ARG : MPI_ERR_OTHER,
               "MPI_Type_get_contents_c with room for 2 of 3 large counts");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Type_free(&vector);
  MPI_Type_free(&type);
}

struct record {
  int i;
  double d;
  short s;
};

static void external(void) {
  MPI_Datatype type;
  MPI_Type_create_struct_c(
      3, (MPI_Count[]){1, 1, 1},
      (MPI_Count[]){offsetof(struct record, i), offsetof(struct record, d), offsetof(struct record, s)},
      (MPI_Datatype[]){MPI_INT, MPI_DOUBLE, MPI_SHORT}, &type);
  MPI_Type_commit(&type);
  MPI_Count size = -1;
  MPI_Pack_external_size_c("external32", 2, type, &size);
  CHECK(size == 2 * (4 + 8 + 2), "MPI_Pack_external_size_c of 2 records gave %lld", (long long)size);

  struct record in[2] = {{-2, 1.5, 7}, {0x01020304, -0.25, -3}}, out[2];
  unsigned char packed[64];
  MPI_Count position = 3;
  MPI_Pack_external_c("external32", in, 2, type, packed, (MPI_Count)sizeof packed, &position);
  CHECK(position == 3 + size, "MPI_Pack_external_c left position at %lld", (long long)position);
  const unsigned char second_int[4] = {1, 2, 3, 4};
  CHECK(memcmp(packed + 3 + 14, second_int, 4) == 0, "the second record's int is not big-endian 01020304");
  memset(out, 0, sizeof out);
  position = 3;
  MPI_Unpack_external_c("external32", packed, (MPI_Count)sizeof packed, &position, out, 2, type);
  CHECK(position == 3 + size, "MPI_Unpack_external_c left position at %lld", (long long)position);
  for (int r = 0; r < 2; r++)
    CHECK(out[r].i == in[r].i && out[r].d == in[r].d && out[r].s == in[r].s, "record %d came back as %d %g %d", r,
          out[r].i, out[r].d, out[r].s);
  MPI_Type_free(&type);

  /* Two chars 2^31 apart: the walk follows the constructor's whole counts. */
  const MPI_Count stride = (MPI_Count)1 << 31;
  char* far = malloc((size_t)stride + 1);
  CHECK(far != NULL, "no memory for a buffer of 2^31 bytes");
  far[0] = 'A';
  far[stride] = 'B';
  MPI_Datatype apart;
  MPI_Type_vector_c(2, 1, stride, MPI_CHAR, &apart);
  MPI_Type_commit(&apart);
  char two[4] = {0, 0, 0, 0};
  position = 0;
  MPI_Pack_external_c("external32", far, 1, apart, two, (MPI_Count)sizeof two, &position);
  CHECK(position == 2 && two[0] == 'A' && two[1] == 'B', "external32 of two chars 2^31 apart gave %lld bytes \"%c%c\"",
        (long long)position, two[0], two[1]);
  MPI_Type_free(&apart);
  free(far);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  constructors();
  if (rank == 0) external(); /* one buffer of 2^31 bytes, not one per rank */
  report_ok(program);
  MPI_Finalize();
  return 0;
}
