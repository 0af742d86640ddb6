// The matching engine with N entries queued ahead that do not match: each iteration queues one entry that
// does and takes it back, scanning past the N. `exact` matches on source and tag, `wildcard` on
// MPI_ANY_SOURCE and the tag. The engine's lock is taken once, outside the loop: its cost is part of the
// send/receive benchmarks.
//
//   take_posted      an incoming message looks for its receive among the posted ones (the sender's side)
//   take_unexpected  a receive looks for its message among the unexpected ones (the receiver's side)

#include "shm/matching_engine.hpp"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

using namespace weft::shm;

constexpr int tag = 7, other_tag = 0;

envelope pattern(bool wildcard) { return {0, wildcard ? any_source : 0, tag}; }

void take_posted(benchmark::State& state, bool wildcard) {
  matching_engine engine;
  std::vector<recv_request> ahead(state.range(0));
  for (std::size_t i = 0; i < ahead.size(); ++i) ahead[i].pattern = {0, static_cast<int>(i) + 1, other_tag};
  recv_request wanted;
  wanted.pattern = pattern(wildcard);
  const envelope incoming{0, 0, tag};
  auto lock = engine.lock();
  for (recv_request& r : ahead) engine.post(&r);

  recv_request* taken = nullptr;
  for (auto _ : state) {
    engine.post(&wanted);
    taken = engine.take_posted(incoming);
    benchmark::DoNotOptimize(taken);
  }
  if (taken != &wanted) state.SkipWithError("the incoming message took the wrong receive");
}

void take_unexpected(benchmark::State& state, bool wildcard) {
  matching_engine engine;
  std::vector<message> ahead(state.range(0));
  for (std::size_t i = 0; i < ahead.size(); ++i) ahead[i].env = {0, static_cast<int>(i) + 1, other_tag};
  message wanted;
  wanted.env = {0, 0, tag};
  const envelope receive = pattern(wildcard);
  auto lock = engine.lock();
  for (message& m : ahead) engine.queue_unexpected(&m);

  message* taken = nullptr;
  for (auto _ : state) {
    engine.queue_unexpected(&wanted);
    taken = engine.take_unexpected(receive);
    benchmark::DoNotOptimize(taken);
  }
  if (taken != &wanted) state.SkipWithError("the receive took the wrong message");
}

void queued_entries(benchmark::internal::Benchmark* b) {
  b->ArgName("queued");
  for (int n : {0, 8, 64, 512, 4096}) b->Arg(n);
}

BENCHMARK_CAPTURE(take_posted, exact, false)->Apply(queued_entries);
BENCHMARK_CAPTURE(take_posted, wildcard, true)->Apply(queued_entries);
BENCHMARK_CAPTURE(take_unexpected, exact, false)->Apply(queued_entries);
BENCHMARK_CAPTURE(take_unexpected, wildcard, true)->Apply(queued_entries);

}  // namespace
