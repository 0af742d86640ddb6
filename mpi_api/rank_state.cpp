#include "mpi_api/rank_state.hpp"

#include <memory>

#include "mpi_api/communicators.hpp"
#include "runtime/scheduler.hpp"

namespace weft::mpi {

int this_rank_id() noexcept { return weft::runtime::current_rank()->id; }

rank_state& this_rank() noexcept {
  static const std::unique_ptr<rank_state[]> states = [] {
    int size = weft::runtime::job_size();
    auto all = std::make_unique<rank_state[]>(size);
    for (int r = 0; r < size; ++r) initialize_predefined_communicators(all[r], r);
    return all;
  }();
  return states[this_rank_id()];
}

}  // namespace weft::mpi
