#pragma once
// The part of a communicator that all its ranks on this node share: one slot per member, in which the
// member publishes where its data is and receives the signals of the others.
//
// A signal holds the sequence number of the last collective for which it was raised; sequence numbers
// count a communicator's collectives, the same on every member since all call them in the same order.
// Every signal lives with the one member that waits for it (in its slot, or in its table of signals from
// its neighbours), so each has one waiter and a raise, through that member's slot, wakes exactly that
// member if it sleeps. Raising takes the maximum, so raisers may come in any
// order. A rank raises signals in increasing sequence order and finishes reading what others published
// for a collective before it raises anything for a later one: a signal at value v therefore also tells
// that its raiser is done with every collective before v.
//
// Small broadcasts go through a ring of cells instead (collectives/node/cell_broadcast.cpp): a cell's flag has every
// member as a waiter, and each is woken through its own slot by its parent in the tree.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "collectives/cell_rings.hpp"
#include "collectives/collective_tree.hpp"
#include "collectives/node_layout.hpp"
#include "collectives/sequence_flag.hpp"
#include "runtime/rank.hpp"

namespace weft::shm {
struct block_copy;
}

namespace weft::coll {

class neighbour_signals;

// How far a member is with the communicator's cells (see collectives/node/cells.hpp).
struct alignas(cache_line) cell_progress {
  // The sequence number of the last collective whose cells the member is done with: read (a broadcast),
  // filled (as its root), deposited into (a reduction) or consumed (as a reduction's root).
  sequence_flag done;
  // Whether a member may wait for `done` to grow: set by the waiter; cleared by this member once no
  // waiter is left whose wait its `done` has not ended.
  std::atomic<bool> awaited{false};
};

class alignas(cache_line) member_slot {
 public:
  // Signals the member waits for: from its parent in the collective tree, from the tree's root (rank 0),
  // and for rank 0, from the root of a rooted collective. A broadcast between two ranks uses the last two
  // between the root and the other rank, whichever is rank 0 (collectives/node/broadcast.cpp says how).
  signal from_parent;
  signal from_tree_root;
  signal from_collective_root;

  cell_progress cells;
  // The member's own business: the least cells.done of all members when it last looked, so that it scans
  // the members once per round of the ring, not once per call.
  alignas(cache_line) std::uint64_t cells_known_done = 0;
  // The member it waits for, or -1, and the value of that one's cells.done it waits for.
  std::atomic<int> cells_awaiting{-1};
  std::atomic<std::uint64_t> cells_awaiting_done{0};

  // Raises `which` (a signal of this slot, or one this member waits for) to `sequence` and wakes the
  // member if it sleeps.
  void raise(sequence_flag& which, std::uint64_t sequence) noexcept;

  // Called by the member itself before it parks; it re-checks its condition afterwards, so a raise in
  // between is not lost (both sides are sequentially consistent).
  void listen(runtime::rank* self) noexcept { sleeper_.store(self, std::memory_order_seq_cst); }

  // Where the member's data for the current collective is: written before it raises a signal for the
  // collective, read by others after waiting for that signal.
  const void* published = nullptr;

  // A copy another member offers this one to share (a paired broadcast's, see collectives/node/broadcast.cpp).
  std::atomic<shm::block_copy*> copy_offer{nullptr};

 private:
  alignas(cache_line) std::atomic<runtime::rank*> sleeper_{nullptr};
};

class shared_communicator {
 public:
  // places[r]: where member r runs; `nodes`: how the whole communicator lies over nodes, when its members
  // on this node are not all of it.
  shared_communicator(std::span<const runtime::machine_place> places, std::unique_ptr<const node_layout> nodes);
  ~shared_communicator();

  int size() const noexcept { return size_; }
  // Null when every member of the communicator runs on this node.
  const node_layout* nodes() const noexcept { return nodes_.get(); }
  const collective_tree& tree() const noexcept { return tree_; }
  // Whether no two members share a core: their signals then cross between cores at the same time, and a
  // barrier disseminates (collectives/node/barrier.cpp) rather than climbing the tree and coming down again.
  bool members_apart() const noexcept { return rounds_ != 0; }
  // The rounds of a disseminating barrier: ceil(log2(size)) where members_apart(), else 0.
  int dissemination_rounds() const noexcept { return rounds_; }
  // Raised for `rank` in round `round` of a disseminating barrier (only where members_apart()).
  signal& from_round(int rank, int round) noexcept { return round_signals_[rank * rounds_ + round]; }
  member_slot& slot(int rank) noexcept { return slots_[rank]; }
  // Raised by child `index` (0, 1, ...) of `rank` in the tree.
  signal& from_child(int rank, int index) noexcept { return child_signals_[rank * max_children_ + index]; }
  // Working memory of one member (partial reductions), kept from call to call: allocating it afresh
  // made every large reduction pay page faults. A member's collectives on one communicator run one at
  // a time, so one buffer serves them all.
  std::vector<std::byte>& scratch(int rank) noexcept { return scratch_[rank]; }
  // The signals `rank` waits for from the peers it exchanges with directly (neighbour_signals.hpp).
  neighbour_signals& neighbours(int rank) noexcept;

  // The rings of cells (collectives/node/cells.hpp), none on one member: the communicator's broadcast cell of
  // collective `sequence`, and member `rank`'s deposit cell of it (only on communicators of at most
  // max_deposit_members, where reductions deposit), for `bytes` of data. Collectives of at most
  // small_cell_capacity bytes take their cells from rings of small cells, more of them than the others
  // (shared_communicator.cpp says why); all members of a collective pass the same `bytes`.
  static constexpr int max_deposit_members = 64;
  static constexpr std::size_t small_cell_capacity = 256;
  data_cell& cell(std::uint64_t sequence, std::size_t bytes) noexcept {
    return (bytes <= small_cell_capacity && !small_broadcast_cells_.empty() ? small_broadcast_cells_
                                                                            : broadcast_cells_)(0, sequence);
  }
  // The most bytes a broadcast cell holds: 8 KiB (shared_communicator.cpp says why).
  std::size_t broadcast_cell_capacity() const noexcept { return broadcast_cells_.capacity(); }
  bool has_deposits() const noexcept { return !deposits_.empty(); }
  data_cell& deposit(int rank, std::uint64_t sequence, std::size_t bytes) noexcept {
    return (bytes <= small_cell_capacity && !small_deposits_.empty() ? small_deposits_ : deposits_)(rank, sequence);
  }
  // The most bytes a deposit cell holds: 32 KiB over the members, 256 B to 4 KiB (shared_communicator.cpp
  // says why).
  std::size_t deposit_capacity() const noexcept { return deposits_.capacity(); }

 private:
  int size_;
  collective_tree tree_;
  int max_children_;
  int rounds_;  // of a disseminating barrier: ceil(log2(size)) where members are apart, else 0
  std::unique_ptr<member_slot[]> slots_;
  std::unique_ptr<signal[]> child_signals_;
  std::unique_ptr<signal[]> round_signals_;
  std::unique_ptr<std::vector<std::byte>[]> scratch_;
  cell_rings small_broadcast_cells_;
  cell_rings broadcast_cells_;
  cell_rings small_deposits_;  // one ring per member
  cell_rings deposits_;        // one ring per member
  std::unique_ptr<neighbour_signals[]> neighbours_;
  std::unique_ptr<const node_layout> nodes_;
};

// The shared state of the communicator whose members agree on `context`, whose members are the job ranks
// `all_members` and of them `job_ranks` on this node, both in communicator rank order: made by the first
// member that asks, shared by the others on this node, gone with the last once all have asked. Each
// member asks once. (Communicators made by one MPI_Comm_split share a context but have disjoint members,
// told apart by their first.)
std::shared_ptr<shared_communicator> attach_shared(std::uint32_t context, std::span<const int> job_ranks,
                                                   std::span<const int> all_members);

}  // namespace weft::coll
