#include "mpi_api/intercommunicator_collectives.hpp"

#include <algorithm>
#include <climits>
#include <vector>

#include "collectives/algorithms.hpp"
#include "collectives/intercommunicator.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/datatypes.hpp"

namespace weft::mpi {
namespace {

// Data of a layout that is not contiguous crosses packed: the root packs, the receivers unpack.
coll::task cross_bcast(coll::communicator_view both, void* buffer, std::size_t count, shm::type_layout::pointer layout,
                       bool is_root, int from, std::uint64_t sequence) {
  std::size_t bytes = count * layout->size();
  shm::typed_span user{static_cast<std::byte*>(buffer), layout.get(), count};
  if (layout->is_contiguous()) {
    std::byte* data = user.base + layout->true_lb();
    co_await coll::cross_copy_task(both, is_root ? data : nullptr, from, data, bytes, sequence);
    co_return;
  }
  std::vector<std::byte> packed(is_root || from >= 0 ? bytes : 0);
  if (is_root) shm::typed_copy(shm::byte_span(packed.data(), bytes), user, 0, bytes);
  co_await coll::cross_copy_task(both, is_root ? packed.data() : nullptr, from, packed.data(), bytes, sequence);
  if (from >= 0) shm::typed_copy(user, shm::byte_span(packed.data(), bytes), 0, bytes);
}

// Allreduce and reduce-scatter: each group reduces its `count` elements at its leader, and every rank takes
// `taken` (what its receive buffer holds) of the other group's result.
int exchange_reductions(const char* call, const void* sendbuf, void* recvbuf, long long count,
                        coll::result_block taken, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                        MPI_Request* request) {
  if (int error = check_not_in_place(call, comm, sendbuf, "sendbuf", across_groups)) return error;
  if (int error = check_op(call, comm, op, datatype)) return error;
  // Only whether the input holds any data matters to the check of its buffer.
  if (int error = check_buffer(call, comm, sendbuf, static_cast<int>(std::min<long long>(count, INT_MAX)), datatype))
    return error;
  if (int error = check_buffer(call, comm, recvbuf, static_cast<int>(taken.count), datatype)) return error;
  const weft_comm_s& inter = *resolve(comm);
  coll::communicator_view local = collective_view(inter);
  coll::communicator_view both = collective_view_of_both(inter);
  std::size_t element_size = datatype->layout->extent();
  int from = remote_in_both(inter, 0);
  std::uint64_t local_sequence = local.take_sequences(1), both_sequence = both.take_sequences(2);
  return launch_reduction(call, comm, both, op, datatype, [=](coll::reduction_op reduction) {
    return coll::cross_reduce_task(local, both, sendbuf, static_cast<std::size_t>(count), element_size,
                                   reduction, from, recvbuf, taken, local_sequence, both_sequence);
  }, request);
}

}  // namespace

int inter_barrier(const char* call, MPI_Comm comm, MPI_Request* request) {
  coll::communicator_view both = collective_view_of_both(*resolve(comm));
  return launch(call, comm, both, coll::barrier_task(both, both.take_sequences(1)), request);
}

int inter_bcast(const char* call, void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                MPI_Request* request) {
  if (int error = check_inter_root(call, comm, root)) return error;
  if (root != MPI_PROC_NULL)
    if (int error = check_buffer(call, comm, buffer, count, datatype)) return error;
  const weft_comm_s& inter = *resolve(comm);
  bool receives = root >= 0;
  coll::communicator_view both = collective_view_of_both(inter);
  return launch(call, comm, both,
                cross_bcast(both, buffer, receives || root == MPI_ROOT ? count : 0, datatype->layout,
                            root == MPI_ROOT, receives ? remote_in_both(inter, root) : -1, both.take_sequences(2)),
                request);
}

int inter_reduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 int root, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_inter_root(call, comm, root)) return error;
  if (int error = check_not_in_place(call, comm, sendbuf, "sendbuf", across_groups)) return error;
  if (int error = check_op(call, comm, op, datatype)) return error;
  // The group without the root contributes; the root receives.
  if (root >= 0)
    if (int error = check_buffer(call, comm, sendbuf, count, datatype)) return error;
  if (root == MPI_ROOT)
    if (int error = check_buffer(call, comm, recvbuf, count, datatype)) return error;
  const weft_comm_s& inter = *resolve(comm);
  coll::communicator_view both = collective_view_of_both(inter);
  std::size_t element_size = datatype->layout->extent();
  if (root >= 0) {
    coll::communicator_view local = collective_view(inter);
    std::uint64_t local_sequence = local.take_sequences(1), both_sequence = both.take_sequences(2);
    return launch_reduction(call, comm, both, op, datatype, [=](coll::reduction_op reduction) {
      return coll::cross_reduce_task(local, both, sendbuf, count, element_size, reduction, -1, nullptr,
                                     {}, local_sequence, both_sequence);
    }, request);
  }
  int from = root == MPI_ROOT ? remote_in_both(inter, 0) : -1;
  std::uint64_t sequence = both.take_sequences(2);
  return launch_reduction(call, comm, both, op, datatype, [=](coll::reduction_op reduction) {
    return coll::cross_result_task(both, {}, from, recvbuf, {0, static_cast<std::size_t>(count)},
                                   element_size, reduction, sequence);
  }, request);
}

int inter_allreduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Request* request) {
  return exchange_reductions(call, sendbuf, recvbuf, count, {0, static_cast<std::size_t>(count)}, datatype, op, comm,
                             request);
}

int inter_reduce_scatter(const char* call, const void* sendbuf, void* recvbuf, long long offset, int count,
                         long long total, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  return exchange_reductions(call, sendbuf, recvbuf, total,
                             {static_cast<std::size_t>(offset), static_cast<std::size_t>(count)}, datatype, op, comm,
                             request);
}

}  // namespace weft::mpi
