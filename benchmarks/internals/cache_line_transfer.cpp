// What the hardware charges for moving one cache line between the cores of two workers, with no MPI and
// no scheduler involved: the floor under every small two-rank latency Weft measures (a message, a
// barrier, a broadcast of 8 bytes each move at least one line from one core to the other).
//
//   cache_line_transfer/round_trip  rank 0 writes a flag that rank 1 waits for, and waits for rank 1's
//                                   answer: two transfers; the counter `one_way` is the time of one.
//   cache_line_transfer/stream      rank 0 fills a ring of 16 lines, one flag per line, and rank 1 follows
//                                   it, telling how far it got every 8 lines: the time per line when the
//                                   transfers overlap, the floor of a stream of small collectives.

#include <benchmark/benchmark.h>

#include <array>
#include <atomic>
#include <cstdint>

#include "runtime/cpu_relax.hpp"
#include "two_rank_job.hpp"

namespace {

using namespace weft;

struct alignas(64) line {
  std::atomic<std::int64_t> value{0};
};

void wait_for(const line& flag, std::int64_t value) {
  while (flag.value.load(std::memory_order_acquire) < value) runtime::cpu_relax();
}

// Rank 1 does not know how many steps there are: a negative flag tells it to stop.
void cache_line_round_trip(benchmark::State& state) {
  line ping, pong;
  bench::run_two_rank_job(2, [&](int me) {
    if (me == 0) {
      std::int64_t i = 0;
      for (auto _ : state) {
        ping.value.store(++i, std::memory_order_release);
        wait_for(pong, i);
      }
      ping.value.store(-1, std::memory_order_release);
    } else {
      for (std::int64_t i = 1;; ++i) {
        std::int64_t seen;
        while ((seen = ping.value.load(std::memory_order_acquire)) < i && seen >= 0) runtime::cpu_relax();
        if (seen < 0) break;
        pong.value.store(i, std::memory_order_release);
      }
    }
  });
  state.counters["one_way"] = benchmark::Counter(static_cast<double>(state.iterations()) * 2,
                                                 benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void cache_line_stream(benchmark::State& state) {
  constexpr std::int64_t ring = 16, report_every = 8;
  std::array<line, ring> cells;
  line consumed;
  bench::run_two_rank_job(2, [&](int me) {
    if (me == 0) {
      std::int64_t i = 0;
      for (auto _ : state) {
        ++i;
        wait_for(consumed, i - ring);  // the cell's previous item has been read
        cells[i % ring].value.store(i, std::memory_order_release);
      }
      cells[(i + 1) % ring].value.store(-1, std::memory_order_release);
    } else {
      for (std::int64_t i = 1;; ++i) {
        std::int64_t seen;
        while ((seen = cells[i % ring].value.load(std::memory_order_acquire)) < i && seen >= 0) runtime::cpu_relax();
        if (seen < 0) break;
        if (i % report_every == 0) consumed.value.store(i, std::memory_order_release);
      }
    }
  });
}

BENCHMARK(cache_line_round_trip)->Name("cache_line_transfer/round_trip")->UseRealTime();
BENCHMARK(cache_line_stream)->Name("cache_line_transfer/stream")->UseRealTime();

}  // namespace
