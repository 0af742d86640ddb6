#pragma once
// Errors of MPI calls: classes, their names, and their delivery through the communicator's handler.

#include <mpi.h>

#include <string>

namespace weft::mpi {

// "MPI_ERR_TRUNCATE" for MPI_ERR_TRUNCATE; nullptr for an unknown code.
const char* error_class_name(int error_class) noexcept;
const char* error_class_text(int error_class) noexcept;

// Reports `error_class` raised in `call` on the calling rank to `comm`'s error handler. With
// MPI_ERRORS_ARE_FATAL (the default) it prints "rank R: CALL: CLASS: message" and ends the job with the
// error class as exit status; with MPI_ERRORS_RETURN it returns `error_class` for the call to return; a
// user's handler is called with it, and the call returns it too.
[[gnu::format(printf, 4, 5)]] int raise_error(MPI_Comm comm, int error_class, const char* call,
                                              const char* format, ...);

// A code's name for messages: the class's for a predefined one, a description for added ones.
std::string error_name(int code);
// The exit status a fatal error ends the job with.
int exit_status_of(int code) noexcept;
// MPI_LASTUSEDCODE: the largest code in use on the calling rank.
int last_used_code() noexcept;

// The calling rank's handler for `comm`.
MPI_Errhandler& errhandler_of(MPI_Comm comm) noexcept;

}  // namespace weft::mpi
