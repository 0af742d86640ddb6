/* Nonblocking transfers move while their rank goes on. Each rank locks its block of the file through a
 * descriptor of its own (an open file description lock, which atomic mode's lock conflicts with), starts an
 * MPI_File_iwrite_at of the block and an MPI_File_iread_at of another rank's, and while the locks hold them
 * back it sees neither complete in MPI_Test and exchanges messages around a ring; it unlocks, and
 * MPI_Waitall completes both with their counts. Then every rank waits in MPI_Wait for a transfer held back
 * for longer than the deadlock period (WEFT_DEADLOCK_SECONDS=1 in the test) by a thread of rank 0, and is
 * not reported deadlocked; MPI_File_close with a transfer under way finishes it first (an error of the
 * program, which Weft makes safe: the request still completes, its data in the file); MPI_Request_free
 * of a transfer under way leaves it to finish. The file is checked with POSIX reads.
 *
 * Weft only where a transfer must be under way after its start call returned: MPICH moves it in the call,
 * which with the lock held would never return. */
#define _GNU_SOURCE
#include <pthread.h>

#include "iotest.h"

static const char* program = "io_overlap";

enum { B = 1024, RING = 16, HELD_MS = 2000 };

static int rank, size;

static int value(int area, long long g) { return area * 10000000 + (int)g * 7 + 3; }

static MPI_Offset block_byte(int area, int owner) {
  return ((MPI_Offset)(area - 1) * size + owner) * B * (MPI_Offset)sizeof(int);
}

/* An open file description lock of `bytes` bytes at `first` on `fd`, taken (F_WRLCK) or released. */
static void posix_lock(int fd, MPI_Offset first, long long bytes, short type) {
  struct flock lock = {.l_type = type, .l_whence = SEEK_SET, .l_start = first, .l_len = bytes};
  CHECK(fcntl(fd, F_OFD_SETLK, &lock) == 0, "fcntl(F_OFD_SETLK, %s) of %lld bytes at %lld: %s",
        type == F_UNLCK ? "F_UNLCK" : "F_WRLCK", bytes, (long long)first, strerror(errno));
}

static void fill(int* block, int area, int owner) {
  for (int i = 0; i < B; i++) block[i] = value(area, (long long)owner * B + i);
}

static void expect_block(const int* block, int area, int owner, const char* what) {
  for (int i = 0; i < B; i++)
    CHECK(block[i] == value(area, (long long)owner * B + i), "%s: int %d is %d, expected %d", what, i, block[i],
          value(area, (long long)owner * B + i));
}

static void ring_exchange(int round) {
  int out[RING], in[RING];
  for (int i = 0; i < RING; i++) out[i] = round * 1000 + rank * 10 + i % 10;
  MPI_Sendrecv(out, RING, MPI_INT, (rank + 1) % size, round, in, RING, MPI_INT, (rank + size - 1) % size, round,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  int left = (rank + size - 1) % size;
  for (int i = 0; i < RING; i++)
    CHECK(in[i] == round * 1000 + left * 10 + i % 10, "ring round %d: int %d is %d", round, i, in[i]);
}

struct held_lock {
  int fd;
  MPI_Offset first;
};

/* Rank 0's thread: holds the lock for longer than the deadlock period, then lets the transfer go. */
static void* release_later(void* argument) {
  struct held_lock* held = argument;
  usleep(HELD_MS * 1000);
  posix_lock(held->fd, held->first, (long long)B * sizeof(int), F_UNLCK);
  return NULL;
}

int main(int argc, char** argv) {
  char path[IOTEST_PATH_MAX];
  io_init(&argc, &argv, program, &rank, &size, path);
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  IO_OK(MPI_File_set_atomicity(fh, 1));
  const long long block_bytes = (long long)B * sizeof(int);
  const int next = (rank + 1) % size;
  int fd = open(path, O_RDWR);
  CHECK(fd >= 0, "open %s: %s", path, strerror(errno));
  static int out[B], in[B];
  MPI_Request requests[2];
  MPI_Status statuses[2];

  /* Area 1 is written whole first; area 2 then by iwrite_at, while area 1 is read back by iread_at. */
  fill(out, 1, rank);
  IO_OK(MPI_File_write_at(fh, block_byte(1, rank), out, B, MPI_INT, MPI_STATUS_IGNORE));
  MPI_Barrier(MPI_COMM_WORLD);
  fill(out, 2, rank);
  if (MPITEST_ON_WEFT) {
    posix_lock(fd, block_byte(2, rank), block_bytes, F_WRLCK);
    posix_lock(fd, block_byte(1, next), block_bytes, F_WRLCK);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  IO_OK(MPI_File_iwrite_at(fh, block_byte(2, rank), out, B, MPI_INT, &requests[0]));
  IO_OK(MPI_File_iread_at(fh, block_byte(1, next), in, B, MPI_INT, &requests[1]));
  if (MPITEST_ON_WEFT) {
    for (int round = 1; round <= 20; round++) {
      int done = 1;
      IO_OK(MPI_Testall(2, requests, &done, statuses));
      CHECK(!done, "round %d: MPI_Testall completed transfers whose bytes are locked", round);
      ring_exchange(round);
    }
    posix_lock(fd, block_byte(2, rank), block_bytes, F_UNLCK);
    posix_lock(fd, block_byte(1, next), block_bytes, F_UNLCK);
  }
  IO_OK(MPI_Waitall(2, requests, statuses));
  CHECK(io_count(&statuses[0], MPI_INT) == B, "iwrite_at counts %d ints", io_count(&statuses[0], MPI_INT));
  CHECK(io_count(&statuses[1], MPI_INT) == B, "iread_at counts %d ints", io_count(&statuses[1], MPI_INT));
  expect_block(in, 1, next, "iread_at of the next rank's block");

  /* Area 3: every rank blocked in MPI_Wait (the others first in MPI_Barrier) for rank 0's transfer, held
   * back by its thread for longer than the deadlock period. */
  fill(out, 3, rank);
  pthread_t releaser;
  struct held_lock held = {fd, block_byte(3, 0)};
  if (MPITEST_ON_WEFT && rank == 0) {
    posix_lock(fd, held.first, block_bytes, F_WRLCK);
    CHECK(pthread_create(&releaser, NULL, release_later, &held) == 0, "pthread_create failed");
  }
  IO_OK(MPI_File_iwrite_at(fh, block_byte(3, rank), out, B, MPI_INT, &requests[0]));
  if (rank != 0) MPI_Barrier(MPI_COMM_WORLD);
  IO_OK(MPI_Wait(&requests[0], &statuses[0]));
  if (rank == 0) MPI_Barrier(MPI_COMM_WORLD);
  CHECK(io_count(&statuses[0], MPI_INT) == B, "the held iwrite_at counts %d ints", io_count(&statuses[0], MPI_INT));
  if (MPITEST_ON_WEFT && rank == 0) pthread_join(releaser, NULL);
  close(fd);

  /* Area 4: a transfer freed while under way; area 5: one still under way at MPI_File_close (Weft only). */
  static int freed[B];
  fill(freed, 4, rank);
  IO_OK(MPI_File_iwrite_at(fh, block_byte(4, rank), freed, B, MPI_INT, &requests[0]));
  IO_OK(MPI_Request_free(&requests[0]));
  CHECK(requests[0] == MPI_REQUEST_NULL, "MPI_Request_free left the request set");
  int areas = 4;
  if (MPITEST_ON_WEFT) {
    areas = 5;
    fill(out, 5, rank);
    IO_OK(MPI_File_iwrite_at(fh, block_byte(5, rank), out, B, MPI_INT, &requests[0]));
  }
  IO_OK(MPI_File_close(&fh));
  if (MPITEST_ON_WEFT) {
    IO_OK(MPI_Wait(&requests[0], &statuses[0]));
    CHECK(io_count(&statuses[0], MPI_INT) == B, "the iwrite_at under way at close counts %d ints",
          io_count(&statuses[0], MPI_INT));
  }

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    long long n = (long long)areas * size * B;
    int* expected = malloc((size_t)n * sizeof(int));
    CHECK(expected != NULL, "out of memory");
    for (int area = 1; area <= areas; area++)
      for (long long g = 0; g < (long long)size * B; g++)
        expected[(area - 1) * (long long)size * B + g] = value(area, g);
    io_posix_expect(path, expected, n * (long long)sizeof(int), "the file after every transfer");
    free(expected);
  }
  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
