// The collective calls: argument checks, then the algorithms of collectives/.

#include <vector>

#include "collectives/algorithms.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Barrier)
extern "C" int PMPI_Barrier(MPI_Comm comm) {
  if (int error = check_collective(WEFT_CALL_NAME, comm)) return error;
  weft::coll::barrier(collective_view(comm));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Bcast)
extern "C" int PMPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_buffer(call, comm, buffer, count, datatype)) return error;
  if (int error = check_root(call, comm, root)) return error;
  const weft::shm::type_layout& layout = *datatype->layout;
  std::size_t bytes = count * layout.size();
  if (layout.is_contiguous()) {
    weft::coll::bcast(static_cast<std::byte*>(buffer) + layout.true_lb(), bytes, root, collective_view(comm));
    return MPI_SUCCESS;
  }
  // Other layouts travel packed, until the collectives take typed buffers.
  std::vector<std::byte> packed(bytes);
  bool is_root = comm_rank(comm) == root;
  if (is_root) weft::shm::typed_copy(weft::shm::byte_span(packed.data(), bytes), data_of(buffer, count, datatype), 0, bytes);
  weft::coll::bcast(packed.data(), bytes, root, collective_view(comm));
  if (!is_root) weft::shm::typed_copy(room_of(buffer, count, datatype), weft::shm::byte_span(packed.data(), bytes), 0, bytes);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Reduce)
extern "C" int PMPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                           MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_collective(call, comm)) return error;
  if (int error = check_root(call, comm, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (int error = check_reduction(call, sendbuf, recvbuf, count, datatype, op, comm, is_root)) return error;
  if (sendbuf == MPI_IN_PLACE && !is_root)
    return raise_error(comm, MPI_ERR_BUFFER, call, "MPI_IN_PLACE is allowed only at the root");
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  bound_op bound{op, datatype};
  weft::coll::reduce(input, recvbuf, count, datatype->layout->extent(), bound.reduction(), root, collective_view(comm));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Allreduce)
extern "C" int PMPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_reduction(call, sendbuf, recvbuf, count, datatype, op, comm, true)) return error;
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  bound_op bound{op, datatype};
  weft::coll::allreduce(input, recvbuf, count, datatype->layout->extent(), bound.reduction(), collective_view(comm));
  return MPI_SUCCESS;
}
