#pragma once
// The tree along which a communicator's collectives signal, shaped after the machine as the HPDC'13 paper
// shapes its trees: the ranks of one package, of one NUMA node in it, of one L3 cache in that, of one core
// in that form subtrees, so that signals and partial results cross each boundary once, between the leaders
// (lowest ranks) of the groups. At each level a binomial tree joins the groups' leaders; inside a group of
// ranks that share everything, a binomial tree joins its ranks. On a machine that is all one group the tree
// is the binomial tree over the ranks in order.
//
// Every subtree is a contiguous range of ranks that starts at its root, its children in increasing order,
// each child's subtree directly after the one before: reductions then combine partial results in rank
// order, as non-commutative operations need. Where the machine's groups are not contiguous rank ranges (a
// communicator whose ranks alternate between NUMA nodes) no tree shaped after them has that property, and
// the tree is the binomial tree over the ranks in order.

#include <span>
#include <vector>

#include "runtime/topology.hpp"

namespace weft::coll {

class collective_tree {
 public:
  // places[r]: where rank r of the communicator runs.
  explicit collective_tree(std::span<const runtime::machine_place> places);

  // The root is rank 0, whose parent is itself.
  int parent(int rank) const noexcept { return parent_[rank]; }
  int child_count(int rank) const noexcept { return first_child_[rank + 1] - first_child_[rank]; }
  int child(int rank, int index) const noexcept { return children_[first_child_[rank] + index]; }
  // The index of `rank` among its parent's children.
  int child_index(int rank) const noexcept { return child_index_[rank]; }
  int max_children() const noexcept { return max_children_; }

  // NUMA domains are the groups of ranks that share package and NUMA node. Whether there are several and
  // the tree follows them: each domain is then a subtree rooted at its leader, its lowest rank.
  bool spans_domains() const noexcept { return domain_count() > 1; }
  int domain_leader(int rank) const noexcept { return domain_leader_[rank]; }
  // The domains in rank order: domain d is the ranks [domain_start(d), domain_start(d + 1)). All ranks are
  // one domain when the tree does not follow domains.
  int domain_count() const noexcept { return static_cast<int>(domain_starts_.size()) - 1; }
  int domain_start(int domain) const noexcept { return domain_starts_[domain]; }
  int domain_of(int rank) const noexcept;

 private:
  std::vector<int> parent_;
  std::vector<int> child_index_;
  std::vector<int> first_child_;  // rank r's children are children_[first_child_[r], first_child_[r + 1])
  std::vector<int> children_;
  std::vector<int> domain_leader_;
  std::vector<int> domain_starts_;  // each domain's leader, then the number of ranks
  int max_children_ = 0;
};

}  // namespace weft::coll
