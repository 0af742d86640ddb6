#include "mpi_api/file_pointers.hpp"

#include "mpi_api/communicators.hpp"
#include "mpi_api/files.hpp"
#include "mpi_api/pmpi.hpp"

namespace weft::mpi {
namespace {

bool spans_nodes(MPI_File file) { return comm_size(file->node) != comm_size(file->comm); }

// One atomic operation on the counter at rank 0 of the file's window: `op` with `operand`; the value before.
MPI_Offset at_rank_zero(MPI_File file, MPI_Offset operand, MPI_Op op) {
  MPI_Offset before = 0;
  PMPI_Win_lock(MPI_LOCK_SHARED, 0, 0, file->shared_pointer);
  PMPI_Fetch_and_op(&operand, &before, MPI_OFFSET, 0, 0, op, file->shared_pointer);
  PMPI_Win_unlock(0, file->shared_pointer);
  return before;
}

}  // namespace

void open_shared_pointer(MPI_File file, MPI_Offset start) {
  if (!spans_nodes(file)) {
    if (comm_rank(file->node) == 0) file->shared->shared_position.store(start, std::memory_order_relaxed);
    return;
  }
  MPI_Offset* counter = nullptr;
  MPI_Aint bytes = comm_rank(file->comm) == 0 ? sizeof(MPI_Offset) : 0;
  PMPI_Win_allocate(bytes, sizeof(MPI_Offset), MPI_INFO_NULL, file->comm, &counter, &file->shared_pointer);
  if (comm_rank(file->comm) == 0) *counter = start;
  PMPI_Barrier(file->comm);
}

void close_shared_pointer(MPI_File file) {
  if (file->shared_pointer != MPI_WIN_NULL) PMPI_Win_free(&file->shared_pointer);
}

MPI_Offset shared_pointer(MPI_File file) {
  if (file->shared_pointer == MPI_WIN_NULL) return file->shared->shared_position.load();
  return at_rank_zero(file, 0, MPI_NO_OP);
}

MPI_Offset advance_shared_pointer(MPI_File file, MPI_Offset etypes) {
  if (file->shared_pointer == MPI_WIN_NULL) return file->shared->shared_position.fetch_add(etypes);
  return at_rank_zero(file, etypes, MPI_SUM);
}

void set_shared_pointer(MPI_File file, MPI_Offset position) {
  PMPI_Barrier(file->comm);
  if (file->shared_pointer == MPI_WIN_NULL) {
    if (comm_rank(file->node) == 0) file->shared->shared_position.store(position, std::memory_order_relaxed);
  } else if (comm_rank(file->comm) == 0) {
    at_rank_zero(file, position, MPI_REPLACE);
  }
  PMPI_Barrier(file->comm);
}

}  // namespace weft::mpi
