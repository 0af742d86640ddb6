#pragma once
// What creating communicators needs of intercommunicators: making one, and splitting one.

#include <mpi.h>

#include <cstdint>

#include "mpi_api/handles.hpp"

namespace weft::mpi {

// The calling rank's object for an intercommunicator between `local` (the calling rank among them) and
// `remote`, inheriting `parent`'s error handler; its contexts and collectives as new_intracommunicator's.
weft_comm_s* new_intercommunicator(const weft_comm_s& parent, shared_rank_map local, shared_rank_map remote,
                                   std::uint32_t context, std::uint32_t local_context);

// MPI_Comm_split of an intercommunicator, collective over both groups: the ranks of each side with one
// color form the local group of a new intercommunicator whose remote group holds the other side's ranks
// of that color (ordered by key, then rank). Null for MPI_UNDEFINED or a color the other side lacks.
weft_comm_s* split_intercommunicator(const weft_comm_s& inter, int color, int key);

}  // namespace weft::mpi
