// Completing requests: Wait, Test and their any/all/some forms, Request_get_status, Request_free.

#include "mpi_api/requests.hpp"

#include <memory>
#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/collective_requests.hpp"
#include "mpi_api/files.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/point_to_point.hpp"
#include "mpi_api/wait_sites.hpp"
#include "mpi_api/window_checks.hpp"
#include "runtime/scheduler.hpp"
#include "shm/point_to_point.hpp"

using namespace weft::mpi;
namespace shm = weft::shm;

namespace weft::mpi {

bool is_complete(const weft_request_s& request) noexcept {
  if (request.paired != nullptr && !is_complete(request.paired->send)) [[unlikely]]
    return false;
  struct {
    bool operator()(const finished&) const { return true; }
    bool operator()(const shm::send_request& send) const { return send.done.done(); }
    bool operator()(const shm::recv_request& receive) const { return receive.done.done(); }
    bool operator()(const generalized_operation& user) const { return user.complete.load(std::memory_order_acquire); }
    bool operator()(const coll::pending_collective& collective) const { return collective.done(); }
    bool operator()(const rma_operation& one_sided) const { return one_sided.replies.done(); }
    bool operator()(const file_transfer& transfer) const { return transfer.done.load(std::memory_order_acquire); }
  } complete;
  return std::visit(complete, request.operation);
}

void wait_for(weft_request_s& request, const char* call) {
  if (request.paired != nullptr) [[unlikely]]
    wait_for(request.paired->send, call);
  // A receive first, the blocking path a ping-pong takes at every message: no visit of the operation.
  if (auto* receive = std::get_if<shm::recv_request>(&request.operation)) {
    if (receive->done.done()) return;
    record_wait(call, receive->pattern.source, receive->pattern.tag, *request.comm);
    wait_recorded recorded;
    receive->done.wait();
    return;
  }
  if (is_complete(request)) return;
  record_wait(call, request);
  wait_recorded recorded;
  if (auto* send = std::get_if<shm::send_request>(&request.operation))
    send->done.wait();
  else if (auto* collective = std::get_if<coll::pending_collective>(&request.operation))
    this_rank().collectives.wait(*collective);
  else
    runtime::wait_until([&] { return is_complete(request); });
}

int outcome(weft_request_s& request, MPI_Status* status, const char* call) {
  int error = MPI_SUCCESS;
  if (auto* receive = std::get_if<shm::recv_request>(&request.operation)) {
    error = receive_outcome(*receive, request.comm, call);
    // A partitioned receive reports its peer and tag as the program named them, not its messages' envelope.
    const persistent_partitioned* partitioned = partitioned_of(request);
    if (partitioned != nullptr) [[unlikely]]
      fill_status(status, partitioned->peer(), partitioned->tag(), receive->received());
    else
      fill_status(status, receive->source, receive->tag, receive->received());
    if (request.paired != nullptr && !request.paired->staging.empty()) [[unlikely]]
      unstage(*request.paired, receive->received());
  } else if (auto* user = std::get_if<generalized_operation>(&request.operation)) {
    // The query callback fills the status; it needs one even when the caller ignores it.
    MPI_Status filled{};
    empty_status(&filled);
    error = user->query(user->extra_state, &filled);
    if (status != MPI_STATUS_IGNORE) *status = filled;
    if (error != MPI_SUCCESS)
      error =
          raise_error(MPI_COMM_WORLD, error, call, "the query callback of a generalized request returned %d", error);
  } else if (std::holds_alternative<coll::pending_collective>(request.operation)) {
    empty_status(status);
    error = report_truncation(call, request.comm, request.truncated);
  } else if (auto* one_sided = std::get_if<rma_operation>(&request.operation)) {
    empty_status(status);
    error = report_remote_failure(call, one_sided->win, one_sided->replies.failed());
  } else if (auto* done = std::get_if<finished>(&request.operation)) {
    fill_status(status, done->source, done->tag, done->bytes);
  } else if (auto* transfer = std::get_if<file_transfer>(&request.operation)) {
    error = transfer_outcome(*transfer, status, call);
  } else {
    empty_status(status);
  }
  if (status != MPI_STATUS_IGNORE) status->weft_cancelled = request.cancelled;
  return error;
}

int retire(MPI_Request* handle, MPI_Status* status, const char* call) {
  weft_request_s& request = **handle;
  int error = outcome(request, status, call);
  if (request.persistent) {
    request.active = false;
    return error;
  }
  *handle = MPI_REQUEST_NULL;
  int freed = free_complete(&request);
  if (freed == MPI_SUCCESS || error != MPI_SUCCESS) return error;
  return raise_error(MPI_COMM_WORLD, freed, call, "the free callback of a generalized request returned %d", freed);
}

int free_complete(weft_request_s* request) {
  std::unique_ptr<weft_request_s> owned(request);
  if (auto* user = std::get_if<generalized_operation>(&request->operation)) return user->free(user->extra_state);
  return MPI_SUCCESS;
}

void release_when_complete(weft_request_s* request) {
  auto& orphans = this_rank().orphans;
  std::erase_if(orphans, [](weft_request_s* orphan) { return is_complete(*orphan) && (free_complete(orphan), true); });
  if ((request->persistent && !request->active) || is_complete(*request))
    free_complete(request);
  else
    orphans.push_back(request);
}

void complete_orphans(const char* call) {
  for (weft_request_s* orphan : this_rank().orphans) {
    wait_for(*orphan, call);
    free_complete(orphan);
  }
  this_rank().orphans.clear();
}

bool is_inactive(MPI_Request request) noexcept {
  return request == MPI_REQUEST_NULL || (request->persistent && !request->active);
}

void empty_status(MPI_Status* status) noexcept { fill_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, 0); }

}  // namespace weft::mpi

namespace {

int check_requests(const char* call, int count, MPI_Request requests[]) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_count(call, MPI_COMM_WORLD, count)) return error;
  if (count > 0)
    if (int error = check_output(call, MPI_COMM_WORLD, requests, "array_of_requests")) return error;
  for (int i = 0; i < count; ++i)
    if (requests[i] != MPI_REQUEST_NULL && !is_object(requests[i], object_kind::request))
      return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call, "array_of_requests[%d] is not a request (%p)", i,
                         static_cast<void*>(requests[i]));
  return MPI_SUCCESS;
}

int check_request(const char* call, MPI_Request* request) {
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, request, "request")) return error;
  return check_requests(call, 1, request);
}

// Programs poll with the Test calls; the peer may be a rank of this very worker, which must get to run.
void let_peers_run() { weft::runtime::yield(); }

// A test call first advances the rank's collectives under way: a program may poll one with the Test
// calls alone.
void advance_collectives() { this_rank().collectives.advance(); }

// MPI-4.1, 4.2, 7.12 and 7.13: freeing or cancelling the request of a nonblocking collective, or of a
// persistent collective or partitioned operation while it is active, is erroneous. Inactive ones may go, and
// so may a nonblocking collective's once it is complete, as MPICH and Open MPI let them: nothing of it is left
// to run, and programs that poll with MPI_Request_get_status free it so.
int refuse_collective(const char* call, const weft_request_s& request) {
  if (request.persistent && !std::holds_alternative<persistent_transfer>(*request.persistent)) {
    if (!request.active) return MPI_SUCCESS;
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call,
                       "request is an active %s, which cannot be freed or cancelled; complete it first",
                       std::holds_alternative<persistent_collective>(*request.persistent) ? "persistent collective"
                                                                                          : "partitioned request");
  }
  if (!std::holds_alternative<weft::coll::pending_collective>(request.operation)) [[likely]]
    return MPI_SUCCESS;
  if (is_complete(request)) return MPI_SUCCESS;
  return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call,
                     "request belongs to a nonblocking collective, which cannot be freed or cancelled; wait for it");
}

// One field of a status a program sets (MPI_Status_set_source ...).
int set_field(const char* call, MPI_Status* status, int MPI_Status::* field, int value) {
  if (int error = check_output(call, MPI_COMM_WORLD, status, "status")) return error;
  status->*field = value;
  return MPI_SUCCESS;
}

int get_field(const char* call, const MPI_Status* status, int MPI_Status::* field, int* value) {
  if (int error = check_output(call, MPI_COMM_WORLD, status, "status")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, value, "the field's output")) return error;
  *value = status->*field;
  return MPI_SUCCESS;
}

MPI_Status* status_at(MPI_Status statuses[], int i) {
  return statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
}

// The errors of a call that completes several requests. Their statuses' MPI_ERROR fields are set only when
// one failed: then each holds its request's outcome and the call returns MPI_ERR_IN_STATUS.
class error_fields {
 public:
  void record(int status_index, int error) {
    if (error != MPI_SUCCESS) failures_.emplace_back(status_index, error);
  }

  int report(const char* call, int status_count, MPI_Status statuses[]) const {
    if (failures_.empty()) return MPI_SUCCESS;
    if (statuses != MPI_STATUSES_IGNORE) {
      for (int i = 0; i < status_count; ++i) statuses[i].MPI_ERROR = MPI_SUCCESS;
      for (auto [index, error] : failures_) statuses[index].MPI_ERROR = error;
    }
    return raise_error(MPI_COMM_WORLD, MPI_ERR_IN_STATUS, call,
                       "a request failed; see the error fields of the statuses");
  }

 private:
  std::vector<std::pair<int, int>> failures_;
};

// The index of a complete active request in `requests`, MPI_UNDEFINED when none is active, or -1 when
// active ones remain but none is complete.
int find_complete(int count, MPI_Request requests[]) {
  bool any_active = false;
  for (int i = 0; i < count; ++i) {
    if (is_inactive(requests[i])) continue;
    any_active = true;
    if (is_complete(*requests[i])) return i;
  }
  return any_active ? -1 : MPI_UNDEFINED;
}

// Records the first active request of `requests` not complete as what the rank waits for in `call`.
void record_first_pending(const char* call, int count, MPI_Request requests[]) {
  for (int i = 0; i < count; ++i)
    if (!is_inactive(requests[i]) && !is_complete(*requests[i])) {
      record_wait(call, *requests[i]);
      return;
    }
}

// Retires every complete active request, recording its index; the some-calls' common part.
// What a call does with a complete request: the Wait and Test calls retire it (retire()); the MPI-4.1
// MPI_Request_get_status_any/all/some only read its status, leaving it as it is.
enum class on_complete { retire, inspect };

int take(const char* call, MPI_Request* request, MPI_Status* status, on_complete what) {
  return what == on_complete::retire ? retire(request, status, call) : outcome(**request, status, call);
}

int retire_complete(const char* call, int count, MPI_Request requests[], int* outcount, int indices[],
                    MPI_Status statuses[], on_complete what = on_complete::retire) {
  int done = 0;
  error_fields errors;
  for (int i = 0; i < count; ++i) {
    if (is_inactive(requests[i]) || !is_complete(*requests[i])) continue;
    MPI_Status* status = status_at(statuses, done);
    indices[done] = i;
    errors.record(done++, take(call, &requests[i], status, what));
  }
  *outcount = done;
  return errors.report(call, done, statuses);
}

// MPI_Testany and MPI_Request_get_status_any.
int test_any(const char* call, int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status,
             on_complete what) {
  if (int error = check_requests(call, count, requests)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, index, "index")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  advance_collectives();
  int found = find_complete(count, requests);
  *flag = found != -1;
  *index = found == -1 ? MPI_UNDEFINED : found;
  if (found == -1) {
    let_peers_run();
    return MPI_SUCCESS;
  }
  if (found == MPI_UNDEFINED) {
    empty_status(status);
    return MPI_SUCCESS;
  }
  return take(call, &requests[found], status, what);
}

// MPI_Testall and MPI_Request_get_status_all: every request or none.
int test_all(const char* call, int count, MPI_Request requests[], int* flag, MPI_Status statuses[], on_complete what) {
  if (int error = check_requests(call, count, requests)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  advance_collectives();
  *flag = 1;
  for (int i = 0; i < count && *flag; ++i) *flag = is_inactive(requests[i]) || is_complete(*requests[i]);
  if (!*flag) {
    let_peers_run();
    return MPI_SUCCESS;
  }
  error_fields errors;
  for (int i = 0; i < count; ++i) {
    if (is_inactive(requests[i]))
      empty_status(status_at(statuses, i));
    else
      errors.record(i, take(call, &requests[i], status_at(statuses, i), what));
  }
  return errors.report(call, count, statuses);
}

// MPI_Testsome and MPI_Request_get_status_some.
int test_some(const char* call, int incount, MPI_Request requests[], int* outcount, int indices[],
              MPI_Status statuses[], on_complete what) {
  if (int error = check_requests(call, incount, requests)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, outcount, "outcount")) return error;
  advance_collectives();
  if (find_complete(incount, requests) == MPI_UNDEFINED) {
    *outcount = MPI_UNDEFINED;
    return MPI_SUCCESS;
  }
  int error = retire_complete(call, incount, requests, outcount, indices, statuses, what);
  if (*outcount == 0) let_peers_run();
  return error;
}

}  // namespace

WEFT_PMPI_ALIAS(Wait)
extern "C" int PMPI_Wait(MPI_Request* request, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_request(call, request)) return error;
  if (is_inactive(*request)) {
    empty_status(status);
    return MPI_SUCCESS;
  }
  wait_for(**request, call);
  return retire(request, status, call);
}

WEFT_PMPI_ALIAS(Test)
extern "C" int PMPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_request(call, request)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  advance_collectives();
  *flag = is_inactive(*request) || is_complete(**request);
  if (!*flag) {
    let_peers_run();
    return MPI_SUCCESS;
  }
  if (is_inactive(*request)) {
    empty_status(status);
    return MPI_SUCCESS;
  }
  return retire(request, status, call);
}

WEFT_PMPI_ALIAS(Request_get_status)
extern "C" int PMPI_Request_get_status(MPI_Request request, int* flag, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_requests(call, 1, &request)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  advance_collectives();
  *flag = is_inactive(request) || is_complete(*request);
  if (!*flag)
    let_peers_run();
  else if (is_inactive(request))
    empty_status(status);
  else
    return outcome(*request, status, call);
  return MPI_SUCCESS;
}

// MPI-4.1, 3.7.6: the statuses of the any, all and some forms, as their Test calls find them, leaving every
// request as it is (the cast only lets them share the Test calls' code, which then changes nothing).
WEFT_PMPI_ALIAS(Request_get_status_any)
extern "C" int PMPI_Request_get_status_any(int count, const MPI_Request array_of_requests[], int* index, int* flag,
                                           MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return test_any(WEFT_CALL_NAME, count, const_cast<MPI_Request*>(array_of_requests), index, flag, status,
                  on_complete::inspect);
}

WEFT_PMPI_ALIAS(Request_get_status_all)
extern "C" int PMPI_Request_get_status_all(int count, const MPI_Request array_of_requests[], int* flag,
                                           MPI_Status array_of_statuses[]) {
  const call_guard guard(WEFT_CALL_NAME);
  return test_all(WEFT_CALL_NAME, count, const_cast<MPI_Request*>(array_of_requests), flag, array_of_statuses,
                  on_complete::inspect);
}

WEFT_PMPI_ALIAS(Request_get_status_some)
extern "C" int PMPI_Request_get_status_some(int incount, const MPI_Request array_of_requests[], int* outcount,
                                            int array_of_indices[], MPI_Status array_of_statuses[]) {
  const call_guard guard(WEFT_CALL_NAME);
  return test_some(WEFT_CALL_NAME, incount, const_cast<MPI_Request*>(array_of_requests), outcount, array_of_indices,
                   array_of_statuses, on_complete::inspect);
}

WEFT_PMPI_ALIAS(Waitall)
extern "C" int PMPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_requests(call, count, requests)) return error;
  error_fields errors;
  for (int i = 0; i < count; ++i) {
    if (is_inactive(requests[i])) {
      empty_status(status_at(statuses, i));
      continue;
    }
    wait_for(*requests[i], call);
    errors.record(i, retire(&requests[i], status_at(statuses, i), call));
  }
  return errors.report(call, count, statuses);
}

WEFT_PMPI_ALIAS(Testall)
extern "C" int PMPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  const call_guard guard(WEFT_CALL_NAME);
  return test_all(WEFT_CALL_NAME, count, requests, flag, statuses, on_complete::retire);
}

WEFT_PMPI_ALIAS(Waitany)
extern "C" int PMPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_requests(call, count, requests)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, index, "index")) return error;
  int found = -1;
  wait_recorded recorded;
  weft::runtime::wait_until([&] { return (found = find_complete(count, requests)) != -1; },
                            [&] { record_first_pending(call, count, requests); });
  *index = found;
  if (found == MPI_UNDEFINED) {
    empty_status(status);
    return MPI_SUCCESS;
  }
  return retire(&requests[found], status, call);
}

WEFT_PMPI_ALIAS(Testany)
extern "C" int PMPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  const call_guard guard(WEFT_CALL_NAME);
  return test_any(WEFT_CALL_NAME, count, requests, index, flag, status, on_complete::retire);
}

WEFT_PMPI_ALIAS(Waitsome)
extern "C" int PMPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_requests(call, incount, requests)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, outcount, "outcount")) return error;
  int found = -1;
  wait_recorded recorded;
  weft::runtime::wait_until([&] { return (found = find_complete(incount, requests)) != -1; },
                            [&] { record_first_pending(call, incount, requests); });
  if (found == MPI_UNDEFINED) {
    *outcount = MPI_UNDEFINED;
    return MPI_SUCCESS;
  }
  return retire_complete(call, incount, requests, outcount, indices, statuses);
}

WEFT_PMPI_ALIAS(Testsome)
extern "C" int PMPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[]) {
  const call_guard guard(WEFT_CALL_NAME);
  return test_some(WEFT_CALL_NAME, incount, requests, outcount, indices, statuses, on_complete::retire);
}

WEFT_PMPI_ALIAS(Cancel)
extern "C" int PMPI_Cancel(MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_request(call, request)) return error;
  if (*request == MPI_REQUEST_NULL)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call, "request is MPI_REQUEST_NULL");
  weft_request_s& target = **request;
  if (int error = refuse_collective(call, target)) return error;
  if (target.paired != nullptr)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call,
                       "request belongs to an MPI_Isendrecv, whose send may be done already; it cannot be cancelled");
  if (auto* receive = std::get_if<shm::recv_request>(&target.operation))
    target.cancelled = shm::cancel_recv(*receive, this_rank_id());
  else if (auto* send = std::get_if<shm::send_request>(&target.operation))
    target.cancelled = shm::cancel_send(*send);
  else if (auto* user = std::get_if<generalized_operation>(&target.operation))
    // The program's callback decides; the request still completes through MPI_Grequest_complete.
    if (int failed = user->cancel(user->extra_state, is_complete(target)); failed != MPI_SUCCESS)
      return raise_error(MPI_COMM_WORLD, failed, call, "the cancel callback of a generalized request returned %d",
                         failed);
  // Operations that were already matched, or finished, complete normally: MPI allows a cancel to fail.
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Test_cancelled)
extern "C" int PMPI_Test_cancelled(const MPI_Status* status, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, status, "status")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  *flag = status->weft_cancelled;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Status_set_cancelled)
extern "C" int PMPI_Status_set_cancelled(MPI_Status* status, int flag) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_output(WEFT_CALL_NAME, MPI_COMM_WORLD, status, "status")) return error;
  status->weft_cancelled = flag != 0;
  return MPI_SUCCESS;
}

// MPI-4.1, 3.2.5: the fields a generalized request's query callback sets.
WEFT_PMPI_ALIAS(Status_set_source)
extern "C" int PMPI_Status_set_source(MPI_Status* status, int source) {
  const call_guard guard(WEFT_CALL_NAME);
  return set_field(WEFT_CALL_NAME, status, &MPI_Status::MPI_SOURCE, source);
}

WEFT_PMPI_ALIAS(Status_set_tag)
extern "C" int PMPI_Status_set_tag(MPI_Status* status, int tag) {
  const call_guard guard(WEFT_CALL_NAME);
  return set_field(WEFT_CALL_NAME, status, &MPI_Status::MPI_TAG, tag);
}

WEFT_PMPI_ALIAS(Status_set_error)
extern "C" int PMPI_Status_set_error(MPI_Status* status, int error) {
  const call_guard guard(WEFT_CALL_NAME);
  return set_field(WEFT_CALL_NAME, status, &MPI_Status::MPI_ERROR, error);
}

// MPI-4.1: and read back.
WEFT_PMPI_ALIAS(Status_get_source)
extern "C" int PMPI_Status_get_source(const MPI_Status* status, int* source) {
  const call_guard guard(WEFT_CALL_NAME);
  return get_field(WEFT_CALL_NAME, status, &MPI_Status::MPI_SOURCE, source);
}

WEFT_PMPI_ALIAS(Status_get_tag)
extern "C" int PMPI_Status_get_tag(const MPI_Status* status, int* tag) {
  const call_guard guard(WEFT_CALL_NAME);
  return get_field(WEFT_CALL_NAME, status, &MPI_Status::MPI_TAG, tag);
}

WEFT_PMPI_ALIAS(Status_get_error)
extern "C" int PMPI_Status_get_error(const MPI_Status* status, int* error) {
  const call_guard guard(WEFT_CALL_NAME);
  return get_field(WEFT_CALL_NAME, status, &MPI_Status::MPI_ERROR, error);
}

WEFT_PMPI_ALIAS(Request_free)
extern "C" int PMPI_Request_free(MPI_Request* request) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_request(call, request)) return error;
  if (*request == MPI_REQUEST_NULL)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_REQUEST, call, "request is MPI_REQUEST_NULL");
  if (int error = refuse_collective(call, **request)) return error;
  // An operation still under way completes on its own; its request goes once it has.
  release_when_complete(*request);
  *request = MPI_REQUEST_NULL;
  return MPI_SUCCESS;
}
