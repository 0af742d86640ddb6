// The C entry points through which a program built by mpicc/mpicxx enters Weft (see start/main_capture.c).

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "runtime/foreign_launch.hpp"
#include "runtime/job.hpp"
#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"

using namespace weft::runtime;

extern "C" int weft_run_job(int argc, char** argv, main_function main) {
  if (auto refused = foreign_launch_of(environ)) {
    // Only the launcher's first process says why: a thousand tasks would print it a thousand times.
    if (refused->first) fatal(1, "%s", refused->message.c_str());
    std::exit(1);
  }
  // The job lives until the process exits and is never destroyed: ranks that called exit() are
  // suspended inside it, and destroying their fibers would unwind stacks that a process-based MPI
  // would simply have discarded.
  auto* instance = new job(job_config(), main, argc, argv);
  return instance->run();
}

// exit() called by the program: on a rank, it ends that rank as it would end the rank's process.
// Returns when called outside any rank, so that the caller exits the process normally.
extern "C" void weft_exit_rank(int code) {
  rank* self = current_rank();
  if (self == nullptr) return;
  // What the rank's process would run at exit, on the rank's own stack.
  if (self->globals != nullptr) self->globals->finish();
  if (code != 0) fatal(code, "rank %d called exit(%d); ending the job", self->id, code);
  finish_current_rank(0);
}
