#pragma once
// Passive-target locks (MPI-3.1, 11.5.3): MPI_Win_lock and MPI_Win_unlock, shared and exclusive, per
// target, and MPI_Win_lock_all, a shared lock on every target at once. Operations on the direct path
// change the target's memory during the call, so a lock is taken when MPI_Win_lock is called (the
// standard lets it block) and held until MPI_Win_unlock.
//
// A target's lock word holds an exclusive bit and the count of its shared holders. Lock_all does not
// touch every target's word, which would cost a pass over thousands of members: it counts itself in the
// window's global word, and an exclusive locker, counted in the other half of that word first, waits
// until no lock_all is held. Shared locks of one target and lock_all never exclude each other.
//
// Ranks of other nodes take the same words, through their requests (remote_target.hpp): a request that
// cannot be granted at once waits in the window's list, and every release retries the list.

#include "rma/window.hpp"

namespace weft::rma {

enum class lock_kind { shared, exclusive };

// Blocks (yielding) until the calling rank holds the lock.
void lock(window& w, int target, lock_kind kind);
void unlock(window& w, int target, lock_kind kind);
void lock_all(window& w);
void unlock_all(window& w);

// For a rank of another node, which cannot wait here: takes the lock it asked for if that can be done now.
// An exclusive request may count itself in the window's global word and still fail: it keeps that count
// (request.counted) for the next try, as a blocking exclusive lock keeps it while it waits.
[[nodiscard]] bool try_lock(window& w, lock_request& request);

}  // namespace weft::rma
