#include "collectives/intercommunicator.hpp"

#include <cstring>
#include <vector>

#include "collectives/algorithms.hpp"

namespace weft::coll {

task cross_copy_task(communicator_view both, const void* publish, int from, void* into, std::size_t bytes,
                     std::uint64_t sequence) {
  shared_communicator& shared = *both.shared;
  shared.slot(both.rank).published = publish;
  co_await barrier_task(both, sequence);
  if (from >= 0 && bytes != 0) std::memcpy(into, shared.slot(from).published, bytes);
  co_await barrier_task(both, sequence + 1);
}

task cross_reduce_task(communicator_view local, communicator_view both, const void* input, std::size_t count,
                       std::size_t element_size, reduce_kernel kernel, int from, void* recv,
                       std::uint64_t local_sequence, std::uint64_t both_sequence) {
  // The group's result, at its leader only; kept in the frame until the other group has copied it.
  std::vector<std::byte> result(local.rank == 0 ? count * element_size : 0);
  co_await reduce_task(local, input, result.data(), count, element_size, kernel, 0, local_sequence);
  co_await cross_copy_task(both, local.rank == 0 ? result.data() : nullptr, from, recv, count * element_size,
                           both_sequence);
}

}  // namespace weft::coll
