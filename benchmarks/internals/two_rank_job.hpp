#pragma once
// Runs a function as both ranks of an in-process job, with the unit tests' fixture.
//
// Every benchmark of this executable uses two ranks: per-job state of the layers (the matching engines)
// is sized by the first job of the process, and the benchmarks share one process. Rank 0 runs on the
// calling thread (worker 0), so it can drive Google Benchmark's State loop.

#include <functional>
#include <utility>

#include "tests/unit/job_fixture.hpp"

namespace weft::bench {

inline void run_two_rank_job(int workers, std::function<void(int rank)> body) {
  test::run_job(2, workers, std::move(body));
}

}  // namespace weft::bench
