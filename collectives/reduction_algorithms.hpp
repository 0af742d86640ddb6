#pragma once
// The reductions whose results differ from rank to rank: prefix reductions (scan, exscan) and
// reduce-scatter. Like the collectives of algorithms.hpp, they read the others' buffers in place and
// block (or, as tasks, suspend) until nobody reads what the caller lent.
//
// Buffers hold elements of `element_size` bytes (the datatype's extent) laid out as `op` says; results
// combine the ranks' contributions in rank order, so non-commutative operations are welcome.

#include <cstddef>
#include <cstdint>

#include "collectives/communicator_view.hpp"
#include "collectives/task.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

// Inclusive: rank r receives x0 op ... op xr. Exclusive: rank r > 0 receives x0 op ... op x(r-1); rank 0's
// `recv` is left alone.
enum class prefix_kind { inclusive, exclusive };

// `input` may equal `recv` (in place). Takes two sequence numbers: `sequence` and the next.
task scan_task(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
               shm::reduction_op op, prefix_kind kind, std::uint64_t sequence);

// Every rank's `input` holds the blocks of all ranks, `total` elements (the same on every rank); the
// caller's block is `count` elements from element `offset` on, and `recv` receives their reduction. In
// place (`input` == `recv`), the result goes to the start of `recv`. Takes two sequence numbers: `sequence`
// and the next.
task reduce_scatter_task(communicator_view comm, const void* input, void* recv, std::size_t offset, std::size_t count,
                         std::size_t total, std::size_t element_size, shm::reduction_op op, std::uint64_t sequence);

}  // namespace weft::coll
