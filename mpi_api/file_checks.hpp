#pragma once
// Argument checks of the file calls (MPI-3.1, chapter 13), and the errors of the operating system's file
// calls as MPI error classes. Errors go to the file's handler, those of an invalid file to MPI_FILE_NULL's.

#include <mpi.h>

#include "mpi_api/checks.hpp"
#include "mpi_api/files.hpp"

namespace weft::mpi {

[[nodiscard]] inline int check_file(const char* call, MPI_File file) {
  if (is_object(file, object_kind::file)) [[likely]]
    return MPI_SUCCESS;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (file == MPI_FILE_NULL) [[unlikely]]
    return raise_error(file, MPI_ERR_FILE, call, "file is MPI_FILE_NULL");
  return raise_error(MPI_FILE_NULL, MPI_ERR_FILE, call, "invalid file handle %p", static_cast<void*>(file));
}

// The error class of errno value `number` from a call on a file (MPI-3.1, 13.7.1).
int io_error_class(int number) noexcept;

// Reports errno value `number`, met by `what` ("open", "write", ...) on `path`, as its error class.
int raise_io_error(error_target target, const char* call, int number, const char* what, const std::string& path);

// The file was opened for reading (`reads`) or writing; MPI_ERR_ACCESS otherwise. MPI_MODE_SEQUENTIAL
// files take only the shared file pointer's calls (`shared`), MPI_ERR_UNSUPPORTED_OPERATION otherwise.
[[nodiscard]] int check_access(const char* call, MPI_File file, bool reads, bool shared = false);

}  // namespace weft::mpi
