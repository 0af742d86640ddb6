/* Nonblocking and split collective data access (MPI-3.1 13.4.2 to 13.4.5): MPI_File_iwrite_at/iread_at,
 * iwrite/iread (the individual pointer moves when the call starts), iwrite_all/iread_all and
 * iwrite_at_all/iread_at_all, completed by MPI_Waitall together with point-to-point messages around a ring
 * that are in flight at the same time, by MPI_Wait, and by MPI_Test loops; the split collectives
 * write_all, read_all, write_at_all, read_at_all, write_ordered and read_ordered begin/end with messages
 * exchanged between begin and end. The statuses count what moved; data is read back under another
 * decomposition (or another rank's block) and the whole file is checked with POSIX reads. */
#include "iotest.h"

static const char* program = "io_nonblocking";

enum { B = 256, K = 4, AREAS = 7, RING = 64 };

/* Element g of area a (1..AREAS) of the file; every area holds size * B ints. */
static int value(int area, long long g) { return area * 10000000 + (int)g * 3 + 1; }

static int rank, size;

static MPI_Offset area_byte(int area) { return (MPI_Offset)(area - 1) * size * B * (MPI_Offset)sizeof(int); }

/* Starts a message around the ring: two requests, receive then send. */
static void ring_start(MPI_Request* requests, int* send, int* recv, int round) {
  for (int i = 0; i < RING; i++) {
    send[i] = round * 100000 + rank * 1000 + i;
    recv[i] = -1;
  }
  MPI_Irecv(recv, RING, MPI_INT, (rank + size - 1) % size, round, MPI_COMM_WORLD, &requests[0]);
  MPI_Isend(send, RING, MPI_INT, (rank + 1) % size, round, MPI_COMM_WORLD, &requests[1]);
}

static void ring_check(const int* recv, int round) {
  int left = (rank + size - 1) % size;
  for (int i = 0; i < RING; i++)
    CHECK(recv[i] == round * 100000 + left * 1000 + i, "round %d: ring message int %d is %d", round, i, recv[i]);
}

static void expect_count(const MPI_Status* status, int n, const char* what) {
  CHECK(io_count(status, MPI_INT) == n, "%s: the status counts %d ints, expected %d", what, io_count(status, MPI_INT),
        n);
}

static void expect_values(const int* buf, int area, long long first, const char* what) {
  for (int i = 0; i < B; i++)
    CHECK(buf[i] == value(area, first + i), "%s: int %d is %d, expected %d", what, i, buf[i], value(area, first + i));
}

/* Views of an area in ints: this rank's block, or round robin K ints at a time. */
static void block_view(MPI_File fh, int area) {
  IO_OK(MPI_File_set_view(fh, area_byte(area) + (MPI_Offset)rank * B * (MPI_Offset)sizeof(int), MPI_INT, MPI_INT,
                          "native", MPI_INFO_NULL));
}

static void cyclic_view(MPI_File fh, int area, MPI_Datatype cyclic) {
  IO_OK(MPI_File_set_view(fh, area_byte(area) + (MPI_Offset)rank * K * (MPI_Offset)sizeof(int), MPI_INT, cyclic,
                          "native", MPI_INFO_NULL));
}

static void byte_view(MPI_File fh) { IO_OK(MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL)); }

/* The global index of int j of this rank under the cyclic view. */
static long long cyclic_index(int j) { return (long long)(j / K) * K * size + (long long)rank * K + j % K; }

int main(int argc, char** argv) {
  char path[IOTEST_PATH_MAX];
  io_init(&argc, &argv, program, &rank, &size, path);
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  MPI_Datatype run, cyclic;
  MPI_Type_contiguous(K, MPI_INT, &run);
  MPI_Type_create_resized(run, 0, (MPI_Aint)K * size * (MPI_Aint)sizeof(int), &cyclic);
  MPI_Type_commit(&cyclic);
  const int next = (rank + 1) % size;
  const MPI_Offset mine = (MPI_Offset)rank * B * (MPI_Offset)sizeof(int), nexts = (MPI_Offset)next * B * sizeof(int);
  int out[B], in[B], send[RING], recv[RING];
  MPI_Request requests[4];
  MPI_Status statuses[4], status;

  /* Area 1: iwrite_at of the rank's block in one Waitall with a ring message; iread_at of the next rank's
   * block finished by an MPI_Test loop while a ring message is in flight. */
  for (int i = 0; i < B; i++) out[i] = value(1, (long long)rank * B + i);
  ring_start(requests, send, recv, 1);
  IO_OK(MPI_File_iwrite_at(fh, area_byte(1) + mine, out, B, MPI_INT, &requests[2]));
  IO_OK(MPI_Waitall(3, requests, statuses));
  expect_count(&statuses[2], B, "iwrite_at");
  ring_check(recv, 1);
  /* ROMIO's older names for the same requests, which codes written for MPI-1's MPI-IO still use. */
  MPIO_Request legacy = MPIO_REQUEST_NULL;
  IO_OK(MPI_File_iwrite_at(fh, area_byte(1) + mine, out, B, MPI_INT, &legacy));
  IO_OK(MPIO_Wait(&legacy, &status));
  expect_count(&status, B, "iwrite_at completed by MPIO_Wait");
  make_visible(fh);
  ring_start(requests, send, recv, 2);
  IO_OK(MPI_File_iread_at(fh, area_byte(1) + nexts, in, B, MPI_INT, &requests[2]));
  for (int done = 0; !done;) IO_OK(MPI_Test(&requests[2], &done, &status));
  CHECK(requests[2] == MPI_REQUEST_NULL, "a completed MPI_Test left the request active");
  expect_count(&status, B, "iread_at");
  expect_values(in, 1, (long long)next * B, "iread_at of the next rank's block");
  IO_OK(MPI_Waitall(2, requests, statuses));
  ring_check(recv, 2);

  /* Area 2: two iwrites back to back at the individual pointer, which moves as each starts. */
  block_view(fh, 2);
  for (int i = 0; i < B; i++) out[i] = value(2, (long long)rank * B + i);
  IO_OK(MPI_File_iwrite(fh, out, B / 2, MPI_INT, &requests[0]));
  MPI_Offset position = -1;
  IO_OK(MPI_File_get_position(fh, &position));
  CHECK(position == B / 2, "after starting an iwrite of %d ints the pointer is at %lld", B / 2, (long long)position);
  IO_OK(MPI_File_iwrite(fh, out + B / 2, B - B / 2, MPI_INT, &requests[1]));
  IO_OK(MPI_File_get_position(fh, &position));
  CHECK(position == B, "after starting two iwrites the pointer is at %lld", (long long)position);
  IO_OK(MPI_Waitall(2, requests, statuses));
  expect_count(&statuses[0], B / 2, "the first iwrite");
  expect_count(&statuses[1], B - B / 2, "the second iwrite");
  make_visible(fh);
  IO_OK(MPI_File_seek(fh, 0, MPI_SEEK_SET));
  memset(in, 0, sizeof in);
  IO_OK(MPI_File_iread(fh, in, B / 2, MPI_INT, &requests[0]));
  IO_OK(MPI_File_iread(fh, in + B / 2, B - B / 2, MPI_INT, &requests[1]));
  IO_OK(MPI_Wait(&requests[1], &status));
  expect_count(&status, B - B / 2, "the second iread");
  IO_OK(MPI_Wait(&requests[0], &status));
  expect_count(&status, B / 2, "the first iread");
  expect_values(in, 2, (long long)rank * B, "two ireads");

  /* Area 3: iwrite_all round robin with a ring message in the same Waitall; iread_all in blocks. */
  cyclic_view(fh, 3, cyclic);
  for (int j = 0; j < B; j++) out[j] = value(3, cyclic_index(j));
  ring_start(requests, send, recv, 3);
  IO_OK(MPI_File_iwrite_all(fh, out, B, MPI_INT, &requests[2]));
  IO_OK(MPI_Waitall(3, requests, statuses));
  expect_count(&statuses[2], B, "iwrite_all");
  ring_check(recv, 3);
  make_visible(fh);
  block_view(fh, 3);
  memset(in, 0, sizeof in);
  ring_start(requests, send, recv, 4);
  IO_OK(MPI_File_iread_all(fh, in, B, MPI_INT, &requests[2]));
  IO_OK(MPI_Waitall(3, requests, statuses));
  expect_count(&statuses[2], B, "iread_all");
  expect_values(in, 3, (long long)rank * B, "iread_all in blocks of what iwrite_all wrote round robin");
  ring_check(recv, 4);

  /* Area 4: iwrite_at_all and iread_at_all at explicit offsets, in a Waitall with the ring and, after it,
   * a Test loop. */
  byte_view(fh);
  for (int i = 0; i < B; i++) out[i] = value(4, (long long)rank * B + i);
  ring_start(requests, send, recv, 5);
  IO_OK(MPI_File_iwrite_at_all(fh, area_byte(4) + mine, out, B, MPI_INT, &requests[2]));
  IO_OK(MPI_Waitall(3, requests, statuses));
  expect_count(&statuses[2], B, "iwrite_at_all");
  ring_check(recv, 5);
  make_visible(fh);
  memset(in, 0, sizeof in);
  IO_OK(MPI_File_iread_at_all(fh, area_byte(4) + nexts, in, B, MPI_INT, &requests[0]));
  for (int done = 0; !done;) IO_OK(MPI_Test(&requests[0], &done, &status));
  expect_count(&status, B, "iread_at_all");
  expect_values(in, 4, (long long)next * B, "iread_at_all of the next rank's block");

  /* Area 5: split write_all round robin, read_all in blocks; a message exchanged between begin and end. */
  cyclic_view(fh, 5, cyclic);
  for (int j = 0; j < B; j++) out[j] = value(5, cyclic_index(j));
  IO_OK(MPI_File_write_all_begin(fh, out, B, MPI_INT));
  ring_start(requests, send, recv, 6);
  IO_OK(MPI_Waitall(2, requests, statuses));
  IO_OK(MPI_File_write_all_end(fh, out, &status));
  expect_count(&status, B, "write_all_end");
  ring_check(recv, 6);
  make_visible(fh);
  block_view(fh, 5);
  memset(in, 0, sizeof in);
  IO_OK(MPI_File_read_all_begin(fh, in, B, MPI_INT));
  ring_start(requests, send, recv, 7);
  IO_OK(MPI_Waitall(2, requests, statuses));
  IO_OK(MPI_File_read_all_end(fh, in, &status));
  expect_count(&status, B, "read_all_end");
  expect_values(in, 5, (long long)rank * B, "split read_all of a split write_all");
  ring_check(recv, 7);

  /* Area 6: split write_at_all and read_at_all. */
  byte_view(fh);
  for (int i = 0; i < B; i++) out[i] = value(6, (long long)rank * B + i);
  IO_OK(MPI_File_write_at_all_begin(fh, area_byte(6) + mine, out, B, MPI_INT));
  ring_start(requests, send, recv, 8);
  IO_OK(MPI_Waitall(2, requests, statuses));
  IO_OK(MPI_File_write_at_all_end(fh, out, &status));
  expect_count(&status, B, "write_at_all_end");
  ring_check(recv, 8);
  make_visible(fh);
  memset(in, 0, sizeof in);
  IO_OK(MPI_File_read_at_all_begin(fh, area_byte(6) + nexts, in, B, MPI_INT));
  IO_OK(MPI_File_read_at_all_end(fh, in, &status));
  expect_count(&status, B, "read_at_all_end");
  expect_values(in, 6, (long long)next * B, "split read_at_all of the next rank's block");

  /* Area 7: split write_ordered and read_ordered at the shared pointer, which set_view puts at 0. */
  IO_OK(MPI_File_set_view(fh, area_byte(7), MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
  for (int i = 0; i < B; i++) out[i] = value(7, (long long)rank * B + i);
  IO_OK(MPI_File_write_ordered_begin(fh, out, B, MPI_INT));
  ring_start(requests, send, recv, 9);
  IO_OK(MPI_Waitall(2, requests, statuses));
  IO_OK(MPI_File_write_ordered_end(fh, out, &status));
  expect_count(&status, B, "write_ordered_end");
  ring_check(recv, 9);
  make_visible(fh);
  IO_OK(MPI_File_seek_shared(fh, 0, MPI_SEEK_SET));
  memset(in, 0, sizeof in);
  IO_OK(MPI_File_read_ordered_begin(fh, in, B, MPI_INT));
  IO_OK(MPI_File_read_ordered_end(fh, in, &status));
  expect_count(&status, B, "read_ordered_end");
  expect_values(in, 7, (long long)rank * B, "split read_ordered");
  IO_OK(MPI_File_close(&fh));
  MPI_Type_free(&cyclic);
  MPI_Type_free(&run);

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    long long n = (long long)AREAS * size * B;
    int* expected = malloc(sizeof(int) * (size_t)n);
    for (int area = 1; area <= AREAS; area++)
      for (long long g = 0; g < (long long)size * B; g++)
        expected[(long long)(area - 1) * size * B + g] = value(area, g);
    io_posix_expect(path, expected, n * (long long)sizeof(int), "the file written by nonblocking and split calls");
    free(expected);
  }
  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
