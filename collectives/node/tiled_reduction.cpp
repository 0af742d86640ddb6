// Reduce and allreduce of long vectors, tiled (after the HPDC'13 paper): every rank owns one slice of the
// vector and reduces it straight from the ranks' send buffers, all ranks at the same time, where the tree
// makes rank 0 read and combine the whole vector once per level.
//
// On one NUMA domain (flat): the reduce writes each slice into the root's receive buffer, the allreduce
// each finished tile of a slice into every rank's receive buffer: two barriers (all buffers published;
// all slices written).
//
// Across several domains (hierarchical, the tree's domains being rank ranges): the ranks of each domain
// first reduce their domain's inputs, each its slice, into the domain's partial result in its leader's
// working memory, so that nobody reads another domain's inputs. After a barrier, each rank of a domain
// combines its slice of all domains' partial results in domain order, so that every partial result crosses
// into each domain that needs it once: for the reduce, the root's domain does, into the root's receive
// buffer; for the allreduce, every domain does, and each rank writes each finished tile into the receive
// buffers of its whole domain. A third barrier holds the partial results and receive buffers until then.
//
// A slice is combined tile by tile, small enough to stay in the cache while the inputs' tiles stream
// through it. Slices break between elements, so every element is combined by one rank in rank order (in
// the hierarchical allreduce, by one rank per domain, from the same partial results in the same order), as
// non-commutative operations need, and results are bitwise the same on every rank.

#include "collectives/node/algorithms.hpp"
#include "collectives/node/combine_in_rank_order.hpp"
#include "collectives/node/exchanges.hpp"
#include "collectives/node/vector_slices.hpp"

namespace weft::coll {
namespace {

struct published_buffers {
  const std::byte* input;
  std::byte* recv;
  std::byte* partial;  // a domain's partial result, published by its leader in the hierarchical form
};

// Combines `part` of the vectors at sources(0), ..., sources(n - 1), in that order, into `destination`'s
// part, through `accumulator` (see combine_in_rank_order).
template <class Sources>
void combine_part(slice part, int n, Sources sources, std::size_t element_size, const shm::reduction_op& op,
                  std::byte* accumulator, std::byte* destination) {
  std::size_t offset = part.offset(element_size);
  auto source_of = [&](int i) -> const std::byte* { return sources(i) + offset; };
  combine_in_rank_order(n, source_of, part.length, element_size, op,
                        accumulator == destination ? destination + offset : accumulator, destination + offset);
}

// Flat: combines the caller's slice of every rank's input into `destination` (a receive buffer: the root's,
// or the caller's own), the buffers having been published; the slices are cut for writing into `anchor`.
// Nobody reads the destination's slice before the caller is done, so tiles are combined right there,
// unless it is also an input (in place): then in the caller's working memory, since the first copy would
// overwrite an input not yet combined.
void reduce_own_slice(const communicator_view& comm, std::size_t count, std::size_t element_size,
                      const shm::reduction_op& op, const std::byte* anchor, std::byte* destination, bool in_place) {
  shared_communicator& shared = *comm.shared;
  auto published = publications<published_buffers>(shared);
  auto input_of = [&](int rank) { return published(rank).input; };
  std::byte* accumulator = in_place ? tile_accumulator(shared.scratch(comm.rank), element_size, op) : destination;
  combine_part(slice_of(comm.rank, comm.size, count, element_size, anchor), comm.size, input_of, element_size, op,
               accumulator, destination);
}

// Each rank combines its slice tile by tile and writes each finished tile into every rank's receive buffer
// while it is still in the cache, so that no second pass copies the slices from their owners. Only the
// combining rank reads or writes its slice's part of any input or receive buffer, so even in place (an
// input being a receive buffer) a tile can be written everywhere once combined; the tile is then combined
// in the caller's working memory, since the first copy into its own receive buffer would overwrite its
// input. Two barriers: all buffers published; all tiles written.
task flat_allreduce(communicator_view comm, published_buffers mine, std::size_t count, std::size_t element_size,
                    shm::reduction_op op, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  shared.slot(comm.rank).published = &mine;
  co_await barrier_task(comm, sequence);
  auto published = publications<published_buffers>(shared);
  // One cut for all: every rank writes every receive buffer, which usually share rank 0's alignment.
  slice part = slice_of(comm.rank, comm.size, count, element_size, published(0).recv);
  std::size_t offset = part.offset(element_size);
  bool in_place = mine.input == mine.recv;
  std::byte* accumulator = in_place ? tile_accumulator(shared.scratch(comm.rank), element_size, op) : nullptr;
  auto input_of = [&](int rank) { return published(rank).input + offset; };
  auto tile_at = [&](std::size_t at) { return in_place ? accumulator : mine.recv + offset + at; };
  auto deliver = [&](std::size_t at, const std::byte* tile, std::size_t n) {
    for (int step = in_place ? 0 : 1; step < comm.size; ++step) {
      int peer = (comm.rank + step) % comm.size;
      shm::copy_elements(published(peer).recv + offset + at, tile, n, element_size, op);
    }
  };
  combine_tiles_in_rank_order(comm.size, input_of, part.length, element_size, op, tile_at, deliver);
  co_await barrier_task(comm, sequence + 1);
}

// The caller's NUMA domain: its ranks [first, first + members), its leader `first`, and the caller's
// index among them.
struct domain_place {
  int first;
  int members;
  int index;
};

domain_place place_in_domain(const communicator_view& comm) {
  const collective_tree& tree = comm.shared->tree();
  int domain = tree.domain_of(comm.rank);
  int first = tree.domain_start(domain);
  return {first, tree.domain_start(domain + 1) - first, comm.rank - first};
}

// The hierarchical form's frame. Every rank publishes `mine`, with its domain's partial result when it
// leads it; after a barrier each rank combines its slice of its domain's inputs into that partial result;
// after a second, across(published, place of the caller's domain, origin of domain d's partial result)
// combines the partial results; a third barrier keeps everything published until all are done. Takes
// three sequence numbers.
template <class Across>
task reduce_across_domains(communicator_view comm, published_buffers mine, std::size_t count, std::size_t element_size,
                           shm::reduction_op op, Across across, std::uint64_t sequence) {
  shared_communicator& shared = *comm.shared;
  domain_place domain = place_in_domain(comm);
  if (domain.index == 0)
    mine.partial = working_buffers(shared.scratch(comm.rank), 1, shm::span_of(count, element_size, op)).origin(0);
  shared.slot(comm.rank).published = &mine;
  co_await barrier_task(comm, sequence);
  auto published = publications<published_buffers>(shared);
  // Combined in place: nobody reads the partial result before the next barrier.
  std::byte* partial = published(domain.first).partial;
  auto input_of = [&](int i) { return published(domain.first + i).input; };
  combine_part(slice_of(domain.index, domain.members, count, element_size, partial), domain.members, input_of,
               element_size, op, partial, partial);
  co_await barrier_task(comm, sequence + 1);
  const collective_tree& tree = shared.tree();
  auto partial_of = [&](int d) -> const std::byte* { return published(tree.domain_start(d)).partial; };
  across(published, domain, partial_of);
  co_await barrier_task(comm, sequence + 2);
}

task hierarchical_reduce(communicator_view comm, published_buffers mine, std::size_t count, std::size_t element_size,
                         shm::reduction_op op, int root, std::uint64_t sequence) {
  int domains = comm.shared->tree().domain_count();
  int root_leader = comm.shared->tree().domain_leader(root);
  auto into_root = [=](const auto& published, domain_place domain, const auto& partial_of) {
    if (domain.first != root_leader) return;
    // In place, the root's input is its receive buffer; it has been read by now.
    std::byte* destination = published(root).recv;
    combine_part(slice_of(domain.index, domain.members, count, element_size, destination), domains, partial_of,
                 element_size, op, destination, destination);
  };
  return reduce_across_domains(comm, mine, count, element_size, op, into_root, sequence);
}

task hierarchical_allreduce(communicator_view comm, published_buffers mine, std::size_t count, std::size_t element_size,
                            shm::reduction_op op, std::uint64_t sequence) {
  int domains = comm.shared->tree().domain_count();
  auto into_domain = [=](const auto& published, domain_place domain, const auto& partial_of) {
    // Each tile is combined in the caller's own receive buffer, where no other rank writes this slice (and
    // the input there, in place, has been read by now), then copied into the others' of the domain.
    slice part = slice_of(domain.index, domain.members, count, element_size, published(domain.first).recv);
    std::size_t offset = part.offset(element_size);
    auto source_of = [&](int d) { return partial_of(d) + offset; };
    auto tile_at = [&](std::size_t at) { return mine.recv + offset + at; };
    auto deliver = [&](std::size_t at, const std::byte* tile, std::size_t n) {
      for (int step = 1; step < domain.members; ++step) {
        int mate = domain.first + (domain.index + step) % domain.members;
        shm::copy_elements(published(mate).recv + offset + at, tile, n, element_size, op);
      }
    };
    combine_tiles_in_rank_order(domains, source_of, part.length, element_size, op, tile_at, deliver);
  };
  return reduce_across_domains(comm, mine, count, element_size, op, into_domain, sequence);
}

}  // namespace

task tiled_reduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                       std::size_t element_size, shm::reduction_op op, int root, std::uint64_t sequence) {
  published_buffers mine{static_cast<const std::byte*>(input), static_cast<std::byte*>(recv), nullptr};
  if (comm.shared->tree().spans_domains())
    return hierarchical_reduce(comm, mine, count, element_size, op, root, sequence);
  auto reduce_into_root = [comm, count, element_size, op, root](const auto& published) {
    const published_buffers& at_root = published(root);
    reduce_own_slice(comm, count, element_size, op, at_root.recv, at_root.recv, at_root.input == at_root.recv);
  };
  return exchange_published(comm, mine, reduce_into_root, sequence);
}

task tiled_allreduce_task(communicator_view comm, const void* input, void* recv, std::size_t count,
                          std::size_t element_size, shm::reduction_op op, std::uint64_t sequence) {
  published_buffers mine{static_cast<const std::byte*>(input), static_cast<std::byte*>(recv), nullptr};
  if (comm.shared->tree().spans_domains()) return hierarchical_allreduce(comm, mine, count, element_size, op, sequence);
  return flat_allreduce(comm, mine, count, element_size, op, sequence);
}

}  // namespace weft::coll
