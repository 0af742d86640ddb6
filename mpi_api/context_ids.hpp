#pragma once
// Context ids of new communicators. Each communicator gets a pair (point-to-point, collective) that is
// never handed out again, so a late message of a freed communicator cannot match a receive of a new one.
// The pairs come from one counter per node process, each counting through a range of its own (node k of
// K the k-th of K equal ranges), and the members of a new communicator learn theirs from one of them, so
// two creations by different, even overlapping, sets of ranks never collide, on one node or across nodes.

#include <cstdint>

#include "collectives/communicator_view.hpp"
#include "collectives/task.hpp"
#include "mpi_api/handles.hpp"

namespace weft::mpi {

// The pairs of MPI_COMM_WORLD, MPI_COMM_SELF, MPI_Finalize's barrier and MPI_Comm_create_from_group's
// agreements; allocated pairs follow.
inline constexpr std::uint32_t world_context = 0;
inline constexpr std::uint32_t self_context = 2;
inline constexpr std::uint32_t finalizing_context = 4;
inline constexpr std::uint32_t sessions_context = 6;

// A fresh pair; its first (even) context.
std::uint32_t allocate_context_pair();

// `pairs` fresh consecutive pairs; the first context of the first.
std::uint32_t allocate_context_pairs(int pairs);

// Collective over the members of `parent` (the local group of an intercommunicator): its rank 0
// allocates a pair and every member returns it.
std::uint32_t agree_on_context(const weft_comm_s& parent);

// The same as a task over the members seen as `view`, for `pairs` consecutive pairs: stores the first
// context in *context when done. Takes the sequence numbers of the view's broadcast.
coll::task agree_on_contexts(coll::communicator_view view, std::uint32_t* context, int pairs, std::uint64_t sequence);

}  // namespace weft::mpi
