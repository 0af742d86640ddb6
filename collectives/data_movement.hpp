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

#include "collectives/algorithms.hpp"
#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
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

inline truncation gather(std::optional<shm::const_typed_span> send, const block_map& recv, int root,
                         const communicator_view& comm) {
  truncation seen;
  run(comm, gather_task(comm, send, recv, root, &seen, comm.take_sequences(1)));
  return seen;
}

inline truncation scatter(const const_block_map& send, std::optional<shm::typed_span> recv, int root,
                          const communicator_view& comm) {
  truncation seen;
  run(comm, scatter_task(comm, send, recv, root, &seen, comm.take_sequences(1)));
  return seen;
}

inline truncation allgather(std::optional<shm::const_typed_span> send, const block_map& recv,
                            const communicator_view& comm) {
  truncation seen;
  run(comm, allgather_task(comm, send, recv, &seen, comm.take_sequences(2)));
  return seen;
}

inline truncation alltoall(std::optional<const_block_map> send, const block_map& recv, const communicator_view& comm) {
  truncation seen;
  run(comm, alltoall_task(comm, send, recv, &seen, comm.take_sequences(2)));
  return seen;
}

// Every rank's `recv` receives `bytes` from each rank, in rank order: the library's own agreements
// (votes of a communicator split, edges of a graph), in which every rank gives the same size.
inline void allgather(const void* send, void* recv, std::size_t bytes, const communicator_view& comm) {
  const shm::type_layout& plain = shm::type_layout::bytes();
  allgather(shm::byte_span(send, bytes),
            block_map{.base = static_cast<std::byte*>(recv),
                      .layout = &plain,
                      .count = static_cast<int>(bytes),
                      .unit = plain.extent()},
            comm);
}

}  // namespace weft::coll
