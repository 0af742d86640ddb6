/* MPI_Type_create_darray against the distribution rules of MPI-3.1, 4.1.4: each rank packs an array of
 * global indices through its darray type and must get exactly the elements its grid coordinates own
 * under block, cyclic(k) and undistributed dimensions, in the array's order (C or Fortran), and together
 * the ranks must hold every element once. */
#include "mpitest.h"

enum { MAXD = 3 };

struct distribution {
  int ndims;
  int gsizes[MAXD];
  int distribs[MAXD];
  int dargs[MAXD];
  int order;
};

/* The process coordinate owning global index `index` of dimension d. */
static int owner(const struct distribution* dist, const int* psizes, int d, int index) {
  int g = dist->gsizes[d], p = psizes[d], darg = dist->dargs[d];
  switch (dist->distribs[d]) {
    case MPI_DISTRIBUTE_BLOCK:
      return index / (darg == MPI_DISTRIBUTE_DFLT_DARG ? (g + p - 1) / p : darg);
    case MPI_DISTRIBUTE_CYCLIC:
      return index / (darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg) % p;
    default:
      return 0;
  }
}

/* The index of dimension d of linear index `linear` in the array's order. */
static int index_in(const struct distribution* dist, int linear, int d) {
  int fastest_first[MAXD];
  for (int i = 0; i < dist->ndims; i++) fastest_first[i] = dist->order == MPI_ORDER_C ? dist->ndims - 1 - i : i;
  for (int i = 0; i < dist->ndims; i++) {
    int dim = fastest_first[i];
    if (dim == d) return linear % dist->gsizes[dim];
    linear /= dist->gsizes[dim];
  }
  return -1;
}

static void check_distribution(const struct distribution* dist, const int* psizes, int rank, int size) {
  int total = 1;
  for (int d = 0; d < dist->ndims; d++) total *= dist->gsizes[d];
  int coords[MAXD];
  for (int d = dist->ndims - 1, rest = rank; d >= 0; d--) { /* the grid is row-major */
    coords[d] = rest % psizes[d];
    rest /= psizes[d];
  }
  MPI_Datatype darray;
  MPI_Type_create_darray(size, rank, dist->ndims, dist->gsizes, dist->distribs, dist->dargs, psizes, dist->order,
                         MPI_INT, &darray);
  MPI_Type_commit(&darray);
  MPI_Aint lb, extent;
  MPI_Type_get_extent(darray, &lb, &extent);
  CHECK(lb == 0 && extent == (MPI_Aint)(total * sizeof(int)), "darray bounds %td %td for %d elements", lb, extent,
        total);
  int *global = malloc(sizeof(int) * total), *mine = malloc(sizeof(int) * total), *marks = calloc(total, sizeof(int)),
      *all = malloc(sizeof(int) * total);
  for (int i = 0; i < total; i++) global[i] = i;
  int bytes, position = 0;
  MPI_Type_size(darray, &bytes);
  MPI_Pack(global, 1, darray, mine, total * (int)sizeof(int), &position, MPI_COMM_WORLD);
  int held = bytes / (int)sizeof(int), expected = 0;
  for (int linear = 0; linear < total; linear++) {
    int owned = 1;
    for (int d = 0; d < dist->ndims; d++)
      owned = owned && owner(dist, psizes, d, index_in(dist, linear, d)) == coords[d];
    if (!owned) continue;
    CHECK(expected < held && mine[expected] == linear, "rank %d's element %d is %d, expected %d (holds %d)", rank,
          expected, expected < held ? mine[expected] : -1, linear, held);
    expected++;
  }
  CHECK(expected == held, "rank %d holds %d elements, owns %d", rank, held, expected);
  for (int i = 0; i < held; i++) marks[mine[i]]++;
  MPI_Allreduce(marks, all, total, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  for (int i = 0; i < total; i++) CHECK(all[i] == 1, "element %d is held by %d ranks", i, all[i]);
  MPI_Type_free(&darray);
  free(global);
  free(mine);
  free(marks);
  free(all);
}

/* A cyclic dimension of 1.58e9 elements is a type of a few blocks, not a list of 790 million (found by
   datatype_fuzzer: the list took more than 2 GiB). */
static void long_cyclic_dimension(int rank, int size) {
  const int gsize = 1580201822, distrib = MPI_DISTRIBUTE_CYCLIC, darg = MPI_DISTRIBUTE_DFLT_DARG;
  MPI_Datatype darray;
  MPI_Type_create_darray(size, rank, 1, &gsize, &distrib, &darg, &size, MPI_ORDER_C, MPI_BYTE, &darray);
  MPI_Count bytes;
  MPI_Aint lb, extent;
  MPI_Type_size_x(darray, &bytes);
  MPI_Type_get_extent(darray, &lb, &extent);
  CHECK(bytes == (gsize - rank + size - 1) / size, "rank %d holds %lld bytes of the long cyclic dimension", rank,
        (long long)bytes);
  CHECK(lb == 0 && extent == gsize, "long cyclic dimension bounds %td %td", lb, extent);
  MPI_Type_free(&darray);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* A 2-d grid p0 x p1 = size, as square as the divisors allow. */
  int p0 = 1;
  for (int d = 1; d * d <= size; d++)
    if (size % d == 0) p0 = d;
  int grid2[] = {p0, size / p0}, grid3[] = {p0, 1, size / p0};
  const struct distribution cases2[] = {
      {2, {10, 7}, {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC}, {MPI_DISTRIBUTE_DFLT_DARG, 2}, MPI_ORDER_C},
      {2, {10, 7}, {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC}, {MPI_DISTRIBUTE_DFLT_DARG, 2}, MPI_ORDER_FORTRAN},
      {2,
       {9, 11},
       {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_BLOCK},
       {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG},
       MPI_ORDER_C},
      {2, {12, 5}, {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_CYCLIC}, {3, 4}, MPI_ORDER_FORTRAN},
  };
  for (size_t i = 0; i < sizeof cases2 / sizeof cases2[0]; i++) check_distribution(&cases2[i], grid2, rank, size);
  const struct distribution cases3[] = {
      {3,
       {5, 6, 4 * size},
       {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_BLOCK},
       {2, MPI_DISTRIBUTE_DFLT_DARG, 4 * p0},
       MPI_ORDER_C},
      {3,
       {5, 6, 4 * size},
       {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_CYCLIC},
       {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG, 3},
       MPI_ORDER_FORTRAN},
  };
  for (size_t i = 0; i < sizeof cases3 / sizeof cases3[0]; i++) check_distribution(&cases3[i], grid3, rank, size);
  long_cyclic_dimension(rank, size);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("darray: ok\n");
  MPI_Finalize();
  return 0;
}
