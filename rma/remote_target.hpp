#pragma once
// The target side of one-sided communication from other nodes: handle_remote_message (remote_transport.hpp)
// applies each operation on the target's worker with the engine on-node origins use (typed copies, and
// accumulates under the page locks of accumulate.hpp, so that on-node and off-node accumulates exclude each
// other), and grants locks on the lock words on-node origins take.

#include "rma/window.hpp"

namespace weft::rma {

// Grants the locks ranks of other nodes asked for and that can be taken now. Called after every release
// of a lock of `w` while some request waits (window::lock_requests_waiting).
void grant_lock_requests(window& w);

}  // namespace weft::rma
