/* Helpers shared by the MPI-IO behaviour tests: file names unique to a run and POSIX access to what a test
 * wrote, which is how the tests check the bytes in a file independently of the MPI library under test. */
#ifndef WEFT_TESTS_IOTEST_H
#define WEFT_TESTS_IOTEST_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getpid, pread, chmod under -std=c11 */
#endif

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "../mpi/mpitest.h"

enum { IOTEST_PATH_MAX = 512 };

/* The prefix of this run's files: $WEFT_TEST_TMPDIR (else /tmp), the program's name and the pid of rank 0
 * of MPI_COMM_WORLD. Built by rank 0 and broadcast: ranks on other node processes have other pids, and runs
 * at the same time must not share files. Collective over MPI_COMM_WORLD. */
static inline void io_prefix(char* out, const char* program) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    const char* dir = getenv("WEFT_TEST_TMPDIR");
    if (dir == NULL || dir[0] == '\0') dir = "/tmp";
    int n = snprintf(out, IOTEST_PATH_MAX, "%s/%s.%ld", dir, program, (long)getpid());
    CHECK(n > 0 && n < IOTEST_PATH_MAX - 64, "the directory name in WEFT_TEST_TMPDIR is too long");
  }
  MPI_Bcast(out, IOTEST_PATH_MAX, MPI_CHAR, 0, MPI_COMM_WORLD);
}

/* <prefix>.<tag> into out (IOTEST_PATH_MAX bytes). */
static inline void io_name(char* out, const char* prefix, const char* tag) {
  int n = snprintf(out, IOTEST_PATH_MAX, "%s.%s", prefix, tag);
  CHECK(n > 0 && n < IOTEST_PATH_MAX, "the file name %s.%s is too long", prefix, tag);
}

static inline int io_exists(const char* path) {
  struct stat st;
  return stat(path, &st) == 0;
}

static inline long long io_posix_size(const char* path) {
  struct stat st;
  CHECK(stat(path, &st) == 0, "stat %s: %s", path, strerror(errno));
  return (long long)st.st_size;
}

/* The whole file, read with POSIX calls; its size in *size. The caller frees it. */
static inline unsigned char* io_posix_read(const char* path, long long* size) {
  *size = io_posix_size(path);
  unsigned char* data = malloc(*size > 0 ? (size_t)*size : 1);
  CHECK(data != NULL, "out of memory for %lld bytes", *size);
  int fd = open(path, O_RDONLY);
  CHECK(fd >= 0, "open %s: %s", path, strerror(errno));
  long long done = 0;
  while (done < *size) {
    ssize_t got = pread(fd, data + done, (size_t)(*size - done), (off_t)done);
    CHECK(got > 0, "read %s at %lld: %s", path, done, got < 0 ? strerror(errno) : "end of file");
    done += got;
  }
  close(fd);
  return data;
}

/* Checks that the file holds exactly the n bytes `expected`, naming the first byte that differs. */
static inline void io_posix_expect(const char* path, const void* expected, long long n, const char* what) {
  long long size;
  unsigned char* data = io_posix_read(path, &size);
  CHECK(size == n, "%s: the file holds %lld bytes, expected %lld", what, size, n);
  const unsigned char* want = (const unsigned char*)expected;
  for (long long i = 0; i < n; i++)
    CHECK(data[i] == want[i], "%s: file byte %lld is 0x%02x, expected 0x%02x", what, i, data[i], want[i]);
  free(data);
}

/* How most programs here start: MPI_Init, this rank and the job's size, and the name of the run's data file
 * for `program` (IOTEST_PATH_MAX bytes at `path`). Collective over MPI_COMM_WORLD. */
static inline void io_init(int* argc, char*** argv, const char* program, int* rank, int* size, char* path) {
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, size);
  char prefix[IOTEST_PATH_MAX];
  io_prefix(prefix, program);
  io_name(path, prefix, "data");
}

/* Rank 0 deletes the file once every rank is done with it (a barrier first). Collective over comm. */
static inline void io_delete(const char* path, MPI_Comm comm) {
  int rank;
  MPI_Barrier(comm);
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    int code = MPI_File_delete(path, MPI_INFO_NULL);
    CHECK(code == MPI_SUCCESS, "MPI_File_delete(%s) returned %d", path, code);
  }
}

/* MPI_SUCCESS or a failed check naming the call. */
#define IO_OK(call)                                                                            \
  do {                                                                                         \
    int io_ok_code_ = (call);                                                                  \
    if (io_ok_code_ != MPI_SUCCESS) {                                                          \
      char io_ok_text_[MPI_MAX_ERROR_STRING] = "";                                             \
      int io_ok_len_ = 0;                                                                      \
      MPI_Error_string(io_ok_code_, io_ok_text_, &io_ok_len_);                                 \
      mpitest_fail(__FILE__, __LINE__, "%s returned %d: %s", #call, io_ok_code_, io_ok_text_); \
    }                                                                                          \
  } while (0)

/* The number of elements of `type` a status reports. */
static inline int io_count(const MPI_Status* status, MPI_Datatype type) {
  int count = -1;
  MPI_Get_count(status, type, &count);
  return count;
}

/* What one rank wrote, visible to the others' reads (MPI-3.1 13.6.1: sync, barrier, sync). */
static inline void make_visible(MPI_File fh) {
  IO_OK(MPI_File_sync(fh));
  MPI_Barrier(MPI_COMM_WORLD);
  IO_OK(MPI_File_sync(fh));
}

#endif /* WEFT_TESTS_IOTEST_H */
