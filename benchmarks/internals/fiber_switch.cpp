// A switch between two ranks of one worker: each yields to the other, so one iteration is two switches
// (rank 0 -> rank 1 -> rank 0), each a fiber switch to the worker and one to the next rank. The counter
// `switch` is the time per switch.

#include <benchmark/benchmark.h>

#include <atomic>

#include "runtime/scheduler.hpp"
#include "two_rank_job.hpp"

namespace {

using namespace weft;

void fiber_switch(benchmark::State& state) {
  std::atomic<bool> done{false};
  bench::run_two_rank_job(1, [&](int rank) {
    if (rank == 0) {
      for (auto _ : state) runtime::yield();
      done = true;
    } else {
      while (!done) runtime::yield();
    }
  });
  state.counters["switch"] =
      benchmark::Counter(2, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

BENCHMARK(fiber_switch)->UseRealTime();

}  // namespace
