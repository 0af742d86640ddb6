/* The data-movement collectives between different layouts of one type signature: a strided vector on one
 * side and contiguous ints on the other (gaps untouched), an allgather that transposes through a resized
 * vector, MPI_DOUBLE_INT (padded) to a packed struct of double and int, Alltoallw with a layout per peer
 * that differs between sender and receiver, in place too. Values are closed forms of sender, receiver
 * and index. */
#include "mpitest.h"

enum { GAP = -7 };

static int value(int from, int to, int i) { return from * 1000003 + to * 1009 + i; }

/* n ints at every other place, the places between them GAP. */
static MPI_Datatype every_other(int n) {
  MPI_Datatype t;
  MPI_Type_vector(n, 1, 2, MPI_INT, &t);
  MPI_Type_commit(&t);
  return t;
}

static void check_gaps(const int* strided, int n, const char* what) {
  for (int i = 0; i < n; i++)
    CHECK(strided[2 * i + 1] == GAP, "%s: gap %d overwritten with %d", what, i, strided[2 * i + 1]);
}

static void vector_to_contiguous(MPI_Comm comm, int n, int root) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Datatype strided = every_other(n);
  int *mine = malloc(2 * n * sizeof(int)), *all = rank == root ? malloc((size_t)size * n * sizeof(int)) : NULL;
  for (int i = 0; i < n; i++) {
    mine[2 * i] = value(rank, root, i);
    mine[2 * i + 1] = GAP;
  }
  MPI_Gather(mine, 1, strided, all, n, MPI_INT, root, comm);
  if (rank == root)
    for (int r = 0; r < size; r++)
      for (int i = 0; i < n; i += n / 7 + 1)
        CHECK(all[(size_t)r * n + i] == value(r, root, i), "gather vector->ints: [%d][%d] = %d", r, i,
              all[(size_t)r * n + i]);
  /* And back: the root's contiguous blocks scattered into every rank's strided one. */
  for (int i = 0; i < n; i++) mine[2 * i] = -1;
  if (rank == root)
    for (int r = 0; r < size; r++)
      for (int i = 0; i < n; i++) all[(size_t)r * n + i] = value(root, r, i);
  MPI_Scatter(all, n, MPI_INT, mine, 1, strided, root, comm);
  for (int i = 0; i < n; i++)
    CHECK(mine[2 * i] == value(root, rank, i), "scatter ints->vector: [%d] = %d", i, mine[2 * i]);
  check_gaps(mine, n, "scatter ints->vector");
  free(mine);
  free(all);
  MPI_Type_free(&strided);
}

/* Rank r's n ints become column r of an n x size matrix: the receive type picks every size-th int, and
 * is resized to one int so that block r starts at int r. */
static void allgather_transposes(MPI_Comm comm, int n) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Datatype column, column_at_each_int;
  MPI_Type_vector(n, 1, size, MPI_INT, &column);
  MPI_Type_create_resized(column, 0, sizeof(int), &column_at_each_int);
  MPI_Type_commit(&column_at_each_int);
  int *row = malloc(n * sizeof(int)), *matrix = malloc((size_t)n * size * sizeof(int));
  for (int i = 0; i < n; i++) row[i] = value(rank, 0, i);
  MPI_Allgather(row, n, MPI_INT, matrix, 1, column_at_each_int, comm);
  for (int i = 0; i < n; i++)
    for (int r = 0; r < size; r++)
      CHECK(matrix[(size_t)i * size + r] == value(r, 0, i), "transposing allgather: [%d][%d] = %d", i, r,
            matrix[(size_t)i * size + r]);
  free(row);
  free(matrix);
  MPI_Type_free(&column);
  MPI_Type_free(&column_at_each_int);
}

struct double_int {
  double d;
  int i;
};

/* Pairs packed 12 bytes apart: the signature of MPI_DOUBLE_INT without its padding. */
static MPI_Datatype packed_double_int(void) {
  int lengths[2] = {1, 1};
  MPI_Aint displacements[2] = {0, sizeof(double)};
  MPI_Datatype types[2] = {MPI_DOUBLE, MPI_INT}, pair, packed;
  MPI_Type_create_struct(2, lengths, displacements, types, &pair);
  MPI_Type_create_resized(pair, 0, sizeof(double) + sizeof(int), &packed);
  MPI_Type_commit(&packed);
  MPI_Type_free(&pair);
  return packed;
}

static void check_packed_pair(const char* packed, int index, int expected, const char* what) {
  double d;
  int i;
  memcpy(&d, packed + (size_t)index * 12, sizeof d);
  memcpy(&i, packed + (size_t)index * 12 + sizeof d, sizeof i);
  CHECK(d == expected * 0.5 && i == expected, "%s: pair %d is (%g, %d), expected (%g, %d)", what, index, d, i,
        expected * 0.5, expected);
}

/* Alltoall of k padded pairs per peer into packed ones; Allgatherv of rank-dependent counts likewise, at
 * reversed displacements. */
static void pairs_to_packed(MPI_Comm comm, int k) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Datatype packed = packed_double_int();
  struct double_int* send = malloc((size_t)size * k * sizeof *send);
  char* recv = malloc((size_t)size * k * 12);
  for (int d = 0; d < size; d++)
    for (int j = 0; j < k; j++) send[d * k + j] = (struct double_int){value(rank, d, j) * 0.5, value(rank, d, j)};
  MPI_Alltoall(send, k, MPI_DOUBLE_INT, recv, k, packed, comm);
  for (int s = 0; s < size; s++)
    for (int j = 0; j < k; j++) check_packed_pair(recv, s * k + j, value(s, rank, j), "alltoall pairs->packed");

  int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int)), total = 0;
  for (int r = size - 1; r >= 0; r--) {
    counts[r] = (r % 3) * k / 2;
    displs[r] = total;
    total += counts[r];
  }
  for (int j = 0; j < counts[rank]; j++) send[j] = (struct double_int){value(rank, 0, j) * 0.5, value(rank, 0, j)};
  MPI_Allgatherv(send, counts[rank], MPI_DOUBLE_INT, recv, counts, displs, packed, comm);
  for (int r = 0; r < size; r++)
    for (int j = 0; j < counts[r]; j++)
      check_packed_pair(recv, displs[r] + j, value(r, 0, j), "allgatherv pairs->packed");
  free(send);
  free(recv);
  free(counts);
  free(displs);
  MPI_Type_free(&packed);
}

/* Layout `kind` of k ints: k MPI_INTs, one vector of k ints at every other place, one contiguous type. */
struct layout {
  MPI_Datatype type;
  int count, span; /* span: ints from the first to past the last */
};

static struct layout layout_of(int kind, MPI_Datatype strided, MPI_Datatype dense, int k) {
  if (kind == 0) return (struct layout){MPI_INT, k, k};
  if (kind == 1) return (struct layout){strided, 1, 2 * k};
  return (struct layout){dense, 1, k};
}

/* Alltoallw: rank s sends rank d k(s,d) ints in layout (s + d) % 3 and d receives them in layout
 * (s + d + 1) % 3, at byte displacements in reverse rank order. Then in place, where each block's layout is
 * the receiver's for both directions (k(s,d) is symmetric). */
static void alltoallw_layouts(MPI_Comm comm, int k) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Datatype strided = every_other(k), dense;
  MPI_Type_contiguous(k, MPI_INT, &dense);
  MPI_Type_commit(&dense);
  int *scounts = malloc(size * sizeof(int)), *sdispls = malloc(size * sizeof(int));
  int *rcounts = malloc(size * sizeof(int)), *rdispls = malloc(size * sizeof(int));
  MPI_Datatype *stypes = malloc(size * sizeof(MPI_Datatype)), *rtypes = malloc(size * sizeof(MPI_Datatype));
  int sints = 0, rints = 0;
  for (int r = size - 1; r >= 0; r--) {
    struct layout out = layout_of((rank + r) % 3, strided, dense, k),
                  in = layout_of((rank + r + 1) % 3, strided, dense, k);
    stypes[r] = out.type, scounts[r] = out.count, sdispls[r] = sints * (int)sizeof(int), sints += out.span;
    rtypes[r] = in.type, rcounts[r] = in.count, rdispls[r] = rints * (int)sizeof(int), rints += in.span;
  }
  int *send = malloc(sints * sizeof(int)), *recv = malloc(rints * sizeof(int));
  for (int i = 0; i < sints; i++) send[i] = GAP;
  for (int i = 0; i < rints; i++) recv[i] = GAP;
  for (int d = 0; d < size; d++) {
    int step = stypes[d] == strided ? 2 : 1;
    for (int j = 0; j < k; j++) send[sdispls[d] / (int)sizeof(int) + j * step] = value(rank, d, j);
  }
  MPI_Alltoallw(send, scounts, sdispls, stypes, recv, rcounts, rdispls, rtypes, comm);
  for (int round = 0; round < 2; round++) {
    /* Round 0 checks the alltoallw above; round 1 an in-place one that sends every block back. */
    for (int s = 0; s < size; s++) {
      int step = rtypes[s] == strided ? 2 : 1;
      const int* block = recv + rdispls[s] / (int)sizeof(int);
      for (int j = 0; j < k; j++)
        CHECK(block[j * step] == (round ? value(rank, s, j) : value(s, rank, j)), "alltoallw%s: from %d [%d] = %d",
              round ? " in place" : "", s, j, block[j * step]);
      if (step == 2) check_gaps(block, k, "alltoallw");
    }
    if (round == 0) MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, recv, rcounts, rdispls, rtypes, comm);
  }
  free(send), free(recv), free(scounts), free(sdispls), free(rcounts), free(rdispls), free(stypes), free(rtypes);
  MPI_Type_free(&strided);
  MPI_Type_free(&dense);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm reversed;
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
  /* Blocks above the 256 B inline limit, and up to 256 KiB a rank on few ranks. */
  int n = size <= 12 ? 65536 : size <= 64 ? 1024 : 80;
  int k = size <= 64 ? 100 : 2;
  vector_to_contiguous(MPI_COMM_WORLD, n, size / 2);
  vector_to_contiguous(reversed, n, 0);
  allgather_transposes(MPI_COMM_WORLD, n / 8);
  allgather_transposes(reversed, 3);
  pairs_to_packed(MPI_COMM_WORLD, k);
  pairs_to_packed(reversed, k + 1);
  alltoallw_layouts(MPI_COMM_WORLD, k);
  alltoallw_layouts(reversed, 1);
  MPI_Comm_free(&reversed);
  report_ok("data_movement_types");
  MPI_Finalize();
  return 0;
}
