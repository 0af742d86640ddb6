// Fortran unit numbers per rank. flang's runtime keeps one table of units for the process, which the ranks
// of a node share; a program written for processes has every rank OPEN unit 10 to its own file. So a
// rank's unit number becomes a number of the process's own, the same for the same (rank, unit) as long as
// the process lives (runtime/start/fortran_units.cpp passes every unit of an I/O statement through it, and
// INQUIRE's NUMBER= back). The preconnected units 0, 5 and 6 (standard error, input and output) stay the
// process's, as a terminal is shared by processes; NEWUNIT= numbers are negative and already unique.

#include <map>
#include <mutex>
#include <utility>

#include "runtime/scheduler.hpp"

namespace {

class unit_table {
 public:
  int process_unit(int rank, int unit) {
    std::lock_guard lock(mutex_);
    auto [place, added] = units_.try_emplace({rank, unit}, next_);
    if (added) {
      program_units_.emplace(next_, unit);
      ++next_;
    }
    return place->second;
  }

  int program_unit(int process_unit) {
    std::lock_guard lock(mutex_);
    auto found = program_units_.find(process_unit);
    return found == program_units_.end() ? process_unit : found->second;
  }

 private:
  std::mutex mutex_;
  std::map<std::pair<int, int>, int> units_;  // (rank, the program's unit) -> the process's unit
  std::map<int, int> program_units_;          // and back
  int next_ = 100000;
};

unit_table& table() {
  static unit_table the_table;
  return the_table;
}

bool shared(int unit) { return unit < 0 || unit == 0 || unit == 5 || unit == 6; }

}  // namespace

extern "C" int weft_fortran_process_unit(int unit) {
  weft::runtime::rank* self = weft::runtime::current_rank();
  if (self == nullptr || shared(unit)) return unit;
  return table().process_unit(self->id, unit);
}

extern "C" int weft_fortran_program_unit(int process_unit) {
  if (weft::runtime::current_rank() == nullptr || shared(process_unit)) return process_unit;
  return table().program_unit(process_unit);
}
