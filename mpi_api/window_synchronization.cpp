// RMA synchronization calls (MPI-3.1, 11.5): fence, general active target (post, start, complete, wait,
// test), passive target (lock, unlock, lock_all, unlock_all), flushes and MPI_Win_sync. Operations on
// targets of this node complete during their calls (window_operations.cpp), so what is left to
// synchronization is ordering: the waits between members, each a sequentially consistent hand-over, and
// the epochs' rules, which are checked so that a program that would fail elsewhere fails here too, with
// MPI_ERR_RMA_SYNC. Operations on targets of other nodes complete when their replies came: every call that
// ends an epoch or flushes waits for them first (complete_remote_operations), and posts, completions and
// locks toward other nodes travel as messages their nodes apply to the same state (rma/remote_origin.hpp).

#include <atomic>
#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/window_checks.hpp"
#include "rma/active_target.hpp"
#include "rma/passive_target.hpp"
#include "rma/remote_origin.hpp"
#include "runtime/scheduler.hpp"

using namespace weft::mpi;
namespace rma = weft::rma;

namespace {

int refuse(const char* call, MPI_Win win, const char* why) {
  return raise_error(win, MPI_ERR_RMA_SYNC, call, "%s", why);
}

// The window ranks of `group`'s members, all of which must be in the window's group.
int window_ranks(const char* call, MPI_Win win, MPI_Group group, std::vector<int>& ranks) {
  if (int error = check_group(call, win, group, "group")) return error;
  const weft::mpi::rank_map& members = *win->comm->local;
  for (int job_rank : group->members->job_ranks()) {
    int rank = members.rank_of(job_rank);
    if (rank == MPI_UNDEFINED) [[unlikely]]
      return raise_error(win, MPI_ERR_GROUP, call, "the group holds a process that is not in the window's group");
    ranks.push_back(rank);
  }
  return MPI_SUCCESS;
}

// Programs poll with the calls that complete operations (a flag in a window, read until another rank
// sets it), and that rank may be of this worker: they let it run.
void let_others_run() { weft::runtime::yield(); }

// Ending an epoch or synchronizing the copies of a window orders the caller's accesses before everything
// after, as the completion of operations would elsewhere.
void complete_operations() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  let_others_run();
}

}  // namespace

WEFT_PMPI_ALIAS(Win_fence)
extern "C" int PMPI_Win_fence(int assert, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error =
          check_assert(call, win, assert, MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED))
    return error;
  if (!win->epochs.may_fence()) [[unlikely]]
    return refuse(call, win, "a lock, lock_all, start or post epoch is open on this rank");
  if (int error = complete_remote_operations(call, win)) return error;
  // The barrier orders every member's operations and local stores before the fence before everything after it.
  PMPI_Barrier(win->comm);
  win->epochs.fence((assert& MPI_MODE_NOSUCCEED) == 0);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_start)
extern "C" int PMPI_Win_start(MPI_Group group, int assert, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_assert(call, win, assert, MPI_MODE_NOCHECK)) return error;
  if (!win->epochs.may_start()) [[unlikely]]
    return refuse(call, win, "an access epoch (start, lock or lock_all) is already open on this rank");
  std::vector<int> targets;
  if (int error = window_ranks(call, win, group, targets)) return error;
  // Under MPI_MODE_NOCHECK the matching posts, which said MPI_MODE_NOCHECK too, have all happened.
  if ((assert& MPI_MODE_NOCHECK) == 0) rma::start(*win->shared, win->rank, targets);
  win->epochs.start(std::move(targets));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_complete)
extern "C" int PMPI_Win_complete(MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (!win->epochs.accessing()) [[unlikely]]
    return refuse(call, win, "no access epoch was started (MPI_Win_start) on this rank");
  if (int error = complete_remote_operations(call, win)) return error;
  rma::window& shared = *win->shared;
  for (int target : win->epochs.access_group()) {
    if (shared.remote(target) != nullptr)
      rma::remote_complete(shared, win->rank, target);
    else
      rma::complete(shared, std::span(&target, 1));
  }
  win->epochs.complete();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_post)
extern "C" int PMPI_Win_post(MPI_Group group, int assert, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_assert(call, win, assert, MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT)) return error;
  if (win->epochs.exposing()) [[unlikely]]
    return refuse(call, win, "an exposure epoch (MPI_Win_post) is already open on this rank");
  std::vector<int> origins;
  if (int error = window_ranks(call, win, group, origins)) return error;
  if ((assert& MPI_MODE_NOCHECK) == 0) {
    rma::window& shared = *win->shared;
    for (int origin : origins) {
      if (shared.remote(origin) != nullptr)
        rma::remote_post(shared, win->rank, origin);
      else
        rma::post(shared, win->rank, std::span(&origin, 1));
    }
  }
  win->epochs.post(static_cast<int>(origins.size()));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_wait)
extern "C" int PMPI_Win_wait(MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (!win->epochs.exposing()) [[unlikely]]
    return refuse(call, win, "no exposure epoch was posted (MPI_Win_post) on this rank");
  rma::wait_for_completions(*win->shared, win->rank, win->epochs.exposed_to());
  win->epochs.end_exposure();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_test)
extern "C" int PMPI_Win_test(MPI_Win win, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_output(call, win, flag, "flag")) return error;
  if (!win->epochs.exposing()) [[unlikely]]
    return refuse(call, win, "no exposure epoch was posted (MPI_Win_post) on this rank");
  *flag = rma::test_completions(*win->shared, win->rank, win->epochs.exposed_to());
  if (*flag)
    win->epochs.end_exposure();
  else
    weft::runtime::yield();  // programs poll; the origins may be ranks of this worker
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_lock)
extern "C" int PMPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (lock_type != MPI_LOCK_SHARED && lock_type != MPI_LOCK_EXCLUSIVE) [[unlikely]]
    return raise_error(win, MPI_ERR_LOCKTYPE, call, "lock_type %d is neither MPI_LOCK_SHARED nor MPI_LOCK_EXCLUSIVE",
                       lock_type);
  if (int error = check_target(call, win, rank, "rank")) return error;
  if (int error = check_assert(call, win, assert, MPI_MODE_NOCHECK)) return error;
  if (rank == MPI_PROC_NULL) return MPI_SUCCESS;
  if (!win->epochs.may_lock(rank)) [[unlikely]]
    return refuse(call, win, "this rank already holds a lock on that target, or lock_all, or a start epoch");
  rma::lock_kind kind = lock_type == MPI_LOCK_SHARED ? rma::lock_kind::shared : rma::lock_kind::exclusive;
  bool taken = (assert& MPI_MODE_NOCHECK) == 0;
  if (taken) {
    if (win->shared->remote(rank) != nullptr)
      rma::remote_lock(*win->shared, win->remote, rank, kind);
    else
      rma::lock(*win->shared, rank, kind);
  }
  win->epochs.lock(rank, {kind, taken});
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_unlock)
extern "C" int PMPI_Win_unlock(int rank, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_target(call, win, rank, "rank")) return error;
  if (rank == MPI_PROC_NULL) return MPI_SUCCESS;
  const rma::epochs::held_lock* held = win->epochs.lock_of(rank);
  if (held == nullptr) [[unlikely]]
    return raise_error(win, MPI_ERR_RMA_SYNC, call, "this rank holds no lock on target %d (MPI_Win_lock)", rank);
  if (int error = complete_remote_operations(call, win)) return error;
  complete_operations();
  if (held->taken) {
    if (win->shared->remote(rank) != nullptr)
      rma::remote_unlock(*win->shared, win->remote, rank, held->kind);
    else
      rma::unlock(*win->shared, rank, held->kind);
  }
  win->epochs.unlock(rank);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_lock_all)
extern "C" int PMPI_Win_lock_all(int assert, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_assert(call, win, assert, MPI_MODE_NOCHECK)) return error;
  if (!win->epochs.may_lock_all()) [[unlikely]]
    return refuse(call, win, "this rank already holds a lock or lock_all on the window, or a start epoch");
  bool taken = (assert& MPI_MODE_NOCHECK) == 0;
  if (taken) {
    rma::lock_all(*win->shared);
    rma::remote_lock_all(*win->shared, win->remote);
  }
  win->epochs.lock_all(taken);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_unlock_all)
extern "C" int PMPI_Win_unlock_all(MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (!win->epochs.holds_lock_all()) [[unlikely]]
    return refuse(call, win, "this rank holds no lock_all on the window (MPI_Win_lock_all)");
  if (int error = complete_remote_operations(call, win)) return error;
  complete_operations();
  if (win->epochs.lock_all_taken()) {
    rma::remote_unlock_all(*win->shared, win->remote);
    rma::unlock_all(*win->shared);
  }
  win->epochs.unlock_all();
  return MPI_SUCCESS;
}

namespace {

int flush_one(const char* call, int rank, MPI_Win win) {
  // Inside lock_all, the epoch of programs that flush often, any rank of the window is a valid target.
  if (is_object(win, object_kind::window) && win->epochs.holds_lock_all() &&
      static_cast<unsigned>(rank) < static_cast<unsigned>(window_size(win))) [[likely]] {
    if (int error = complete_remote_operations(call, win)) return error;
    let_others_run();
    return MPI_SUCCESS;
  }
  if (int error = check_window(call, win)) return error;
  if (int error = check_target(call, win, rank, "rank")) return error;
  if (rank != MPI_PROC_NULL && !win->epochs.reaches_passively(rank)) [[unlikely]]
    return raise_error(win, MPI_ERR_RMA_SYNC, call, "target %d is not in a passive target epoch of this rank", rank);
  if (int error = complete_remote_operations(call, win)) return error;
  let_others_run();
  return MPI_SUCCESS;
}

int flush_all(const char* call, MPI_Win win) {
  if (int error = check_window(call, win)) return error;
  if (!win->epochs.in_passive_epoch()) [[unlikely]]
    return refuse(call, win, "no passive target epoch (MPI_Win_lock or MPI_Win_lock_all) is open on this rank");
  if (int error = complete_remote_operations(call, win)) return error;
  let_others_run();
  return MPI_SUCCESS;
}

}  // namespace

// Every operation on this node completed in its call, so a flush has nothing to wait for but the replies
// of operations on other nodes (complete at their targets, and so locally), nor a fence to make: the
// operations' stores are already ordered before any later synchronization of the caller's (each a
// read-modify-write), and what a fence would add, ordering them before the caller's later loads from
// other places, only a conflicting concurrent access could observe, which MPI-3.1 (11.7) makes
// erroneous; accumulates, the accesses that may be concurrent, take locks. Local and remote completion
// are one here: the local forms do what the others do.
WEFT_PMPI_ALIAS(Win_flush)
extern "C" int PMPI_Win_flush(int rank, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  return flush_one(WEFT_CALL_NAME, rank, win);
}

WEFT_PMPI_ALIAS(Win_flush_local)
extern "C" int PMPI_Win_flush_local(int rank, MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  return flush_one(WEFT_CALL_NAME, rank, win);
}

WEFT_PMPI_ALIAS(Win_flush_all)
extern "C" int PMPI_Win_flush_all(MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  return flush_all(WEFT_CALL_NAME, win);
}

WEFT_PMPI_ALIAS(Win_flush_local_all)
extern "C" int PMPI_Win_flush_local_all(MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  return flush_all(WEFT_CALL_NAME, win);
}

// The public and private copies of a window are one memory (MPI_WIN_UNIFIED): synchronizing them is
// ordering the caller's loads and stores.
WEFT_PMPI_ALIAS(Win_sync)
extern "C" int PMPI_Win_sync(MPI_Win win) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  complete_operations();
  return MPI_SUCCESS;
}
