/* The shared file pointer (MPI-3.1 13.4.4), in ints of the view: every rank writes ROUNDS records with
 * MPI_File_write_shared, and every record appears exactly once, whole, a rank's own in the order it wrote
 * them, the file exactly as long as all of them; MPI_File_read_shared hands each rank a different record;
 * MPI_File_seek_shared (SET and END) and MPI_File_get_position_shared; MPI_File_write_ordered appends
 * records of different lengths in rank order and MPI_File_read_ordered gives each rank its own back. The
 * file is checked with POSIX reads. */
#include "iotest.h"

static const char* program = "io_shared";

enum { ROUNDS = 3, RECORD = 6 }; /* a record: rank, round, then RECORD - 2 ints of a formula */

static int record_value(int rank, int round, int i) { return rank * 7919 + round * 104729 + i * 31 + 17; }

static void make_record(int* record, int rank, int round) {
  record[0] = rank;
  record[1] = round;
  for (int i = 2; i < RECORD; i++) record[i] = record_value(rank, round, i);
}

/* A whole record of some rank and round. */
static void expect_record(const int* record, int size, const char* what) {
  CHECK(record[0] >= 0 && record[0] < size && record[1] >= 0 && record[1] < ROUNDS, "%s: a record of rank %d round %d",
        what, record[0], record[1]);
  for (int i = 2; i < RECORD; i++)
    CHECK(record[i] == record_value(record[0], record[1], i),
          "%s: int %d of the record of rank %d round %d is %d, a mix of records", what, i, record[0], record[1],
          record[i]);
}

/* Rank r's ordered record: 2 + r % 3 ints. */
static int ordered_length(int r) { return 2 + r % 3; }
static int ordered_value(int r, int i) { return -(r * 1000 + i + 1); }
static MPI_Offset ordered_before(int r) {
  MPI_Offset n = 0;
  for (int q = 0; q < r; q++) n += ordered_length(q);
  return n;
}

/* Every rank finds the shared pointer at `expected`: read between barriers, since it is everyone's and the
 * first rank past a check may move it (seek_shared is collective but need not wait for the others). */
static void expect_shared_position(MPI_File fh, MPI_Offset expected, const char* what) {
  MPI_Offset at = -1;
  MPI_Barrier(MPI_COMM_WORLD);
  IO_OK(MPI_File_get_position_shared(fh, &at));
  CHECK(at == expected, "%s: the shared pointer is at %lld, expected %lld", what, (long long)at, (long long)expected);
  MPI_Barrier(MPI_COMM_WORLD);
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
  IO_OK(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
  expect_shared_position(fh, 0, "a new file");

  /* Every rank writes its records at the shared pointer, all at once. */
  int record[RECORD];
  MPI_Status status;
  for (int round = 0; round < ROUNDS; round++) {
    make_record(record, rank, round);
    IO_OK(MPI_File_write_shared(fh, record, RECORD, MPI_INT, &status));
    CHECK(io_count(&status, MPI_INT) == RECORD, "write_shared wrote %d ints", io_count(&status, MPI_INT));
  }
  make_visible(fh);
  const MPI_Offset records_end = (MPI_Offset)ROUNDS * size * RECORD;
  expect_shared_position(fh, records_end, "after all shared writes");
  MPI_Offset file_size;
  IO_OK(MPI_File_get_size(fh, &file_size));
  CHECK(file_size == records_end * (MPI_Offset)sizeof(int), "after all shared writes the file holds %lld bytes",
        (long long)file_size);
  /* The individual pointer did not move. */
  MPI_Offset individual;
  IO_OK(MPI_File_get_position(fh, &individual));
  CHECK(individual == 0, "shared writes moved the individual pointer to %lld", (long long)individual);

  /* From the start again, every rank reads one record at the shared pointer: each a whole one, no two the
   * same. */
  IO_OK(MPI_File_seek_shared(fh, 0, MPI_SEEK_SET));
  expect_shared_position(fh, 0, "after MPI_File_seek_shared to 0");
  memset(record, 0xff, sizeof record);
  IO_OK(MPI_File_read_shared(fh, record, RECORD, MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == RECORD, "read_shared read %d ints", io_count(&status, MPI_INT));
  expect_record(record, size, "read_shared");
  int* seen = malloc(sizeof(int) * 2 * (size_t)size);
  MPI_Allgather(record, 2, MPI_INT, seen, 2, MPI_INT, MPI_COMM_WORLD);
  for (int a = 0; a < size; a++)
    for (int b = a + 1; b < size; b++)
      CHECK(seen[2 * a] != seen[2 * b] || seen[2 * a + 1] != seen[2 * b + 1],
            "ranks %d and %d both read the record of rank %d round %d with read_shared", a, b, seen[2 * a],
            seen[2 * a + 1]);
  free(seen);
  expect_shared_position(fh, (MPI_Offset)size * RECORD, "after every rank read a record");

  /* Appended in rank order at the end. */
  IO_OK(MPI_File_seek_shared(fh, 0, MPI_SEEK_END));
  expect_shared_position(fh, records_end, "after MPI_File_seek_shared to MPI_SEEK_END");
  int ordered[4], ordered_back[4];
  for (int i = 0; i < ordered_length(rank); i++) ordered[i] = ordered_value(rank, i);
  IO_OK(MPI_File_write_ordered(fh, ordered, ordered_length(rank), MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == ordered_length(rank), "write_ordered wrote %d ints", io_count(&status, MPI_INT));
  const MPI_Offset ordered_end = records_end + ordered_before(size);
  expect_shared_position(fh, ordered_end, "after write_ordered");
  make_visible(fh);
  IO_OK(MPI_File_seek_shared(fh, records_end, MPI_SEEK_SET));
  memset(ordered_back, 0, sizeof ordered_back);
  IO_OK(MPI_File_read_ordered(fh, ordered_back, ordered_length(rank), MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == ordered_length(rank), "read_ordered read %d ints", io_count(&status, MPI_INT));
  for (int i = 0; i < ordered_length(rank); i++)
    CHECK(ordered_back[i] == ordered[i], "int %d read_ordered by rank %d is %d, expected %d", i, rank, ordered_back[i],
          ordered[i]);
  expect_shared_position(fh, ordered_end, "after read_ordered");
  IO_OK(MPI_File_close(&fh));

  /* The file: every record once, each rank's in its order, then the ordered ones in rank order. */
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    long long bytes;
    int* data = (int*)io_posix_read(path, &bytes);
    CHECK(bytes == ordered_end * (long long)sizeof(int), "the file holds %lld bytes, expected %lld", bytes,
          (long long)(ordered_end * (MPI_Offset)sizeof(int)));
    int* next_round = calloc((size_t)size, sizeof(int));
    for (int k = 0; k < ROUNDS * size; k++) {
      const int* r = data + (long long)k * RECORD;
      expect_record(r, size, "the file");
      CHECK(r[1] == next_round[r[0]], "record %d of the file is rank %d's round %d, expected its round %d", k, r[0],
            r[1], next_round[r[0]]);
      next_round[r[0]]++;
    }
    for (int q = 0; q < size; q++)
      for (int i = 0; i < ordered_length(q); i++)
        CHECK(data[records_end + ordered_before(q) + i] == ordered_value(q, i),
              "int %d of rank %d's ordered record in the file is %d", i, q, data[records_end + ordered_before(q) + i]);
    free(next_round);
    free(data);
  }
  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
