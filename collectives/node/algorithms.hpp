#pragma once
// The collectives over a communicator's shared slots, all of whose members run on this node (the node
// family of collectives/collective_table.hpp): data is read where its owner keeps it, copied once into the reader's
// buffer, and the ranks synchronize through signals along the communicator's tree (collectives/collective_tree.hpp).
// Each call blocks the calling rank (parking it while it waits) until its part is done and every buffer it
// lent to the others has been read. Callers holding a view of any communicator go through its table.

#include <cstddef>
#include <optional>

#include "collectives/collective_table.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/schedule.hpp"
#include "collectives/task.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

task barrier_task(communicator_view comm, std::uint64_t sequence);
task bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence);
// The broadcast of at most shared_communicator::broadcast_cell_capacity() bytes on more than one member,
// through shared cells.
task cell_bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence);
// Buffers hold `count` elements of `element_size` bytes (the datatype's extent) laid out as `op` says.
// `input` may equal `recv` (in place). Only the root's `recv` receives the result. When the root is rank 0,
// `recv` may be its working buffer for the vector (working_buffers(scratch(0), 1, shm::span_of(count, ...))):
// the result is combined there and left there, without a copy.
task reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                 shm::reduction_op op, int root, std::uint64_t sequence);
// Whether a reduction goes through the members' deposit cells: plain elements, at most
// shared_communicator::deposit_capacity() bytes, on a communicator that has them.
bool fits_deposits(const communicator_view& comm, std::size_t count, std::size_t element_size,
                   const shm::reduction_op& op);
// The reduction that fits_deposits: every other rank deposits its input, the root combines them.
task cell_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                      std::size_t element_size, shm::reduction_op op, int root, std::uint64_t sequence);
// The allreduce that fits_deposits: every rank deposits its input; on a few ranks every rank combines all
// of them, on more rank 0 does and broadcasts the result. Takes two sequence numbers.
task cell_allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                         std::size_t element_size, shm::reduction_op op, std::uint64_t sequence);
// MPI_Reduce's algorithm: vectors of plain elements whose slice per rank is at least
// WEFT_REDUCE_TILED_SLICE_MIN bytes go to tiled_reduce_task; small vectors that fit_deposits to
// cell_reduce_task; the others to reduce_task. Takes three sequence numbers: `sequence` and the next two.
task rooted_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                        std::size_t element_size, shm::reduction_op op, int root, std::uint64_t sequence);
// Takes three sequence numbers: `sequence` and the next two. Vectors of plain elements whose slice per rank
// is at least WEFT_ALLREDUCE_TILED_SLICE_MIN bytes go to tiled_allreduce_task, the others through reduce
// (through the cells where they fit) and broadcast.
task allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                    shm::reduction_op op, std::uint64_t sequence);

// Every rank reduces its slice of the vector from all inputs into the root's `recv`; across NUMA domains
// (collective_tree::spans_domains), each domain first into its partial result. Plain elements only
// (op.layout null). Takes three sequence numbers.
task tiled_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                       std::size_t element_size, shm::reduction_op op, int root, std::uint64_t sequence);
// Every rank reduces its slice of the vector from all inputs, writing each finished tile into every rank's
// `recv`; across NUMA
// domains, each domain first reduces its inputs into its partial result, then every rank combines its
// slice of all partial results into its whole domain's `recv`. Plain elements only (op.layout null).
// Takes three sequence numbers.
task tiled_allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                          std::size_t element_size, shm::reduction_op op, std::uint64_t sequence);

// The blocking calls' first attempt. Each small collective's task costs a coroutine frame and its
// dispatch, about as much as moving its data, so a blocking call whose part needs no wait does it here,
// at once, and gets nothing back; otherwise it gets the task that does the collective, or what is left of
// it, to run (run()). Nothing is done at once while a collective of `comm` is pending on the caller.
[[nodiscard]] std::optional<task> barrier_at_once(const communicator_view& comm, std::uint64_t sequence);
[[nodiscard]] std::optional<task> bcast_at_once(const communicator_view& comm, void* buffer, std::size_t bytes,
                                                int root, std::uint64_t sequence);
[[nodiscard]] std::optional<task> rooted_reduce_at_once(const communicator_view& comm, const void* input, void* recv,
                                                        std::size_t count, std::size_t element_size,
                                                        shm::reduction_op op, int root, std::uint64_t sequence);
[[nodiscard]] std::optional<task> allreduce_at_once(const communicator_view& comm, const void* input, void* recv,
                                                    std::size_t count, std::size_t element_size, shm::reduction_op op,
                                                    std::uint64_t sequence);
// The cells' parts of them: whether the caller's part of cell_bcast_task (cell_reduce_task) was done at
// once (if not, nothing was); for an allreduce, nothing when it was, else the task that finishes it.
[[nodiscard]] bool cell_bcast_at_once(const communicator_view& comm, void* buffer, std::size_t bytes, int root,
                                      std::uint64_t sequence);
[[nodiscard]] bool cell_reduce_at_once(const communicator_view& comm, const void* input, void* recv, std::size_t count,
                                       std::size_t element_size, const shm::reduction_op& op, int root,
                                       std::uint64_t sequence);
[[nodiscard]] std::optional<task> cell_allreduce_at_once(const communicator_view& comm, const void* input, void* recv,
                                                         std::size_t count, std::size_t element_size,
                                                         const shm::reduction_op& op, std::uint64_t sequence);

// The reductions whose results differ from rank to rank: prefix reductions and reduce-scatter, in rank
// order, so non-commutative operations are welcome.
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
