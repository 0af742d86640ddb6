#include "runtime/node_map.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

namespace weft::runtime {

node_map::node_map(const std::vector<int>& ranks_per_node, int this_node) : this_node_(this_node) {
  first_rank_.reserve(ranks_per_node.size() + 1);
  first_rank_.push_back(0);
  for (int count : ranks_per_node) first_rank_.push_back(first_rank_.back() + count);
}

std::vector<int> node_map::parse(std::string_view text) {
  std::vector<int> counts;
  long total = 0;
  for (;;) {
    int count = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), count);
    if (error != std::errc{} || count <= 0) return {};
    total += count;
    if (total > std::numeric_limits<int>::max()) return {};
    counts.push_back(count);
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    if (text.empty()) return counts;
    if (text.front() != ',') return {};
    text.remove_prefix(1);
  }
}

int node_map::node_of(int job_rank) const noexcept {
  // The last node whose first rank is not past job_rank.
  auto after = std::upper_bound(first_rank_.begin(), first_rank_.end(), job_rank);
  return static_cast<int>(after - first_rank_.begin()) - 1;
}

}  // namespace weft::runtime
