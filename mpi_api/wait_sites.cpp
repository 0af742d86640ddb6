#include "mpi_api/wait_sites.hpp"

#include "runtime/job.hpp"

namespace weft::mpi {
namespace {

static_assert(runtime::any_tag == MPI_ANY_TAG);

const char* communicator_name(const void* group) { return display_name(*static_cast<const weft_comm_s*>(group)); }

std::uint64_t communicator_identity(const void* group) { return static_cast<const weft_comm_s*>(group)->context; }

// Every rank a wait on the communicator can be about: both groups of an intercommunicator.
std::span<const int> communicator_members(const void* group) {
  const auto& comm = *static_cast<const weft_comm_s*>(group);
  return (comm.is_inter() ? *comm.both : *comm.local).job_ranks();
}

constexpr runtime::wait_groups communicators{communicator_name, communicator_identity, communicator_members};

}  // namespace

void describe_communicators_for_reports() noexcept { runtime::describe_wait_groups(communicators); }

void record_wait(const char* call, const weft_request_s& request) noexcept {
  struct {
    const char* call;
    const weft_request_s& request;
    void operator()(const finished&) const { record_wait(call, runtime::no_peer, runtime::no_tag, request.comm); }
    void operator()(const shm::send_request& send) const {
      // The envelope is the queued message's, known once queued on this node, or once sent to another.
      bool queued = send.rendezvous.sender == &send ||
                    (send.destination >= 0 && !runtime::job::current().nodes().is_local(send.destination));
      record_wait(call, send.destination >= 0 ? send.destination : runtime::no_peer,
                  queued ? send.rendezvous.env.tag : runtime::no_tag, request.comm);
    }
    void operator()(const shm::recv_request& receive) const {
      record_wait(call, receive.pattern.source, receive.pattern.tag, *request.comm);
    }
    void operator()(const generalized_operation&) const {
      record_wait(call, runtime::outside_peer, runtime::no_tag, nullptr);
    }
    void operator()(const coll::pending_collective&) const {
      record_wait(call, runtime::every_peer, runtime::no_tag, request.comm);
    }
    // The target's worker answers, whatever its rank does: no rank is waited for.
    void operator()(const rma_operation&) const { record_wait(call, runtime::no_peer, runtime::no_tag, request.comm); }
    // The process's transfer thread completes it: no rank is waited for.
    void operator()(const file_transfer&) const { record_wait(call, runtime::no_peer, runtime::no_tag, request.comm); }
  } recorder{call, request};
  std::visit(recorder, request.operation);
}

}  // namespace weft::mpi
