#pragma once
// General active-target synchronization (MPI-3.1, 11.5.2): MPI_Win_post opens an exposure epoch of a
// target to a group of origins, MPI_Win_start an access epoch of an origin to a group of targets, which
// waits for each target's post; MPI_Win_complete ends it, and MPI_Win_wait (or a successful MPI_Win_test)
// ends the exposure once every origin of the group has completed.
//
// A post is recorded at each origin, per target, since an origin may be posted to by a target it will
// start with only in a later epoch. Completions are counted at the target: an origin cannot complete
// towards a target's next exposure before the target's wait ended this one (its start waits for the next
// post), so every completion a target counts belongs to its current exposure.

#include <span>

#include "rma/window.hpp"

namespace weft::rma {

// `origins` and `targets` are ranks in the window's group.
void post(window& w, int target, std::span<const int> origins);
// Blocks (yielding) until every target of the group has posted to `origin`; uses up those posts.
void start(window& w, int origin, std::span<const int> targets);
void complete(window& w, std::span<const int> targets);
// Blocks until `origins` origins have completed towards `target`; uses up those completions.
void wait_for_completions(window& w, int target, int origins);
// The same without blocking: false, and nothing used up, while some origin has not completed.
bool test_completions(window& w, int target, int origins);

}  // namespace weft::rma
