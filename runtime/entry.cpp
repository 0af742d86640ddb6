// The C entry points through which a program built by mpicc/mpicxx enters Weft (see start/main_capture.c).

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "runtime/config.hpp"
#include "runtime/foreign_launch.hpp"
#include "runtime/job.hpp"
#include "runtime/report.hpp"
#include "runtime/scheduler.hpp"

using namespace weft::runtime;

namespace {

// What the program's start stub said of it; a stub of an older Weft says nothing.
enum class privatization { unknown, privatized, shared_by_choice, missing };
privatization program_privatization = privatization::unknown;

// Ranks of one process share a program built without the pass: every global would be one for all of
// them, a silent wrong answer unless the program keeps no state there, which only its author can say.
void refuse_unprivatized_program(const config& settings) {
  if (program_privatization != privatization::missing || settings.shared_globals) return;
  int most_here = settings.ranks_per_node.empty()
                      ? settings.nranks
                      : *std::max_element(settings.ranks_per_node.begin(), settings.ranks_per_node.end());
  if (most_here < 2) return;
  fatal(1,
        "this program was built without Weft's privatization of globals (not with mpicc or mpicxx, or with a "
        "compiler other than clang 19), so the %d ranks of a process would share every global and static "
        "variable; build it with mpicc/mpicxx (a CMake project: -DCMAKE_C_COMPILER=mpicc, or clang-19 with "
        "find_package(Weft)), or, if it keeps no state in globals, build it with mpicc -no-privatize or run "
        "it with WEFT_SHARED_GLOBALS=1",
        most_here);
}

}  // namespace

extern "C" void weft_describe_program(int privatized, int shared_by_choice) {
  program_privatization = privatized         ? privatization::privatized
                          : shared_by_choice ? privatization::shared_by_choice
                                             : privatization::missing;
}

extern "C" int weft_run_job(int argc, char** argv, main_function main) {
  if (auto refused = foreign_launch_of(environ)) {
    // Only the launcher's first process says why: a thousand tasks would print it a thousand times.
    if (refused->first) fatal(1, "%s", refused->message.c_str());
    std::exit(1);
  }
  refuse_unprivatized_program(job_config());
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
