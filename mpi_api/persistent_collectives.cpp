// Persistent collectives (MPI-4.1, 7.13 and 8.7): MPI_Bcast_init ... MPI_Neighbor_alltoallw_init bind a
// collective's arguments to a request, and each MPI_Start starts the collective's nonblocking form with
// them. The init call is collective (the standard lets it wait for the other members): it gives the request
// a communicator of its own (persistent_collective in handles.hpp says why), on which the collective's
// algorithm, chosen when it starts, runs as that of the nonblocking call. The arguments are checked when
// the request starts, by the nonblocking call's checks; the init calls check the communicator, the info
// and the request argument. Barrier, broadcast (of a contiguous type), reduce and allreduce keep the
// algorithm their first start chose and start it directly afterwards (direct_collective).

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "collectives/collective_table.hpp"
#include "mpi_api/bound_op.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
namespace coll = weft::coll;

namespace {

// Makes the inactive persistent request of a collective of `comm` that `start` starts on a channel.
// `types` and `op` are what the collective reads through at each start: held by the request.
int plan(const char* call, MPI_Comm comm, MPI_Info info, MPI_Request* request, std::vector<MPI_Datatype> types,
         MPI_Op op, persistent_collective::starter start) {
  if (int error = check_request_output(call, comm, request)) return error;
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, comm, info, "info")) return error;
  // Arguments the call ignores may be anything: only objects are held, and the start checks the rest.
  std::erase_if(types, [](MPI_Datatype type) { return !is_object(type, object_kind::datatype); });
  if (!is_object(op, object_kind::op)) op = MPI_OP_NULL;
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  handle->persistent.emplace(std::in_place_type<persistent_collective>, private_duplicate(call, comm), std::move(start),
                             std::move(types), op);
  handle->active = false;
  *request = handle.release();  // owned by the user until MPI_Request_free
  return MPI_SUCCESS;
}

// The number of blocks an alltoallw-style call sends and receives on `comm`: every member of the (remote)
// group, or the neighbours of its topology. Zero where the call's own checks will refuse `comm`.
struct block_counts {
  int sent = 0;
  int received = 0;
};

block_counts members_of(MPI_Comm comm) {
  if (!is_communicator(comm)) return {};
  const weft_comm_s& c = *resolve(comm);
  int n = c.is_inter() ? c.remote->size() : c.local->size();
  return {n, n};
}

block_counts neighbours_of(MPI_Comm comm) {
  int kind = MPI_UNDEFINED;
  if (!is_communicator(comm) || PMPI_Topo_test(comm, &kind) != MPI_SUCCESS) return {};
  if (kind == MPI_CART) {
    int dims = 0;
    PMPI_Cartdim_get(comm, &dims);
    return {2 * dims, 2 * dims};
  }
  if (kind == MPI_GRAPH) {
    int neighbours = 0;
    PMPI_Graph_neighbors_count(comm, comm_rank(comm), &neighbours);
    return {neighbours, neighbours};
  }
  if (kind == MPI_DIST_GRAPH) {
    int in = 0, out = 0, weighted = 0;
    PMPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted);
    return {out, in};
  }
  return {};
}

// The datatypes of an alltoallw-style call: the send types unless the call works in place.
std::vector<MPI_Datatype> types_of(const void* sendbuf, const MPI_Datatype sendtypes[], const MPI_Datatype recvtypes[],
                                   block_counts counts) {
  std::vector<MPI_Datatype> types;
  if (sendbuf != MPI_IN_PLACE && sendtypes != nullptr) types.insert(types.end(), sendtypes, sendtypes + counts.sent);
  if (recvtypes != nullptr) types.insert(types.end(), recvtypes, recvtypes + counts.received);
  return types;
}

// A collective's algorithm, chosen at its first start, whose checks its arguments passed: every later start
// takes its sequence numbers and does at once what needs no wait, as the blocking call does (the table's begin),
// leaving the rest to the request, without checking its arguments, making a view of the channel or binding
// the operation again. `bound` (null for a collective without one) stays put here, where its reduction
// points; the plan holds its operation and datatype.
class direct_collective {
 public:
  using begin = std::function<std::optional<coll::task>(const coll::communicator_view&, const weft::shm::reduction_op&,
                                                        std::uint64_t sequence)>;

  // `entry`: the operation of the channel's collective table that `begun` begins.
  template <class Operation>
  direct_collective(MPI_Comm channel, Operation coll::collective_table::* entry, bound_op bound, begin begun)
      : view_(collective_view(channel)),
        sequences_((view_.operations().*entry).sequences),
        bound_(bound),
        reduction_(bound_.op != MPI_OP_NULL ? bound_.reduction() : weft::shm::reduction_op{}),
        begin_(std::move(begun)) {}
  direct_collective(const direct_collective&) = delete;
  direct_collective& operator=(const direct_collective&) = delete;

  void start(MPI_Comm channel, MPI_Request* started) const {
    weft_request_s& request = *request_for(channel);
    std::optional<coll::task> rest = begin_(view_, reduction_, view_.take_sequences(sequences_));
    if (rest)
      start_in(request, view_, std::move(*rest));
    else
      request.operation.emplace<finished>();
    *started = &request;
  }

 private:
  coll::communicator_view view_;
  int sequences_;
  bound_op bound_;
  weft::shm::reduction_op reduction_;
  begin begin_;
};

// The starter of a collective that its nonblocking call starts the first time (checking the arguments) and
// that starts directly afterwards on an intracommunicator, taking the sequence numbers of `entry`, the
// table's operation, as the blocking call does.
template <class Operation>
persistent_collective::starter direct_after_first(persistent_collective::starter nonblocking,
                                                  Operation coll::collective_table::* entry, bound_op bound,
                                                  direct_collective::begin begun) {
  auto direct = std::make_shared<std::unique_ptr<direct_collective>>();
  return [=](MPI_Comm channel, MPI_Request* started) {
    if (*direct) [[likely]] {
      (*direct)->start(channel, started);
      return MPI_SUCCESS;
    }
    int error = nonblocking(channel, started);
    if (error == MPI_SUCCESS && !resolve(channel)->is_inter())
      *direct = std::make_unique<direct_collective>(channel, entry, bound, begun);
    return error;
  };
}

}  // namespace

WEFT_PMPI_ALIAS(Barrier_init)
extern "C" int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(
      WEFT_CALL_NAME, comm, info, request, {}, MPI_OP_NULL,
      direct_after_first([](MPI_Comm channel, MPI_Request* started) { return PMPI_Ibarrier(channel, started); },
                         &coll::collective_table::barrier, {},
                         [](const coll::communicator_view& view, const weft::shm::reduction_op&,
                            std::uint64_t sequence) { return view.operations().barrier.begin(view, sequence); }));
}

// A broadcast of a noncontiguous type keeps the nonblocking call, which packs it.
WEFT_PMPI_ALIAS(Bcast_init)
extern "C" int PMPI_Bcast_init(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
                               MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  auto nonblocking = [=](MPI_Comm channel, MPI_Request* started) {
    return PMPI_Ibcast(buffer, count, datatype, root, channel, started);
  };
  if (!is_object(datatype, object_kind::datatype) || !datatype->layout->is_contiguous())
    return plan(WEFT_CALL_NAME, comm, info, request, {datatype}, MPI_OP_NULL, nonblocking);
  return plan(WEFT_CALL_NAME, comm, info, request, {datatype}, MPI_OP_NULL,
              direct_after_first(
                  nonblocking, &coll::collective_table::bcast, {},
                  [=](const coll::communicator_view& view, const weft::shm::reduction_op&, std::uint64_t sequence) {
                    const weft::shm::type_layout& layout = *datatype->layout;
                    return view.operations().bcast.begin(view, static_cast<std::byte*>(buffer) + layout.true_lb(),
                                                         count * layout.size(), root, sequence);
                  }));
}

WEFT_PMPI_ALIAS(Gather_init)
extern "C" int PMPI_Gather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                                MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, channel, started);
              });
}

WEFT_PMPI_ALIAS(Gatherv_init)
extern "C" int PMPI_Gatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                 MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, channel,
                                     started);
              });
}

WEFT_PMPI_ALIAS(Scatter_init)
extern "C" int PMPI_Scatter_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info,
                                 MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, channel,
                                     started);
              });
}

WEFT_PMPI_ALIAS(Scatterv_init)
extern "C" int PMPI_Scatterv_init(const void* sendbuf, const int sendcounts[], const int displs[],
                                  MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                  MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                                      channel, started);
              });
}

WEFT_PMPI_ALIAS(Allgather_init)
extern "C" int PMPI_Allgather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                   MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, channel, started);
              });
}

WEFT_PMPI_ALIAS(Allgatherv_init)
extern "C" int PMPI_Allgatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                    const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                    MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, channel,
                                        started);
              });
}

WEFT_PMPI_ALIAS(Alltoall_init)
extern "C" int PMPI_Alltoall_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                  MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, channel, started);
              });
}

WEFT_PMPI_ALIAS(Alltoallv_init)
extern "C" int PMPI_Alltoallv_init(const void* sendbuf, const int sendcounts[], const int sdispls[],
                                   MPI_Datatype sendtype, void* recvbuf, const int recvcounts[], const int rdispls[],
                                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                                       channel, started);
              });
}

WEFT_PMPI_ALIAS(Alltoallw_init)
extern "C" int PMPI_Alltoallw_init(const void* sendbuf, const int sendcounts[], const int sdispls[],
                                   const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                   const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                   MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, types_of(sendbuf, sendtypes, recvtypes, members_of(comm)),
              MPI_OP_NULL, [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                       channel, started);
              });
}

WEFT_PMPI_ALIAS(Reduce_init)
extern "C" int PMPI_Reduce_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                int root, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  return plan(
      WEFT_CALL_NAME, comm, info, request, {datatype}, op,
      direct_after_first(
          [=](MPI_Comm channel, MPI_Request* started) {
            return PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, channel, started);
          },
          &coll::collective_table::reduce, {op, datatype},
          [=](const coll::communicator_view& view, const weft::shm::reduction_op& reduction, std::uint64_t sequence) {
            return view.operations().reduce.begin(view, input, recvbuf, count, datatype->layout->extent(), reduction,
                                                  root, sequence);
          }));
}

WEFT_PMPI_ALIAS(Allreduce_init)
extern "C" int PMPI_Allreduce_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                   MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const void* input = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
  return plan(
      WEFT_CALL_NAME, comm, info, request, {datatype}, op,
      direct_after_first(
          [=](MPI_Comm channel, MPI_Request* started) {
            return PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, channel, started);
          },
          &coll::collective_table::allreduce, {op, datatype},
          [=](const coll::communicator_view& view, const weft::shm::reduction_op& reduction, std::uint64_t sequence) {
            return view.operations().allreduce.begin(view, input, recvbuf, count, datatype->layout->extent(), reduction,
                                                     sequence);
          }));
}

WEFT_PMPI_ALIAS(Reduce_scatter_block_init)
extern "C" int PMPI_Reduce_scatter_block_init(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype,
                                              MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {datatype}, op, [=](MPI_Comm channel, MPI_Request* started) {
    return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, channel, started);
  });
}

WEFT_PMPI_ALIAS(Reduce_scatter_init)
extern "C" int PMPI_Reduce_scatter_init(const void* sendbuf, void* recvbuf, const int recvcounts[],
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                        MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {datatype}, op, [=](MPI_Comm channel, MPI_Request* started) {
    return PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, channel, started);
  });
}

WEFT_PMPI_ALIAS(Scan_init)
extern "C" int PMPI_Scan_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                              MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {datatype}, op, [=](MPI_Comm channel, MPI_Request* started) {
    return PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, channel, started);
  });
}

WEFT_PMPI_ALIAS(Exscan_init)
extern "C" int PMPI_Exscan_init(const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {datatype}, op, [=](MPI_Comm channel, MPI_Request* started) {
    return PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, channel, started);
  });
}

WEFT_PMPI_ALIAS(Neighbor_allgather_init)
extern "C" int PMPI_Neighbor_allgather_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                            MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, channel,
                                                started);
              });
}

WEFT_PMPI_ALIAS(Neighbor_allgatherv_init)
extern "C" int PMPI_Neighbor_allgatherv_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                             const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                                 channel, started);
              });
}

WEFT_PMPI_ALIAS(Neighbor_alltoall_init)
extern "C" int PMPI_Neighbor_alltoall_init(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                           MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, channel,
                                               started);
              });
}

WEFT_PMPI_ALIAS(Neighbor_alltoallv_init)
extern "C" int PMPI_Neighbor_alltoallv_init(const void* sendbuf, const int sendcounts[], const int sdispls[],
                                            MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                            MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, {sendtype, recvtype}, MPI_OP_NULL,
              [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                                recvtype, channel, started);
              });
}

WEFT_PMPI_ALIAS(Neighbor_alltoallw_init)
extern "C" int PMPI_Neighbor_alltoallw_init(const void* sendbuf, const int sendcounts[], const MPI_Aint sdispls[],
                                            const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[],
                                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                            MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return plan(WEFT_CALL_NAME, comm, info, request, types_of(sendbuf, sendtypes, recvtypes, neighbours_of(comm)),
              MPI_OP_NULL, [=](MPI_Comm channel, MPI_Request* started) {
                return PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                                recvtypes, channel, started);
              });
}
