/* Opening and closing files and their attributes (MPI-3.1 13.2): the access modes CREATE|WRONLY, RDWR and
 * RDONLY as MPI_File_get_amode returns them, the group (the opening communicator's), the size grown and
 * shrunk by MPI_File_set_size and grown by MPI_File_preallocate as every rank sees it (and POSIX too, with
 * the written bytes kept), sync, hints in and out (the info object returned is valid and freed),
 * MPI_MODE_DELETE_ON_CLOSE, MPI_MODE_EXCL on an existing file, deleting a file that does not exist, files
 * opened by every rank alone on MPI_COMM_SELF and by the halves of an MPI_Comm_split. */
#include "iotest.h"

static const char* program = "io_basic";

/* The group of fh is the group of comm. */
static void expect_group(MPI_File fh, MPI_Comm comm, const char* what) {
  MPI_Group file_group, comm_group;
  IO_OK(MPI_File_get_group(fh, &file_group));
  MPI_Comm_group(comm, &comm_group);
  int result = MPI_UNEQUAL;
  MPI_Group_compare(file_group, comm_group, &result);
  CHECK(result == MPI_IDENT, "%s: the file's group compares %d with the communicator's, not MPI_IDENT", what, result);
  MPI_Group_free(&file_group);
  MPI_Group_free(&comm_group);
}

static void expect_amode(MPI_File fh, int amode, const char* what) {
  int got = -1;
  IO_OK(MPI_File_get_amode(fh, &got));
  CHECK(got == amode, "%s: MPI_File_get_amode gave 0x%x, expected 0x%x", what, got, amode);
}

/* Every rank sees the size `expected`. */
static void expect_size(MPI_File fh, MPI_Offset expected, const char* what) {
  MPI_Offset size = -1;
  IO_OK(MPI_File_get_size(fh, &size));
  CHECK(size == expected, "%s: MPI_File_get_size gave %lld, expected %lld", what, (long long)size, (long long)expected);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char prefix[IOTEST_PATH_MAX], path[IOTEST_PATH_MAX], gone[IOTEST_PATH_MAX];
  io_prefix(prefix, program);
  io_name(path, prefix, "main");
  io_name(gone, prefix, "never_created");

  /* Created write-only: the file exists once the collective open returns. */
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh));
  expect_amode(fh, MPI_MODE_CREATE | MPI_MODE_WRONLY, "CREATE|WRONLY");
  expect_group(fh, MPI_COMM_WORLD, "MPI_COMM_WORLD");
  CHECK(io_exists(path), "%s does not exist after MPI_File_open with MPI_MODE_CREATE", path);
  expect_size(fh, 0, "a new file");
  MPI_Barrier(MPI_COMM_WORLD); /* every rank has seen the empty file before rank 0 writes */
  /* 200 bytes of a pattern from rank 0, to see what resizing keeps. */
  enum { WRITTEN = 200 };
  unsigned char pattern[WRITTEN], back[WRITTEN];
  pattern_fill(pattern, WRITTEN, 11);
  if (rank == 0) IO_OK(MPI_File_write_at(fh, 0, pattern, WRITTEN, MPI_BYTE, MPI_STATUS_IGNORE));
  IO_OK(MPI_File_close(&fh));
  CHECK(fh == MPI_FILE_NULL, "MPI_File_close did not set the handle to MPI_FILE_NULL");

  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  expect_amode(fh, MPI_MODE_RDWR, "RDWR");
  expect_size(fh, WRITTEN, "after rank 0's write");
  /* Grown: every rank sees the new size, so does POSIX, and the written bytes stay. */
  IO_OK(MPI_File_set_size(fh, 1000));
  expect_size(fh, 1000, "after MPI_File_set_size(1000)");
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(io_posix_size(path) == 1000, "stat gives %lld bytes after MPI_File_set_size(1000)", io_posix_size(path));
  memset(back, 0, sizeof back);
  IO_OK(MPI_File_read_at(fh, 0, back, WRITTEN, MPI_BYTE, MPI_STATUS_IGNORE));
  CHECK(pattern_check(back, WRITTEN, 11) == WRITTEN, "growing the file changed byte %zu of what was written",
        pattern_check(back, WRITTEN, 11));
  /* Shrunk below what was written: the rest is kept. */
  IO_OK(MPI_File_set_size(fh, 100));
  expect_size(fh, 100, "after MPI_File_set_size(100)");
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(io_posix_size(path) == 100, "stat gives %lld bytes after MPI_File_set_size(100)", io_posix_size(path));
  /* Preallocation grows a file to its size, never shrinks it. */
  IO_OK(MPI_File_preallocate(fh, 5000));
  expect_size(fh, 5000, "after MPI_File_preallocate(5000)");
  IO_OK(MPI_File_preallocate(fh, 10));
  expect_size(fh, 5000, "after MPI_File_preallocate(10)");
  IO_OK(MPI_File_sync(fh));
  memset(back, 0, sizeof back);
  MPI_Status status;
  IO_OK(MPI_File_read_at(fh, 0, back, 100, MPI_BYTE, &status));
  CHECK(io_count(&status, MPI_BYTE) == 100, "read %d of the 100 kept bytes", io_count(&status, MPI_BYTE));
  CHECK(pattern_check(back, 100, 11) == 100, "resizing changed byte %zu of the 100 kept", pattern_check(back, 100, 11));

  /* Hints: the info object MPI_File_get_info returns is the caller's own, valid and freed by it. A hint
   * set is a request; an implementation may ignore it, so only that the calls work is checked. */
  MPI_Info used = MPI_INFO_NULL, hints;
  IO_OK(MPI_File_get_info(fh, &used));
  CHECK(used != MPI_INFO_NULL, "MPI_File_get_info returned MPI_INFO_NULL");
  int nkeys = -1;
  IO_OK(MPI_Info_get_nkeys(used, &nkeys));
  CHECK(nkeys >= 0, "the info object from MPI_File_get_info has %d keys", nkeys);
  IO_OK(MPI_Info_set(used, "weft_test_key", "1")); /* it is the caller's: changing it must work */
  IO_OK(MPI_Info_free(&used));
  CHECK(used == MPI_INFO_NULL, "MPI_Info_free did not reset the handle");
  MPI_Info_create(&hints);
  MPI_Info_set(hints, "access_style", "read_mostly");
  IO_OK(MPI_File_set_info(fh, hints));
  MPI_Info_free(&hints);
  IO_OK(MPI_File_get_info(fh, &used));
  IO_OK(MPI_Info_get_nkeys(used, &nkeys));
  IO_OK(MPI_Info_free(&used));
  IO_OK(MPI_File_close(&fh));

  /* Read-only: the bytes through MPI are the bytes written. */
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh));
  expect_amode(fh, MPI_MODE_RDONLY, "RDONLY");
  memset(back, 0, sizeof back);
  IO_OK(MPI_File_read_at(fh, 0, back, 100, MPI_BYTE, MPI_STATUS_IGNORE));
  CHECK(pattern_check(back, 100, 11) == 100, "read-only: byte %zu differs", pattern_check(back, 100, 11));
  IO_OK(MPI_File_close(&fh));

  /* MPI_MODE_EXCL on the existing file fails on every rank, and leaves the file alone. */
  int code = MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
  expect_error(code, MPI_ERR_FILE_EXISTS, "MPI_File_open with MPI_MODE_EXCL of an existing file");
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(io_posix_size(path) == 5000, "the failed exclusive open changed the file's size to %lld", io_posix_size(path));

  /* Deleting a file that does not exist. */
  if (rank == 0) expect_error(MPI_File_delete(gone, MPI_INFO_NULL), MPI_ERR_NO_SUCH_FILE, "MPI_File_delete");

  /* MPI_MODE_DELETE_ON_CLOSE: there while open, gone after the close. */
  char temporary[IOTEST_PATH_MAX];
  io_name(temporary, prefix, "delete_on_close");
  IO_OK(MPI_File_open(MPI_COMM_WORLD, temporary, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                      MPI_INFO_NULL, &fh));
  expect_amode(fh, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, "DELETE_ON_CLOSE");
  IO_OK(MPI_File_write_at(fh, rank, &rank, 1, MPI_BYTE, MPI_STATUS_IGNORE));
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(io_exists(temporary), "the DELETE_ON_CLOSE file is missing while open");
  IO_OK(MPI_File_close(&fh));
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(!io_exists(temporary), "the DELETE_ON_CLOSE file is still there after the close");
  code = MPI_File_open(MPI_COMM_WORLD, temporary, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
  expect_error(code, MPI_ERR_NO_SUCH_FILE, "opening the deleted DELETE_ON_CLOSE file");

  /* MPI_COMM_SELF: every rank a file of its own, with a content of its own. */
  char own[IOTEST_PATH_MAX], tag[64];
  snprintf(tag, sizeof tag, "self%d", rank);
  io_name(own, prefix, tag);
  unsigned char mine[64 + 7];
  size_t mine_size = 64 + (size_t)rank % 7; /* a size of its own, too */
  pattern_fill(mine, mine_size, 1000 + (unsigned)rank);
  IO_OK(MPI_File_open(MPI_COMM_SELF, own, MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh));
  expect_group(fh, MPI_COMM_SELF, "MPI_COMM_SELF");
  IO_OK(MPI_File_write_at(fh, 0, mine, (int)mine_size, MPI_BYTE, MPI_STATUS_IGNORE));
  IO_OK(MPI_File_close(&fh));
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < size; r++) {
      char other[IOTEST_PATH_MAX];
      unsigned char expected[64 + 7];
      snprintf(tag, sizeof tag, "self%d", r);
      io_name(other, prefix, tag);
      pattern_fill(expected, 64 + (size_t)r % 7, 1000 + (unsigned)r);
      io_posix_expect(other, expected, 64 + r % 7, "a rank's MPI_COMM_SELF file");
    }
  MPI_Barrier(MPI_COMM_WORLD);
  IO_OK(MPI_File_delete(own, MPI_INFO_NULL));

  /* The halves of MPI_Comm_split open a file each: every member writes its world rank at its rank in the
   * half. */
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  int half_rank, half_size;
  MPI_Comm_rank(half, &half_rank);
  MPI_Comm_size(half, &half_size);
  char halves[2][IOTEST_PATH_MAX];
  io_name(halves[0], prefix, "even");
  io_name(halves[1], prefix, "odd");
  IO_OK(MPI_File_open(half, halves[rank % 2], MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  expect_group(fh, half, "a half of MPI_COMM_WORLD");
  IO_OK(MPI_File_write_at(fh, (MPI_Offset)half_rank * (MPI_Offset)sizeof(int), &rank, 1, MPI_INT, MPI_STATUS_IGNORE));
  IO_OK(MPI_File_close(&fh));
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    for (int parity = 0; parity < 2 && parity < size; parity++) {
      int members = (size - parity + 1) / 2, *expected = malloc(sizeof(int) * (size_t)members);
      for (int i = 0; i < members; i++) expected[i] = 2 * i + parity;
      io_posix_expect(halves[parity], expected, (long long)members * (long long)sizeof(int), "a half's file");
      free(expected);
    }
  MPI_Barrier(MPI_COMM_WORLD); /* rank 0 has read both files */
  io_delete(halves[rank % 2], half);
  MPI_Comm_free(&half);

  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
