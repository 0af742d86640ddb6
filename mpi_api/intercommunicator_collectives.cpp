#include "mpi_api/intercommunicator_collectives.hpp"

#include <algorithm>
#include <climits>
#include <vector>

#include "collectives/algorithms.hpp"
#include "collectives/intercommunicator.hpp"
#include "collectives/intercommunicator_spanning.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/datatypes.hpp"

namespace weft::mpi {
namespace {

// On one node, data of a layout that is not contiguous crosses packed: the root packs, the receivers unpack.
coll::task cross_bcast(coll::crossing place, void* buffer, std::size_t count, shm::type_layout::pointer layout,
                       int root, bool is_root, coll::crossing_sequences sequences) {
  shm::typed_span user{static_cast<std::byte*>(buffer), layout.get(), count};
  if (place.both.spans_nodes()) {
    co_await coll::spanning_inter_bcast(place, user, root, is_root, sequences);
    co_return;
  }
  std::size_t bytes = count * layout->size();
  int from = root >= 0 ? place.remote.first + root : -1;
  if (layout->is_contiguous()) {
    std::byte* data = user.base + layout->true_lb();
    co_await coll::cross_copy_task(place.both, is_root ? data : nullptr, from, data, bytes, sequences.both);
    co_return;
  }
  std::vector<std::byte> packed(is_root || from >= 0 ? bytes : 0);
  if (is_root) shm::typed_copy(shm::byte_span(packed.data(), bytes), user, 0, bytes);
  co_await coll::cross_copy_task(place.both, is_root ? packed.data() : nullptr, from, packed.data(), bytes,
                                 sequences.both);
  if (from >= 0) shm::typed_copy(user, shm::byte_span(packed.data(), bytes), 0, bytes);
}

// Allreduce and reduce-scatter: each group reduces its `count` elements at its leader, and every rank takes
// `taken` (what its receive buffer holds) of the other group's result.
int exchange_reductions(const char* call, const void* sendbuf, void* recvbuf, long long count, coll::result_block taken,
                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_not_in_place(call, comm, sendbuf, "sendbuf", across_groups)) return error;
  if (int error = check_op(call, comm, op, datatype)) return error;
  // Only whether the input holds any data matters to the check of its buffer.
  if (int error = check_buffer(call, comm, sendbuf, static_cast<int>(std::min<long long>(count, INT_MAX)), datatype))
    return error;
  if (int error = check_buffer(call, comm, recvbuf, static_cast<int>(taken.count), datatype)) return error;
  coll::crossing place = crossing_of(*resolve(comm));
  std::size_t element_size = datatype->layout->extent();
  coll::crossing_sequences sequences = take_crossing_sequences(place, 1, 4);
  return launch_reduction(
      call, comm, place.both, op, datatype,
      [=](shm::reduction_op reduction) {
        auto total = static_cast<std::size_t>(count);
        if (place.both.spans_nodes())
          return coll::spanning_inter_exchange_reductions(place, sendbuf, recvbuf, total, element_size, reduction,
                                                          taken, sequences);
        return coll::cross_reduce_task(place.local, place.both, sendbuf, total, element_size, reduction,
                                       place.remote.first, recvbuf, taken, sequences.local, sequences.both);
      },
      request);
}

}  // namespace

coll::crossing crossing_of(const weft_comm_s& inter) {
  coll::communicator_view both = collective_view_of_both(inter);
  return {collective_view(inter), both, {remote_in_both(inter, 0), inter.remote->size()}};
}

coll::crossing_sequences take_crossing_sequences(const coll::crossing& place, int on_node, int across_nodes) {
  std::uint64_t both = place.both.take_sequences(2);
  int local = place.both.spans_nodes() ? across_nodes : on_node;
  return {both, local != 0 ? place.local.take_sequences(local) : 0};
}

// Over both groups as one communicator, composed over nodes where they span them (spanning.hpp).
int inter_barrier(const char* call, MPI_Comm comm, MPI_Request* request) {
  coll::communicator_view both = collective_view_of_both(*resolve(comm));
  return launch(call, comm, both, coll::barrier_task(both, both.take_sequences(1)), request);
}

int inter_bcast(const char* call, void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                MPI_Request* request) {
  if (int error = check_inter_root(call, comm, root)) return error;
  if (root != MPI_PROC_NULL)
    if (int error = check_buffer(call, comm, buffer, count, datatype)) return error;
  coll::crossing place = crossing_of(*resolve(comm));
  bool receives = root >= 0;
  coll::crossing_sequences sequences = take_crossing_sequences(place, 0, receives ? 1 : 0);
  return launch(call, comm, place.both,
                cross_bcast(place, buffer, receives || root == MPI_ROOT ? count : 0, datatype->layout, root,
                            root == MPI_ROOT, sequences),
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
  coll::crossing place = crossing_of(*resolve(comm));
  std::size_t element_size = datatype->layout->extent();
  bool sends = root >= 0;
  int to = sends ? place.remote.first + root : -1;        // the root, for the group that sends
  int from = root == MPI_ROOT ? place.remote.first : -1;  // the sending group's leader, for the root
  coll::crossing_sequences sequences = take_crossing_sequences(place, sends ? 1 : 0, sends ? 3 : 0);
  return launch_reduction(
      call, comm, place.both, op, datatype,
      [=](shm::reduction_op reduction) {
        if (place.both.spans_nodes())
          return coll::spanning_inter_reduce(place, sendbuf, recvbuf, count, element_size, reduction, to, from,
                                             sequences);
        if (sends)
          return coll::cross_reduce_task(place.local, place.both, sendbuf, count, element_size, reduction, -1, nullptr,
                                         {}, sequences.local, sequences.both);
        return coll::cross_result_task(place.both, {}, from, recvbuf, {0, static_cast<std::size_t>(count)},
                                       element_size, reduction, sequences.both);
      },
      request);
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
