#include "mpi_api/rank_state.hpp"

#include <memory>

#include "runtime/scheduler.hpp"

namespace weft::mpi {

int this_rank_id() noexcept { return weft::runtime::current_rank()->id; }

rank_state& this_rank() noexcept {
  static const std::unique_ptr<rank_state[]> states = std::make_unique<rank_state[]>(weft::runtime::job_size());
  return states[this_rank_id()];
}

}  // namespace weft::mpi
