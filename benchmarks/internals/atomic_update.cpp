// What the hardware charges for one atomic update of memory that the updating core already holds, with
// no MPI around it: the floor under a one-sided fetch-and-op's latency, where the target's memory is in
// this process (the RMA benchmark's 2 ranks leave the counter with the origin's core all along).
//
//   atomic_update/fetch_add    one locked add that returns the old value: the least any atomic
//                              fetch-and-op costs;
//   atomic_update/locked_add   a lock taken, the add, the lock released (runtime::spinlock, the lock of
//                              rma/range_locks): what an update costs that must also exclude accumulates of
//                              many elements, as Weft's fetch-and-op does.

#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>

#include "runtime/spinlock.hpp"

namespace {

void fetch_add(benchmark::State& state) {
  alignas(64) std::atomic<std::int64_t> counter{0};
  for (auto _ : state) benchmark::DoNotOptimize(counter.fetch_add(1, std::memory_order_seq_cst));
  if (counter.load() != static_cast<std::int64_t>(state.iterations())) state.SkipWithError("lost an update");
}

void locked_add(benchmark::State& state) {
  alignas(64) weft::runtime::spinlock lock;
  alignas(64) std::int64_t counter = 0;
  for (auto _ : state) {
    lock.lock();
    benchmark::DoNotOptimize(counter += 1);
    lock.unlock();
  }
  if (counter != static_cast<std::int64_t>(state.iterations())) state.SkipWithError("lost an update");
}

BENCHMARK(fetch_add)->Name("atomic_update/fetch_add");
BENCHMARK(locked_add)->Name("atomic_update/locked_add");

}  // namespace
