#include "collectives/inter/intercommunicator.hpp"

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

// Data of a layout that is not contiguous crosses packed: the root packs, the receivers unpack.
task cross_bcast_task(crossing place, shm::typed_span data, int root, bool is_root, crossing_sequences sequences) {
  std::size_t bytes = data.bytes();
  int from = root >= 0 ? place.remote.first + root : -1;
  if (data.layout->is_contiguous()) {
    std::byte* origin = data.base + data.layout->true_lb();
    co_await cross_copy_task(place.both, is_root ? origin : nullptr, from, origin, bytes, sequences.both);
    co_return;
  }
  std::vector<std::byte> packed(is_root || from >= 0 ? bytes : 0);
  if (is_root) shm::typed_copy(shm::byte_span(packed.data(), bytes), data, 0, bytes);
  co_await cross_copy_task(place.both, is_root ? packed.data() : nullptr, from, packed.data(), bytes, sequences.both);
  if (from >= 0) shm::typed_copy(data, shm::byte_span(packed.data(), bytes), 0, bytes);
}

task cross_rooted_reduce_task(crossing place, const void* input, void* recv, std::size_t count,
                              std::size_t element_size, shm::reduction_op op, int to, int from,
                              crossing_sequences sequences) {
  if (to >= 0)
    return cross_reduce_task(place.local, place.both, input, count, element_size, op, -1, nullptr, {}, sequences.local,
                             sequences.both);
  return cross_result_task(place.both, {}, from, recv, {0, count}, element_size, op, sequences.both);
}

task cross_exchange_reductions_task(crossing place, const void* input, void* recv, std::size_t count,
                                    std::size_t element_size, shm::reduction_op op, result_block taken,
                                    crossing_sequences sequences) {
  return cross_reduce_task(place.local, place.both, input, count, element_size, op, place.remote.first, recv, taken,
                           sequences.local, sequences.both);
}

}  // namespace weft::coll
