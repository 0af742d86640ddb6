/* A file that runs out of room: with RLIMIT_FSIZE below what a write needs, the kernel refuses the bytes
 * past the limit (EFBIG, as a full disk refuses them with ENOSPC). The write fails with MPI_ERR_NO_SPACE on
 * every rank of a collective write, on every node (the aggregators' error reaches all of them), and from
 * MPI_Wait and MPI_Test for a nonblocking write, and never counts as done; writes below the limit still
 * succeed, and what they wrote reads back. SIGXFSZ, which the kernel sends with EFBIG, is ignored, as a program that
 * handles full disks does. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/resource.h>

#include "iotest.h"

static const char* program = "io_no_space";

enum { LIMIT = 64 << 10, INTS = 1024 };

/* Weft reports a write refused for want of room as MPI_ERR_NO_SPACE, whether the disk is full or the file
 * may not grow; MPICH reports the second as MPI_ERR_IO. */
static void expect_no_space(int code, const char* what) {
  int error_class = -1;
  if (code != MPI_SUCCESS) MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_NO_SPACE || (!MPITEST_ON_WEFT && error_class == MPI_ERR_IO),
        "%s returned %d (class %d), expected MPI_ERR_NO_SPACE", what, code, error_class);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  signal(SIGXFSZ, SIG_IGN);
  struct rlimit limit = {LIMIT, LIMIT};
  CHECK(setrlimit(RLIMIT_FSIZE, &limit) == 0, "setrlimit(RLIMIT_FSIZE) failed: errno %d", errno);
  char prefix[IOTEST_PATH_MAX], path[IOTEST_PATH_MAX];
  io_prefix(prefix, program);
  io_name(path, prefix, "data");
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                      &fh));
  int block[INTS];
  for (int i = 0; i < INTS; i++) block[i] = rank * INTS + i;
  MPI_Status status;

  /* Below the limit (the first 4 KiB of each rank, ranks beyond 16 write nothing): it works. */
  const MPI_Offset mine = (MPI_Offset)rank * INTS * (MPI_Offset)sizeof(int);
  const int fits = mine + (MPI_Offset)sizeof block <= LIMIT;
  IO_OK(MPI_File_write_at_all(fh, mine, block, fits ? INTS : 0, MPI_INT, &status));
  make_visible(fh);

  /* Independent: past the limit. */
  expect_no_space(MPI_File_write_at(fh, LIMIT + mine, block, INTS, MPI_INT, &status),
                  "MPI_File_write_at past the file size limit");
  /* Collective: every rank's block past the limit; each rank gets the error. */
  expect_no_space(MPI_File_write_at_all(fh, LIMIT + mine, block, INTS, MPI_INT, &status),
                  "MPI_File_write_at_all past the file size limit");
  /* One part past the limit among empty ones: on Weft the error reaches every rank of the collective, as
   * it does ROMIO's where ROMIO aggregates (MPICH leaves the others MPI_SUCCESS here). */
  const MPI_Offset where = rank == size - 1 ? LIMIT : 0;
  int code = MPI_File_write_at_all(fh, where, block, rank == size - 1 ? INTS : 0, MPI_INT, &status);
  if (MPITEST_ON_WEFT || rank == size - 1)
    expect_no_space(code, "MPI_File_write_at_all with one rank's part past the limit");

  /* Nonblocking: the start succeeds or fails at once (MPICH writes in the call); the error reaches the
   * completing call otherwise, to the file's handler, and the status counts what fitted (nothing here). */
  MPI_Request request;
  code = MPI_File_iwrite_at(fh, LIMIT + mine, block, INTS, MPI_INT, &request);
  if (code == MPI_SUCCESS) {
    code = MPI_Wait(&request, &status);
    CHECK(request == MPI_REQUEST_NULL, "MPI_Wait of a failed transfer left its request set");
  }
  expect_no_space(code, "MPI_File_iwrite_at past the file size limit, completed by MPI_Wait");
  code = MPI_File_iwrite_at(fh, LIMIT + mine, block, INTS, MPI_INT, &request);
  for (int done = 0; code == MPI_SUCCESS && !done;) code = MPI_Test(&request, &done, &status);
  expect_no_space(code, "MPI_File_iwrite_at past the file size limit, completed by MPI_Test");

  /* What fitted reads back. */
  if (fits) {
    int back[INTS];
    IO_OK(MPI_File_read_at(fh, mine, back, INTS, MPI_INT, &status));
    CHECK(io_count(&status, MPI_INT) == INTS, "read back %d ints", io_count(&status, MPI_INT));
    for (int i = 0; i < INTS; i++) CHECK(back[i] == block[i], "int %d reads %d, expected %d", i, back[i], block[i]);
  }
  IO_OK(MPI_File_close(&fh));
  if (rank == 0) printf("%s: ok\n", program);
  MPI_Finalize();
  return 0;
}
