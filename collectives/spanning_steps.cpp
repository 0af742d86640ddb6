// The inter-node steps of the collectives across nodes (spanning.hpp), over point-to-point among one
// member per node, and the view of the caller's node that the node phases run on.
//
// Reductions keep member order: a partial result always covers a contiguous range of members, and two
// are combined lower range first (reduction_op::combine takes the lower one as `in`).

#include <bit>
#include <vector>

#include "collectives/node_layout.hpp"
#include "collectives/peer_messages.hpp"
#include "collectives/spanning.hpp"
#include "collectives/working_buffers.hpp"

namespace weft::coll {

communicator_view node_part(const communicator_view& comm) noexcept {
  const node_layout& nodes = *comm.nodes;
  int node = nodes.node_of(comm.rank);
  return {comm.context,  nodes.size_of_node(node), nodes.rank_on_node(comm.rank), nodes.job_ranks_of_node(node),
          comm.shared,   comm.node_sequence,       comm.schedule,                comm.communicator};
}

namespace {

// mine = mine op theirs, where `theirs` holds the higher members' part: combined into `theirs`, then
// copied back.
void combine_higher(void* mine, void* theirs, std::size_t count, std::size_t element_size, const reduction_op& op) {
  op.combine(mine, theirs, count);
  copy_elements(mine, theirs, count, element_size, op);
}

}  // namespace

task allreduce_among(communicator_view comm, std::span<const int> members, int me, void* data, std::size_t count,
                     std::size_t element_size, reduction_op op, std::uint64_t sequence, int step) {
  int n = static_cast<int>(members.size());
  if (n == 1) co_return;
  std::vector<std::byte> memory;
  void* theirs = working_buffers(memory, 1, span_of(count, element_size, op)).origin(0);
  shm::typed_span mine_span = elements_at(data, count, element_size, op);
  shm::typed_span theirs_span = elements_at(theirs, count, element_size, op);
  // With n not a power of two, the first 2·rem members pair up first, the odd one of each pair carrying
  // on for both (MPICH's recursive doubling); each member's range stays contiguous.
  int power = static_cast<int>(std::bit_floor(static_cast<unsigned>(n)));
  int rem = n - power;
  int folded = -1;  // the caller's index among the `power` members that carry on, or -1
  if (me < 2 * rem) {
    peer_messages messages(comm, sequence);
    if (me % 2 == 0) {
      messages.send(mine_span, members[me + 1], step);
      co_await messages.all_done();
    } else {
      messages.receive(theirs_span, members[me - 1], step);
      co_await messages.all_done();
      op.combine(theirs, data, count);
      folded = me / 2;
    }
  } else {
    folded = me - rem;
  }
  int last_step = step + 1 + std::countr_zero(static_cast<unsigned>(power));
  if (folded >= 0) {
    for (int mask = 1, round = step + 1; mask < power; mask <<= 1, ++round) {
      int partner_folded = folded ^ mask;
      int partner = partner_folded < rem ? partner_folded * 2 + 1 : partner_folded + rem;
      peer_messages messages(comm, sequence);
      messages.send(mine_span, members[partner], round);
      messages.receive(theirs_span, members[partner], round);
      co_await messages.all_done();
      if (partner < me)
        op.combine(theirs, data, count);
      else
        combine_higher(data, theirs, count, element_size, op);
    }
  }
  if (me < 2 * rem) {
    peer_messages messages(comm, sequence);
    if (me % 2 == 1)
      messages.send(mine_span, members[me - 1], last_step);
    else
      messages.receive(mine_span, members[me + 1], last_step);
    co_await messages.all_done();
  }
}

task reduce_among(communicator_view comm, std::span<const int> members, int me, void* data, std::size_t count,
                  std::size_t element_size, reduction_op op, std::uint64_t sequence, int step) {
  int n = static_cast<int>(members.size());
  std::vector<std::byte> memory;
  void* theirs = n > 1 ? working_buffers(memory, 1, span_of(count, element_size, op)).origin(0) : nullptr;
  for (int mask = 1; mask < n; mask <<= 1, ++step) {
    peer_messages messages(comm, sequence);
    if (me & mask) {
      messages.send(elements_at(data, count, element_size, op), members[me - mask], step);
      co_await messages.all_done();
      co_return;
    }
    if (me + mask < n) {
      messages.receive(elements_at(theirs, count, element_size, op), members[me + mask], step);
      co_await messages.all_done();
      combine_higher(data, theirs, count, element_size, op);
    }
  }
}

task bcast_among(communicator_view comm, std::span<const int> members, int me, int root, shm::typed_span data,
                 std::uint64_t sequence, int step) {
  int n = static_cast<int>(members.size());
  int relative = (me - root + n) % n;
  int mask = 1;
  for (; mask < n; mask <<= 1) {
    if (relative & mask) {
      peer_messages messages(comm, sequence);
      messages.receive(data, members[(relative - mask + root) % n], step);
      co_await messages.all_done();
      break;
    }
  }
  peer_messages messages(comm, sequence);
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (relative + mask < n) messages.send(data, members[(relative + mask + root) % n], step);
  co_await messages.all_done();
}

}  // namespace weft::coll
