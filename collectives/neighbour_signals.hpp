#pragma once
// Signals between the members of a communicator that exchange data with a few peers only (neighbourhood
// collectives, halo exchanges), so that a member waits for its neighbours and for nobody else.
//
// For every ordered pair of members that exchange, two signals live in the table of the member that waits
// for them, keyed by the other one: `published` (the peer, a source, has published its data for sequence
// s) and `done` (the peer, a destination, has finished reading the member's data of sequence s). Both are
// raised through the waiter's slot, so a raise wakes exactly the waiter. A pair's signals serve every
// pattern of exchanges on the communicator: their values are the sequence numbers of the exchanges, which
// only grow, so an exchange that does not involve a pair leaves its signals where they were.
//
// A member finds its signals and its peers' once (`link`), under each table's lock; the exchanges
// themselves take no lock. No member ever waits to build its links: a table entry is made by whichever
// of the two members asks first.

#include <mutex>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "collectives/shared_communicator.hpp"

namespace weft::coll {

struct peer_signals {
  signal published;  // raised by the peer when it has published for the waiter to read
  signal done;       // raised by the peer when it has read what the waiter published
};

// A member's side of its exchanges, with each neighbour once: what it waits for and what it raises.
struct neighbour_links {
  // A signal in a peer's table, raised through the peer's slot.
  struct remote_signal {
    member_slot* slot;
    signal* which;
  };
  std::vector<const signal*> published_by_sources;
  std::vector<remote_signal> published_to_destinations;
  std::vector<remote_signal> done_to_sources;
  std::vector<const signal*> done_by_destinations;
};

// One member's table: the signals it waits for, by peer.
class neighbour_signals {
 public:
  // The links of member `rank` of `shared` to `sources` (whose data it reads) and `destinations` (which
  // read its data): ranks of the communicator, in which negative ones, repeats and the member itself are
  // left out (a member reads its own data without waiting for itself).
  static neighbour_links link(shared_communicator& shared, int rank, std::span<const int> sources,
                              std::span<const int> destinations);

  // The member's links in the communicator's process topology, built by the member at its first
  // neighbourhood collective and used by it alone (the topology never changes).
  std::optional<neighbour_links> topology_links;

 private:
  peer_signals& from(int peer);

  std::mutex mutex_;
  std::unordered_map<int, peer_signals> peers_;  // nodes stay where they are when the map grows
};

}  // namespace weft::coll
