#pragma once
// The three ways in which collectives that read and write each other's buffers synchronize. In each, a rank
// publishes a descriptor of its buffers (a `Publication`, kept in the coroutine frame) and returns only
// once nobody will read it any more; `act` does the copying, on every rank, given a peer's descriptor.

#include <cstdint>
#include <utility>

#include "collectives/neighbour_signals.hpp"
#include "collectives/node/algorithms.hpp"
#include "collectives/node/tree_steps.hpp"

namespace weft::coll {

// What a reader is handed: published(peer), the descriptor rank `peer` published.
template <class Publication>
auto publications(shared_communicator& shared) {
  return [&shared](int peer) -> const Publication& {
    return *static_cast<const Publication*>(shared.slot(peer).published);
  };
}

// How the root's data reaches the others in a rooted exchange. In one stage every rank acts on the root's
// descriptor. In two, meant for data that every rank copies whole: where the communicator spans several
// NUMA domains (see collective_tree), the leader of each domain without the root acts on the root's
// descriptor first, and the other ranks of its domain act on the leader's own descriptor afterwards, so
// that they read memory of their own node and the root's crosses to each node once.
enum class stages { one, two };

// One descriptor, the root's. Releases come down the tree from rank 0 (told by the root when it is another
// rank); each rank, the root included, calls act(root's descriptor); completions climb back, and the root
// returns once every rank has acted. Any other rank returns as soon as it has acted and its subtree has
// reported: it lent nothing, or, as a domain leader in two stages, its subtree was its last reader.
template <class Publication, class Act>
task rooted_exchange(communicator_view comm, int root, Publication at_root, Act act, std::uint64_t sequence,
                     stages staging = stages::one) {
  shared_communicator& shared = *comm.shared;
  const collective_tree& tree = shared.tree();
  member_slot& me = shared.slot(comm.rank);
  member_slot& tree_root = shared.slot(0);
  if (comm.rank == root) {
    me.published = &at_root;
    if (root != 0) tree_root.raise(tree_root.from_collective_root, sequence);
  }
  if (comm.rank == 0 && root != 0) co_await until{me, me.from_collective_root, sequence};
  if (comm.rank != 0) co_await until{me, me.from_parent, sequence};
  auto published_by = publications<Publication>(shared);
  int leader = tree.domain_leader(comm.rank);
  bool staged = staging == stages::two && tree.spans_domains() && leader != tree.domain_leader(root);
  if (staged && leader == comm.rank) {
    // Other domains' leaders do not wait for this copy; the own domain reads it.
    auto in_own_domain = [&tree, leader](int child) { return tree.domain_leader(child) == leader; };
    release_children_if(comm, sequence, [&](int child) { return !in_own_domain(child); });
    act(published_by(root));
    me.published = &at_root;
    release_children_if(comm, sequence, in_own_domain);
  } else {
    release_children(comm, sequence);
    act(published_by(staged ? leader : root));
  }
  while (const signal* missing = missing_child(comm, sequence)) co_await until{me, *missing, sequence};
  if (comm.rank != 0) {
    signal_parent(comm, sequence);
  } else if (root != 0) {
    member_slot& root_slot = shared.slot(root);
    root_slot.raise(root_slot.from_tree_root, sequence);
  }
  if (comm.rank == root && root != 0) co_await until{me, me.from_tree_root, sequence};
}

// Every rank's descriptor. Each rank publishes; a barrier makes sure all have; each calls read(published),
// in which published(peer) is rank peer's descriptor; a second barrier keeps every descriptor and buffer
// in place until all have read. Takes two sequence numbers: `sequence` and the next.
template <class Publication, class Read>
task exchange_published(communicator_view comm, Publication mine, Read read, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  shared.slot(comm.rank).published = &mine;
  co_await barrier_task(comm, sequence);
  read(publications<Publication>(shared));
  co_await barrier_task(comm, sequence + 1);
}

// Between neighbours only (`links`, see collectives/neighbour_signals.hpp). Each rank publishes and tells each of its
// destinations; waits for its sources alone; calls read(published), in which published(peer) is the
// descriptor of a source (or of the caller itself); tells each source it is done; returns once each of
// its destinations is. A rank without neighbours returns at once. Takes one sequence number.
//
// Why a rank may overwrite its slot's `published` when it starts its next collective: every reader of
// this descriptor is a destination, which reads it only after its `published` signal reached `sequence`
// and raises `done` at `sequence` only after reading; this rank returns only when every destination's
// `done` has. A reader cannot mistake a later descriptor for this one either: this rank publishes again
// only after returning, which needs that reader's `done` at `sequence`, raised after its reading.
template <class Publication, class Read>
task exchange_with_neighbours(communicator_view comm, const neighbour_links& links, Publication mine, Read read,
                              std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  member_slot& me = shared.slot(comm.rank);
  me.published = &mine;
  for (const neighbour_links::remote_signal& to : links.published_to_destinations) to.slot->raise(*to.which, sequence);
  for (const signal* source : links.published_by_sources) co_await until{me, *source, sequence};
  read(publications<Publication>(shared));
  for (const neighbour_links::remote_signal& to : links.done_to_sources) to.slot->raise(*to.which, sequence);
  for (const signal* destination : links.done_by_destinations) co_await until{me, *destination, sequence};
}

// exchange_published in which each rank calls act(i, descriptor of rank from.first + i) for every i in
// [0, from.count), starting at i = `start` and wrapping around (so that the ranks do not all read the same
// one first).
template <class Publication, class Act>
task exchange_with(communicator_view comm, Publication mine, rank_range from, int start, Act act,
                   std::uint64_t sequence) {
  auto read_range = [from, start, act](const auto& published) mutable {
    for (int step = 0; step < from.count; ++step) {
      int i = (start + step) % from.count;
      act(i, published(from.first + i));
    }
  };
  return exchange_published(comm, std::move(mine), std::move(read_range), sequence);
}

// exchange_with every rank, starting after the caller's own and ending with it.
template <class Publication, class Act>
task exchange_with_all(communicator_view comm, Publication mine, Act act, std::uint64_t sequence) {
  return exchange_with(comm, std::move(mine), {0, comm.size}, comm.rank + 1, std::move(act), sequence);
}

}  // namespace weft::coll
