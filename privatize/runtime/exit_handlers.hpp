#pragma once
// A rank's exit handlers: what a process would run at exit, registered by the rank's own code through
// atexit, __cxa_atexit (destructors of static objects) and __cxa_thread_atexit (of thread_locals).

#include <vector>

namespace weft::privatize {

class exit_handlers {
 public:
  using handler_function = void (*)(void*);

  void at_exit(handler_function function, void* argument) { process_.push_back({function, argument}); }
  void at_thread_exit(handler_function function, void* argument) { thread_.push_back({function, argument}); }

  // Thread-local destructors first (as at the exit of a process's main thread), then the rest; each
  // list newest first. Handlers registered while these run are run too.
  void run();

 private:
  struct handler {
    handler_function function;
    void* argument;
  };
  static void run_newest_first(std::vector<handler>& handlers);

  std::vector<handler> thread_;
  std::vector<handler> process_;
};

}  // namespace weft::privatize
