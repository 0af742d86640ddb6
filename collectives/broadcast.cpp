// Broadcast in one stage: every rank copies straight from the root's buffer, which the root lends until
// all have copied (see rooted_exchange).

#include <cstring>

#include "collectives/algorithms.hpp"
#include "collectives/exchanges.hpp"

namespace weft::coll {

task bcast_task(communicator_view comm, void* buffer, std::size_t bytes, int root, std::uint64_t sequence) {
  const void* source = buffer;
  auto copy = [buffer, bytes, copies = comm.rank != root](const void* root_buffer) {
    if (copies && bytes != 0) std::memcpy(buffer, root_buffer, bytes);
  };
  return rooted_exchange(comm, root, source, copy, sequence);
}

}  // namespace weft::coll
