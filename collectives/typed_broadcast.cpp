// A broadcast of any layout over any communicator, composed over its table's broadcast of bytes.

#include <vector>

#include "collectives/collective_table.hpp"
#include "shm/typed_copy.hpp"

namespace weft::coll {

task bcast_typed_task(communicator_view comm, shm::typed_span buffer, int root, std::uint64_t sequence) {
  std::size_t bytes = buffer.bytes();
  std::vector<std::byte> packed(bytes);
  if (comm.rank == root) shm::typed_copy(shm::byte_span(packed.data(), bytes), buffer, 0, bytes);
  co_await comm.operations().bcast.make(comm, packed.data(), bytes, root, sequence);
  if (comm.rank != root) shm::typed_copy(buffer, shm::byte_span(packed.data(), bytes), 0, bytes);
}

}  // namespace weft::coll
