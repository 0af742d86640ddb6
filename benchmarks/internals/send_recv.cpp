// A small send and its receive through shm::start_send and shm::start_recv, by one rank to itself, so
// the protocol's whole cost shows without a fiber switch. After its 16th message the rank sends through
// its ring to itself (shm/ring_delivery.hpp), as it does to any steady partner:
//
//   inline_send_recv  the send comes first: its data is written into the ring, then the receive takes it
//                     from there.
//   direct_recv_send  the receive is posted first: the send writes into the ring, and the receive, waiting,
//                     takes it in.
//
// The argument is the message size in bytes, up to the default WEFT_INLINE_MAX of 256. The counter
// `allocations` is the heap allocations of the whole process per message, once warm: this file defines
// malloc for the executable (tests/mpi/allocation_count.h) to count them. It must be 0 (the small-message
// path allocates nothing), else the benchmark reports an error.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <vector>

#include "shm/point_to_point.hpp"
#include "tests/mpi/allocation_count.h"
#include "two_rank_job.hpp"

namespace {

using namespace weft;

constexpr shm::envelope env{0, 0, 1};  // rank 0 to itself

std::vector<std::byte> message_of(std::size_t size) {
  std::vector<std::byte> bytes(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::byte>(i * 131 + 7);
  return bytes;
}

// Messages before the State loop: past the 16th, the rank sends through its ring, and what the path
// keeps for reuse is there.
constexpr int warm_up_messages = 64;

// Runs `iteration(out, in)`, which returns whether the send completed at once, as rank 0 of a job
// in the State loop, after a warm-up; then checks the last message received and that no iteration
// allocated.
template <class Iteration>
void self_messages(benchmark::State& state, Iteration iteration) {
  const std::size_t size = state.range(0);
  const std::vector<std::byte> out = message_of(size);
  std::vector<std::byte> in(size);
  bool completed = true;
  unsigned long allocations = 0;
  bench::run_two_rank_job(1, [&](int rank) {
    if (rank != 0) return;
    for (int i = 0; i < warm_up_messages; ++i) completed = iteration(out, in) && completed;
    unsigned long before = allocation_count();
    for (auto _ : state) completed = iteration(out, in) && completed;
    allocations = allocation_count() - before;
  });
  state.counters["allocations"] =
      benchmark::Counter(static_cast<double>(allocations), benchmark::Counter::kAvgIterations);
  if (!completed)
    state.SkipWithError("a send did not complete at once");
  else if (in != out)
    state.SkipWithError("the received bytes differ from the sent ones");
  else if (allocations != 0)
    state.SkipWithError("a message allocated");
}

void inline_send_recv(benchmark::State& state) {
  self_messages(state, [](const std::vector<std::byte>& out, std::vector<std::byte>& in) {
    shm::send_request send;
    shm::start_send(send, out.data(), out.size(), env, 0, shm::send_mode::standard);
    bool sent = send.done.done();
    shm::recv_request receive;
    shm::start_recv(receive, in.data(), in.size(), env, 0);
    return sent && receive.done.done();
  });
}

void direct_recv_send(benchmark::State& state) {
  self_messages(state, [](const std::vector<std::byte>& out, std::vector<std::byte>& in) {
    shm::recv_request receive;
    shm::start_recv(receive, in.data(), in.size(), env, 0);
    shm::send_request send;
    shm::start_send(send, out.data(), out.size(), env, 0, shm::send_mode::standard);
    bool sent = send.done.done();
    receive.done.wait();
    return sent;
  });
}

void message_sizes(benchmark::internal::Benchmark* b) {
  b->ArgName("bytes");
  for (int size : {8, 64, 256}) b->Arg(size);
}

BENCHMARK(inline_send_recv)->Apply(message_sizes);
BENCHMARK(direct_recv_send)->Apply(message_sizes);

}  // namespace
