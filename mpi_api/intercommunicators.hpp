#pragma once
// What creating communicators needs of intercommunicators: the leaders of the two groups agreeing on a
// context, and the duplicate of an intercommunicator.

#include <mpi.h>

#include <cstdint>

#include "mpi_api/handles.hpp"

namespace weft::mpi {

// Collective over both groups of `inter`: the two leaders (rank 0 of each group) agree on one fresh
// context pair, and each group learns it from its leader.
std::uint32_t agree_across_groups(const weft_comm_s& inter);

// A new intercommunicator with the groups of `inter` and fresh contexts; collective over both groups.
weft_comm_s* duplicate_intercommunicator(const weft_comm_s& inter);

// MPI_Comm_split of an intercommunicator, collective over both groups: the ranks of each side with one
// color form the local group of a new intercommunicator whose remote group holds the other side's ranks
// of that color (ordered by key, then rank). Null for MPI_UNDEFINED or a color the other side lacks.
weft_comm_s* split_intercommunicator(const weft_comm_s& inter, int color, int key);

}  // namespace weft::mpi
