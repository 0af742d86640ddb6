/* Errors of MPI-IO (MPI-3.1 13.7 and 13.8): the default file error handler is MPI_ERRORS_RETURN, on
 * MPI_FILE_NULL and on an opened file; the classes of failed opens (missing directory, no permission, bad
 * access modes, MPI_MODE_EXCL on an existing file), of writes to a read-only file (the file unchanged),
 * reads of a write-only one, positioning in a sequential one, an unknown data representation, a null file
 * handle and deleting a missing file; a handler made by MPI_File_create_errhandler called with the file
 * and the code, by a failing call and by MPI_File_call_errhandler; the handler of MPI_FILE_NULL called for
 * failed opens and inherited by new files; a non-empty MPI_Error_string for a failed open. */
#include "iotest.h"

static const char* program = "io_errors";

static int calls, last_code;
static MPI_File last_file;

static void record(MPI_File* fh, int* code, ...) {
  calls++;
  last_code = *code;
  last_file = *fh;
}

static int class_of(int code) {
  int error_class = -1;
  MPI_Error_class(code, &error_class);
  return error_class;
}

/* Writing to a file opened MPI_MODE_RDONLY: the table of 13.8 offers MPI_ERR_READ_ONLY ("read-only file or
 * file system") and MPI_ERR_ACCESS ("permission denied"); either describes it. MPICH gives READ_ONLY. */
static void expect_write_refused(int code, const char* what) {
  int error_class = code == MPI_SUCCESS ? -1 : class_of(code);
  CHECK(error_class == MPI_ERR_READ_ONLY || error_class == MPI_ERR_ACCESS,
        "%s returned %d (class %d), expected class MPI_ERR_READ_ONLY or MPI_ERR_ACCESS", what, code, error_class);
}

static void expect_open_fails(const char* path, int amode, int expected_class, const char* what) {
  MPI_File fh = MPI_FILE_NULL;
  int code = MPI_File_open(MPI_COMM_WORLD, path, amode, MPI_INFO_NULL, &fh);
  expect_error(code, expected_class, what);
  CHECK(fh == MPI_FILE_NULL, "%s: the failed open returned a file handle", what);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char prefix[IOTEST_PATH_MAX], path[IOTEST_PATH_MAX], missing_dir[IOTEST_PATH_MAX], locked[IOTEST_PATH_MAX];
  io_prefix(prefix, program);
  io_name(path, prefix, "main");
  io_name(missing_dir, prefix, "no_such_directory/file");
  io_name(locked, prefix, "no_permission");

  /* MPI_ERRORS_RETURN by default: on MPI_FILE_NULL and on a file just opened. */
  MPI_Errhandler handler;
  IO_OK(MPI_File_get_errhandler(MPI_FILE_NULL, &handler));
  CHECK(handler == MPI_ERRORS_RETURN, "the error handler of MPI_FILE_NULL is not MPI_ERRORS_RETURN");
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh));
  IO_OK(MPI_File_get_errhandler(fh, &handler));
  CHECK(handler == MPI_ERRORS_RETURN, "the error handler of a new file is not MPI_ERRORS_RETURN");
  /* 64 bytes of content, to see that refused writes leave it. */
  unsigned char content[64];
  pattern_fill(content, sizeof content, 5);
  if (rank == 0) IO_OK(MPI_File_write_at(fh, 0, content, (int)sizeof content, MPI_BYTE, MPI_STATUS_IGNORE));
  /* An unknown data representation. */
  expect_error(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "weft_no_such_representation", MPI_INFO_NULL),
               MPI_ERR_UNSUPPORTED_DATAREP, "MPI_File_set_view with an unknown datarep");
  IO_OK(MPI_File_close(&fh));

  /* A file in a directory that does not exist; its message names something. */
  MPI_File failed = MPI_FILE_NULL;
  int code = MPI_File_open(MPI_COMM_WORLD, missing_dir, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &failed);
  expect_error(code, MPI_ERR_NO_SUCH_FILE, "MPI_File_open in a missing directory");
  char message[MPI_MAX_ERROR_STRING] = "";
  int length = -1;
  IO_OK(MPI_Error_string(code, message, &length));
  CHECK(length > 0 && length < MPI_MAX_ERROR_STRING && (int)strlen(message) == length,
        "MPI_Error_string of a failed open gave length %d for \"%s\"", length, message);
  expect_open_fails(missing_dir, MPI_MODE_RDONLY, MPI_ERR_NO_SUCH_FILE, "MPI_File_open RDONLY in a missing directory");

  /* No permission. Root is allowed everything, so the check means nothing there. */
  if (geteuid() != 0) {
    if (rank == 0) {
      int fd = open(locked, O_CREAT | O_EXCL | O_WRONLY, 0600);
      CHECK(fd >= 0, "creating %s: %s", locked, strerror(errno));
      close(fd);
      CHECK(chmod(locked, 0) == 0, "chmod %s: %s", locked, strerror(errno));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    expect_open_fails(locked, MPI_MODE_RDONLY, MPI_ERR_ACCESS, "MPI_File_open RDONLY of a file with mode 000");
    expect_open_fails(locked, MPI_MODE_RDWR, MPI_ERR_ACCESS, "MPI_File_open RDWR of a file with mode 000");
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) CHECK(unlink(locked) == 0, "unlink %s: %s", locked, strerror(errno));
  }

  /* Access modes MPI-3.1 13.2.1 rules out: exactly one of RDONLY, RDWR and WRONLY; no CREATE or EXCL with
   * RDONLY; no SEQUENTIAL with RDWR. */
  expect_open_fails(path, MPI_MODE_RDONLY | MPI_MODE_CREATE, MPI_ERR_AMODE, "RDONLY|CREATE");
  expect_open_fails(path, MPI_MODE_RDONLY | MPI_MODE_EXCL, MPI_ERR_AMODE, "RDONLY|EXCL");
  expect_open_fails(path, MPI_MODE_RDWR | MPI_MODE_RDONLY, MPI_ERR_AMODE, "RDWR|RDONLY");
  expect_open_fails(path, MPI_MODE_WRONLY | MPI_MODE_RDWR, MPI_ERR_AMODE, "WRONLY|RDWR");
  expect_open_fails(path, MPI_MODE_CREATE, MPI_ERR_AMODE, "CREATE without an access mode");
  expect_open_fails(path, MPI_MODE_SEQUENTIAL | MPI_MODE_RDWR, MPI_ERR_AMODE, "SEQUENTIAL|RDWR");
  expect_open_fails(path, MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_WRONLY, MPI_ERR_FILE_EXISTS,
                    "EXCL of an existing file");

  /* Writes to a read-only file are refused and change nothing; reads of a write-only one too. */
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh));
  unsigned char other[64];
  pattern_fill(other, sizeof other, 6);
  expect_write_refused(MPI_File_write_at(fh, 0, other, (int)sizeof other, MPI_BYTE, MPI_STATUS_IGNORE),
                       "MPI_File_write_at on a read-only file");
  expect_write_refused(MPI_File_write_all(fh, other, (int)sizeof other, MPI_BYTE, MPI_STATUS_IGNORE),
                       "MPI_File_write_all on a read-only file");
  IO_OK(MPI_File_close(&fh));
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) io_posix_expect(path, content, sizeof content, "after refused writes");
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY, MPI_INFO_NULL, &fh));
  expect_error(MPI_File_read_at(fh, 0, other, (int)sizeof other, MPI_BYTE, MPI_STATUS_IGNORE), MPI_ERR_ACCESS,
               "MPI_File_read_at on a write-only file");
  IO_OK(MPI_File_close(&fh));

  /* A sequential file has no positions to seek to or write at (MPI_ERR_UNSUPPORTED_OPERATION's example). */
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_WRONLY | MPI_MODE_SEQUENTIAL, MPI_INFO_NULL, &fh));
  expect_error(MPI_File_seek(fh, 0, MPI_SEEK_SET), MPI_ERR_UNSUPPORTED_OPERATION, "MPI_File_seek on a sequential file");
  expect_error(MPI_File_write_at(fh, 0, other, 1, MPI_BYTE, MPI_STATUS_IGNORE), MPI_ERR_UNSUPPORTED_OPERATION,
               "MPI_File_write_at on a sequential file");
  IO_OK(MPI_File_close(&fh));

  /* A null handle, and deleting what is not there. */
  MPI_Offset file_size;
  expect_error(MPI_File_get_size(MPI_FILE_NULL, &file_size), MPI_ERR_FILE, "MPI_File_get_size(MPI_FILE_NULL)");
  if (rank == 0)
    expect_error(MPI_File_delete(missing_dir, MPI_INFO_NULL), MPI_ERR_NO_SUCH_FILE,
                 "MPI_File_delete of a missing file");

  /* A handler of the program's on a file: called with the file and the code of the failing call, which
   * then returns that code; MPI_File_call_errhandler calls it with the code given and returns success. */
  MPI_Errhandler mine, got;
  IO_OK(MPI_File_create_errhandler(record, &mine));
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh));
  IO_OK(MPI_File_set_errhandler(fh, mine));
  IO_OK(MPI_File_get_errhandler(fh, &got));
  CHECK(got == mine, "MPI_File_get_errhandler does not return the handler set");
  /* The handle returned is a reference of the caller's, freed by it (as for communicators). MPICH's
   * MPI_File_get_errhandler adds no reference, and freeing it makes a later close fail an assertion. */
  if (MPITEST_ON_WEFT) IO_OK(MPI_Errhandler_free(&got));
  code = MPI_File_write_at(fh, 0, other, 1, MPI_BYTE, MPI_STATUS_IGNORE);
  expect_write_refused(code, "MPI_File_write_at on a read-only file with a handler");
  CHECK(calls == 1 && last_code == code && last_file == fh,
        "the handler saw %d calls, code %d (the call returned %d), the file %s", calls, last_code, code,
        last_file == fh ? "right" : "wrong");
  code = MPI_File_call_errhandler(fh, MPI_ERR_OTHER);
  CHECK(code == MPI_SUCCESS, "MPI_File_call_errhandler returned %d", code);
  CHECK(calls == 2 && last_code == MPI_ERR_OTHER && last_file == fh,
        "MPI_File_call_errhandler: the handler saw %d calls, code %d", calls, last_code);
  IO_OK(MPI_File_close(&fh));

  /* The handler of MPI_FILE_NULL: called for a failed open, with MPI_FILE_NULL, and the default for files
   * opened while it is set. */
  IO_OK(MPI_File_set_errhandler(MPI_FILE_NULL, mine));
  IO_OK(MPI_Errhandler_free(&mine)); /* MPI_FILE_NULL keeps it */
  code = MPI_File_open(MPI_COMM_WORLD, missing_dir, MPI_MODE_RDONLY, MPI_INFO_NULL, &failed);
  expect_error(code, MPI_ERR_NO_SUCH_FILE, "MPI_File_open in a missing directory with a handler");
  CHECK(calls == 3 && last_code == code && last_file == MPI_FILE_NULL,
        "a failed open: the handler of MPI_FILE_NULL saw %d calls, code %d (the call returned %d)", calls, last_code,
        code);
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh));
  code = MPI_File_write_at(fh, 0, other, 1, MPI_BYTE, MPI_STATUS_IGNORE);
  expect_write_refused(code, "MPI_File_write_at on a file opened under the handler");
  CHECK(calls == 4 && last_code == code && last_file == fh, "a new file did not inherit the handler of MPI_FILE_NULL");
  IO_OK(MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN));
  IO_OK(MPI_File_close(&fh));
  code = MPI_File_open(MPI_COMM_WORLD, missing_dir, MPI_MODE_RDONLY, MPI_INFO_NULL, &failed);
  expect_error(code, MPI_ERR_NO_SUCH_FILE, "MPI_File_open in a missing directory after the handler");
  CHECK(calls == 4, "the handler was called after MPI_FILE_NULL's was set back");

  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
