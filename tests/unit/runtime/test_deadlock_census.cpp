// Deadlock detection across nodes: the census messages survive the wire, the coordinator's waves tell a
// deadlock from a job whose messages are on their way or whose ranks moved, and the wait-for graph of
// tables joined from several nodes finds cycles that cross nodes.

#include <catch2/catch.hpp>
#include <chrono>
#include <initializer_list>
#include <vector>

#include "runtime/census_messages.hpp"
#include "runtime/deadlock_census.hpp"
#include "runtime/wait_for_graph.hpp"

using namespace weft::runtime;
using namespace std::chrono_literals;
using kind = census_message::kind;

namespace {

constexpr std::uint64_t recv_call = 11, barrier_call = 22, world = 0;

rank_wait waits_for(int rank, int peer) { return {rank, false, recv_call, peer, 0}; }
rank_wait in_barrier(int rank) { return {rank, false, barrier_call, every_peer, world}; }

census_message answer(std::uint32_t wave, node_quiet state) { return {kind::answer, wave, state, {}}; }

// One wave of a job of two nodes: at `at`, node 0 is in state `own` and node 1 answers `other`.
struct round {
  std::chrono::milliseconds at;
  node_quiet own, other;
};

// Whether each wave of `rounds`, in order, proved a deadlock (the deadlock period is 1 s).
std::vector<bool> verdicts(std::initializer_list<round> rounds) {
  deadlock_census census(2, 1s);
  std::vector<bool> found;
  for (const round& r : rounds) {
    census.start_wave(r.own, {}, deadlock_census::clock::time_point{} + r.at);
    found.push_back(census.take_answer(1, answer(census.wave(), r.other)));
  }
  return found;
}

}  // namespace

TEST_CASE("census messages are decoded as they were encoded", "[deadlock_census]") {
  census_message request{kind::request, 7, {}, {}};
  CHECK(decode(encode(request)) == request);
  census_message full{kind::answer, 3, {true, true, 5, 100, 98}, {}};
  full.waits.ranks = {waits_for(4, 9), in_barrier(5), {6, true, 0, no_peer, 0}};
  full.waits.members[world] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  full.waits.members[77] = {4, 9};
  CHECK(decode(encode(full)) == full);
}

TEST_CASE("truncated or padded census messages are refused", "[deadlock_census]") {
  census_message full{kind::answer, 3, {true, true, 5, 100, 98}, {}};
  full.waits.ranks = {waits_for(4, 9)};
  full.waits.members[world] = {4, 9};
  std::vector<std::byte> bytes = encode(full);
  for (std::size_t cut = 0; cut < bytes.size(); ++cut) CHECK_FALSE(decode(std::span(bytes).first(cut)).has_value());
  bytes.push_back(std::byte{0});
  CHECK_FALSE(decode(bytes).has_value());
  std::vector<std::byte> unknown = encode({kind::request, 1, {}, {}});
  unknown[0] = std::byte{9};
  CHECK_FALSE(decode(unknown).has_value());
}

TEST_CASE("two quiet waves a period apart with nothing on its way prove a deadlock", "[deadlock_census]") {
  node_quiet a{true, true, 1, 10, 12}, b{true, true, 4, 12, 10};
  CHECK(verdicts({{0ms, a, b}, {500ms, a, b}, {1000ms, a, b}}) == std::vector{false, false, true});
}

TEST_CASE("a message on its way is no deadlock", "[deadlock_census]") {
  node_quiet a{true, true, 1, 11, 12}, b{true, true, 4, 12, 10};  // 23 started, 22 completed
  CHECK(verdicts({{0ms, a, b}, {2000ms, a, b}, {4000ms, a, b}}) == std::vector{false, false, false});
}

TEST_CASE("a node that moved between the waves starts the period again", "[deadlock_census]") {
  node_quiet a{true, true, 1, 10, 12}, b{true, true, 4, 12, 10};
  node_quiet b_again = b;
  b_again.stretch = 5;  // a rank of node 1 woke and blocked again, same counts
  CHECK(verdicts({{0ms, a, b}, {1000ms, a, b_again}, {1500ms, a, b_again}, {2000ms, a, b_again}}) ==
        std::vector{false, false, false, true});
}

TEST_CASE("a node that is not quiet, or ranks that only finished, are no deadlock", "[deadlock_census]") {
  node_quiet a{true, true, 1, 10, 12}, busy{false, false, 0, 12, 10};
  CHECK(verdicts({{0ms, a, busy}, {2000ms, a, busy}}) == std::vector{false, false});
  node_quiet done_a{true, false, 1, 10, 12}, done_b{true, false, 1, 12, 10};
  CHECK(verdicts({{0ms, done_a, done_b}, {2000ms, done_a, done_b}}) == std::vector{false, false});
}

TEST_CASE("a wave is answered once every node has answered it", "[deadlock_census]") {
  deadlock_census census(3, 1s);
  CHECK(census.answered());
  node_quiet q{true, true, 1, 5, 5};
  census.start_wave(q, {}, deadlock_census::clock::time_point{});
  CHECK_FALSE(census.answered());
  CHECK_FALSE(census.take_answer(2, answer(census.wave(), q)));
  CHECK_FALSE(census.answered());
  CHECK_FALSE(census.take_answer(1, answer(census.wave(), q)));  // complete, but the first quiet wave
  CHECK(census.answered());
}

TEST_CASE("answers to an earlier wave or from unknown nodes are ignored", "[deadlock_census]") {
  deadlock_census census(3, 1s);
  auto t = deadlock_census::clock::time_point{};
  node_quiet q{true, true, 1, 5, 5};
  census.start_wave(q, {}, t);
  std::uint32_t first = census.wave();
  census.start_wave(q, {}, t + 1s);
  CHECK_FALSE(census.take_answer(1, answer(first, q)));
  CHECK_FALSE(census.take_answer(3, answer(census.wave(), q)));
  CHECK_FALSE(census.take_answer(-1, answer(census.wave(), q)));
  CHECK_FALSE(census.take_answer(1, answer(census.wave(), q)));
  CHECK_FALSE(census.take_answer(2, answer(census.wave(), q)));  // complete, but the first quiet wave
}

TEST_CASE("joined tables find a cycle that crosses nodes", "[deadlock_census]") {
  // Node 0 holds ranks 0-1, node 1 ranks 2-3: 0 waits for 2, 2 for 1, 1 for 0; rank 3 is in a barrier.
  wait_table node0, node1;
  node0.ranks = {waits_for(0, 2), waits_for(1, 0)};
  node1.ranks = {waits_for(2, 1), in_barrier(3)};
  node1.members[world] = {0, 1, 2, 3};
  CHECK(find_wait_for_cycle(node0).empty());
  CHECK(find_wait_for_cycle(node1).empty());
  wait_table job = node0;
  job.append(node1);
  CHECK(find_wait_for_cycle(job) == std::vector<int>{0, 2, 1, 0});
}

TEST_CASE("a collective waits for the members not in it, wherever they are", "[deadlock_census]") {
  // Ranks 0-2 in the barrier on two nodes, rank 3 waits for rank 0.
  wait_table node0, node1;
  node0.ranks = {in_barrier(0), in_barrier(1)};
  node0.members[world] = {0, 1, 2, 3};
  node1.ranks = {in_barrier(2), waits_for(3, 0)};
  node1.members[world] = {0, 1, 2, 3};
  wait_table job = node0;
  job.append(node1);
  CHECK(find_wait_for_cycle(job) == std::vector<int>{0, 3, 0});
  job.ranks[3] = {3, true, 0, no_peer, 0};  // rank 3 finished instead
  CHECK(find_wait_for_cycle(job).empty());
  CHECK(finished_but_awaited(job) == std::vector<int>{3});
}
