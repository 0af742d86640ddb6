// MPIX_Halo exchanges: binding cells, the commit (collective over the communicator), the steps and the
// release. The mechanism is in halo/; here are the checks, the collective parts of the commit and the
// errors.

#include <memory>
#include <string>
#include <vector>

#include "halo/commit_error.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/context_ids.hpp"
#include "mpi_api/halo_checks.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
using weft::halo::commit_failure;

namespace {

int error_class_of(commit_failure failure) {
  switch (failure) {
    case commit_failure::different_types:
      return MPI_ERR_TYPE;
    case commit_failure::different_sizes:
      return MPI_ERR_COUNT;
    default:
      return MPI_ERR_ARG;
  }
}

int check_committed_exchange(const char* call, MPI_Halo_exchange exchange) {
  if (exchange->exchange.committed()) [[likely]]
    return MPI_SUCCESS;
  return raise_error(exchange->comm, MPI_ERR_OTHER, call, "the exchange is not committed (MPIX_Halo_exchange_commit)");
}

// A peer out of step: it released the exchange, or exchanged a different number of times.
int report_mismatch(const char* call, MPI_Halo_exchange exchange, const weft::halo::step_mismatch& mismatch) {
  if (mismatch.peer < 0) [[likely]]
    return MPI_SUCCESS;
  auto step_text = [](std::uint64_t step) {
    return step == weft::halo::released_step ? std::string("its release") : "exchange " + std::to_string(step);
  };
  return raise_error(exchange->comm, MPI_ERR_OTHER, call,
                     "rank %d is at %s of the exchange but its peer rank %d at %s: every rank of an exchange "
                     "exchanges as many times before releasing it",
                     exchange->comm->rank, step_text(mismatch.expected).c_str(), mismatch.peer,
                     step_text(mismatch.received).c_str());
}

int init_exchange(const char* call, MPI_Comm comm, MPI_Halo_exchange* exchange) {
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_intracommunicator(call, comm)) return error;
  if (int error = check_output(call, comm, exchange, "exchange")) return error;
  *exchange = std::make_unique<weft_halo_exchange_s>(resolve(comm)).release();
  return MPI_SUCCESS;
}

int check_binding(const char* call, MPI_Halo_exchange exchange, MPI_Halo halo) {
  if (int error = check_halo_exchange(call, exchange)) return error;
  if (int error = check_halo(call, halo)) return error;
  if (int error = check_uncommitted(call, exchange)) return error;
  return check_unbound(call, exchange, halo);
}

void hold(MPI_Halo_exchange exchange, MPI_Halo halo) {
  exchange->cells.push_back(retain(halo));
  halo->exchange = exchange;
}

// The commit's errors on this rank: the first is reported through the handler, the others counted.
int report_commit_errors(const char* call, MPI_Halo_exchange exchange,
                         const std::vector<weft::halo::commit_error>& errors) {
  if (errors.empty()) return MPI_SUCCESS;
  std::string more = errors.size() > 1 ? " (and " + std::to_string(errors.size() - 1) + " more refused bindings)" : "";
  return raise_error(exchange->comm, error_class_of(errors[0].failure), call, "%s%s",
                     weft::halo::describe(errors[0]).c_str(), more.c_str());
}

int start_step(const char* call, MPI_Halo_exchange exchange) {
  if (int error = check_halo_exchange(call, exchange)) return error;
  if (int error = check_committed_exchange(call, exchange)) return error;
  if (exchange->exchange.in_flight()) [[unlikely]]
    return raise_error(exchange->comm, MPI_ERR_OTHER, call,
                       "an exchange is in flight already: complete it with MPIX_Halo_iexchange_wait");
  if (const weft::halo::cell* unset = exchange->exchange.unset_local_cell()) [[unlikely]]
    return raise_error(exchange->comm, MPI_ERR_BUFFER, call,
                       "local cell '%s' is read by a peer but has no data: set it with MPIX_Halo_cell_set",
                       unset->label().c_str());
  exchange->exchange.start();
  return MPI_SUCCESS;
}

int finish_step(const char* call, MPI_Halo_exchange exchange) {
  if (int error = check_halo_exchange(call, exchange)) return error;
  if (!exchange->exchange.in_flight()) [[unlikely]]
    return raise_error(exchange->comm, MPI_ERR_OTHER, call, "no exchange is in flight (MPIX_Halo_iexchange)");
  return report_mismatch(call, exchange, exchange->exchange.finish());
}

}  // namespace

WEFT_PMPIX_ALIAS(Halo_exchange_init)
extern "C" int PMPIX_Halo_exchange_init(MPI_Halo_exchange* exchange) {
  const call_guard guard(WEFT_CALL_NAME);
  return init_exchange(WEFT_CALL_NAME, MPI_COMM_WORLD, exchange);
}

WEFT_PMPIX_ALIAS(Halo_exchange_init_comm)
extern "C" int PMPIX_Halo_exchange_init_comm(MPI_Comm comm, MPI_Halo_exchange* exchange) {
  const call_guard guard(WEFT_CALL_NAME);
  return init_exchange(WEFT_CALL_NAME, comm, exchange);
}

WEFT_PMPIX_ALIAS(Halo_cell_bind_local)
extern "C" int PMPIX_Halo_cell_bind_local(MPI_Halo_exchange exchange, MPI_Halo halo) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_binding(WEFT_CALL_NAME, exchange, halo)) return error;
  exchange->exchange.bind_local(halo->cell);
  hold(exchange, halo);
  return MPI_SUCCESS;
}

WEFT_PMPIX_ALIAS(Halo_cell_bind_remote)
extern "C" int PMPIX_Halo_cell_bind_remote(MPI_Halo_exchange exchange, MPI_Halo halo, int rank,
                                           const char* remote_label) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_binding(call, exchange, halo)) return error;
  if (int error = check_peer(call, exchange->comm, rank, "owner", false)) return error;
  if (int error = check_label(call, exchange->comm, remote_label, "remote_label")) return error;
  if (rank == MPI_PROC_NULL) [[unlikely]]
    return raise_error(exchange->comm, MPI_ERR_RANK, call, "owner is MPI_PROC_NULL");
  exchange->exchange.bind_remote(halo->cell, rank, remote_label);
  hold(exchange, halo);
  return MPI_SUCCESS;
}

// Collective over the communicator: a context of the exchange's own, the number of requests each owner
// will serve (a reduction), the requests and answers, then an agreement, so that the exchange is
// committed on every rank or on none.
WEFT_PMPIX_ALIAS(Halo_exchange_commit)
extern "C" int PMPIX_Halo_exchange_commit(MPI_Halo_exchange exchange) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_halo_exchange(call, exchange)) return error;
  if (int error = check_uncommitted(call, exchange)) return error;
  weft_comm_s& comm = *exchange->comm;
  const rank_map& members = *comm.local;
  std::uint32_t context = agree_on_context(comm);
  std::vector<int> bindings_per_owner(members.size(), 0);
  exchange->exchange.count_requests(bindings_per_owner);
  int incoming = 0;
  PMPI_Reduce_scatter_block(bindings_per_owner.data(), &incoming, 1, MPI_INT, MPI_SUM, &comm);

  std::vector<weft::halo::commit_error> errors =
      exchange->exchange.commit({context, comm.rank, members.job_ranks(), incoming});
  // Reported at once: under MPI_ERRORS_ARE_FATAL the job ends with this, the most precise message.
  int error = report_commit_errors(call, exchange, errors);
  int failed_rank = errors.empty() ? members.size() : comm.rank, first_failed = 0;
  PMPI_Allreduce(&failed_rank, &first_failed, 1, MPI_INT, MPI_MIN, &comm);
  if (first_failed == members.size()) {
    exchange->exchange.activate();
    return MPI_SUCCESS;
  }
  exchange->exchange.discard();
  if (error != MPI_SUCCESS) return error;
  return raise_error(&comm, MPI_ERR_OTHER, call, "the commit failed on rank %d; the exchange is not committed",
                     first_failed);
}

WEFT_PMPIX_ALIAS(Halo_iexchange)
extern "C" int PMPIX_Halo_iexchange(MPI_Halo_exchange exchange) {
  const call_guard guard(WEFT_CALL_NAME);
  return start_step(WEFT_CALL_NAME, exchange);
}

WEFT_PMPIX_ALIAS(Halo_iexchange_wait)
extern "C" int PMPIX_Halo_iexchange_wait(MPI_Halo_exchange exchange) {
  const call_guard guard(WEFT_CALL_NAME);
  return finish_step(WEFT_CALL_NAME, exchange);
}

WEFT_PMPIX_ALIAS(Halo_exchange)
extern "C" int PMPIX_Halo_exchange(MPI_Halo_exchange exchange) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = start_step(call, exchange)) return error;
  return finish_step(call, exchange);
}

// Collective over the exchange's peers: returns once none of them views the caller's cells any more.
WEFT_PMPIX_ALIAS(Halo_exchange_release)
extern "C" int PMPIX_Halo_exchange_release(MPI_Halo_exchange* exchange) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, exchange, "exchange")) return error;
  if (int error = check_halo_exchange(call, *exchange)) return error;
  if ((*exchange)->exchange.in_flight()) [[unlikely]]
    return raise_error((*exchange)->comm, MPI_ERR_OTHER, call,
                       "an exchange is in flight: complete it with MPIX_Halo_iexchange_wait before releasing");
  int error = report_mismatch(call, *exchange, (*exchange)->exchange.release());
  release(*exchange);
  *exchange = MPI_HALO_EXCHANGE_NULL;
  return error;
}
