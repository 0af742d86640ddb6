#pragma once
// How the members of a communicator whose ranks span nodes lie over the nodes: which node each member
// runs on, its rank among the members of that node, each node's leader (its lowest member) and its last
// member (its highest). The collectives across nodes (collectives/spanning/spanning.hpp) run a node phase over the
// members of the caller's node, which share a shared_communicator, and an inter-node phase among one member per node
// (mostly the leaders) over point-to-point.
//
// Nodes are numbered in the order of their leaders, so that where every node's members are a contiguous
// rank range (`contiguous`), node order is rank order and a reduction may combine node by node.

#include <span>
#include <vector>

#include "collectives/communicator_view.hpp"

namespace weft::coll {

class node_layout {
 public:
  // `job_ranks[r]`: the job rank of member r.
  explicit node_layout(std::span<const int> job_ranks);

  int node_count() const noexcept { return static_cast<int>(leaders_.size()); }
  int node_of(int rank) const noexcept { return node_of_[rank]; }
  int rank_on_node(int rank) const noexcept { return rank_on_node_[rank]; }
  int leader(int node) const noexcept { return leaders_[node]; }
  std::span<const int> leaders() const noexcept { return leaders_; }
  // Each node's highest member, in node order.
  std::span<const int> last_members() const noexcept { return last_members_; }
  int size_of_node(int node) const noexcept { return first_[node + 1] - first_[node]; }
  // The job ranks of the members of `node`, in rank order: the members of its shared_communicator.
  const int* job_ranks_of_node(int node) const noexcept { return job_ranks_by_node_.data() + first_[node]; }
  bool contiguous() const noexcept { return contiguous_; }

 private:
  std::vector<int> node_of_;
  std::vector<int> rank_on_node_;
  std::vector<int> leaders_;
  std::vector<int> last_members_;
  std::vector<int> first_;  // node k's members are job_ranks_by_node_[first_[k], first_[k + 1])
  std::vector<int> job_ranks_by_node_;
  bool contiguous_ = true;
};

// The view of the members of `comm` (whose members span nodes) on the caller's node: the view of a node
// phase, whose table is the node family's.
communicator_view node_part(const communicator_view& comm) noexcept;

}  // namespace weft::coll
