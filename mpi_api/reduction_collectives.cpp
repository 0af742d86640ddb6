// The reductions whose results differ from rank to rank: MPI_Scan, MPI_Exscan, MPI_Reduce_scatter and
// MPI_Reduce_scatter_block. Argument checks, then the algorithms of collectives/reduction_algorithms.hpp.

#include <algorithm>
#include <climits>

#include "collectives/reduction_algorithms.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

namespace {

int scan(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm, weft::coll::prefix_kind kind) {
  // Rank 0's receive buffer is not significant for an exclusive scan (unless it holds the input).
  bool receives = kind == weft::coll::prefix_kind::inclusive || comm_rank(comm) != 0;
  if (int error = check_reduction(call, sendbuf, recvbuf, count, datatype, op, comm, receives)) return error;
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  bound_op bound{op, datatype};
  weft::coll::scan(input, recvbuf, count, datatype->layout->extent(), bound.reduction(), kind, collective_view(comm));
  return MPI_SUCCESS;
}

// The caller's block is `count` elements from element `offset` of the `total` each rank sends.
int reduce_scatter(const char* call, const void* sendbuf, void* recvbuf, long long offset, int count,
                   long long total, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  bool in_place = sendbuf == MPI_IN_PLACE;
  const void* input = in_place ? recvbuf : sendbuf;
  // Only whether the input holds any data matters to the check of its buffer.
  int input_count = static_cast<int>(std::min<long long>(total, INT_MAX));
  if (int error = check_buffer(call, comm, input, input_count, datatype)) return error;
  if (!in_place)
    if (int error = check_buffer(call, comm, recvbuf, count, datatype)) return error;
  if (int error = check_op(call, comm, op, datatype)) return error;
  bound_op bound{op, datatype};
  weft::coll::reduce_scatter(input, recvbuf, offset, count, datatype->layout->extent(), bound.reduction(),
                             collective_view(comm));
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Scan)
extern "C" int PMPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm) {
  return scan(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, comm, weft::coll::prefix_kind::inclusive);
}

WEFT_PMPI_ALIAS(Exscan)
extern "C" int PMPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm) {
  return scan(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, comm, weft::coll::prefix_kind::exclusive);
}

WEFT_PMPI_ALIAS(Reduce_scatter_block)
extern "C" int PMPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_count(call, comm, recvcount)) return error;
  long long offset = static_cast<long long>(comm_rank(comm)) * recvcount;
  long long total = static_cast<long long>(comm_size(comm)) * recvcount;
  return reduce_scatter(call, sendbuf, recvbuf, offset, recvcount, total, datatype, op, comm);
}

WEFT_PMPI_ALIAS(Reduce_scatter)
extern "C" int PMPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                   MPI_Op op, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_output(call, comm, recvcounts, "recvcounts")) return error;
  int rank = comm_rank(comm);
  long long offset = 0, total = 0;
  for (int r = 0, size = comm_size(comm); r < size; ++r) {
    if (recvcounts[r] < 0) [[unlikely]]
      return raise_error(comm, MPI_ERR_COUNT, call, "recvcounts[%d] is negative (%d)", r, recvcounts[r]);
    if (r == rank) offset = total;
    total += recvcounts[r];
  }
  return reduce_scatter(call, sendbuf, recvbuf, offset, recvcounts[rank], total, datatype, op, comm);
}
