// The collective calls, blocking and nonblocking: argument checks, then one algorithm of collectives/ for
// both forms, run at once by the blocking call and started under a request by the nonblocking one.

#include "collectives/collective_table.hpp"
#include "collectives/schedule.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/collective_checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/intercommunicator_collectives.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
namespace coll = weft::coll;
namespace shm = weft::shm;

namespace {

// A broadcast of a layout that is not contiguous travels packed (bcast_typed_task); the layout is held
// until the copies are done.
coll::task bcast_packed(coll::communicator_view view, void* buffer, std::size_t count, shm::type_layout::pointer layout,
                        int root, std::uint64_t sequence) {
  co_await coll::bcast_typed_task(view, {static_cast<std::byte*>(buffer), layout.get(), count}, root, sequence);
}

int barrier(const char* call, MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter()) return inter_barrier(call, comm, request);
  coll::communicator_view view = collective_view(comm);
  const auto& barrier = view.operations().barrier;
  std::uint64_t sequence = coll::take_sequences(view, barrier);
  if (request == blocking) return complete(call, comm, view, barrier.begin(view, sequence));
  return launch(call, comm, view, barrier.make(view, sequence), request);
}

int bcast(const char* call, void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
          MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter()) return inter_bcast(call, buffer, count, datatype, root, comm, request);
  if (int error = check_buffer(call, comm, buffer, count, datatype)) return error;
  if (int error = check_root(call, comm, root)) return error;
  coll::communicator_view view = collective_view(comm);
  const auto& bcast = view.operations().bcast;
  std::uint64_t sequence = coll::take_sequences(view, bcast);
  const shm::type_layout& layout = *datatype->layout;
  if (layout.is_contiguous()) {
    std::byte* data = static_cast<std::byte*>(buffer) + layout.true_lb();
    std::size_t bytes = count * layout.size();
    if (request == blocking) return complete(call, comm, view, bcast.begin(view, data, bytes, root, sequence));
    return launch(call, comm, view, bcast.make(view, data, bytes, root, sequence), request);
  }
  return launch(call, comm, view, bcast_packed(view, buffer, count, datatype->layout, root, sequence), request);
}

int reduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
           MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter()) return inter_reduce(call, sendbuf, recvbuf, count, datatype, op, root, comm, request);
  if (int error = check_root(call, comm, root)) return error;
  bool is_root = comm_rank(comm) == root;
  if (int error = check_reduction(call, sendbuf, recvbuf, count, datatype, op, comm, is_root)) return error;
  if (sendbuf == MPI_IN_PLACE && !is_root)
    return raise_error(comm, MPI_ERR_BUFFER, call, "MPI_IN_PLACE is allowed only at the root");
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  coll::communicator_view view = collective_view(comm);
  std::size_t element_size = datatype->layout->extent();
  const auto& reduce = view.operations().reduce;
  std::uint64_t sequence = coll::take_sequences(view, reduce);
  return launch_reduction(
      call, comm, view, op, datatype,
      [=, &reduce](shm::reduction_op reduction) {
        return reduce.make(view, input, recvbuf, count, element_size, reduction, root, sequence);
      },
      [=, &reduce](const shm::reduction_op& reduction) {
        return reduce.begin(view, input, recvbuf, count, element_size, reduction, root, sequence);
      },
      request);
}

int allreduce(const char* call, const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
              MPI_Comm comm, MPI_Request* request) {
  if (int error = check_ready(call, comm)) return error;
  if (resolve(comm)->is_inter()) return inter_allreduce(call, sendbuf, recvbuf, count, datatype, op, comm, request);
  if (int error = check_reduction(call, sendbuf, recvbuf, count, datatype, op, comm, true)) return error;
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  coll::communicator_view view = collective_view(comm);
  std::size_t element_size = datatype->layout->extent();
  const auto& allreduce = view.operations().allreduce;
  std::uint64_t sequence = coll::take_sequences(view, allreduce);
  return launch_reduction(
      call, comm, view, op, datatype,
      [=, &allreduce](shm::reduction_op reduction) {
        return allreduce.make(view, input, recvbuf, count, element_size, reduction, sequence);
      },
      [=, &allreduce](const shm::reduction_op& reduction) {
        return allreduce.begin(view, input, recvbuf, count, element_size, reduction, sequence);
      },
      request);
}

}  // namespace

WEFT_PMPI_ALIAS(Barrier)
extern "C" int PMPI_Barrier(MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return barrier(WEFT_CALL_NAME, comm, blocking);
}

WEFT_PMPI_ALIAS(Ibarrier)
extern "C" int PMPI_Ibarrier(MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return barrier(WEFT_CALL_NAME, comm, request);
}

WEFT_PMPI_ALIAS(Bcast)
extern "C" int PMPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return bcast(WEFT_CALL_NAME, buffer, count, datatype, root, comm, blocking);
}

WEFT_PMPI_ALIAS(Ibcast)
extern "C" int PMPI_Ibcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                           MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return bcast(WEFT_CALL_NAME, buffer, count, datatype, root, comm, request);
}

WEFT_PMPI_ALIAS(Reduce)
extern "C" int PMPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                           MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return reduce(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, root, comm, blocking);
}

WEFT_PMPI_ALIAS(Ireduce)
extern "C" int PMPI_Ireduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                            MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return reduce(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, root, comm, request);
}

WEFT_PMPI_ALIAS(Allreduce)
extern "C" int PMPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  return allreduce(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, comm, blocking);
}

WEFT_PMPI_ALIAS(Iallreduce)
extern "C" int PMPI_Iallreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_request_output(WEFT_CALL_NAME, comm, request)) return error;
  return allreduce(WEFT_CALL_NAME, sendbuf, recvbuf, count, datatype, op, comm, request);
}
