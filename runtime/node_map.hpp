#pragma once
// Where the job's ranks live. A job on one node is one process holding every rank; a job across nodes is
// one process per node, node i holding a contiguous block of job ranks (mpirun's WEFT_NODE_RANKS lists the
// block sizes in node order). Ranks keep their job rank everywhere: this map says whose process runs one.

#include <string_view>
#include <vector>

namespace weft::runtime {

class node_map {
 public:
  // `ranks_per_node` in node order, every entry positive; `this_node` indexes it.
  node_map(const std::vector<int>& ranks_per_node, int this_node);

  // Parses WEFT_NODE_RANKS ("4,4,3"); empty when malformed (a zero, a sign, junk, too large a sum).
  static std::vector<int> parse(std::string_view text);

  int job_size() const noexcept { return first_rank_.back(); }
  int node_count() const noexcept { return static_cast<int>(first_rank_.size()) - 1; }
  int this_node() const noexcept { return this_node_; }

  int first_rank(int node) const noexcept { return first_rank_[node]; }
  int rank_count(int node) const noexcept { return first_rank_[node + 1] - first_rank_[node]; }
  int node_of(int job_rank) const noexcept;

  // The ranks of this process.
  int first_local() const noexcept { return first_rank_[this_node_]; }
  int local_count() const noexcept { return rank_count(this_node_); }
  bool is_local(int job_rank) const noexcept {
    return job_rank >= first_local() && job_rank < first_rank_[this_node_ + 1];
  }

 private:
  std::vector<int> first_rank_;  // node count + 1 entries: node i holds [first_rank_[i], first_rank_[i+1])
  int this_node_;
};

}  // namespace weft::runtime
