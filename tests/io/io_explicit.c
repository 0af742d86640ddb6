/* Data access at explicit offsets (MPI-3.1 13.4.2) under the default view (bytes): every rank writes its
 * block of ints at rank * block with MPI_File_write_at, from a contiguous buffer and from a strided one (a
 * vector with holes, which are not written, and on reading stay as they were), and bytes at odd offsets;
 * after sync, barrier, sync it reads back another rank's block. The status counts what moved
 * (MPI_Get_count and MPI_Get_elements, MPI_UNDEFINED for a partial derived type); reading past the end of
 * the file returns fewer elements, or none, without failing. Rank 0 reads the file with POSIX calls and
 * compares it byte by byte with what the ranks wrote. */
#include "iotest.h"

static const char* program = "io_explicit";

enum { BLOCK = 1000, STRIDED = 333, STRIDE = 3, BYTES = 37 };

/* The k-th int of rank r's contiguous block, and of its strided one: distinct over ranks, areas and
 * positions. */
static int contiguous_value(int r, int k) { return r * 1000003 + k * 7 + 1; }
static int strided_value(int r, int k) { return -(r * 1000003 + k * 11 + 5); }

/* Where the areas of the file begin, and its size, for `size` ranks: every rank's contiguous block, then
 * every rank's strided block (STRIDED ints), then every rank's BYTES bytes. */
static const MPI_Offset block_bytes = BLOCK * (MPI_Offset)sizeof(int),
                        strided_bytes = STRIDED * (MPI_Offset)sizeof(int);
static MPI_Offset strided_area(int size) { return size * block_bytes; }
static MPI_Offset bytes_area(int size) { return strided_area(size) + size * strided_bytes; }
static MPI_Offset file_total(int size) { return bytes_area(size) + (MPI_Offset)size * BYTES; }

/* Byte `offset` of the file once every rank has written. */
static unsigned char expected_byte(MPI_Offset offset, int size) {
  int value;
  if (offset < strided_area(size)) {
    value = contiguous_value((int)(offset / block_bytes), (int)(offset % block_bytes / (MPI_Offset)sizeof(int)));
  } else if (offset < bytes_area(size)) {
    MPI_Offset in = offset - strided_area(size);
    value = strided_value((int)(in / strided_bytes), (int)(in % strided_bytes / (MPI_Offset)sizeof(int)));
  } else {
    MPI_Offset in = offset - bytes_area(size);
    return pattern_byte((size_t)(in % BYTES), 500 + (unsigned)(in / BYTES));
  }
  unsigned char native[sizeof(int)];
  memcpy(native, &value, sizeof(int));
  return native[offset % (MPI_Offset)sizeof(int)];
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char prefix[IOTEST_PATH_MAX], path[IOTEST_PATH_MAX];
  io_prefix(prefix, program);
  io_name(path, prefix, "data");
  const MPI_Offset total = file_total(size);

  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  int *block = malloc(sizeof(int) * BLOCK), *spread = malloc(sizeof(int) * STRIDED * STRIDE);
  for (int k = 0; k < BLOCK; k++) block[k] = contiguous_value(rank, k);
  MPI_Status status;
  IO_OK(MPI_File_write_at(fh, rank * block_bytes, block, BLOCK, MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == BLOCK, "write_at wrote %d ints of %d", io_count(&status, MPI_INT), BLOCK);
  int elements = -1;
  MPI_Get_elements(&status, MPI_INT, &elements);
  CHECK(elements == BLOCK, "MPI_Get_elements after write_at gave %d", elements);

  /* Every third int of the buffer: the ints between are holes of the memory type and never written. */
  MPI_Datatype every_third;
  MPI_Type_vector(STRIDED, 1, STRIDE, MPI_INT, &every_third);
  MPI_Type_commit(&every_third);
  for (int k = 0; k < STRIDED * STRIDE; k++) spread[k] = k % STRIDE == 0 ? strided_value(rank, k / STRIDE) : 12345;
  IO_OK(MPI_File_write_at(fh, strided_area(size) + rank * strided_bytes, spread, 1, every_third, &status));
  CHECK(io_count(&status, every_third) == 1, "write_at of one vector counted %d", io_count(&status, every_third));
  MPI_Get_elements(&status, every_third, &elements);
  CHECK(elements == STRIDED, "MPI_Get_elements of one vector gave %d", elements);

  /* Bytes at odd offsets, with a zero-length write between. */
  unsigned char bytes[BYTES];
  pattern_fill(bytes, BYTES, 500 + (unsigned)rank);
  IO_OK(MPI_File_write_at(fh, bytes_area(size) + (MPI_Offset)rank * BYTES, bytes, BYTES, MPI_BYTE, MPI_STATUS_IGNORE));
  IO_OK(MPI_File_write_at(fh, 1, bytes, 0, MPI_BYTE, &status));
  CHECK(io_count(&status, MPI_BYTE) == 0, "a write of nothing counted %d", io_count(&status, MPI_BYTE));

  /* Sync, barrier, sync (MPI-3.1 13.6.1): the other ranks' writes are now visible. */
  IO_OK(MPI_File_sync(fh));
  MPI_Barrier(MPI_COMM_WORLD);
  IO_OK(MPI_File_sync(fh));
  MPI_Offset file_size;
  IO_OK(MPI_File_get_size(fh, &file_size));
  CHECK(file_size == total, "the file holds %lld bytes, expected %lld", (long long)file_size, (long long)total);

  /* The next rank's blocks. */
  int next = (rank + 1) % size;
  memset(block, 0, sizeof(int) * BLOCK);
  IO_OK(MPI_File_read_at(fh, next * block_bytes, block, BLOCK, MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == BLOCK, "read_at read %d ints of %d", io_count(&status, MPI_INT), BLOCK);
  for (int k = 0; k < BLOCK; k++)
    CHECK(block[k] == contiguous_value(next, k), "int %d of rank %d's block reads %d, expected %d", k, next, block[k],
          contiguous_value(next, k));
  for (int k = 0; k < STRIDED * STRIDE; k++) spread[k] = -7;
  IO_OK(MPI_File_read_at(fh, strided_area(size) + next * strided_bytes, spread, 1, every_third, &status));
  CHECK(io_count(&status, every_third) == 1, "read_at of one vector counted %d", io_count(&status, every_third));
  for (int k = 0; k < STRIDED * STRIDE; k++) {
    int expected = k % STRIDE == 0 ? strided_value(next, k / STRIDE) : -7; /* holes keep what they held */
    CHECK(spread[k] == expected, "int %d of the strided buffer read from rank %d's is %d, expected %d", k, next,
          spread[k], expected);
  }
  memset(bytes, 0, BYTES);
  IO_OK(MPI_File_read_at(fh, bytes_area(size) + (MPI_Offset)next * BYTES, bytes, BYTES, MPI_BYTE, MPI_STATUS_IGNORE));
  CHECK(pattern_check(bytes, BYTES, 500 + (unsigned)next) == BYTES, "byte %zu of rank %d's bytes differs",
        pattern_check(bytes, BYTES, 500 + (unsigned)next), next);

  /* Past the end: of 15 bytes asked for 5 before the end, the 5 there; of the strided type from 12 ints
   * before the end, 12 elements, not a whole vector (MPI_Get_count gives MPI_UNDEFINED); nothing at the end
   * or beyond. None of it fails. */
  unsigned char tail[15];
  memset(tail, 0, sizeof tail);
  IO_OK(MPI_File_read_at(fh, total - 5, tail, 15, MPI_BYTE, &status));
  CHECK(io_count(&status, MPI_BYTE) == 5, "reading 15 bytes 5 before the end got %d", io_count(&status, MPI_BYTE));
  for (int i = 0; i < 5; i++)
    CHECK(tail[i] == expected_byte(total - 5 + i, size), "byte %d of the file's last 5 reads 0x%02x", i, tail[i]);
  for (int k = 0; k < STRIDED * STRIDE; k++) spread[k] = -7;
  IO_OK(MPI_File_read_at(fh, total - 12 * (MPI_Offset)sizeof(int), spread, 1, every_third, &status));
  /* MPICH's strided reads (ROMIO's ADIOI_GEN_ReadStrided) report the size asked for, not what was read. */
  if (MPITEST_ON_WEFT) {
    MPI_Get_elements(&status, every_third, &elements);
    CHECK(elements == 12, "a vector read 12 ints before the end got %d elements", elements);
    CHECK(io_count(&status, every_third) == MPI_UNDEFINED, "a partial vector counted %d, not MPI_UNDEFINED",
          io_count(&status, every_third));
  }
  for (int i = 0; i < 12; i++) {
    unsigned char want[sizeof(int)];
    for (int b = 0; b < (int)sizeof(int); b++)
      want[b] = expected_byte(total - (12 - i) * (MPI_Offset)sizeof(int) + b, size);
    CHECK(memcmp(&spread[i * STRIDE], want, sizeof(int)) == 0, "int %d of the vector read at the end is wrong", i);
    CHECK(spread[i * STRIDE + 1] == -7 && spread[i * STRIDE + 2] == -7, "a hole after int %d was written", i);
  }
  IO_OK(MPI_File_read_at(fh, total, tail, 15, MPI_BYTE, &status));
  CHECK(io_count(&status, MPI_BYTE) == 0, "reading at the end got %d bytes", io_count(&status, MPI_BYTE));
  IO_OK(MPI_File_read_at(fh, total + 1000, tail, 15, MPI_BYTE, &status));
  CHECK(io_count(&status, MPI_BYTE) == 0, "reading past the end got %d bytes", io_count(&status, MPI_BYTE));
  IO_OK(MPI_File_close(&fh));

  /* The bytes of the file, from POSIX. */
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    unsigned char* expected = malloc((size_t)total);
    for (MPI_Offset i = 0; i < total; i++) expected[i] = expected_byte(i, size);
    io_posix_expect(path, expected, total, "the file written at explicit offsets");
    free(expected);
  }

  MPI_Type_free(&every_third);
  free(block);
  free(spread);
  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
