// Partitioned communication (MPI-4.1, 4.2): MPI_Psend_init and MPI_Precv_init bind a buffer of partitions to
// a persistent request; after each MPI_Start the sender marks partitions ready (MPI_Pready, _range, _list)
// and the receiver asks whether one has arrived (MPI_Parrived). On one node each partition is copied once,
// straight into the receiver's buffer, as soon as it is ready; across nodes the buffer travels as one
// message once its last partition is ready (persistent_partitioned in handles.hpp).

#include <climits>
#include <memory>
#include <tuple>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/point_to_point.hpp"
#include "mpi_api/requests.hpp"
#include "runtime/job.hpp"
#include "runtime/scheduler.hpp"
#include "runtime/this_thread.hpp"
#include "shm/partitioned_channel.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace weft::mpi {

persistent_partitioned::~persistent_partitioned() {
  if (channel)
    shm::partitioned_channel::leave(channel);
  else
    this_rank().partitioned_channels.erase({context_, peer_, tag_, receives_});
  release(datatype_);
}

}  // namespace weft::mpi

namespace {

// Partitioned messages travel below every other tag of the collective context (internal ones are >= 0).
int channel_tag(int user_tag) { return -2 - user_tag; }

shm::envelope channel_of(const weft_comm_s& comm, int rank, int user_tag) {
  return {comm.context + 1, rank, channel_tag(user_tag)};
}

int partitioned_init(const char* call, void* buf, int partitions, MPI_Count count, MPI_Datatype datatype, int peer,
                     int tag, MPI_Comm comm, MPI_Info info, MPI_Request* request, bool receives) {
  if (int error = check_ready(call, comm)) return error;
  if (partitions < 1)
    return raise_error(comm, MPI_ERR_ARG, call, "%d partitions: a partitioned operation has at least one", partitions);
  if (count < 0) return raise_error(comm, MPI_ERR_COUNT, call, "negative count %lld", static_cast<long long>(count));
  if (count > 0 && partitions > INT_MAX / count)
    return raise_error(comm, MPI_ERR_COUNT, call,
                       "%d partitions of %lld elements exceed the %d elements of a partitioned message Weft takes",
                       partitions, static_cast<long long>(count), INT_MAX);
  int total = static_cast<int>(partitions * count);
  int error = receives ? check_receive(call, buf, total, datatype, peer, tag, comm)
                       : check_send(call, buf, total, datatype, peer, tag, comm);
  if (error != MPI_SUCCESS) return error;
  if (peer == MPI_ANY_SOURCE || tag == MPI_ANY_TAG)
    return raise_error(comm, MPI_ERR_ARG, call, "partitioned receives take no wildcards (MPI_ANY_SOURCE, MPI_ANY_TAG)");
  if (info != MPI_INFO_NULL)
    if (int error = check_info(call, comm, info, "info")) return error;
  if (int error = check_output(call, comm, request, "request")) return error;
  const weft_comm_s& c = *resolve(comm);
  int peer_job_rank = peer == MPI_PROC_NULL ? MPI_PROC_NULL : peers(c).job_rank(peer);
  bool on_node = peer != MPI_PROC_NULL && weft::runtime::job::current().nodes().is_local(peer_job_rank);
  if (peer != MPI_PROC_NULL && !on_node &&
      !this_rank().partitioned_channels.emplace(c.context, peer, tag, receives).second)
    return raise_error(comm, MPI_ERR_OTHER, call,
                       "a partitioned %s with rank %d (on another node) and tag %d on %s exists already; across "
                       "nodes Weft matches one at a time per peer and tag: free it first or use another tag",
                       receives ? "receive" : "send", peer, tag, display_name(c));
  auto handle = std::make_unique<weft_request_s>(resolve(comm));
  auto& bound = *std::get<partitioned_binding>(handle->persistent.emplace(
      std::make_unique<persistent_partitioned>(buf, partitions, count, datatype, peer, tag, receives, c.context)));
  bound.ready.assign(receives ? 0 : partitions, false);
  if (on_node) {
    int me = this_rank_id();
    bound.channel = shm::partitioned_channel::join(c.context, receives ? peer_job_rank : me,
                                                   receives ? me : peer_job_rank, tag, receives);
    int elements = static_cast<int>(partitions * count);
    bool agree = receives ? bound.channel->bind_receiver(room_of(buf, elements, datatype), partitions)
                          : bound.channel->bind_sender(data_of(buf, elements, datatype), partitions);
    if (!agree)
      return raise_error(comm, MPI_ERR_TRUNCATE, call,
                         "the partitioned send from rank %d has %zu bytes and the receive at rank %d has %zu; they "
                         "must agree",
                         receives ? peer : c.rank, bound.channel->sender_bytes(), receives ? c.rank : peer,
                         bound.channel->receiver_bytes());
  }
  handle->active = false;
  *request = handle.release();  // owned by the user until MPI_Request_free
  return MPI_SUCCESS;
}

// Across nodes the rank's own thread moves the request's message: its other threads may not (yet).
int check_caller(const char* call, const weft_request_s& request, const persistent_partitioned& bound) {
  if (bound.channel || bound.peer() == MPI_PROC_NULL || weft::runtime::this_thread::worker != nullptr) [[likely]]
    return MPI_SUCCESS;
  return raise_error(request.comm, MPI_ERR_OTHER, call,
                     "rank %d is on another node: Weft readies and polls a partitioned request with a peer on another "
                     "node from the rank's main thread only, not from the threads it started",
                     bound.peer());
}

// The partitioned request of a Pready or Parrived call, active, of the right direction.
int check_partitioned(const char* call, MPI_Request request, bool receives, persistent_partitioned*& bound) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  bound = request != MPI_REQUEST_NULL && is_object(request, object_kind::request) ? partitioned_of(*request) : nullptr;
  if (bound == nullptr || bound->receives() != receives)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call, "the request is not a partitioned %s request",
                       receives ? "receive" : "send");
  if (!request->active)
    return raise_error(request->comm, MPI_ERR_REQUEST, call, "the partitioned request is not started (MPI_Start)");
  return check_caller(call, *request, *bound);
}

int check_partition(const char* call, const weft_request_s& request, const persistent_partitioned& bound,
                    int partition) {
  if (partition >= 0 && partition < bound.partitions()) [[likely]]
    return MPI_SUCCESS;
  return raise_error(request.comm, MPI_ERR_ARG, call, "partition %d is not one of the request's %d (0 to %d)",
                     partition, bound.partitions(), bound.partitions() - 1);
}

// Sends the whole buffer once every partition is ready.
void send_when_ready(weft_request_s& request, const persistent_partitioned& bound) {
  if (bound.channel || bound.ready_count < bound.partitions()) return;
  const weft_comm_s& comm = *request.comm;
  shm::start_send(std::get<shm::send_request>(request.operation),
                  data_of(bound.buffer(), static_cast<int>(bound.partitions() * bound.count()), bound.datatype()),
                  channel_of(comm, comm.rank, bound.tag()), peers(comm).job_rank(bound.peer()),
                  shm::send_mode::standard);
}

int mark_ready(const char* call, weft_request_s& request, persistent_partitioned& bound, int partition) {
  if (int error = check_partition(call, request, bound, partition)) return error;
  if (bound.ready[partition])
    return raise_error(request.comm, MPI_ERR_ARG, call, "partition %d is ready already since the last MPI_Start",
                       partition);
  bound.ready[partition] = true;
  ++bound.ready_count;
  if (bound.channel) bound.channel->ready(partition);
  return MPI_SUCCESS;
}

}  // namespace

namespace weft::mpi {

void start_partitioned(weft_request_s& request, persistent_partitioned& bound) {
  if (bound.peer() == MPI_PROC_NULL) {
    request.operation.emplace<finished>(MPI_PROC_NULL, MPI_ANY_TAG);
    return;
  }
  const weft_comm_s& comm = *request.comm;
  if (bound.channel && bound.receives()) {
    // Complete when every byte has arrived; what its status reports is known now.
    auto& receive = request.operation.emplace<shm::recv_request>();
    receive.pattern = {comm.context, bound.peer(), bound.tag()};
    receive.capacity = receive.message_size = bound.channel->receiver_bytes();
    bound.channel->start_receive(receive.done);
    return;
  }
  if (bound.channel) {
    bound.ready.assign(bound.partitions(), false);
    bound.ready_count = 0;
    bound.channel->start_send(request.operation.emplace<shm::send_request>().done);
    return;
  }
  if (bound.receives()) {
    auto& receive = request.operation.emplace<shm::recv_request>();
    int sender = peers(comm).job_rank(bound.peer());
    shm::expect_sender(receive, sender);
    shm::start_recv(receive,
                    room_of(bound.buffer(), static_cast<int>(bound.partitions() * bound.count()), bound.datatype()),
                    channel_of(comm, bound.peer(), bound.tag()), this_rank_id());
    return;
  }
  // Not complete until it is sent: a Wait before the last MPI_Pready waits for it.
  request.operation.emplace<shm::send_request>();
  bound.ready.assign(bound.partitions(), false);
  bound.ready_count = 0;
  send_when_ready(request, bound);
}

}  // namespace weft::mpi

WEFT_PMPI_ALIAS(Psend_init)
extern "C" int PMPI_Psend_init(const void* buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest,
                               int tag, MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return partitioned_init(WEFT_CALL_NAME, const_cast<void*>(buf), partitions, count, datatype, dest, tag, comm, info,
                          request, false);
}

WEFT_PMPI_ALIAS(Precv_init)
extern "C" int PMPI_Precv_init(void* buf, int partitions, MPI_Count count, MPI_Datatype datatype, int source, int tag,
                               MPI_Comm comm, MPI_Info info, MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  return partitioned_init(WEFT_CALL_NAME, buf, partitions, count, datatype, source, tag, comm, info, request, true);
}

WEFT_PMPI_ALIAS(Pready)
extern "C" int PMPI_Pready(int partition, MPI_Request request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  persistent_partitioned* bound;
  if (int error = check_partitioned(call, request, false, bound)) return error;
  if (bound->peer() == MPI_PROC_NULL) return check_partition(call, *request, *bound, partition);
  if (int error = mark_ready(call, *request, *bound, partition)) return error;
  send_when_ready(*request, *bound);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Pready_range)
extern "C" int PMPI_Pready_range(int partition_low, int partition_high, MPI_Request request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  persistent_partitioned* bound;
  if (int error = check_partitioned(call, request, false, bound)) return error;
  if (partition_low > partition_high)
    return raise_error(request->comm, MPI_ERR_ARG, call, "partition_low %d is above partition_high %d", partition_low,
                       partition_high);
  if (int error = check_partition(call, *request, *bound, partition_low)) return error;
  if (int error = check_partition(call, *request, *bound, partition_high)) return error;
  if (bound->peer() == MPI_PROC_NULL) return MPI_SUCCESS;
  for (int partition = partition_low; partition <= partition_high; ++partition)
    if (int error = mark_ready(call, *request, *bound, partition)) return error;
  send_when_ready(*request, *bound);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Pready_list)
extern "C" int PMPI_Pready_list(int length, const int array_of_partitions[], MPI_Request request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  persistent_partitioned* bound;
  if (int error = check_partitioned(call, request, false, bound)) return error;
  if (length < 0) return raise_error(request->comm, MPI_ERR_ARG, call, "negative length %d", length);
  if (length > 0)
    if (int error = check_output(call, request->comm, array_of_partitions, "array_of_partitions")) return error;
  for (int i = 0; i < length; ++i) {
    int error = bound->peer() == MPI_PROC_NULL ? check_partition(call, *request, *bound, array_of_partitions[i])
                                               : mark_ready(call, *request, *bound, array_of_partitions[i]);
    if (error != MPI_SUCCESS) return error;
  }
  if (bound->peer() != MPI_PROC_NULL) send_when_ready(*request, *bound);
  return MPI_SUCCESS;
}

// A partition arrives with the whole message; an inactive request's last message has arrived.
WEFT_PMPI_ALIAS(Parrived)
extern "C" int PMPI_Parrived(MPI_Request request, int partition, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  if (request == MPI_REQUEST_NULL) {  // MPI-4.1, 4.2.4: as for an inactive request
    *flag = 1;
    return MPI_SUCCESS;
  }
  persistent_partitioned* bound = is_object(request, object_kind::request) ? partitioned_of(*request) : nullptr;
  if (bound == nullptr || !bound->receives())
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call, "the request is not a partitioned receive request");
  if (int error = check_partition(call, *request, *bound, partition)) return error;
  if (request->active)
    if (int error = check_caller(call, *request, *bound)) return error;
  *flag = !request->active || is_complete(*request) || (bound->channel && bound->channel->arrived(partition));
  // Programs poll with Parrived; the sender may be a rank of this very worker, which must get to run.
  if (!*flag) weft::runtime::yield();
  return MPI_SUCCESS;
}
