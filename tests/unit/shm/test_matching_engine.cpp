// The matching engine's queues: order, wildcards, contexts, and the unexpected-message budget.

#include <catch2/catch.hpp>
#include <vector>

#include "shm/matching_engine.hpp"

using namespace weft::shm;

namespace {

message make_message(std::uint32_t context, int source, int tag) {
  message m;
  m.env = {context, source, tag};
  return m;
}

}  // namespace

TEST_CASE("an incoming message takes the oldest matching posted receive", "[matching]") {
  matching_engine engine;
  recv_request tag5, wildcard_tag, wildcard_source;
  tag5.pattern = {0, 1, 5};
  wildcard_tag.pattern = {0, 1, any_tag};
  wildcard_source.pattern = {0, any_source, 7};
  auto lock = engine.lock();
  engine.post(&tag5);
  engine.post(&wildcard_tag);
  engine.post(&wildcard_source);
  CHECK(engine.take_posted({0, 1, 7}) == &wildcard_tag);  // tag5 does not match; the older wildcard wins
  CHECK(engine.take_posted({0, 2, 7}) == &wildcard_source);
  CHECK(engine.take_posted({0, 1, 7}) == nullptr);
  CHECK(engine.take_posted({1, 1, 5}) == nullptr);  // other context
  CHECK(engine.take_posted({0, 1, 5}) == &tag5);
}

TEST_CASE("a receive takes the oldest matching unexpected message", "[matching]") {
  matching_engine engine;
  message first = make_message(0, 3, 1), second = make_message(0, 3, 2), third = make_message(0, 4, 1),
          other_context = make_message(2, 3, 1);
  auto lock = engine.lock();
  engine.queue_unexpected(&other_context);
  engine.queue_unexpected(&first);
  engine.queue_unexpected(&second);
  engine.queue_unexpected(&third);
  CHECK(engine.find_unexpected({0, any_source, 2}) == &second);
  CHECK(engine.take_unexpected({0, 3, 2}) == &second);  // a specific tag skips ahead
  CHECK(engine.take_unexpected({0, any_source, any_tag}) == &first);
  CHECK(engine.take_unexpected({0, any_source, any_tag}) == &third);
  CHECK(engine.take_unexpected({0, any_source, any_tag}) == nullptr);
  CHECK(engine.take_unexpected({2, 3, 1}) == &other_context);
}

TEST_CASE("inline messages are bounded by the unexpected budget, descriptors included", "[matching]") {
  matching_engine engine;
  const std::size_t budget = weft::runtime::job_config().unexpected_budget;
  const std::size_t largest = budget - inline_message::footprint(0);
  message m = make_message(0, 0, 0);
  m.kind = message_kind::inline_data;
  m.size = largest;
  auto lock = engine.lock();
  CHECK(engine.inline_fits(largest));
  CHECK(!engine.inline_fits(largest + 1));
  engine.queue_unexpected(&m);
  CHECK(!engine.inline_fits(0));  // an empty message still takes its descriptor
  CHECK(engine.take_unexpected({0, 0, 0}) == &m);
  engine.release_taken(&m);
  CHECK(engine.inline_fits(largest));

  // Empty messages alone reach the budget: budget / descriptor of them, not unboundedly many.
  std::vector<message> empty(budget / inline_message::footprint(0), make_message(0, 1, 0));
  for (message& each : empty) {
    each.kind = message_kind::inline_data;
    each.size = 0;
    REQUIRE(engine.inline_fits(0));
    engine.queue_unexpected(&each);
  }
  CHECK(!engine.inline_fits(0));
}

TEST_CASE("posted receives keep their order across source bins and the any-source queue", "[matching]") {
  matching_engine engine;
  constexpr int bins = matching_engine::bin_count;
  recv_request from_1, wildcard, from_1_again, from_same_bin;
  from_1.pattern = {0, 1, 0};
  wildcard.pattern = {0, any_source, 0};
  from_1_again.pattern = {0, 1, 0};
  from_same_bin.pattern = {0, 1 + bins, 0};
  auto lock = engine.lock();
  engine.post(&from_same_bin);
  engine.post(&from_1);
  engine.post(&wildcard);
  engine.post(&from_1_again);
  CHECK(engine.take_posted({0, 1, 0}) == &from_1);    // older than the wildcard
  CHECK(engine.take_posted({0, 1, 0}) == &wildcard);  // older than from_1_again
  CHECK(engine.take_posted({0, 1, 0}) == &from_1_again);
  CHECK(engine.take_posted({0, 1 + bins, 0}) == &from_same_bin);
  CHECK(engine.take_posted({0, 1, 0}) == nullptr);
}

TEST_CASE("an any-source receive takes the oldest unexpected message of any bin", "[matching]") {
  matching_engine engine;
  constexpr int bins = matching_engine::bin_count;
  message late_bin = make_message(0, 5, 0), early_bin = make_message(0, 9, 0), same_bin = make_message(0, 5 + bins, 0);
  auto lock = engine.lock();
  engine.queue_unexpected(&early_bin);
  engine.queue_unexpected(&late_bin);
  engine.queue_unexpected(&same_bin);
  CHECK(engine.find_unexpected({0, any_source, 0}) == &early_bin);
  CHECK(engine.take_unexpected({0, 5 + bins, 0}) == &same_bin);  // shares a bin with source 5, not matched by it
  CHECK(engine.take_unexpected({0, any_source, 0}) == &early_bin);
  CHECK(engine.take_unexpected({0, any_source, 0}) == &late_bin);
  CHECK(engine.take_unexpected({0, any_source, any_tag}) == nullptr);
}
