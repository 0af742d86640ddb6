#pragma once
// Communicators as the calls see them: the calling rank's object behind a handle, its members, and the
// views the point-to-point and collective layers need.

#include <mpi.h>

#include <vector>

#include "collectives/communicator_view.hpp"
#include "mpi_api/handles.hpp"
#include "mpi_api/rank_state.hpp"

namespace weft::mpi {

inline bool is_communicator(MPI_Comm comm) noexcept { return is_object(comm, object_kind::communicator); }

// The calling rank's object behind `comm`: MPI_COMM_WORLD and MPI_COMM_SELF are shared handles that
// stand for an object of each rank; every other handle is the object itself.
inline weft_comm_s* resolve(MPI_Comm comm) noexcept {
  if (comm == MPI_COMM_WORLD) return &this_rank().world;
  if (comm == MPI_COMM_SELF) return &this_rank().self;
  return comm;
}

// The group point-to-point peers are named in: the remote group of an intercommunicator.
inline const rank_map& peers(const weft_comm_s& comm) noexcept { return comm.is_inter() ? *comm.remote : *comm.local; }

inline int comm_size(MPI_Comm comm) noexcept { return resolve(comm)->local->size(); }
inline int comm_rank(MPI_Comm comm) noexcept { return resolve(comm)->rank; }

// The name of `comm` for messages: its own, or "the communicator" when it has none.
const char* display_name(const weft_comm_s& comm) noexcept;

// Collective traffic among the members of an intracommunicator (or the local group of an intercommunicator).
coll::communicator_view collective_view(const weft_comm_s& comm);

inline coll::communicator_view collective_view(MPI_Comm comm) { return collective_view(*resolve(comm)); }

// Collectives over both groups of an intercommunicator as one (weft_comm_s::both), composed over nodes
// where they span them (collectives/spanning.hpp).
coll::communicator_view collective_view_of_both(const weft_comm_s& inter);

// The view of the members of `comm`'s local group that run on this node, the caller's node-local collectives.
coll::communicator_view node_view(const weft_comm_s& comm);

// The rank in `inter.both` of rank `remote_rank` of the remote group: the remote group's ranks follow each
// other there in their order.
inline int remote_in_both(const weft_comm_s& inter, int remote_rank) {
  return inter.both->rank_of(inter.remote->job_rank(remote_rank));
}

// The calling rank's object for a new intracommunicator of `members` (the calling rank among them),
// inheriting `parent`'s error handler, attached to its collectives' state; a `context` of 0 is one still
// to be agreed on, and whoever sets it attaches the collectives then.
weft_comm_s* new_intracommunicator(const weft_comm_s& parent, shared_rank_map members, std::uint32_t context);

// What each rank contributes to MPI_Comm_split: its color and key; rank 0 also a fresh context pair.
struct split_vote {
  int color;
  int key;
  std::uint32_t context;
};

// The members of `group` whose vote has `color`, ordered by key, then by their rank in `group`.
shared_rank_map members_of_color(const std::vector<split_vote>& votes, const rank_map& group, int color);

// Attaches the calling member to the state its communicator's collectives share (both of an
// intercommunicator's: its local group's and that of both groups). Every member attaches once, when it
// makes its communicator object, so that the state outlives members that finish early (see attach_shared).
void attach_collectives(weft_comm_s& comm);

// Records in `comm` the hints of `info` that Weft recognizes (communicators.cpp lists them).
void take_hints(weft_comm_s& comm, MPI_Info info);

// Collective over `comm`: a communicator of the same members, topology, name and error handler but its own
// contexts, for Weft's own use (no attributes copied, nothing the program sees).
MPI_Comm private_duplicate(const char* call, MPI_Comm comm);

}  // namespace weft::mpi
