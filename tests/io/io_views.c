/* File views (MPI-3.1 13.3) with etype MPI_INT behind a header of 20 bytes that rank 0 writes first: data
 * written with MPI_File_write_all under one decomposition of a global array and read back with
 * MPI_File_read_all under another, every element checked against a formula of its global index:
 *   a 1-D array written in blocks (displacement only) and read cyclically (3 ints at a time round robin,
 *   a resized contiguous filetype);
 *   a 3-D array written as subarrays (MPI_Type_create_subarray, uneven blocks) and read in uneven
 *   contiguous chunks;
 *   a 2-D array written as a darray (block-cyclic rows, block columns; some ranks own nothing when there
 *   are many) and read as 2-D subarrays;
 *   a filetype with holes, the holes prefilled and left as they were.
 * MPI_File_get_view returns the displacement, etype, filetype and "native"; MPI_File_get_type_extent and
 * MPI_File_get_byte_offset agree with the view. Rank 0 compares the whole file with POSIX reads. */
#include "iotest.h"

static const char* program = "io_views";

enum { HEADER = 20, PER = 24, K = 3, REPS = 5 };
enum { SECTION_1D = 1, SECTION_3D = 2, SECTION_2D = 3, SECTION_HOLES = 4 };

/* The value of element g of a section's array; holes of the last section hold prefill(g). */
static int value(int section, long long g) { return section * 1000000 + (int)g * 3 + 1; }
static int prefill(long long g) { return -(int)g - 1; }

/* Process grids and arrays of each section, the same on every rank. */
struct layout {
  int size;
  int p3[3], g3[3]; /* 3-D grid and array */
  int p2[2], g2[2]; /* 2-D grid and array */
  MPI_Offset disp_1d, disp_3d, disp_2d, disp_holes, total;
  long long n_1d, n_3d, n_2d, tile; /* elements; the holes section has REPS tiles of `tile` ints */
};

static struct layout make_layout(int size) {
  struct layout l = {.size = size};
  MPI_Dims_create(size, 3, l.p3);
  MPI_Dims_create(size, 2, l.p2);
  l.g3[0] = 2 * l.p3[0] + 1;
  l.g3[1] = 2 * l.p3[1] + 1;
  l.g3[2] = 3 * l.p3[2] + 2;
  l.g2[0] = 3 * l.p2[0] + 1;
  l.g2[1] = 2 * l.p2[1] + 3;
  l.n_1d = (long long)size * PER;
  l.n_3d = (long long)l.g3[0] * l.g3[1] * l.g3[2];
  l.n_2d = (long long)l.g2[0] * l.g2[1];
  l.tile = 4LL * size;
  l.disp_1d = HEADER;
  l.disp_3d = l.disp_1d + l.n_1d * (MPI_Offset)sizeof(int);
  l.disp_2d = l.disp_3d + l.n_3d * (MPI_Offset)sizeof(int);
  l.disp_holes = l.disp_2d + l.n_2d * (MPI_Offset)sizeof(int);
  l.total = l.disp_holes + REPS * l.tile * (MPI_Offset)sizeof(int);
  return l;
}

/* The coordinates of `rank` in a row-major grid. */
static void coords_of(int rank, int ndims, const int* p, int* c) {
  for (int d = ndims - 1; d >= 0; d--) {
    c[d] = rank % p[d];
    rank /= p[d];
  }
}

/* The uneven block [start, start + count) of n elements that coordinate c of p owns. */
static void block_of(int n, int p, int c, int* start, int* count) {
  *start = (int)((long long)c * n / p);
  *count = (int)((long long)(c + 1) * n / p) - *start;
}

static void expect_values(const int* buf, const long long* global, long long n, int section, const char* what) {
  for (long long i = 0; i < n; i++)
    CHECK(buf[i] == value(section, global[i]), "%s: local element %lld (global %lld) is %d, expected %d", what, i,
          global[i], buf[i], value(section, global[i]));
}

static void expect_status(const MPI_Status* status, long long n, const char* what) {
  CHECK(io_count(status, MPI_INT) == n, "%s moved %d ints, expected %lld", what, io_count(status, MPI_INT), n);
}

/* MPI_File_get_view gives back disp, MPI_INT, "native" and the filetype: a predefined one itself, a derived
 * one as a new type of the same layout, which the caller frees. Its combiner is the implementation's
 * choice (MPICH's is a contiguous type of one of the original). */
static void expect_view(MPI_File fh, MPI_Offset disp, MPI_Datatype expected, const char* what) {
  MPI_Offset got_disp = -1;
  MPI_Datatype etype, filetype;
  char datarep[MPI_MAX_DATAREP_STRING] = "";
  IO_OK(MPI_File_get_view(fh, &got_disp, &etype, &filetype, datarep));
  CHECK(got_disp == disp, "%s: the view's displacement is %lld, expected %lld", what, (long long)got_disp,
        (long long)disp);
  CHECK(etype == MPI_INT, "%s: the view's etype is not MPI_INT", what);
  CHECK(strcmp(datarep, "native") == 0, "%s: the view's datarep is \"%s\"", what, datarep);
  int integers, addresses, types, combiner, expected_combiner;
  MPI_Type_get_envelope(expected, &integers, &addresses, &types, &expected_combiner);
  MPI_Type_get_envelope(filetype, &integers, &addresses, &types, &combiner);
  if (expected_combiner == MPI_COMBINER_NAMED) {
    CHECK(filetype == expected, "%s: the view's filetype is not the predefined type set", what);
    return;
  }
  CHECK(combiner != MPI_COMBINER_NAMED, "%s: the view's filetype is a predefined type", what);
  MPI_Aint lb[2], extent[2], true_lb[2], true_extent[2];
  int bytes[2];
  MPI_Datatype both[2] = {expected, filetype};
  for (int i = 0; i < 2; i++) {
    MPI_Type_get_extent(both[i], &lb[i], &extent[i]);
    MPI_Type_get_true_extent(both[i], &true_lb[i], &true_extent[i]);
    MPI_Type_size(both[i], &bytes[i]);
  }
  CHECK(lb[0] == lb[1] && extent[0] == extent[1] && true_lb[0] == true_lb[1] && true_extent[0] == true_extent[1] &&
            bytes[0] == bytes[1],
        "%s: the view's filetype has bounds %td %td, true bounds %td %td and size %d; the type set %td %td, %td %td "
        "and %d",
        what, lb[1], extent[1], true_lb[1], true_extent[1], bytes[1], lb[0], extent[0], true_lb[0], true_extent[0],
        bytes[0]);
  MPI_Type_free(&filetype);
}

static void expect_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset expected, const char* what) {
  MPI_Offset byte = -1;
  IO_OK(MPI_File_get_byte_offset(fh, offset, &byte));
  CHECK(byte == expected, "%s: etype %lld of the view is at byte %lld, expected %lld", what, (long long)offset,
        (long long)byte, (long long)expected);
}

/* 1-D: written in blocks of PER, read round robin K at a time. */
static void one_dimension(MPI_File fh, const struct layout* l, int rank) {
  int* buf = malloc(sizeof(int) * PER);
  long long* global = malloc(sizeof(long long) * PER);
  MPI_Status status;
  MPI_Offset disp = l->disp_1d + (MPI_Offset)rank * PER * (MPI_Offset)sizeof(int);
  IO_OK(MPI_File_set_view(fh, disp, MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
  expect_view(fh, disp, MPI_INT, "the block view");
  for (int j = 0; j < PER; j++) buf[j] = value(SECTION_1D, (long long)rank * PER + j);
  IO_OK(MPI_File_write_all(fh, buf, PER, MPI_INT, &status));
  expect_status(&status, PER, "write_all in blocks");
  make_visible(fh);

  MPI_Datatype run, cyclic;
  MPI_Type_contiguous(K, MPI_INT, &run);
  MPI_Type_create_resized(run, 0, (MPI_Aint)K * l->size * (MPI_Aint)sizeof(int), &cyclic);
  MPI_Type_commit(&cyclic);
  disp = l->disp_1d + (MPI_Offset)rank * K * (MPI_Offset)sizeof(int);
  IO_OK(MPI_File_set_view(fh, disp, MPI_INT, cyclic, "native", MPI_INFO_NULL));
  expect_view(fh, disp, cyclic, "the cyclic view");
  MPI_Aint extent = -1;
  IO_OK(MPI_File_get_type_extent(fh, MPI_INT, &extent));
  CHECK(extent == sizeof(int), "MPI_File_get_type_extent(MPI_INT) is %td", extent);
  IO_OK(MPI_File_get_type_extent(fh, cyclic, &extent));
  CHECK(extent == (MPI_Aint)K * l->size * (MPI_Aint)sizeof(int), "MPI_File_get_type_extent(cyclic) is %td", extent);
  /* Etype j of the view: run j / K, int j % K of it. */
  for (int j = 0; j < PER; j += 5)
    expect_byte_offset(fh, j, disp + (MPI_Offset)(j / K) * K * l->size * (MPI_Offset)sizeof(int) + (j % K) * 4,
                       "the cyclic view");
  for (int j = 0; j < PER; j++) {
    buf[j] = 0;
    global[j] = (long long)(j / K) * K * l->size + (long long)rank * K + j % K;
  }
  IO_OK(MPI_File_read_all(fh, buf, PER, MPI_INT, &status));
  expect_status(&status, PER, "read_all round robin");
  expect_values(buf, global, PER, SECTION_1D, "1-D written in blocks, read round robin");
  MPI_Type_free(&cyclic);
  MPI_Type_free(&run);
  free(buf);
  free(global);
}

/* 3-D: written as subarrays of a grid of ranks, read in contiguous chunks of uneven sizes. */
static void three_dimensions(MPI_File fh, const struct layout* l, int rank) {
  int c[3], start[3], count[3];
  coords_of(rank, 3, l->p3, c);
  long long n = 1;
  for (int d = 0; d < 3; d++) {
    block_of(l->g3[d], l->p3[d], c[d], &start[d], &count[d]);
    n *= count[d];
  }
  MPI_Datatype subarray;
  MPI_Type_create_subarray(3, l->g3, count, start, MPI_ORDER_C, MPI_INT, &subarray);
  MPI_Type_commit(&subarray);
  IO_OK(MPI_File_set_view(fh, l->disp_3d, MPI_INT, subarray, "native", MPI_INFO_NULL));
  expect_view(fh, l->disp_3d, subarray, "the 3-D view");
  /* Etype 0 of the view is the block's first element, the last etype its last. */
  expect_byte_offset(
      fh, 0,
      l->disp_3d + (((MPI_Offset)start[0] * l->g3[1] + start[1]) * l->g3[2] + start[2]) * (MPI_Offset)sizeof(int),
      "the 3-D view");
  expect_byte_offset(
      fh, n - 1,
      l->disp_3d + (((MPI_Offset)(start[0] + count[0] - 1) * l->g3[1] + start[1] + count[1] - 1) * l->g3[2] + start[2] +
                    count[2] - 1) *
                       (MPI_Offset)sizeof(int),
      "the 3-D view");
  int* buf = malloc(sizeof(int) * (size_t)(n > l->n_3d / l->size + 1 ? n : l->n_3d / l->size + 1));
  long long* global = malloc(sizeof(long long) * (size_t)(l->n_3d / l->size + 1));
  long long at = 0;
  for (int i = 0; i < count[0]; i++)
    for (int j = 0; j < count[1]; j++)
      for (int k = 0; k < count[2]; k++)
        buf[at++] = value(SECTION_3D, ((long long)(start[0] + i) * l->g3[1] + start[1] + j) * l->g3[2] + start[2] + k);
  MPI_Status status;
  IO_OK(MPI_File_write_all(fh, buf, (int)n, MPI_INT, &status));
  expect_status(&status, n, "write_all of a 3-D subarray");
  make_visible(fh);

  int lo, chunk;
  block_of((int)l->n_3d, l->size, rank, &lo, &chunk);
  IO_OK(MPI_File_set_view(fh, l->disp_3d + (MPI_Offset)lo * (MPI_Offset)sizeof(int), MPI_INT, MPI_INT, "native",
                          MPI_INFO_NULL));
  for (int i = 0; i < chunk; i++) {
    buf[i] = 0;
    global[i] = lo + i;
  }
  IO_OK(MPI_File_read_all(fh, buf, chunk, MPI_INT, &status));
  expect_status(&status, chunk, "read_all of a chunk");
  expect_values(buf, global, chunk, SECTION_3D, "3-D written as subarrays, read in chunks");
  MPI_Type_free(&subarray);
  free(buf);
  free(global);
}

/* 2-D: written as a darray (rows cyclic two at a time, columns in blocks), read as subarrays. */
static void two_dimensions(MPI_File fh, const struct layout* l, int rank) {
  int c[2];
  coords_of(rank, 2, l->p2, c);
  int distribs[2] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_BLOCK}, dargs[2] = {2, MPI_DISTRIBUTE_DFLT_DARG};
  MPI_Datatype darray;
  MPI_Type_create_darray(l->size, rank, 2, l->g2, distribs, dargs, l->p2, MPI_ORDER_C, MPI_INT, &darray);
  MPI_Type_commit(&darray);
  IO_OK(MPI_File_set_view(fh, l->disp_2d, MPI_INT, darray, "native", MPI_INFO_NULL));
  int* buf = malloc(sizeof(int) * (size_t)l->n_2d);
  long long* global = malloc(sizeof(long long) * (size_t)l->n_2d);
  /* The darray's elements in the file's order are the rank's own in row-major order. */
  int column_block = (l->g2[1] + l->p2[1] - 1) / l->p2[1];
  long long n = 0;
  for (int i = 0; i < l->g2[0]; i++)
    for (int j = 0; j < l->g2[1]; j++)
      if (i / 2 % l->p2[0] == c[0] && j / column_block == c[1])
        buf[n++] = value(SECTION_2D, (long long)i * l->g2[1] + j);
  MPI_Status status;
  IO_OK(MPI_File_write_all(fh, buf, (int)n, MPI_INT, &status));
  expect_status(&status, n, "write_all of a darray");
  make_visible(fh);

  int start[2], count[2];
  for (int d = 0; d < 2; d++) block_of(l->g2[d], l->p2[d], c[d], &start[d], &count[d]);
  MPI_Datatype subarray;
  MPI_Type_create_subarray(2, l->g2, count, start, MPI_ORDER_C, MPI_INT, &subarray);
  MPI_Type_commit(&subarray);
  IO_OK(MPI_File_set_view(fh, l->disp_2d, MPI_INT, subarray, "native", MPI_INFO_NULL));
  n = 0;
  for (int i = 0; i < count[0]; i++)
    for (int j = 0; j < count[1]; j++) {
      buf[n] = 0;
      global[n++] = (long long)(start[0] + i) * l->g2[1] + start[1] + j;
    }
  IO_OK(MPI_File_read_all(fh, buf, (int)n, MPI_INT, &status));
  expect_status(&status, n, "read_all of a 2-D subarray");
  expect_values(buf, global, n, SECTION_2D, "2-D written as a darray, read as subarrays");
  MPI_Type_free(&darray);
  MPI_Type_free(&subarray);
  free(buf);
  free(global);
}

/* A filetype with holes: in each tile of 4 ints per rank, rank r writes ints 4r and 4r + 2; 4r + 1 and
 * 4r + 3 belong to nobody and keep the prefill rank 0 wrote. */
static void holes(MPI_File fh, const struct layout* l, int rank) {
  long long n = REPS * l->tile;
  if (rank == 0) {
    int* fill = malloc(sizeof(int) * (size_t)n);
    for (long long g = 0; g < n; g++) fill[g] = prefill(g);
    IO_OK(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
    IO_OK(MPI_File_write_at(fh, l->disp_holes, fill, (int)n, MPI_INT, MPI_STATUS_IGNORE));
    free(fill);
  } else {
    IO_OK(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
  }
  make_visible(fh);

  int displacements[2] = {0, 2};
  MPI_Datatype pair, tiled;
  MPI_Type_create_indexed_block(2, 1, displacements, MPI_INT, &pair);
  MPI_Type_create_resized(pair, 0, (MPI_Aint)l->tile * (MPI_Aint)sizeof(int), &tiled);
  MPI_Type_commit(&tiled);
  MPI_Offset disp = l->disp_holes + 4 * rank * (MPI_Offset)sizeof(int);
  IO_OK(MPI_File_set_view(fh, disp, MPI_INT, tiled, "native", MPI_INFO_NULL));
  expect_view(fh, disp, tiled, "the view with holes");
  for (int j = 0; j < 2 * REPS; j += 3)
    expect_byte_offset(fh, j, disp + ((MPI_Offset)(j / 2) * l->tile + (j % 2) * 2) * (MPI_Offset)sizeof(int),
                       "the view with holes");
  int buf[2 * REPS];
  for (int j = 0; j < 2 * REPS; j++)
    buf[j] = value(SECTION_HOLES, (long long)(j / 2) * l->tile + 4 * rank + (j % 2) * 2);
  MPI_Status status;
  IO_OK(MPI_File_write_all(fh, buf, 2 * REPS, MPI_INT, &status));
  expect_status(&status, 2 * REPS, "write_all through holes");
  MPI_Type_free(&pair);
  MPI_Type_free(&tiled);
}

/* Byte `offset` of the finished file. */
static unsigned char expected_byte(const struct layout* l, MPI_Offset offset) {
  if (offset < HEADER) return pattern_byte((size_t)offset, 77);
  int v;
  long long g;
  if (offset < l->disp_3d) {
    v = value(SECTION_1D, (offset - l->disp_1d) / 4);
  } else if (offset < l->disp_2d) {
    v = value(SECTION_3D, (offset - l->disp_3d) / 4);
  } else if (offset < l->disp_holes) {
    v = value(SECTION_2D, (offset - l->disp_2d) / 4);
  } else {
    g = (offset - l->disp_holes) / 4;
    v = g % 4 == 0 || g % 4 == 2 ? value(SECTION_HOLES, g) : prefill(g);
  }
  unsigned char native[sizeof(int)];
  memcpy(native, &v, sizeof(int));
  return native[(offset - HEADER) % 4];
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char prefix[IOTEST_PATH_MAX], path[IOTEST_PATH_MAX];
  io_prefix(prefix, program);
  io_name(path, prefix, "data");
  struct layout l = make_layout(size);

  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  /* The default view: bytes from displacement 0. */
  MPI_Offset disp;
  MPI_Datatype etype, filetype;
  char datarep[MPI_MAX_DATAREP_STRING];
  IO_OK(MPI_File_get_view(fh, &disp, &etype, &filetype, datarep));
  CHECK(disp == 0 && etype == MPI_BYTE && filetype == MPI_BYTE && strcmp(datarep, "native") == 0,
        "the default view is not bytes from 0 in \"native\" (disp %lld, datarep \"%s\")", (long long)disp, datarep);
  if (rank == 0) {
    unsigned char header[HEADER];
    pattern_fill(header, HEADER, 77);
    IO_OK(MPI_File_write_at(fh, 0, header, HEADER, MPI_BYTE, MPI_STATUS_IGNORE));
  }
  make_visible(fh);

  one_dimension(fh, &l, rank);
  three_dimensions(fh, &l, rank);
  two_dimensions(fh, &l, rank);
  holes(fh, &l, rank);
  IO_OK(MPI_File_close(&fh));

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    unsigned char* expected = malloc((size_t)l.total);
    for (MPI_Offset i = 0; i < l.total; i++) expected[i] = expected_byte(&l, i);
    io_posix_expect(path, expected, l.total, "the file written through views");
    free(expected);
  }
  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
