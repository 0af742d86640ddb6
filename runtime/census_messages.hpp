#pragma once
// What the watchdogs of a job's node processes tell each other to find a deadlock across nodes
// (deadlock_census.hpp), as bytes the network carries between them unread. Node 0's watchdog asks, every
// other answers; node 0 announces the deadlock, every other says it has reported its ranks.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "runtime/wait_for_graph.hpp"

namespace weft::runtime {

// One node's state as its watchdog sees it. Quiet: every rank blocked in MPI or finished, and nothing
// moved since the quiet stretch numbered `stretch` began (no rank woke, no packet or read started or
// completed); each new stretch gets a new number. `started` and `completed` count the packets this node
// sent and handled and the reads it posted and finished: over all nodes they are equal when nothing is on
// its way between nodes.
struct node_quiet {
  bool quiet = false;
  bool any_blocked = false;
  std::uint64_t stretch = 0;
  std::uint64_t started = 0;
  std::uint64_t completed = 0;

  bool operator==(const node_quiet&) const = default;
};

struct census_message {
  enum class kind : std::uint32_t { request, answer, deadlock, reported };
  kind what = kind::request;
  std::uint32_t wave = 0;  // request and answer: the round of questions
  node_quiet state;        // answer
  wait_table waits;        // answer from a quiet node: its ranks' waits

  bool operator==(const census_message&) const = default;
};

std::vector<std::byte> encode(const census_message& message);
// Empty for bytes that are not a whole message.
std::optional<census_message> decode(std::span<const std::byte> bytes);

}  // namespace weft::runtime
