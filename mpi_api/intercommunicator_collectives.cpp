#include "mpi_api/intercommunicator_collectives.hpp"

#include <vector>

#include "collectives/algorithms.hpp"
#include "collectives/intercommunicator.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/datatypes.hpp"

namespace weft::mpi {
namespace {

// The rank in `inter.both` of rank `remote_rank` of the remote group.
int remote_in_both(const weft_comm_s& inter, int remote_rank) {
  return inter.both->rank_of(inter.remote->job_rank(remote_rank));
}

// A root argument of an intercommunicator collective: MPI_ROOT, MPI_PROC_NULL or a remote rank.
int check_inter_root(const char* call, MPI_Comm comm, int root) {
  const weft_comm_s& inter = *resolve(comm);
  if (root == MPI_ROOT || root == MPI_PROC_NULL || (root >= 0 && root < inter.remote->size())) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_ROOT, call,
                     "invalid root %d (on an intercommunicator: MPI_ROOT, MPI_PROC_NULL, or a rank of the remote "
                     "group, which has %d ranks)",
                     root, inter.remote->size());
}

int refuse_in_place(const char* call, MPI_Comm comm, const void* sendbuf) {
  if (sendbuf != MPI_IN_PLACE) [[likely]]
    return MPI_SUCCESS;
  return raise_error(comm, MPI_ERR_BUFFER, call, "MPI_IN_PLACE is not allowed on an intercommunicator");
}

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

}  // namespace

int inter_barrier(MPI_Comm comm, MPI_Request* request) {
  coll::communicator_view both = collective_view_of_both(*resolve(comm));
  return launch(comm, both, coll::barrier_task(both, both.take_sequences(1)), request);
}

int inter_bcast(const char* call, void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                MPI_Request* request) {
  if (int error = check_inter_root(call, comm, root)) return error;
  if (root != MPI_PROC_NULL)
    if (int error = check_buffer(call, comm, buffer, count, datatype)) return error;
  const weft_comm_s& inter = *resolve(comm);
  bool receives = root >= 0;
  coll::communicator_view both = collective_view_of_both(inter);
  return launch(comm, both,
                cross_bcast(both, buffer, receives || root == MPI_ROOT ? count : 0, datatype->layout,
                            root == MPI_ROOT, receives ? remote_in_both(inter, root) : -1, both.take_sequences(2)),
                request);
}

int inter_reduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 int root, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_inter_root(call, comm, root)) return error;
  if (int error = refuse_in_place(call, comm, sendbuf)) return error;
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
    return launch(comm, both, with_op({op, datatype}, [=](coll::reduction_op reduction) {
                    return coll::cross_reduce_task(local, both, sendbuf, count, element_size, reduction, -1, nullptr,
                                                   local_sequence, both_sequence);
                  }),
                  request);
  }
  int from = root == MPI_ROOT ? remote_in_both(inter, 0) : -1;
  std::uint64_t sequence = both.take_sequences(2);
  return launch(comm, both, with_op({op, datatype}, [=](coll::reduction_op reduction) {
                  return coll::cross_task(
                      both, nullptr, from,
                      [=](const void* result) { coll::copy_elements(recvbuf, result, count, element_size, reduction); },
                      sequence);
                }),
                request);
}

int inter_allreduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                    MPI_Comm comm, MPI_Request* request) {
  if (int error = refuse_in_place(call, comm, sendbuf)) return error;
  if (int error = check_op(call, comm, op, datatype)) return error;
  if (int error = check_buffer(call, comm, sendbuf, count, datatype)) return error;
  if (int error = check_buffer(call, comm, recvbuf, count, datatype)) return error;
  const weft_comm_s& inter = *resolve(comm);
  coll::communicator_view local = collective_view(inter);
  coll::communicator_view both = collective_view_of_both(inter);
  std::size_t element_size = datatype->layout->extent();
  int from = remote_in_both(inter, 0);
  std::uint64_t local_sequence = local.take_sequences(1), both_sequence = both.take_sequences(2);
  return launch(comm, both, with_op({op, datatype}, [=](coll::reduction_op reduction) {
                  return coll::cross_reduce_task(local, both, sendbuf, count, element_size, reduction, from, recvbuf,
                                                 local_sequence, both_sequence);
                }),
                request);
}

}  // namespace weft::mpi
