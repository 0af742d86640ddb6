#pragma once
// The library's own blocking collectives over any communicator: the agreements of communicator
// constructors (a split's votes, contexts, a graph's edges) and the barrier of MPI_Finalize. Each goes
// through the communicator's table (collective_table.hpp) and runs in its turn among the caller's
// collectives of it.

#include <cstddef>
#include <optional>

#include "collectives/block_map.hpp"
#include "collectives/collective_table.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/schedule.hpp"

namespace weft::coll {

inline void barrier(const communicator_view& comm) { run(comm, start(comm, comm.operations().barrier)); }

inline void bcast(void* buffer, std::size_t bytes, int root, const communicator_view& comm) {
  run(comm, start(comm, comm.operations().bcast, buffer, bytes, root));
}

// Block r of every rank's `recv` receives rank r's `send` (see collectives/node/data_movement.hpp).
inline truncation allgather(std::optional<shm::const_typed_span> send, const block_map& recv,
                            const communicator_view& comm) {
  truncation seen;
  run(comm, start(comm, comm.operations().allgather, send, recv, &seen));
  return seen;
}

// Every rank's `recv` receives `bytes` from each rank, in rank order: every rank gives the same size.
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
