#include "collectives/collective_tree.hpp"

#include <algorithm>
#include <numeric>

#include "collectives/binomial_tree.hpp"

namespace weft::coll {
namespace {

using runtime::machine_place;
using child_lists = std::vector<std::vector<int>>;

// The leading components of a place that make a NUMA domain: package and NUMA node.
constexpr std::size_t domain_depth = 2;

// Joins `members` (ranks in increasing order) by the binomial tree over their order, rooted at the first.
void join_binomially(std::span<const int> members, std::vector<int>& parent, child_lists& children) {
  for (std::size_t i = 1; i < members.size(); ++i) {
    int above = members[binomial_tree::parent(static_cast<int>(i))];
    parent[members[i]] = above;
    children[above].push_back(members[i]);
  }
}

// Joins `members` (ranks in increasing order) into a tree rooted at the first, after their places from
// component `level` on: each group of members that share the component becomes a subtree, and the groups'
// leaders are joined binomially, after each leader's own group.
void join_by_place(std::span<const int> members, std::span<const machine_place> places, std::size_t level,
                   std::vector<int>& parent, child_lists& children) {
  auto all_share = [&](std::size_t l) {
    return std::all_of(members.begin(), members.end(), [&](int m) { return places[m][l] == places[members[0]][l]; });
  };
  while (level < std::tuple_size_v<machine_place> && all_share(level)) ++level;
  if (level == std::tuple_size_v<machine_place>) {
    join_binomially(members, parent, children);
    return;
  }
  std::vector<int> keys;
  std::vector<std::vector<int>> groups;  // in the order of their lowest ranks
  for (int m : members) {
    auto known = std::find(keys.begin(), keys.end(), places[m][level]);
    if (known == keys.end()) {
      keys.push_back(places[m][level]);
      groups.emplace_back();
      known = keys.end() - 1;
    }
    groups[known - keys.begin()].push_back(m);
  }
  std::vector<int> leaders;
  for (const std::vector<int>& group : groups) {
    join_by_place(group, places, level + 1, parent, children);
    leaders.push_back(group.front());
  }
  join_binomially(leaders, parent, children);
}

// The end of rank r's subtree if every subtree from r down is the contiguous range the header promises,
// or -1.
int end_of_ordered_subtree(int r, const child_lists& children) {
  int next = r + 1;
  for (int child : children[r]) {
    if (child != next) return -1;
    next = end_of_ordered_subtree(child, children);
    if (next < 0) return -1;
  }
  return next;
}

}  // namespace

collective_tree::collective_tree(std::span<const machine_place> places)
    : parent_(places.size(), 0),
      child_index_(places.size(), 0),
      first_child_(places.size() + 1, 0),
      domain_leader_(places.size(), 0) {
  int size = static_cast<int>(places.size());
  std::vector<int> ranks(size);
  std::iota(ranks.begin(), ranks.end(), 0);
  child_lists children(size);
  join_by_place(ranks, places, 0, parent_, children);
  if (size != 0 && end_of_ordered_subtree(0, children) != size) {
    children.assign(size, {});
    join_binomially(ranks, parent_, children);
  } else {
    auto same_domain = [&](int a, int b) {
      return std::equal(places[a].begin(), places[a].begin() + domain_depth, places[b].begin());
    };
    for (int r = 1; r < size; ++r) {
      int before = r - 1;  // domains are contiguous rank ranges here
      domain_leader_[r] = same_domain(r, before) ? domain_leader_[before] : r;
    }
  }
  for (int r = 0; r < size; ++r)
    if (domain_leader_[r] == r) domain_starts_.push_back(r);
  domain_starts_.push_back(size);
  for (int r = 0; r < size; ++r) {
    first_child_[r + 1] = first_child_[r] + static_cast<int>(children[r].size());
    max_children_ = std::max(max_children_, static_cast<int>(children[r].size()));
    for (std::size_t i = 0; i < children[r].size(); ++i) {
      children_.push_back(children[r][i]);
      child_index_[children[r][i]] = static_cast<int>(i);
    }
  }
}

int collective_tree::domain_of(int rank) const noexcept {
  return static_cast<int>(std::upper_bound(domain_starts_.begin(), domain_starts_.end(), rank) -
                          domain_starts_.begin()) -
         1;
}

}  // namespace weft::coll
