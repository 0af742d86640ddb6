// Broadcast and the reductions on an intercommunicator whose groups span nodes, the leaders' way (see
// intercommunicator_spanning.hpp): a group's reduction meets at its leader by the group's own reduce, in
// its rank order, so non-commutative operations get what they get on one node.

#include "collectives/inter_spanning/intercommunicator_spanning.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/schedule.hpp"
#include "collectives/spanning/peer_messages.hpp"

namespace weft::coll {
namespace {

// The origin of working memory for `count` elements in `memory`, sized at the caller's group's leader
// only: where the group's reduction lands (rooted_reduce_task's recv, significant at the leader alone).
std::byte* leader_result(std::vector<std::byte>& memory, const crossing& place, std::size_t count,
                         std::size_t element_size, const shm::reduction_op& op) {
  shm::element_span span = shm::span_of(count, element_size, op);
  memory.resize(place.local.rank == 0 ? span.bytes : 0);
  return memory.data() - span.first;
}

// The other group's result as the receiving group's leader broadcasts it: how many elements arrived, then
// room for `count` elements (on a boundary fit for any element).
class arrived_result {
 public:
  arrived_result(std::size_t count, std::size_t element_size, const shm::reduction_op& op)
      : span_(shm::span_of(count, element_size, op)), memory_(header + span_.bytes) {}

  std::byte* origin() noexcept { return memory_.data() + header - span_.first; }
  std::size_t& elements() noexcept { return *reinterpret_cast<std::size_t*>(memory_.data()); }
  std::vector<std::byte>& memory() noexcept { return memory_; }

 private:
  static constexpr std::size_t header = alignof(std::max_align_t);
  shm::element_span span_;
  std::vector<std::byte> memory_;
};

// Elements in a received message of `bytes`, at most `count`.
std::size_t elements_in(std::size_t bytes, std::size_t count, std::size_t element_size, const shm::reduction_op& op) {
  std::size_t data_size = op.layout != nullptr ? op.layout->size() : element_size;
  return data_size == 0 ? count : std::min(count, bytes / data_size);
}

}  // namespace

task spanning_inter_bcast(crossing place, shm::typed_span data, int root, bool is_root, crossing_sequences sequences) {
  if (is_root) {
    peer_messages messages(place.both, sequences.both);
    messages.send(data, place.remote.first);
    co_await messages.all_done();
  }
  if (root < 0) co_return;
  if (place.local.rank == 0) {
    peer_messages messages(place.both, sequences.both);
    messages.receive(data, place.remote.first + root);
    co_await messages.all_done();
  }
  co_await bcast_typed_task(place.local, data, 0, sequences.local);
}

task spanning_inter_reduce(crossing place, const void* input, void* recv, std::size_t count, std::size_t element_size,
                           shm::reduction_op op, int to, int from, crossing_sequences sequences) {
  peer_messages messages(place.both, sequences.both);
  std::vector<std::byte> memory;  // kept until the result has left
  if (to >= 0) {
    std::byte* result = leader_result(memory, place, count, element_size, op);
    co_await place.local.operations().reduce.make(place.local, input, result, count, element_size, op, 0,
                                                  sequences.local);
    if (place.local.rank == 0) messages.send(elements_at(result, count, element_size, op), to);
  }
  // A larger result than `count` (which MPI forbids) fills the receive buffer, as on one node.
  if (from >= 0) messages.receive(elements_at(recv, count, element_size, op), from);
  co_await messages.all_done();
}

task spanning_inter_exchange_reductions(crossing place, const void* input, void* recv, std::size_t count,
                                        std::size_t element_size, shm::reduction_op op, result_block taken,
                                        crossing_sequences sequences) {
  std::vector<std::byte> memory;
  std::byte* result = leader_result(memory, place, count, element_size, op);
  co_await place.local.operations().reduce.make(place.local, input, result, count, element_size, op, 0,
                                                sequences.local);
  arrived_result theirs(count, element_size, op);
  if (place.local.rank == 0) {
    peer_messages messages(place.both, sequences.both);
    messages.send(elements_at(result, count, element_size, op), place.remote.first);
    shm::recv_request& arrival =
        messages.receive(elements_at(theirs.origin(), count, element_size, op), place.remote.first);
    co_await messages.all_done();
    // Groups that disagree on the count (which MPI forbids) get the elements there are, as on one node.
    theirs.elements() = elements_in(arrival.message_size, count, element_size, op);
  }
  const collective_table& group = place.local.operations();
  co_await group.bcast.make(place.local, theirs.memory().data(), theirs.memory().size(), 0,
                            sequences.local + group.reduce.sequences);
  std::size_t offset = std::min(taken.offset, theirs.elements());
  std::size_t n = std::min(taken.count, theirs.elements() - offset);
  shm::copy_elements(recv, theirs.origin() + offset * element_size, n, element_size, op);
}

}  // namespace weft::coll
