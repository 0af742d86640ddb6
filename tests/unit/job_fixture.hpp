#pragma once
// Runs a function as every rank of an in-process job, as a program's main would run.
//
// ctest runs each TEST_CASE in its own process, and a process runs one job size: per-job state of the
// layers (matching engines) is sized once per process, as in a real program.

#include <functional>

#include "runtime/config.hpp"
#include "runtime/job.hpp"
#include "runtime/scheduler.hpp"

namespace weft::test {

inline std::function<void(int rank)>& rank_body() {
  static std::function<void(int)> body;
  return body;
}

inline void run_job(int nranks, int workers, std::function<void(int rank)> body) {
  rank_body() = std::move(body);
  runtime::config settings = runtime::job_config();
  settings.nranks = nranks;
  settings.workers = workers;
  static char name[] = "unit-test";
  static char* argv[] = {name, nullptr};
  runtime::job job(
      settings,
      [](int, char**) {
        rank_body()(runtime::current_rank()->id);
        return 0;
      },
      1, argv);
  job.run();
}

}  // namespace weft::test
