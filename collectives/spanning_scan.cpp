// Scan and exscan across nodes (see spanning.hpp): recursive doubling over all members by point-to-point
// (MPICH's algorithm). In round k a rank exchanges the reduction of its current range with rank ^ 2^k;
// what comes from below is folded in front of its result, what comes from above behind its range only,
// so every combination keeps rank order. ceil(log2(size)) rounds.

#include <vector>

#include "collectives/peer_messages.hpp"
#include "collectives/spanning.hpp"
#include "collectives/working_buffers.hpp"

namespace weft::coll {

task spanning_scan(communicator_view comm, const void* input, void* recv, std::size_t count, std::size_t element_size,
                   reduction_op op, prefix_kind kind, std::uint64_t sequence) {
  std::vector<std::byte> memory;
  working_buffers buffers(memory, 3, span_of(count, element_size, op));
  void* range = buffers.origin(0);   // the reduction of the caller's current range of ranks
  void* theirs = buffers.origin(1);  // the partner's
  // The exclusive result gathers in working memory, since the input may be the receive buffer.
  bool inclusive = kind == prefix_kind::inclusive;
  void* result = inclusive ? recv : buffers.origin(2);
  bool have_result = inclusive;
  copy_elements(range, input, count, element_size, op);
  if (inclusive && recv != input) copy_elements(recv, input, count, element_size, op);
  for (int mask = 1, round = 0; mask < comm.size; mask <<= 1, ++round) {
    int partner = comm.rank ^ mask;
    if (partner >= comm.size) continue;
    peer_messages messages(comm, sequence);
    messages.send(elements_at(range, count, element_size, op), partner, round);
    messages.receive(elements_at(theirs, count, element_size, op), partner, round);
    co_await messages.all_done();
    if (partner < comm.rank) {
      if (have_result)
        op.combine(theirs, result, count);
      else
        copy_elements(result, theirs, count, element_size, op);
      have_result = true;
      op.combine(theirs, range, count);
    } else {
      op.combine(range, theirs, count);
      copy_elements(range, theirs, count, element_size, op);
    }
  }
  if (!inclusive && comm.rank != 0) copy_elements(recv, result, count, element_size, op);
}

}  // namespace weft::coll
