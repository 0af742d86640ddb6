#include "collectives/task.hpp"

#include "runtime/scheduler.hpp"

namespace weft::coll {

void run_to_completion(task work) {
  work.resume();
  while (!work.done()) {
    runtime::wait_until([&] { return work.ready(); }, [&] { work.listen(runtime::current_rank()); },
                        work.network_stride());
    work.resume();
  }
}

}  // namespace weft::coll
