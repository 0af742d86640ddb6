#pragma once
// The collectives that move data without combining it: gather, scatter, allgather and alltoall, each in
// its v (and w) forms through a block_map. Every block travels in one copy, straight from the sender's
// buffer in its layout into the receiver's in its own.
//
// A send block that is std::nullopt is in place: it already sits in the rank's own receive block. Spans,
// maps and the arrays and layouts they point to are not owned: whoever starts a task keeps them alive
// until it completes, and `seen` too, which receives the first truncated block the rank met.

#include <cstdint>
#include <optional>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/neighborhood.hpp"
#include "collectives/node/algorithms.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

// Block r of the root's `recv` receives rank r's `send`; `recv` matters on the root only.
task gather_task(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, int root,
                 truncation* seen, std::uint64_t sequence);
// Each rank's `recv` receives its block of the root's `send`, which matters on the root only.
task scatter_task(communicator_view comm, const_block_map send, std::optional<shm::typed_span> recv, int root,
                  truncation* seen, std::uint64_t sequence);
// Block r of every rank's `recv` receives rank r's `send`. Takes two sequence numbers.
task allgather_task(communicator_view comm, std::optional<shm::const_typed_span> send, block_map recv, truncation* seen,
                    std::uint64_t sequence);
// Block r of rank q's `recv` receives block q of rank r's `send`. Takes two sequence numbers.
task alltoall_task(communicator_view comm, std::optional<const_block_map> send, block_map recv, truncation* seen,
                   std::uint64_t sequence);

// The neighbourhood collectives (collectives/neighborhood.hpp).
// Block i of the caller's `recv` receives the block meant for it in the `send` of rank hood.sources[i];
// a block of no source, or for which the source has no block (an inconsistent graph), stays untouched.
// `seen` receives the first block too large for its room. A source must list the caller among its
// destinations as often as the caller lists it among its sources (an edge that only one end lists is
// MPI_PROC_NULL at that end): a rank waits for each of its sources and destinations. Takes one sequence
// number.
task neighbor_exchange_task(communicator_view comm, neighbourhood hood, const_block_map send, block_map recv,
                            truncation* seen, std::uint64_t sequence);

}  // namespace weft::coll
