#include "collectives/intercommunicator.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace weft::coll {

task cross_copy_task(communicator_view both, const void* publish, int from, void* into, std::size_t bytes,
                     std::uint64_t sequence) {
  auto copy = [into, bytes](int, const void* source) {
    if (bytes != 0) std::memcpy(into, source, bytes);
  };
  return exchange_with(both, publish, only(from), 0, copy, sequence);
}

task cross_result_task(communicator_view both, group_result mine, int from, void* recv, result_block taken,
                       std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  auto take = [=](int, const group_result& theirs) {
    std::size_t offset = std::min(taken.offset, theirs.count);
    std::size_t count = std::min(taken.count, theirs.count - offset);
    shm::copy_elements(recv, theirs.origin + offset * element_size, count, element_size, op);
  };
  return exchange_with(both, mine, only(from), 0, take, sequence);
}

task cross_reduce_task(communicator_view local, communicator_view both, const void* input, std::size_t count,
                       std::size_t element_size, shm::reduction_op op, int from, void* recv, result_block taken,
                       std::uint64_t local_sequence, std::uint64_t both_sequence) {
  // The group's result, at its leader only; kept in the frame until the other group has copied it.
  shm::element_span span = shm::span_of(count, element_size, op);
  std::vector<std::byte> memory(local.rank == 0 ? span.bytes : 0);
  std::byte* result = memory.data() - span.first;
  co_await reduce_task(local, input, result, count, element_size, op, 0, local_sequence);
  group_result mine;
  if (local.rank == 0) mine = {result, count};
  co_await cross_result_task(both, mine, from, recv, taken, element_size, op, both_sequence);
}

}  // namespace weft::coll
