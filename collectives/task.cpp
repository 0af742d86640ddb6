#include "collectives/task.hpp"

#include "runtime/scheduler.hpp"

namespace weft::coll {

void run_to_completion(task work) {
  work.resume();
  while (!work.done()) {
    if (!work.ready()) {
      // Poll while nothing else of this worker could run: the signal may come from another worker.
      if (!runtime::others_ready())
        for (unsigned polls = runtime::job_config().poll_count; polls != 0 && !work.ready(); --polls)
          runtime::cpu_relax();
      while (!work.ready()) {
        work.listen(runtime::current_rank());
        if (work.ready()) break;
        runtime::park();
      }
    }
    work.resume();
  }
}

}  // namespace weft::coll
