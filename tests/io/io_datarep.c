/* Data representations (MPI-3.1 13.5): under "external32" the file holds MPI_INT as 4 big-endian bytes and
 * MPI_DOUBLE as 8 big-endian IEEE bytes (checked with POSIX reads), written from a strided memory type and
 * from special values (signed zeros, subnormals, infinities, a NaN with a payload), and read back bit for
 * bit; MPI_File_get_type_extent gives the external32 sizes; "internal" round trips exactly;
 * MPI_Register_datarep with conversion functions of the test's own (ints stored negated, in 4 bytes and in
 * 8, and through MPI_Register_datarep_c with MPI_Count conversion functions) is used for writing and reading,
 * its file bytes checked, MPI_File_get_type_extent and _c give its extent, and registering a name twice fails
 * with MPI_ERR_DUP_DATAREP. */
/* iotest.h first: it chooses the POSIX features (pread) the system headers then declare. */
#include "iotest.h"
/* The C library. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>

static const char* program = "io_datarep";

enum { INTS = 40, DOUBLES = 16 };

static int rank, size;

/* Int i of rank r: extremes and both signs, distinct per rank. */
static int int_value(int r, int i) {
  switch (i) {
    case 0:
      return INT_MIN;
    case 1:
      return INT_MAX;
    case 2:
      return 0x01020304;
    case 3:
      return -1;
    default:
      return (i % 2 ? -1 : 1) * (r * 100003 + i * 257);
  }
}

/* Double i of rank r, as its bits. */
static uint64_t double_bits(int r, int i) {
  double d;
  uint64_t bits;
  switch (i) {
    case 0:
      d = 0.0;
      break;
    case 1:
      d = -0.0;
      break;
    case 2:
      d = 1e-310;
      break; /* subnormal */
    case 3:
      d = -DBL_MAX;
      break;
    case 4:
      d = DBL_MIN;
      break;
    case 5:
      d = INFINITY;
      break;
    case 6:
      d = -INFINITY;
      break;
    case 7:
      return 0x7ff8000000012345ull; /* a quiet NaN with a payload */
    default:
      d = (r + 1) * 3.14159265358979 * (i % 2 ? -1 : 1) / i;
      break;
  }
  memcpy(&bits, &d, sizeof bits);
  return bits;
}

static void big_endian(unsigned char* out, uint64_t v, int bytes) {
  for (int b = 0; b < bytes; b++) out[b] = (unsigned char)(v >> (8 * (bytes - 1 - b)));
}

static void expect_datarep(MPI_File fh, const char* expected) {
  MPI_Offset disp;
  MPI_Datatype etype, filetype;
  char datarep[MPI_MAX_DATAREP_STRING] = "";
  IO_OK(MPI_File_get_view(fh, &disp, &etype, &filetype, datarep));
  CHECK(strcmp(datarep, expected) == 0, "the view's datarep is \"%s\", expected \"%s\"", datarep, expected);
}

/* external32: ints then doubles, every rank a block of each. */
static void external32(const char* prefix) {
  char path[IOTEST_PATH_MAX];
  io_name(path, prefix, "external32");
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  IO_OK(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "external32", MPI_INFO_NULL));
  expect_datarep(fh, "external32");
  MPI_Aint extent = -1;
  IO_OK(MPI_File_get_type_extent(fh, MPI_INT, &extent));
  CHECK(extent == 4, "external32 MPI_INT has extent %td", extent);
  IO_OK(MPI_File_get_type_extent(fh, MPI_DOUBLE, &extent));
  CHECK(extent == 8, "external32 MPI_DOUBLE has extent %td", extent);
  IO_OK(MPI_File_get_type_extent(fh, MPI_SHORT, &extent));
  CHECK(extent == 2, "external32 MPI_SHORT has extent %td", extent);
  /* MPI-3.1 table 13.2 gives MPI_LONG 4 bytes in external32; MPICH gives it 8. */
  if (MPITEST_ON_WEFT) {
    IO_OK(MPI_File_get_type_extent(fh, MPI_LONG, &extent));
    CHECK(extent == 4, "external32 MPI_LONG has extent %td", extent);
  }

  /* The ints come from every other int of memory: conversion and a strided memory type together. */
  int spread[2 * INTS], back[INTS];
  for (int i = 0; i < 2 * INTS; i++) spread[i] = i % 2 == 0 ? int_value(rank, i / 2) : 999;
  MPI_Datatype every_other;
  MPI_Type_vector(INTS, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  MPI_Status status;
  IO_OK(MPI_File_write_at_all(fh, (MPI_Offset)rank * INTS, spread, 1, every_other, &status));
  CHECK(io_count(&status, every_other) == 1, "external32: write_at_all of a vector counted %d",
        io_count(&status, every_other));
  MPI_Type_free(&every_other);

  const MPI_Offset doubles_disp = (MPI_Offset)size * INTS * 4;
  IO_OK(MPI_File_set_view(fh, doubles_disp, MPI_DOUBLE, MPI_DOUBLE, "external32", MPI_INFO_NULL));
  double values[DOUBLES], read_back[DOUBLES];
  for (int i = 0; i < DOUBLES; i++) {
    uint64_t bits = double_bits(rank, i);
    memcpy(&values[i], &bits, sizeof bits);
  }
  IO_OK(MPI_File_write_at_all(fh, (MPI_Offset)rank * DOUBLES, values, DOUBLES, MPI_DOUBLE, &status));
  CHECK(io_count(&status, MPI_DOUBLE) == DOUBLES, "external32: write_at_all of doubles moved %d",
        io_count(&status, MPI_DOUBLE));
  make_visible(fh);

  /* The next rank's values, bit for bit. */
  int next = (rank + 1) % size;
  memset(read_back, 0, sizeof read_back);
  IO_OK(MPI_File_read_at_all(fh, (MPI_Offset)next * DOUBLES, read_back, DOUBLES, MPI_DOUBLE, &status));
  CHECK(io_count(&status, MPI_DOUBLE) == DOUBLES, "external32: read_at_all of doubles moved %d",
        io_count(&status, MPI_DOUBLE));
  for (int i = 0; i < DOUBLES; i++) {
    uint64_t bits;
    memcpy(&bits, &read_back[i], sizeof bits);
    CHECK(bits == double_bits(next, i), "external32: double %d of rank %d reads as bits %016llx, expected %016llx", i,
          next, (unsigned long long)bits, (unsigned long long)double_bits(next, i));
  }
  IO_OK(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "external32", MPI_INFO_NULL));
  memset(back, 0, sizeof back);
  IO_OK(MPI_File_read_at_all(fh, (MPI_Offset)next * INTS, back, INTS, MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == INTS, "external32: read_at_all of ints moved %d", io_count(&status, MPI_INT));
  for (int i = 0; i < INTS; i++)
    CHECK(back[i] == int_value(next, i), "external32: int %d of rank %d reads as %d, expected %d", i, next, back[i],
          int_value(next, i));
  IO_OK(MPI_File_close(&fh));

  /* The bytes: big-endian, no padding. */
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    long long n = doubles_disp + (long long)size * DOUBLES * 8;
    unsigned char* expected = malloc((size_t)n);
    for (int r = 0; r < size; r++) {
      for (int i = 0; i < INTS; i++) big_endian(expected + ((long long)r * INTS + i) * 4, (uint32_t)int_value(r, i), 4);
      for (int i = 0; i < DOUBLES; i++)
        big_endian(expected + doubles_disp + ((long long)r * DOUBLES + i) * 8, double_bits(r, i), 8);
    }
    io_posix_expect(path, expected, n, "the external32 file");
    free(expected);
  }
  io_delete(path, MPI_COMM_WORLD);
}

/* external32 through a view with holes: every rank's ints in blocks of 2, round robin among the ranks (a
 * filetype of ints, which keep their size in external32); the file big-endian at the view's places. */
static void external32_cyclic(const char* prefix) {
  char path[IOTEST_PATH_MAX];
  io_name(path, prefix, "external32_cyclic");
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  MPI_Datatype pair, cyclic;
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_create_resized(pair, 0, (MPI_Aint)size * 8, &cyclic);
  MPI_Type_commit(&cyclic);
  IO_OK(MPI_File_set_view(fh, (MPI_Offset)rank * 8, MPI_INT, cyclic, "external32", MPI_INFO_NULL));
  int ints[INTS], back[INTS];
  for (int i = 0; i < INTS; i++) ints[i] = int_value(rank, i);
  MPI_Status status;
  IO_OK(MPI_File_write_at_all(fh, 0, ints, INTS, MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == INTS, "external32 cyclic: write_at_all moved %d", io_count(&status, MPI_INT));
  make_visible(fh);
  memset(back, 0, sizeof back);
  IO_OK(MPI_File_read_at_all(fh, 0, back, INTS, MPI_INT, &status));
  for (int i = 0; i < INTS; i++)
    CHECK(back[i] == ints[i], "external32 cyclic: int %d reads as %d, expected %d", i, back[i], ints[i]);
  IO_OK(MPI_File_close(&fh));
  MPI_Type_free(&pair);
  MPI_Type_free(&cyclic);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    long long n = (long long)size * INTS * 4;
    unsigned char* expected = malloc((size_t)n);
    for (int r = 0; r < size; r++)
      for (int i = 0; i < INTS; i++)
        big_endian(expected + (((long long)(i / 2) * size + r) * 2 + i % 2) * 4, (uint32_t)int_value(r, i), 4);
    io_posix_expect(path, expected, n, "the external32 file of a cyclic view");
    free(expected);
  }
  io_delete(path, MPI_COMM_WORLD);
}

/* "internal": whatever the bytes, what is written reads back exactly. */
static void internal(const char* prefix) {
  char path[IOTEST_PATH_MAX];
  io_name(path, prefix, "internal");
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                      &fh));
  IO_OK(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "internal", MPI_INFO_NULL));
  /* MPICH accepts "internal" and reports the view as "native", the representation it uses for it. */
  expect_datarep(fh, MPITEST_ON_WEFT ? "internal" : "native");
  int ints[INTS], back[INTS];
  for (int i = 0; i < INTS; i++) ints[i] = int_value(rank, i);
  IO_OK(MPI_File_write_at_all(fh, (MPI_Offset)rank * INTS, ints, INTS, MPI_INT, MPI_STATUS_IGNORE));
  MPI_Aint int_extent = -1;
  IO_OK(MPI_File_get_type_extent(fh, MPI_INT, &int_extent));
  CHECK(int_extent > 0, "internal MPI_INT has extent %td", int_extent);
  /* The doubles after the ints, at a displacement counted in the representation's extents. */
  const MPI_Offset doubles_disp = (MPI_Offset)size * INTS * int_extent;
  IO_OK(MPI_File_set_view(fh, doubles_disp, MPI_DOUBLE, MPI_DOUBLE, "internal", MPI_INFO_NULL));
  double values[DOUBLES], read_back[DOUBLES];
  for (int i = 0; i < DOUBLES; i++) {
    uint64_t bits = double_bits(rank, i);
    memcpy(&values[i], &bits, sizeof bits);
  }
  IO_OK(MPI_File_write_at_all(fh, (MPI_Offset)rank * DOUBLES, values, DOUBLES, MPI_DOUBLE, MPI_STATUS_IGNORE));
  make_visible(fh);
  int next = (rank + 1) % size;
  memset(read_back, 0, sizeof read_back);
  IO_OK(MPI_File_read_at_all(fh, (MPI_Offset)next * DOUBLES, read_back, DOUBLES, MPI_DOUBLE, MPI_STATUS_IGNORE));
  for (int i = 0; i < DOUBLES; i++) {
    uint64_t bits;
    memcpy(&bits, &read_back[i], sizeof bits);
    CHECK(bits == double_bits(next, i), "internal: double %d of rank %d reads as bits %016llx", i, next,
          (unsigned long long)bits);
  }
  IO_OK(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "internal", MPI_INFO_NULL));
  memset(back, 0, sizeof back);
  IO_OK(MPI_File_read_at_all(fh, (MPI_Offset)next * INTS, back, INTS, MPI_INT, MPI_STATUS_IGNORE));
  for (int i = 0; i < INTS; i++)
    CHECK(back[i] == int_value(next, i), "internal: int %d of rank %d reads as %d", i, next, back[i]);
  IO_OK(MPI_File_close(&fh));
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(!io_exists(path), "the DELETE_ON_CLOSE file of the internal test is still there");
}

/* A representation of the test's own: an int v is stored as -v in `width` bytes (4 or 8, native byte
 * order). The state says which, whether it is registered by the large-count MPI_Register_datarep_c, and
 * counts conversions. */
struct negated {
  int width;
  int large;
  int conversions;
};

static int negated_extent(MPI_Datatype type, MPI_Aint* extent, void* state) {
  struct negated* rep = (struct negated*)state;
  if (type == MPI_INT) {
    *extent = rep->width;
  } else {
    int bytes;
    MPI_Type_size(type, &bytes);
    *extent = bytes;
  }
  return MPI_SUCCESS;
}

/* count ints from userbuf (from int `position` on) into count file items at filebuf. */
static int negated_write_c(void* userbuf, MPI_Datatype type, MPI_Count count, void* filebuf, MPI_Offset position,
                           void* state) {
  struct negated* rep = (struct negated*)state;
  CHECK(type == MPI_INT, "the write conversion was passed a type other than the call's MPI_INT");
  const int* from = (const int*)userbuf + position;
  for (MPI_Count i = 0; i < count; i++) {
    int64_t v = -(int64_t)from[i];
    if (rep->width == 8) {
      memcpy((unsigned char*)filebuf + 8 * (size_t)i, &v, 8);
    } else {
      int32_t narrow = (int32_t)v;
      memcpy((unsigned char*)filebuf + 4 * (size_t)i, &narrow, 4);
    }
  }
  rep->conversions++;
  return MPI_SUCCESS;
}

static int negated_read_c(void* userbuf, MPI_Datatype type, MPI_Count count, void* filebuf, MPI_Offset position,
                          void* state) {
  struct negated* rep = (struct negated*)state;
  CHECK(type == MPI_INT, "the read conversion was passed a type other than the call's MPI_INT");
  int* to = (int*)userbuf + position;
  for (MPI_Count i = 0; i < count; i++) {
    if (rep->width == 8) {
      int64_t v;
      memcpy(&v, (unsigned char*)filebuf + 8 * (size_t)i, 8);
      to[i] = (int)-v;
    } else {
      int32_t v;
      memcpy(&v, (unsigned char*)filebuf + 4 * (size_t)i, 4);
      to[i] = (int)-(int64_t)v;
    }
  }
  rep->conversions++;
  return MPI_SUCCESS;
}

/* The int forms of the conversions, for MPI_Register_datarep. */
static int negated_write(void* userbuf, MPI_Datatype type, int count, void* filebuf, MPI_Offset position, void* state) {
  return negated_write_c(userbuf, type, count, filebuf, position, state);
}

static int negated_read(void* userbuf, MPI_Datatype type, int count, void* filebuf, MPI_Offset position, void* state) {
  return negated_read_c(userbuf, type, count, filebuf, position, state);
}

/* Ints of the representation `name`: written by every rank, read back by the next, the file checked. */
static void user_representation(const char* prefix, const char* name, struct negated* rep) {
  if (rep->large)
    IO_OK(MPI_Register_datarep_c(name, negated_read_c, negated_write_c, negated_extent, rep));
  else
    IO_OK(MPI_Register_datarep(name, negated_read, negated_write, negated_extent, rep));
  expect_error(MPI_Register_datarep(name, negated_read, negated_write, negated_extent, rep), MPI_ERR_DUP_DATAREP,
               "registering a data representation twice");
  char path[IOTEST_PATH_MAX];
  io_name(path, prefix, name);
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  IO_OK(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, name, MPI_INFO_NULL));
  expect_datarep(fh, name);
  MPI_Aint extent = -1;
  IO_OK(MPI_File_get_type_extent(fh, MPI_INT, &extent));
  CHECK(extent == rep->width, "%s: MPI_File_get_type_extent(MPI_INT) is %td, the extent function says %d", name, extent,
        rep->width);
  MPI_Count extent_c = -1;
  IO_OK(MPI_File_get_type_extent_c(fh, MPI_INT, &extent_c));
  CHECK(extent_c == rep->width, "%s: MPI_File_get_type_extent_c(MPI_INT) is %lld, the extent function says %d", name,
        (long long)extent_c, rep->width);
  int ints[INTS], back[INTS];
  for (int i = 0; i < INTS; i++) ints[i] = i == 0 ? INT_MAX : int_value(rank, i); /* INT_MIN has no negation */
  MPI_Status status;
  IO_OK(MPI_File_write_at_all(fh, (MPI_Offset)rank * INTS, ints, INTS, MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == INTS, "%s: write_at_all moved %d ints", name, io_count(&status, MPI_INT));
  CHECK(rep->conversions > 0, "%s: writing called no conversion function", name);
  make_visible(fh);
  int next = (rank + 1) % size;
  memset(back, 0, sizeof back);
  rep->conversions = 0;
  IO_OK(MPI_File_read_at_all(fh, (MPI_Offset)next * INTS, back, INTS, MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == INTS, "%s: read_at_all moved %d ints", name, io_count(&status, MPI_INT));
  CHECK(rep->conversions > 0, "%s: reading called no conversion function", name);
  for (int i = 0; i < INTS; i++) {
    int expected = i == 0 ? INT_MAX : int_value(next, i);
    CHECK(back[i] == expected, "%s: int %d of rank %d reads as %d, expected %d", name, i, next, back[i], expected);
  }
  IO_OK(MPI_File_close(&fh));
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    long long n = (long long)size * INTS * rep->width;
    unsigned char* expected = malloc((size_t)n);
    for (int r = 0; r < size; r++)
      for (int i = 0; i < INTS; i++) {
        int64_t v = -(int64_t)(i == 0 ? INT_MAX : int_value(r, i));
        int32_t narrow = (int32_t)v;
        memcpy(expected + ((long long)r * INTS + i) * rep->width, rep->width == 8 ? (void*)&v : (void*)&narrow,
               (size_t)rep->width);
      }
    io_posix_expect(path, expected, n, name);
    free(expected);
  }
  io_delete(path, MPI_COMM_WORLD);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char prefix[IOTEST_PATH_MAX];
  io_prefix(prefix, program);

  external32(prefix);
  external32_cyclic(prefix);
  internal(prefix);
  /* MPICH refuses conversion functions (MPI_Register_datarep fails with MPI_ERR_CONVERSION) and views in
   * any representation it did not define. */
  if (MPITEST_ON_WEFT) {
    static struct negated narrow = {4, 0, 0}, wide = {8, 0, 0}, large = {8, 1, 0};
    user_representation(prefix, "weft_negated", &narrow);
    user_representation(prefix, "weft_negated_wide", &wide);
    user_representation(prefix, "weft_negated_large", &large);
  }
  report_ok(program);
  MPI_Finalize();
  return 0;
}
