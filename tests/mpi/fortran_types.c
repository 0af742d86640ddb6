/* The Fortran named datatypes as C sees them (MPI-3.1, 3.2.2): their sizes and names, reductions on them
 * laid out as flang lays them out (COMPLEX as two REALs, LOGICAL as a 4-byte 0 or 1, REAL(16) as IEEE
 * binary128, the pair types as two values of one type), and a message of one. */
#include <stdint.h>

#include "mpitest.h"

typedef struct {
  double value, index;
} double_pair;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  struct {
    MPI_Datatype type;
    const char* name;
    int bytes;
  } const named[] = {
      {MPI_INTEGER, "MPI_INTEGER", 4},
      {MPI_REAL, "MPI_REAL", 4},
      {MPI_DOUBLE_PRECISION, "MPI_DOUBLE_PRECISION", 8},
      {MPI_COMPLEX, "MPI_COMPLEX", 8},
      {MPI_DOUBLE_COMPLEX, "MPI_DOUBLE_COMPLEX", 16},
      {MPI_LOGICAL, "MPI_LOGICAL", 4},
      {MPI_CHARACTER, "MPI_CHARACTER", 1},
      {MPI_INTEGER1, "MPI_INTEGER1", 1},
      {MPI_INTEGER2, "MPI_INTEGER2", 2},
      {MPI_INTEGER4, "MPI_INTEGER4", 4},
      {MPI_INTEGER8, "MPI_INTEGER8", 8},
      {MPI_INTEGER16, "MPI_INTEGER16", 16},
      {MPI_REAL2, "MPI_REAL2", 2},
      {MPI_REAL4, "MPI_REAL4", 4},
      {MPI_REAL8, "MPI_REAL8", 8},
      {MPI_REAL16, "MPI_REAL16", 16},
      {MPI_COMPLEX4, "MPI_COMPLEX4", 4},
      {MPI_COMPLEX8, "MPI_COMPLEX8", 8},
      {MPI_COMPLEX16, "MPI_COMPLEX16", 16},
      {MPI_COMPLEX32, "MPI_COMPLEX32", 32},
      {MPI_2REAL, "MPI_2REAL", 8},
      {MPI_2DOUBLE_PRECISION, "MPI_2DOUBLE_PRECISION", 16},
      {MPI_2INTEGER, "MPI_2INTEGER", 8},
  };
  for (size_t i = 0; i < sizeof named / sizeof named[0]; ++i) {
    int bytes = 0, length = 0;
    char name[MPI_MAX_OBJECT_NAME];
    MPI_Type_size(named[i].type, &bytes);
    MPI_Type_get_name(named[i].type, name, &length);
    CHECK(bytes == named[i].bytes, "%s has %d bytes, not %d", named[i].name, bytes, named[i].bytes);
    CHECK(strcmp(name, named[i].name) == 0, "%s is named %s", named[i].name, name);
  }

  /* COMPLEX: the sum of (1, rank) over the ranks. */
  float complex_in[2] = {1.0f, (float)rank}, complex_sum[2];
  MPI_Allreduce(complex_in, complex_sum, 1, MPI_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
  CHECK(complex_sum[0] == size && complex_sum[1] == size * (size - 1) / 2.0f, "COMPLEX sum (%g, %g)", complex_sum[0],
        complex_sum[1]);

  /* LOGICAL: 1 on even ranks; LAND holds on one rank only, LOR everywhere. */
  int32_t even = rank % 2 == 0, all, any;
  MPI_Allreduce(&even, &all, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD);
  MPI_Allreduce(&even, &any, 1, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD);
  CHECK(all == (size == 1) && any == 1, "LOGICAL LAND %d LOR %d", all, any);

  /* INTEGER16 and REAL16 carry what 8 bytes cannot. */
  __int128 wide = (__int128)1 << 100, wide_sum;
  MPI_Allreduce(&wide, &wide_sum, 1, MPI_INTEGER16, MPI_SUM, MPI_COMM_WORLD);
  CHECK(wide_sum == ((__int128)size << 100), "INTEGER16 sum");
  __float128 quad = 1.0Q + 1e-30Q, quad_max;
  if (rank == size - 1) quad += 1.0Q;
  MPI_Allreduce(&quad, &quad_max, 1, MPI_REAL16, MPI_MAX, MPI_COMM_WORLD);
  CHECK(quad_max == 2.0Q + 1e-30Q, "REAL16 max");

  /* 2DOUBLE_PRECISION: MAXLOC's index is a double; ties take the lower index. */
  double_pair mine = {(double)(rank % 3), (double)rank}, best;
  MPI_Allreduce(&mine, &best, 1, MPI_2DOUBLE_PRECISION, MPI_MAXLOC, MPI_COMM_WORLD);
  double top = size >= 3 ? 2.0 : size - 1.0;
  CHECK(best.value == top && best.index == top, "2DOUBLE_PRECISION maxloc (%g, %g)", best.value, best.index);

  /* A message of DOUBLE COMPLEX around a ring. */
  double ring_out[4] = {rank, -rank, 2.0 * rank, 0.5}, ring_in[4];
  MPI_Sendrecv(ring_out, 2, MPI_DOUBLE_COMPLEX, (rank + 1) % size, 0, ring_in, 2, MPI_DOUBLE_COMPLEX,
               (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  int left = (rank + size - 1) % size;
  CHECK(ring_in[0] == left && ring_in[1] == -left && ring_in[2] == 2.0 * left, "DOUBLE COMPLEX message");

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("fortran_types: ok\n");
  MPI_Finalize();
  return 0;
}
