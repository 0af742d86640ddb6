#include "mpi_api/rank_state.hpp"

#include <memory>

#include "mpi_api/communicators.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"

namespace weft::mpi {

int this_rank_id() noexcept { return weft::runtime::current_rank()->id; }

rank_state& this_rank() noexcept {
  static weft::runtime::rank_slots<rank_state> states(initialize_predefined_communicators);
  return states[this_rank_id()];
}

}  // namespace weft::mpi
