#include "privatize/runtime/exit_handlers.hpp"

namespace weft::privatize {

void exit_handlers::run_newest_first(std::vector<handler>& handlers) {
  while (!handlers.empty()) {
    handler next = handlers.back();
    handlers.pop_back();
    next.function(next.argument);
  }
}

void exit_handlers::run() {
  run_newest_first(thread_);
  run_newest_first(process_);
}

}  // namespace weft::privatize
