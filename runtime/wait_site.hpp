#pragma once
// What a rank waits for while it is blocked, in the terms of the layers above: the call, the peer, the tag
// and the group of ranks (an MPI communicator). Those layers record it on their blocking paths only, the
// watchdog reads it (deadlock reports, mpirun --timeout).
//
// The fields are plain: the rank writes them before it parks, and a reader that saw the rank blocked
// (an acquire of rank::state) sees them. A rank that runs meanwhile may change them under a reader; a
// report made while ranks run (a timeout's) may then print a mix of two waits, nothing worse.

#include <climits>
#include <cstdint>
#include <span>

namespace weft::runtime {

// wait_site::peer when the wait is not for one rank.
inline constexpr int any_peer = -1;      // any member of the group (a wildcard receive)
inline constexpr int every_peer = -2;    // all members of the group (a collective)
inline constexpr int outside_peer = -3;  // something the program completes itself (a generalized request)
inline constexpr int no_peer = -4;       // nothing known

// wait_site::tag when the wait has none, or when it is not known.
inline constexpr int no_tag = INT_MIN;
inline constexpr int any_tag = -1;

struct wait_site {
  const char* call = nullptr;  // the call the rank is in (static text), null outside a recorded wait
  int peer = no_peer;          // the job rank waited for, or one of the values above
  int tag = no_tag;
  const void* group = nullptr;  // the group the wait is in, described by the wait_groups below
};

// How the layer that records waits describes their groups. Called only for a blocked rank's group, which
// lives at least as long as the rank waits in it.
struct wait_groups {
  const char* (*name)(const void* group);
  // The same for every member's object of one group (each rank may hold its own object for it).
  std::uint64_t (*identity)(const void* group);
  std::span<const int> (*members)(const void* group);  // job ranks
};

// Installs the layer's description of groups (once, before any wait is recorded).
void describe_wait_groups(const wait_groups& description) noexcept;
const wait_groups* wait_group_description() noexcept;

}  // namespace weft::runtime
