// The reductions whose results differ from rank to rank: MPI_Scan, MPI_Exscan, MPI_Reduce_scatter and
// MPI_Reduce_scatter_block, blocking and nonblocking. Argument checks, then the algorithms of
// collectives/node/algorithms.hpp.

#include <algorithm>
#include <climits>

#include "collectives/collective_table.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/intercommunicator_collectives.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
namespace coll = weft::coll;

namespace {

int scan(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm, coll::prefix_kind kind, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  // MPI defines no prefix reductions on intercommunicators.
  if (int error = check_intracommunicator(call, comm)) return error;
  // Rank 0's receive buffer is not significant for an exclusive scan (unless it holds the input).
  bool receives = kind == coll::prefix_kind::inclusive || comm_rank(comm) != 0;
  if (int error = check_reduction(call, sendbuf, recvbuf, count, datatype, op, comm, receives)) return error;
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  coll::communicator_view view = collective_view(comm);
  std::size_t element_size = datatype->layout->extent();
  const auto& scan = view.operations().scan;
  std::uint64_t sequence = coll::take_sequences(view, scan);
  return launch_reduction(
      call, comm, view, op, datatype,
      [=, &scan](weft::shm::reduction_op reduction) {
        return scan.make(view, input, recvbuf, count, element_size, reduction, kind, sequence);
      },
      request);
}

// The caller's block is `count` elements from element `offset` of the `total` each rank sends; `comm` is
// usable.
int reduce_scatter(const char* call, const void* sendbuf, void* recvbuf, long long offset, int count, long long total,
                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  if (resolve(comm)->is_inter())
    return inter_reduce_scatter(call, sendbuf, recvbuf, offset, count, total, datatype, op, comm, request);
  bool in_place = sendbuf == MPI_IN_PLACE;
  const void* input = in_place ? recvbuf : sendbuf;
  // Only whether the input holds any data matters to the check of its buffer.
  int input_count = static_cast<int>(std::min<long long>(total, INT_MAX));
  if (int error = check_buffer(call, comm, input, input_count, datatype)) return error;
  if (!in_place)
    if (int error = check_buffer(call, comm, recvbuf, count, datatype)) return error;
  if (int error = check_op(call, comm, op, datatype)) return error;
  coll::communicator_view view = collective_view(comm);
  std::size_t element_size = datatype->layout->extent();
  const auto& reduce_scatter = view.operations().reduce_scatter;
  std::uint64_t sequence = coll::take_sequences(view, reduce_scatter);
  return launch_reduction(
      call, comm, view, op, datatype,
      [=, &reduce_scatter](weft::shm::reduction_op reduction) {
        return reduce_scatter.make(view, input, recvbuf, static_cast<std::size_t>(offset), count,
                                   static_cast<std::size_t>(total), element_size, reduction, sequence);
      },
      request);
}

}  // namespace

WEFT_PMPI_ALIAS(Scan)
extern "C" int PMPI_Scan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                         MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return scan(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, comm, coll::prefix_kind::inclusive, blocking);
}

WEFT_PMPI_ALIAS(Iscan)
extern "C" int PMPI_Iscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                          MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return scan(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, comm, coll::prefix_kind::inclusive, request);
}

WEFT_PMPI_ALIAS(Exscan)
extern "C" int PMPI_Exscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return scan(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, comm, coll::prefix_kind::exclusive, blocking);
}

WEFT_PMPI_ALIAS(Iexscan)
extern "C" int PMPI_Iexscan(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                            MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return scan(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, comm, coll::prefix_kind::exclusive, request);
}

namespace {

int reduce_scatter_block(const char* call, const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype,
                         MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_count(call, comm, recvcount)) return error;
  long long offset = static_cast<long long>(comm_rank(comm)) * recvcount;
  long long total = static_cast<long long>(comm_size(comm)) * recvcount;
  return reduce_scatter(call, sendbuf, recvbuf, offset, recvcount, total, datatype, op, comm, request);
}

int reduce_scatter_counts(const char* call, const void* sendbuf, void* recvbuf, const int recvcounts[],
                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, recvcounts, "recvcounts")) return error;
  int rank = comm_rank(comm);
  long long offset = 0, total = 0;
  for (int r = 0, size = comm_size(comm); r < size; ++r) {
    if (recvcounts[r] < 0) [[unlikely]]
      return raise_error(comm, MPI_ERR_COUNT, call, "recvcounts[%d] is negative (%d)", r, recvcounts[r]);
    if (r == rank) offset = total;
    total += recvcounts[r];
  }
  return reduce_scatter(call, sendbuf, recvbuf, offset, recvcounts[rank], total, datatype, op, comm, request);
}

}  // namespace

WEFT_PMPI_ALIAS(Reduce_scatter_block)
extern "C" int PMPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return reduce_scatter_block(WEFT_CALL_NAME, sendbuf, recvbuf, recvcount, datatype, op, comm, blocking);
}

WEFT_PMPI_ALIAS(Ireduce_scatter_block)
extern "C" int PMPI_Ireduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return reduce_scatter_block(WEFT_CALL_NAME, sendbuf, recvbuf, recvcount, datatype, op, comm, request);
}

WEFT_PMPI_ALIAS(Reduce_scatter)
extern "C" int PMPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                   MPI_Op op, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return reduce_scatter_counts(WEFT_CALL_NAME, sendbuf, recvbuf, recvcounts, datatype, op, comm, blocking);
}

WEFT_PMPI_ALIAS(Ireduce_scatter)
extern "C" int PMPI_Ireduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype,
                                    MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return reduce_scatter_counts(WEFT_CALL_NAME, sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
}
