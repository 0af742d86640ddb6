#pragma once
// What a process-based MPI keeps once per process, Weft keeps once per rank: one slot for each rank this
// node process runs, looked up by job rank. Made on first use, once the job has started.

#include <memory>

#include "runtime/job.hpp"

namespace weft::runtime {

template <class T>
class rank_slots {
 public:
  rank_slots()
      : first_(job::current().nodes().first_local()),
        slots_(std::make_unique<T[]>(job::current().nodes().local_count())) {}

  // Runs `prepare(slot, job_rank)` on every slot.
  template <class Prepare>
  explicit rank_slots(Prepare prepare) : rank_slots() {
    for (int i = 0, n = job::current().nodes().local_count(); i < n; ++i) prepare(slots_[i], first_ + i);
  }

  // `job_rank` must be a rank of this node process.
  T& operator[](int job_rank) noexcept { return slots_[job_rank - first_]; }

 private:
  int first_;
  std::unique_ptr<T[]> slots_;
};

}  // namespace weft::runtime
