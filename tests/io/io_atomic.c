/* Atomic mode (MPI-3.1 13.6.1): MPI_File_set_atomicity and MPI_File_get_atomicity (every rank sees the
 * mode set); in atomic mode all ranks write a record of their own to the same region at once, through a
 * view with holes (16 pieces), with MPI_File_write_at and with MPI_File_write_at_all; after a barrier,
 * without sync, every rank reads the region and finds exactly one rank's complete record (never a mix of
 * records or of rounds), the same rank for all, and the holes as they were. Rank 0 checks the final file
 * with POSIX reads. */
#include "iotest.h"

static const char* program = "io_atomic";

enum { PIECES = 16, PIECE = 64, RECORD = PIECES * PIECE, SPAN = 2 * RECORD, ROUNDS = 4, HEADER = 12 };

/* Int i of rank r's record in round `round`; r and round can be read back from any int. */
static int record_value(int r, int round, int i) { return ((r + 1) * 64 + round) * 65536 + i; }
static int prefill(int i) { return -i - 1; }

static void expect_atomicity(MPI_File fh, int expected) {
  int flag = -1;
  IO_OK(MPI_File_get_atomicity(fh, &flag));
  CHECK(flag == expected, "MPI_File_get_atomicity gave %d, expected %d", flag, expected);
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
  expect_atomicity(fh, 0); /* nonatomic by default */
  IO_OK(MPI_File_set_atomicity(fh, 1));
  expect_atomicity(fh, 1);
  IO_OK(MPI_File_set_atomicity(fh, 0));
  expect_atomicity(fh, 0);

  /* A header of HEADER bytes and the region after it, prefilled by rank 0 (so the holes have known
   * contents). */
  int* span = malloc(sizeof(int) * SPAN);
  unsigned char header[HEADER];
  pattern_fill(header, HEADER, 3);
  if (rank == 0) {
    for (int i = 0; i < SPAN; i++) span[i] = prefill(i);
    IO_OK(MPI_File_write_at(fh, 0, header, HEADER, MPI_BYTE, MPI_STATUS_IGNORE));
    IO_OK(MPI_File_write_at(fh, HEADER, span, SPAN, MPI_INT, MPI_STATUS_IGNORE));
  }
  IO_OK(MPI_File_sync(fh));
  MPI_Barrier(MPI_COMM_WORLD);
  IO_OK(MPI_File_sync(fh));

  IO_OK(MPI_File_set_atomicity(fh, 1));
  expect_atomicity(fh, 1);
  /* The same view on every rank: PIECES pieces of PIECE ints, a hole of PIECE ints after each. */
  MPI_Datatype pieces;
  MPI_Type_vector(PIECES, PIECE, 2 * PIECE, MPI_INT, &pieces);
  MPI_Type_commit(&pieces);
  IO_OK(MPI_File_set_view(fh, HEADER, MPI_INT, pieces, "native", MPI_INFO_NULL));
  expect_atomicity(fh, 1); /* a view does not change the mode */

  int *record = malloc(sizeof(int) * RECORD), *seen = malloc(sizeof(int) * RECORD);
  int winner = -1, *winners = malloc(sizeof(int) * (size_t)size);
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < RECORD; i++) record[i] = record_value(rank, round, i);
    MPI_Status status;
    if (round % 2 == 0)
      IO_OK(MPI_File_write_at(fh, 0, record, RECORD, MPI_INT, &status));
    else
      IO_OK(MPI_File_write_at_all(fh, 0, record, RECORD, MPI_INT, &status));
    CHECK(io_count(&status, MPI_INT) == RECORD, "round %d: the write moved %d ints", round, io_count(&status, MPI_INT));
    MPI_Barrier(MPI_COMM_WORLD);

    /* Atomic mode: what was written before the barrier is seen without sync. */
    memset(seen, 0, sizeof(int) * RECORD);
    IO_OK(MPI_File_read_at(fh, 0, seen, RECORD, MPI_INT, &status));
    CHECK(io_count(&status, MPI_INT) == RECORD, "round %d: the read moved %d ints", round, io_count(&status, MPI_INT));
    winner = seen[0] / 65536 / 64 - 1;
    CHECK(winner >= 0 && winner < size && seen[0] == record_value(winner, round, 0),
          "round %d: the region starts with %d, no rank's record of this round", round, seen[0]);
    for (int i = 0; i < RECORD; i++)
      CHECK(seen[i] == record_value(winner, round, i),
            "round %d: int %d of the region is %d, but it starts with rank %d's record (a mix)", round, i, seen[i],
            winner);
    MPI_Allgather(&winner, 1, MPI_INT, winners, 1, MPI_INT, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
      CHECK(winners[r] == winner, "round %d: rank %d found rank %d's record, rank %d found rank %d's", round, rank,
            winner, r, winners[r]);
    MPI_Barrier(MPI_COMM_WORLD); /* all have read before the next round writes */
  }
  /* The holes are untouched: read through the default view. */
  IO_OK(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL));
  IO_OK(MPI_File_read_at(fh, HEADER, span, SPAN, MPI_INT, MPI_STATUS_IGNORE));
  for (int i = 0; i < SPAN; i++) {
    int piece = i / PIECE,
        expected = piece % 2 ? prefill(i) : record_value(winner, ROUNDS - 1, piece / 2 * PIECE + i % PIECE);
    CHECK(span[i] == expected, "int %d of the span is %d, expected %d (%s)", i, span[i], expected,
          piece % 2 ? "a hole" : "the winning record");
  }
  IO_OK(MPI_File_close(&fh));

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    long long bytes;
    unsigned char* file = io_posix_read(path, &bytes);
    CHECK(bytes == HEADER + SPAN * (long long)sizeof(int), "the file holds %lld bytes", bytes);
    CHECK(pattern_check(file, HEADER, 3) == HEADER, "header byte %zu differs", pattern_check(file, HEADER, 3));
    CHECK(memcmp(file + HEADER, span, SPAN * sizeof(int)) == 0, "the file differs from what was read through MPI");
    free(file);
  }
  MPI_Type_free(&pieces);
  free(record);
  free(seen);
  free(span);
  free(winners);
  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
