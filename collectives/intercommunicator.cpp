#include "collectives/intercommunicator.hpp"

#include <cstring>
#include <vector>

namespace weft::coll {

task cross_copy_task(communicator_view both, const void* publish, int from, void* into, std::size_t bytes,
                     std::uint64_t sequence) {
  auto copy = [into, bytes](const void* source) {
    if (bytes != 0) std::memcpy(into, source, bytes);
  };
  return cross_task(both, publish, from, copy, sequence);
}

task cross_reduce_task(communicator_view local, communicator_view both, const void* input, std::size_t count,
                       std::size_t element_size, reduction_op op, int from, void* recv, std::uint64_t local_sequence,
                       std::uint64_t both_sequence) {
  // The group's result, at its leader only; kept in the frame until the other group has copied it.
  element_span span = span_of(count, element_size, op);
  std::vector<std::byte> memory(local.rank == 0 ? span.bytes : 0);
  std::byte* result = memory.data() - span.first;
  co_await reduce_task(local, input, result, count, element_size, op, 0, local_sequence);
  auto copy = [=](const void* source) { copy_elements(recv, source, count, element_size, op); };
  co_await cross_task(both, local.rank == 0 ? result : nullptr, from, copy, both_sequence);
}

}  // namespace weft::coll
