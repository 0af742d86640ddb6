// The inter-node steps of the collectives across nodes (spanning.hpp), over point-to-point among one
// member per node (or among all members, where the nodes' members are not contiguous rank ranges), and
// what the compositions share: the view of the caller's node, a broadcast of reduction elements over it,
// and the list of all members.
//
// Reductions keep member order: a partial result always covers a contiguous range of members, and two
// are combined lower range first (shm::reduction_op::combine takes the lower one as `in`). The ring alone does
// not, and runs for commutative operations only.

#include <algorithm>
#include <bit>
#include <numeric>
#include <vector>

#include "collectives/collective_table.hpp"
#include "collectives/node_layout.hpp"
#include "collectives/schedule.hpp"
#include "collectives/spanning/peer_messages.hpp"
#include "collectives/spanning/spanning.hpp"
#include "collectives/working_buffers.hpp"
#include "runtime/config.hpp"
#include "runtime/path_report.hpp"

namespace weft::coll {

task bcast_elements(communicator_view comm, void* origin, std::size_t count, std::size_t element_size,
                    const shm::reduction_op& op, int root, std::uint64_t sequence) {
  if (op.layout == nullptr) {
    co_await comm.operations().bcast.make(comm, origin, count * element_size, root, sequence);
    co_return;
  }
  co_await bcast_typed_task(comm, elements_at(origin, count, element_size, op), root, sequence);
}

std::vector<int> all_ranks(int size) {
  std::vector<int> ranks(static_cast<std::size_t>(size));
  std::iota(ranks.begin(), ranks.end(), 0);
  return ranks;
}

bool reduces_by_nodes(const communicator_view& comm, const char* operation, std::size_t bytes) {
  bool by_nodes = comm.nodes->contiguous();
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("collective", operation, by_nodes ? "by nodes" : "rank by rank",
                         "%zu B, %d members on %d nodes: %s", bytes, comm.size, comm.nodes->node_count(),
                         by_nodes ? "each node's members a contiguous rank range: node phases, then the nodes in order"
                                  : "the nodes' members interleave: the members combine in rank order by messages");
  return by_nodes;
}

namespace {

// mine = mine op theirs, where `theirs` holds the higher members' part: combined into `theirs`, then
// copied back.
void combine_higher(void* mine, void* theirs, std::size_t count, std::size_t element_size,
                    const shm::reduction_op& op) {
  op.combine(mine, theirs, count);
  shm::copy_elements(mine, theirs, count, element_size, op);
}

// A vector of `count` elements cut into `parts` nearly equal blocks, for the algorithms that send it in
// parts.
struct vector_blocks {
  std::size_t count;
  int parts;
  std::size_t element_size;
  const shm::reduction_op& op;

  // The first element of block `index`.
  std::size_t start(int index) const noexcept {
    auto b = static_cast<std::size_t>(parts), i = static_cast<std::size_t>(index);
    return i * (count / b) + std::min(i, count % b);
  }
  // The elements of blocks [first, last).
  std::size_t size(int first, int last) const noexcept { return start(last) - start(first); }
  // The origin of block `index` of the vector at `origin`.
  std::byte* at(std::byte* origin, int index) const noexcept { return origin + start(index) * element_size; }
  // Blocks [first, last) of the vector at `origin`, laid out as `op` says, for a message.
  shm::typed_span span(std::byte* origin, int first, int last) const {
    return elements_at(at(origin, first), size(first, last), element_size, op);
  }
};

// The `power` members that carry an allreduce after the fold (see allreduce_among), by their index among
// them; in member order, so a range of them is a range of members.
struct folded_members {
  std::span<const int> members;
  int rem;
  int operator[](int folded) const noexcept { return members[folded < rem ? folded * 2 + 1 : folded + rem]; }
};

// Recursive doubling: every round, the whole vector both ways with the partner. log2(power) rounds.
task doubling_rounds(communicator_view comm, folded_members carriers, int folded, int power, std::byte* data,
                     std::byte* theirs, std::size_t count, std::size_t element_size, const shm::reduction_op& op,
                     std::uint64_t sequence, int round) {
  for (int mask = 1; mask < power; mask <<= 1, ++round) {
    int partner = folded ^ mask;
    peer_messages messages(comm, sequence);
    messages.send(elements_at(data, count, element_size, op), carriers[partner], round);
    messages.receive(elements_at(theirs, count, element_size, op), carriers[partner], round);
    co_await messages.all_done();
    if (partner < folded)
      op.combine(theirs, data, count);
    else
      combine_higher(data, theirs, count, element_size, op);
  }
}

// Rabenseifner's allreduce, as MPICH does it: a reduce-scatter by recursive halving of the vector (each
// round the pair splits what it holds, each keeps one half and combines the partner's copy of it), then an
// allgather retracing the halvings. 2·log2(power) rounds, about twice the vector sent in all. The halves
// kept after a round hold the combination of an aligned, hence contiguous, range of members.
task halving_rounds(communicator_view comm, folded_members carriers, int folded, int power, std::byte* data,
                    std::byte* theirs, std::size_t count, std::size_t element_size, const shm::reduction_op& op,
                    std::uint64_t sequence, int round) {
  vector_blocks blocks{count, power, element_size, op};
  struct range {
    int first, last;  // blocks [first, last)
  };
  std::vector<range> held{{0, power}};  // what the caller held before each halving, and holds now
  for (int mask = 1; mask < power; mask <<= 1, ++round) {
    int partner = folded ^ mask;
    range whole = held.back();
    int middle = whole.first + (whole.last - whole.first) / 2;
    bool lower = folded < partner;
    range kept = lower ? range{whole.first, middle} : range{middle, whole.last};
    range given = lower ? range{middle, whole.last} : range{whole.first, middle};
    peer_messages messages(comm, sequence);
    messages.send(blocks.span(data, given.first, given.last), carriers[partner], round);
    messages.receive(blocks.span(theirs, kept.first, kept.last), carriers[partner], round);
    co_await messages.all_done();
    std::byte* data_kept = blocks.at(data, kept.first);
    std::byte* theirs_kept = blocks.at(theirs, kept.first);
    std::size_t n = blocks.size(kept.first, kept.last);
    if (lower)
      combine_higher(data_kept, theirs_kept, n, element_size, op);
    else
      op.combine(theirs_kept, data_kept, n);
    held.push_back(kept);
  }
  for (int mask = power >> 1; mask > 0; mask >>= 1, ++round) {
    range mine = held.back();
    held.pop_back();
    range whole = held.back();
    range partners = mine.first == whole.first ? range{mine.last, whole.last} : range{whole.first, mine.first};
    peer_messages messages(comm, sequence);
    messages.send(blocks.span(data, mine.first, mine.last), carriers[folded ^ mask], round);
    messages.receive(blocks.span(data, partners.first, partners.last), carriers[folded ^ mask], round);
    co_await messages.all_done();
  }
}

// The ring: a reduce-scatter, then an allgather, each n - 1 rounds in which every member sends one of
// n blocks to the next member and receives one from the one before. Every member sends about 2·(n - 1)/n
// of the vector in all, for any n: no fold. Block b gathers its contributions from member b on, around
// past the last member to member b - 1, so its partial results are not contiguous ranges of members
// once it wraps: commutative operations only.
task ring_rounds(communicator_view comm, std::span<const int> members, int me, std::byte* data, std::byte* theirs,
                 std::size_t count, std::size_t element_size, const shm::reduction_op& op, std::uint64_t sequence,
                 int step) {
  int n = static_cast<int>(members.size());
  int next = members[(me + 1) % n], previous = members[(me + n - 1) % n];
  vector_blocks blocks{count, n, element_size, op};
  // Every message goes to the next member, one a round, and messages of one step between two members
  // match in order: one step serves every round.
  for (int round = 0; round < n - 1; ++round) {
    int sent = (me - round + n) % n, received = (me - round - 1 + n) % n;
    peer_messages messages(comm, sequence);
    messages.send(blocks.span(data, sent, sent + 1), next, step);
    messages.receive(blocks.span(theirs, received, received + 1), previous, step);
    co_await messages.all_done();
    op.combine(blocks.at(theirs, received), blocks.at(data, received), blocks.size(received, received + 1));
  }
  // Member i now holds block i + 1 reduced over all members; those go around.
  for (int round = 0; round < n - 1; ++round) {
    int sent = (me + 1 - round + n) % n, received = (me - round + n) % n;
    peer_messages messages(comm, sequence);
    messages.send(blocks.span(data, sent, sent + 1), next, step);
    messages.receive(blocks.span(data, received, received + 1), previous, step);
    co_await messages.all_done();
  }
}

}  // namespace

task allreduce_among(communicator_view comm, std::span<const int> members, int me, void* data, std::size_t count,
                     std::size_t element_size, shm::reduction_op op, std::uint64_t sequence, int step) {
  int n = static_cast<int>(members.size());
  if (n == 1) co_return;
  std::vector<std::byte> memory;
  auto* theirs = working_buffers(memory, 1, shm::span_of(count, element_size, op)).origin(0);
  auto* mine = static_cast<std::byte*>(data);
  shm::typed_span mine_span = elements_at(data, count, element_size, op);
  // The ring sends as much as halving and doubling after the fold, without the fold's extra whole vector
  // (see halving_rounds) nor its extra latency; with n a power of two there is no fold, and halving takes
  // fewer rounds.
  const runtime::config& config = runtime::job_config();
  std::size_t bytes = count * element_size;
  bool ring = op.commutative && !std::has_single_bit(static_cast<unsigned>(n)) &&
              count >= static_cast<std::size_t>(n) && bytes >= config.allreduce_ring_min;
  bool halving = !ring && count >= std::bit_floor(static_cast<unsigned>(n)) && bytes >= config.allreduce_halving_min;
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("collective", "allreduce among nodes",
                         ring      ? "ring"
                         : halving ? "halving"
                                   : "doubling",
                         "%zu B among %d nodes: %s", bytes, n,
                         ring      ? "at least WEFT_ALLREDUCE_RING_MIN, commutative, not a power of two"
                         : halving ? "at least WEFT_ALLREDUCE_HALVING_MIN"
                                   : "below WEFT_ALLREDUCE_HALVING_MIN, or fewer elements than nodes");
  if (ring) {
    co_await ring_rounds(comm, members, me, mine, theirs, count, element_size, op, sequence, step);
    co_return;
  }
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
      messages.receive(elements_at(theirs, count, element_size, op), members[me - 1], step);
      co_await messages.all_done();
      op.combine(theirs, data, count);
      folded = me / 2;
    }
  } else {
    folded = me - rem;
  }
  int rounds = std::countr_zero(static_cast<unsigned>(power));
  if (folded >= 0) {
    folded_members carriers{members, rem};
    if (halving)
      co_await halving_rounds(comm, carriers, folded, power, mine, theirs, count, element_size, op, sequence, step + 1);
    else
      co_await doubling_rounds(comm, carriers, folded, power, mine, theirs, count, element_size, op, sequence,
                               step + 1);
  }
  // Past the most rounds either way takes.
  int last_step = step + 1 + 2 * rounds;
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
                  std::size_t element_size, shm::reduction_op op, std::uint64_t sequence, int step) {
  int n = static_cast<int>(members.size());
  std::vector<std::byte> memory;
  void* theirs = n > 1 ? working_buffers(memory, 1, shm::span_of(count, element_size, op)).origin(0) : nullptr;
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

// MPICH's recursive doubling: in round k a member exchanges the reduction of its current range of
// members with member me ^ 2^k; what comes from below goes in front of its result and of its range, what
// comes from above behind its range only.
task scan_among(communicator_view comm, std::span<const int> members, int me, const void* input, void* recv,
                std::size_t count, std::size_t element_size, shm::reduction_op op, prefix_kind kind,
                std::uint64_t sequence, int step) {
  int n = static_cast<int>(members.size());
  std::vector<std::byte> memory;
  working_buffers buffers(memory, 3, shm::span_of(count, element_size, op));
  void* range = buffers.origin(0);   // the reduction of the caller's current range of members
  void* theirs = buffers.origin(1);  // the partner's
  // The exclusive result gathers in working memory, since the input may be the receive buffer.
  bool inclusive = kind == prefix_kind::inclusive;
  void* result = inclusive ? recv : buffers.origin(2);
  bool have_result = inclusive;
  shm::copy_elements(range, input, count, element_size, op);
  if (inclusive && recv != input) shm::copy_elements(recv, input, count, element_size, op);
  for (int mask = 1; mask < n; mask <<= 1, ++step) {
    int partner = me ^ mask;
    if (partner >= n) continue;
    peer_messages messages(comm, sequence);
    messages.send(elements_at(range, count, element_size, op), members[partner], step);
    messages.receive(elements_at(theirs, count, element_size, op), members[partner], step);
    co_await messages.all_done();
    if (partner < me) {
      if (have_result)
        op.combine(theirs, result, count);
      else
        shm::copy_elements(result, theirs, count, element_size, op);
      have_result = true;
      op.combine(theirs, range, count);
    } else {
      combine_higher(range, theirs, count, element_size, op);
    }
  }
  if (!inclusive && me != 0) shm::copy_elements(recv, result, count, element_size, op);
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
