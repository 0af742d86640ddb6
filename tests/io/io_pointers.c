/* Individual file pointers (MPI-3.1 13.4.3): MPI_File_write and MPI_File_read advance the caller's pointer
 * by what they move, in etypes of the view (ints through a cyclic view; pairs of ints when the etype is a
 * pair), and every rank's pointer is its own; MPI_File_seek with MPI_SEEK_SET, MPI_SEEK_CUR (both ways) and
 * MPI_SEEK_END (the end of the file in the view's etypes); MPI_File_get_position after each; set_view
 * putting the pointer back to 0; MPI_File_write_all and MPI_File_read_all at the individual pointers;
 * MPI_MODE_APPEND starting every pointer at the end of the file. Values are checked against a formula of
 * the global index, and the file with POSIX reads. */
#include "iotest.h"

static const char* program = "io_pointers";

enum { PER = 12, HALF = 10 };

static int value(long long g) { return (int)g * 5 + 3; }

static MPI_Offset position(MPI_File fh) {
  MPI_Offset at = -1;
  IO_OK(MPI_File_get_position(fh, &at));
  return at;
}

static void expect_position(MPI_File fh, MPI_Offset expected, const char* what) {
  MPI_Offset at = position(fh);
  CHECK(at == expected, "%s: the individual pointer is at %lld, expected %lld", what, (long long)at,
        (long long)expected);
}

static void expect_moved(const MPI_Status* status, MPI_Datatype type, int n, const char* what) {
  CHECK(io_count(status, type) == n, "%s moved %d elements, expected %d", what, io_count(status, type), n);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char prefix[IOTEST_PATH_MAX], path[IOTEST_PATH_MAX];
  io_prefix(prefix, program);
  io_name(path, prefix, "data");
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  expect_position(fh, 0, "a new file");

  /* Cyclic view: int j of rank r's view is int j * size + r of the file. The pointer counts ints of the
   * view, not bytes or ints of the file. */
  MPI_Datatype cyclic;
  MPI_Type_create_resized(MPI_INT, 0, (MPI_Aint)size * (MPI_Aint)sizeof(int), &cyclic);
  MPI_Type_commit(&cyclic);
  IO_OK(MPI_File_set_view(fh, rank * (MPI_Offset)sizeof(int), MPI_INT, cyclic, "native", MPI_INFO_NULL));
  int buf[PER], back[PER];
  for (int j = 0; j < PER; j++) buf[j] = value((long long)j * size + rank);
  MPI_Status status;
  IO_OK(MPI_File_write(fh, buf, 5, MPI_INT, &status));
  expect_moved(&status, MPI_INT, 5, "the first write");
  expect_position(fh, 5, "after writing 5 ints");
  IO_OK(MPI_File_write(fh, buf + 5, PER - 5, MPI_INT, &status));
  expect_moved(&status, MPI_INT, PER - 5, "the second write");
  expect_position(fh, PER, "after writing all");
  make_visible(fh);

  IO_OK(MPI_File_seek(fh, 0, MPI_SEEK_SET));
  expect_position(fh, 0, "after MPI_SEEK_SET 0");
  IO_OK(MPI_File_read(fh, back, 3, MPI_INT, &status));
  expect_moved(&status, MPI_INT, 3, "reading 3");
  expect_position(fh, 3, "after reading 3");
  for (int j = 0; j < 3; j++)
    CHECK(back[j] == buf[j], "int %d read from the start is %d, expected %d", j, back[j], buf[j]);
  IO_OK(MPI_File_seek(fh, 4, MPI_SEEK_CUR));
  expect_position(fh, 7, "after MPI_SEEK_CUR +4");
  IO_OK(MPI_File_read(fh, back, 2, MPI_INT, &status));
  CHECK(back[0] == buf[7] && back[1] == buf[8], "ints 7 and 8 read as %d %d", back[0], back[1]);
  IO_OK(MPI_File_seek(fh, -6, MPI_SEEK_CUR));
  expect_position(fh, 3, "after MPI_SEEK_CUR -6");
  IO_OK(MPI_File_read(fh, back, 1, MPI_INT, &status));
  CHECK(back[0] == buf[3], "int 3 read as %d", back[0]);
  /* The end of the file is the end of every rank's PER ints. */
  IO_OK(MPI_File_seek(fh, -2, MPI_SEEK_END));
  expect_position(fh, PER - 2, "after MPI_SEEK_END -2");
  IO_OK(MPI_File_read(fh, back, 5, MPI_INT, &status));
  CHECK(back[0] == buf[PER - 2] && back[1] == buf[PER - 1], "the last ints read as %d %d", back[0], back[1]);
  /* Only 2 were there to read, and the pointer moves by what was read. MPICH's reads through a view with
   * holes (ROMIO's ADIOI_GEN_ReadStrided) report, and move by, the 5 asked for. */
  if (MPITEST_ON_WEFT) {
    expect_moved(&status, MPI_INT, 2, "reading 5 of the last 2");
    expect_position(fh, PER, "after reading to the end");
  }
  IO_OK(MPI_File_seek(fh, 0, MPI_SEEK_END));
  expect_position(fh, PER, "after MPI_SEEK_END 0");

  /* Pointers of their own: every rank goes to a place of its own and reads what is there. */
  int mine = (rank * 5) % PER;
  IO_OK(MPI_File_seek(fh, mine, MPI_SEEK_SET));
  MPI_Barrier(MPI_COMM_WORLD); /* all have moved their pointers before any reads */
  IO_OK(MPI_File_read(fh, back, 1, MPI_INT, &status));
  CHECK(back[0] == buf[mine], "at %d of its view rank %d read %d, expected %d", mine, rank, back[0], buf[mine]);
  expect_position(fh, mine + 1, "after a read from a place of the rank's own");
  MPI_Offset byte = -1;
  IO_OK(MPI_File_get_byte_offset(fh, position(fh), &byte));
  CHECK(byte == ((MPI_Offset)(mine + 1) * size + rank) * (MPI_Offset)sizeof(int),
        "the pointer %d of the view is at byte %lld", mine + 1, (long long)byte);

  /* Setting a view puts the pointer back to 0. An etype of two ints: the pointer counts pairs. Every
   * rank's pairs follow the cyclic area, in blocks of HALF pairs, written by two collective writes. */
  MPI_Datatype pair;
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_commit(&pair);
  const MPI_Offset pairs_area = (MPI_Offset)PER * size * (MPI_Offset)sizeof(int);
  const MPI_Offset pairs_disp = pairs_area + (MPI_Offset)rank * HALF * 2 * (MPI_Offset)sizeof(int);
  IO_OK(MPI_File_set_view(fh, pairs_disp, pair, pair, "native", MPI_INFO_NULL));
  expect_position(fh, 0, "after MPI_File_set_view");
  int pairs[2 * HALF], pairs_back[2 * HALF];
  for (int j = 0; j < 2 * HALF; j++) pairs[j] = value(PER * size + rank * 2 * HALF + j);
  IO_OK(MPI_File_write_all(fh, pairs, 3, pair, &status));
  expect_moved(&status, pair, 3, "write_all of 3 pairs");
  expect_position(fh, 3, "after write_all of 3 pairs");
  IO_OK(MPI_File_write_all(fh, pairs + 6, 2 * (HALF - 3), MPI_INT, &status)); /* ints of the pairs: same type map */
  expect_moved(&status, MPI_INT, 2 * (HALF - 3), "write_all of the rest as ints");
  expect_position(fh, HALF, "after write_all of the rest");
  make_visible(fh);
  IO_OK(MPI_File_seek(fh, 0, MPI_SEEK_SET));
  memset(pairs_back, 0, sizeof pairs_back);
  IO_OK(MPI_File_read_all(fh, pairs_back, HALF, pair, &status));
  expect_moved(&status, pair, HALF, "read_all of the pairs");
  expect_position(fh, HALF, "after read_all");
  for (int j = 0; j < 2 * HALF; j++)
    CHECK(pairs_back[j] == pairs[j], "int %d of the pairs read as %d, expected %d", j, pairs_back[j], pairs[j]);
  IO_OK(MPI_File_close(&fh));
  MPI_Type_free(&pair);
  MPI_Type_free(&cyclic);

  /* MPI_MODE_APPEND: the individual and shared pointers start at the end (in bytes: the default view).
   * Rank 0 appends one int. */
  const MPI_Offset end = pairs_area + (MPI_Offset)size * HALF * 2 * (MPI_Offset)sizeof(int);
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY | MPI_MODE_APPEND, MPI_INFO_NULL, &fh));
  expect_position(fh, end, "opened with MPI_MODE_APPEND");
  MPI_Offset shared = -1;
  IO_OK(MPI_File_get_position_shared(fh, &shared));
  CHECK(shared == end, "opened with MPI_MODE_APPEND the shared pointer is at %lld, expected %lld", (long long)shared,
        (long long)end);
  int appended = value(-1);
  if (rank == 0) IO_OK(MPI_File_write(fh, &appended, 1, MPI_INT, MPI_STATUS_IGNORE));
  IO_OK(MPI_File_close(&fh));

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    long long n = PER * size + 2LL * HALF * size + 1;
    int* expected = malloc(sizeof(int) * (size_t)n);
    for (long long g = 0; g < n - 1; g++) expected[g] = value(g);
    expected[n - 1] = appended;
    io_posix_expect(path, expected, n * (long long)sizeof(int), "the file written at individual pointers");
    free(expected);
  }
  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
