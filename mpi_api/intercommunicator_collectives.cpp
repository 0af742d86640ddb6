#include "mpi_api/intercommunicator_collectives.hpp"

#include <algorithm>
#include <climits>
#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/intercommunicator_table.hpp"
#include "collectives/schedule.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/datatypes.hpp"

namespace weft::mpi {
namespace {

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
  const auto& exchange = place.operations().exchange_reductions;
  coll::crossing_sequences sequences = coll::take_sequences(place, exchange, true);
  return launch_reduction(
      call, comm, place.both, op, datatype,
      [=, &exchange](shm::reduction_op reduction) {
        return exchange.make(place, sendbuf, recvbuf, static_cast<std::size_t>(count), element_size, reduction, taken,
                             sequences);
      },
      request);
}

}  // namespace

coll::crossing crossing_of(const weft_comm_s& inter) {
  coll::communicator_view both = collective_view_of_both(inter);
  return {collective_view(inter), both, {remote_in_both(inter, 0), inter.remote->size()}};
}

// Over both groups as one communicator, composed over nodes where they span them (collectives/spanning/spanning.hpp).
int inter_barrier(const char* call, MPI_Comm comm, MPI_Request* request) {
  coll::communicator_view both = collective_view_of_both(*resolve(comm));
  return launch(call, comm, both, coll::start(both, both.operations().barrier), request);
}

int inter_bcast(const char* call, void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                MPI_Request* request) {
  if (int error = check_inter_root(call, comm, root)) return error;
  if (root != MPI_PROC_NULL)
    if (int error = check_buffer(call, comm, buffer, count, datatype)) return error;
  coll::crossing place = crossing_of(*resolve(comm));
  bool receives = root >= 0;
  const auto& bcast = place.operations().bcast;
  coll::crossing_sequences sequences = coll::take_sequences(place, bcast, receives);
  shm::typed_span data{static_cast<std::byte*>(buffer), datatype->layout.get(),
                       receives || root == MPI_ROOT ? static_cast<std::size_t>(count) : 0};
  return launch(call, comm, place.both,
                keeping(datatype->layout, bcast.make(place, data, root, root == MPI_ROOT, sequences)), request);
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
  const auto& reduce = place.operations().reduce;
  coll::crossing_sequences sequences = coll::take_sequences(place, reduce, sends);
  return launch_reduction(
      call, comm, place.both, op, datatype,
      [=, &reduce](shm::reduction_op reduction) {
        return reduce.make(place, sendbuf, recvbuf, count, element_size, reduction, to, from, sequences);
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
