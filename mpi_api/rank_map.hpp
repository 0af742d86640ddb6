#pragma once
// The members of a group or communicator: their job ranks in group-rank order, and the way back.
// Immutable, so groups and communicators of all the ranks of a node share one.

#include <memory>
#include <utility>
#include <vector>

namespace weft::mpi {

class rank_map {
 public:
  explicit rank_map(std::vector<int> job_ranks);

  int size() const noexcept { return static_cast<int>(job_ranks_.size()); }
  int job_rank(int rank) const noexcept { return job_ranks_[rank]; }
  const std::vector<int>& job_ranks() const noexcept { return job_ranks_; }

  // The group rank of job rank `job_rank`, or MPI_UNDEFINED when it is not a member.
  int rank_of(int job_rank) const noexcept;

 private:
  std::vector<int> job_ranks_;
  std::vector<std::pair<int, int>> by_job_rank_;  // (job rank, group rank), sorted
};

// MPI_IDENT (same members, same order), MPI_SIMILAR (same members) or MPI_UNEQUAL.
int compare_members(const rank_map& a, const rank_map& b) noexcept;

using shared_rank_map = std::shared_ptr<const rank_map>;

// The job's ranks in order: the members of MPI_COMM_WORLD.
const shared_rank_map& world_members();

// No members: MPI_GROUP_EMPTY.
const shared_rank_map& no_members();

}  // namespace weft::mpi
