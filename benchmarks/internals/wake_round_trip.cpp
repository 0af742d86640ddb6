// Park and unpark across two workers: rank 0 (worker 0) passes a token to rank 1 (worker 1) and waits for
// it to come back, so one iteration is a round trip of two wake-ups.
//
//   wake_round_trip/poll  waits with runtime::wait_until, as the MPI layer does: poll, then park. A rank
//                         alone on its worker usually sees the token while it still polls.
//   wake_round_trip/park  parks at once: every wake-up goes through unpark, the worker's remote queue, and
//                         the idle worker's spin (or its futex, with WEFT_IDLE_SPIN_US=0).

#include <benchmark/benchmark.h>

#include <array>
#include <atomic>

#include "runtime/cpu_relax.hpp"
#include "runtime/scheduler.hpp"
#include "two_rank_job.hpp"

namespace {

using namespace weft;

enum class holder : int { rank0, rank1, finished };

template <class Done>
void wait_for(bool poll, Done done) {
  if (poll) {
    runtime::wait_until(done);
  } else {
    while (!done()) runtime::park();
  }
}

void wake_round_trip(benchmark::State& state, bool poll) {
  std::atomic<holder> token{holder::rank0};
  std::array<std::atomic<runtime::rank*>, 2> ranks{};
  bench::run_two_rank_job(2, [&](int me) {
    ranks[me] = runtime::current_rank();
    while (ranks[1 - me].load() == nullptr) runtime::cpu_relax();  // the other worker is starting
    runtime::rank* other = ranks[1 - me].load();
    if (me == 0) {
      for (auto _ : state) {
        token.store(holder::rank1, std::memory_order_release);
        runtime::unpark(other);
        wait_for(poll, [&] { return token.load(std::memory_order_acquire) == holder::rank0; });
      }
      token.store(holder::finished, std::memory_order_release);
      runtime::unpark(other);
    } else {
      for (;;) {
        wait_for(poll, [&] { return token.load(std::memory_order_acquire) != holder::rank0; });
        if (token.load(std::memory_order_acquire) == holder::finished) break;
        token.store(holder::rank0, std::memory_order_release);
        runtime::unpark(other);
      }
    }
  });
}

BENCHMARK_CAPTURE(wake_round_trip, poll, true)->UseRealTime();
BENCHMARK_CAPTURE(wake_round_trip, park, false)->UseRealTime();

}  // namespace
