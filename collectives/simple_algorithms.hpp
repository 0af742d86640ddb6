#pragma once
// Correct, simple collective algorithms built on the point-to-point protocols: a dissemination barrier
// and binomial trees. The shared-address-space algorithms (reading peers' buffers in place) replace
// them behind the same functions.

#include <cstddef>

#include "collectives/communicator_view.hpp"

namespace weft::coll {

void barrier(const communicator_view& comm);

void bcast(void* buffer, std::size_t bytes, int root, const communicator_view& comm);

// The root's `recv` receives `bytes` from each rank, in rank order.
void gather(const void* send, void* recv, std::size_t bytes, int root, const communicator_view& comm);

// Every rank's `recv` receives `bytes` from each rank, in rank order.
void allgather(const void* send, void* recv, std::size_t bytes, const communicator_view& comm);

// `send` may equal `recv` (in place). Only the root's `recv` receives the result.
void reduce(const void* send, void* recv, std::size_t count, std::size_t element_size, reduce_kernel kernel,
            int root, const communicator_view& comm);

void allreduce(const void* send, void* recv, std::size_t count, std::size_t element_size, reduce_kernel kernel,
               const communicator_view& comm);

}  // namespace weft::coll
