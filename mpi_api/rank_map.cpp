#include "mpi_api/rank_map.hpp"

#include <mpi.h>

#include <algorithm>
#include <numeric>

#include "runtime/scheduler.hpp"

namespace weft::mpi {

rank_map::rank_map(std::vector<int> job_ranks) : job_ranks_(std::move(job_ranks)) {
  by_job_rank_.reserve(job_ranks_.size());
  for (int r = 0; r < size(); ++r) by_job_rank_.emplace_back(job_ranks_[r], r);
  std::sort(by_job_rank_.begin(), by_job_rank_.end());
}

int rank_map::rank_of(int job_rank) const noexcept {
  auto found = std::lower_bound(by_job_rank_.begin(), by_job_rank_.end(), std::pair{job_rank, 0});
  return found != by_job_rank_.end() && found->first == job_rank ? found->second : MPI_UNDEFINED;
}

int compare_members(const rank_map& a, const rank_map& b) noexcept {
  if (a.job_ranks() == b.job_ranks()) return MPI_IDENT;
  if (a.size() != b.size()) return MPI_UNEQUAL;
  for (int job_rank : a.job_ranks())
    if (b.rank_of(job_rank) == MPI_UNDEFINED) return MPI_UNEQUAL;
  return MPI_SIMILAR;
}

const shared_rank_map& world_members() {
  static const shared_rank_map world = [] {
    std::vector<int> ranks(runtime::job_size());
    std::iota(ranks.begin(), ranks.end(), 0);
    return std::make_shared<const rank_map>(std::move(ranks));
  }();
  return world;
}

const shared_rank_map& no_members() {
  static const shared_rank_map empty = std::make_shared<const rank_map>(std::vector<int>{});
  return empty;
}

}  // namespace weft::mpi
