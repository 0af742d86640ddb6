#pragma once
// Errors of MPI calls: classes, their names, and their delivery through the communicator's handler.

#include <mpi.h>

#include <string>

namespace weft::mpi {

// "MPI_ERR_TRUNCATE" for MPI_ERR_TRUNCATE; nullptr for an unknown code.
const char* error_class_name(int error_class) noexcept;
const char* error_class_text(int error_class) noexcept;

// The object whose error handler an error goes to: a communicator, a window, a file or a session
// (MPI-3.1, 8.3). Two words, so that it travels in registers: every check of every call builds one. The
// five-word one it replaces was built on the stack and partly reread by a wider load, which waited for the
// store buffer to drain, on every MPI_Isend.
class error_target {
 public:
  error_target(MPI_Comm communicator) noexcept : object_(communicator), kind_(kind::comm) {}  // NOLINT: any is one
  error_target(MPI_Win window) noexcept : object_(window), kind_(kind::win) {}                // NOLINT: and any window
  // A file call's errors: the file's handler, or MPI_FILE_NULL's without a valid file (MPI_File_open,
  // MPI_File_delete, an invalid handle: MPI-3.1, 13.7).
  error_target(MPI_File open_file) noexcept : object_(open_file), kind_(kind::file) {}  // NOLINT: and any file
  // A session call's errors: the session's handler, or MPI_COMM_WORLD's without a valid session.
  error_target(MPI_Session of_session) noexcept : object_(of_session), kind_(kind::session) {}  // NOLINT: any session

  MPI_Comm comm() const noexcept { return kind_ == kind::comm ? static_cast<MPI_Comm>(object_) : MPI_COMM_NULL; }
  MPI_Win win() const noexcept { return kind_ == kind::win ? static_cast<MPI_Win>(object_) : MPI_WIN_NULL; }
  MPI_File file() const noexcept { return kind_ == kind::file ? static_cast<MPI_File>(object_) : MPI_FILE_NULL; }
  MPI_Session session() const noexcept {
    return kind_ == kind::session ? static_cast<MPI_Session>(object_) : MPI_SESSION_NULL;
  }
  bool for_file() const noexcept { return kind_ == kind::file; }

 private:
  enum class kind : unsigned char { comm, win, file, session };
  void* object_;
  kind kind_;
};

// Reports `error_class` raised in `call` on the calling rank to the target's error handler. With
// MPI_ERRORS_ARE_FATAL (the default) it prints "rank R: CALL: CLASS: message" and ends the job with the
// error class as exit status; with MPI_ERRORS_RETURN it returns `error_class` for the call to return; a
// user's handler is called with it, and the call returns it too. Errors of an invalid communicator or
// window go to MPI_COMM_WORLD's handler, those of file calls without a valid file to MPI_FILE_NULL's.
[[gnu::format(printf, 4, 5)]] int raise_error(error_target target, int error_class, const char* call,
                                              const char* format, ...);

// A code's name for messages: the class's for a predefined one, a description for added ones.
std::string error_name(int code);
// The exit status a fatal error ends the job with.
int exit_status_of(int code) noexcept;
// MPI_LASTUSEDCODE: the largest code in use on the calling rank.
int last_used_code() noexcept;

// The calling rank's handler for `comm`.
MPI_Errhandler& errhandler_of(MPI_Comm comm) noexcept;
// The calling rank's handler of MPI_FILE_NULL: that of files it opens, and of file errors without a file.
MPI_Errhandler& file_null_errhandler() noexcept;

}  // namespace weft::mpi
