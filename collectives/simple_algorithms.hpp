#pragma once
// Gathers built on the point-to-point protocols (a binomial tree), until the shared-address-space
// versions replace them behind the same functions.

#include <cstddef>

#include "collectives/communicator_view.hpp"

namespace weft::coll {

// The root's `recv` receives `bytes` from each rank, in rank order.
void gather(const void* send, void* recv, std::size_t bytes, int root, const communicator_view& comm);

// Every rank's `recv` receives `bytes` from each rank, in rank order.
void allgather(const void* send, void* recv, std::size_t bytes, const communicator_view& comm);

}  // namespace weft::coll
