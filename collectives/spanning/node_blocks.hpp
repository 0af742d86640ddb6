#pragma once
// Blocks grouped by node, for the collectives across nodes that carry a node's blocks in one message
// (rooted_data_movement.cpp, alltoall.cpp): their sizes, which travel ahead of them
// since a member knows only its own; blocks packed one after the other; the blocks of one node's members
// in a map of the whole communicator, as a map of their own for a node phase.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "collectives/block_map.hpp"
#include "collectives/communicator_view.hpp"
#include "collectives/node_layout.hpp"
#include "collectives/task.hpp"

namespace weft::coll {

// The sizes in bytes of some blocks, as they travel between members.
using block_sizes = std::vector<std::int64_t>;

inline shm::typed_span bytes_of(block_sizes& sizes) noexcept {
  return shm::byte_span(sizes.data(), sizes.size() * sizeof(std::int64_t));
}

// Blocks of `bytes` each, one after the other from `base` (a gather or scatter of equal parts).
template <class Byte>
basic_block_map<Byte> equal_blocks(Byte* base, std::size_t bytes) noexcept {
  return {.base = base, .layout = &shm::type_layout::bytes(), .count = static_cast<int>(bytes), .unit = 1};
}

// Blocks of the given sizes one after the other, in one buffer of bytes.
class packed_blocks {
 public:
  explicit packed_blocks(std::span<const std::int64_t> sizes) {
    for (std::int64_t size : sizes) {
      counts_.push_back(static_cast<int>(size));
      offsets_.push_back(static_cast<std::ptrdiff_t>(bytes_));
      bytes_ += static_cast<std::size_t>(size);
    }
  }

  std::size_t bytes() const noexcept { return bytes_; }
  template <class Byte>
  basic_block_map<Byte> map(Byte* base) const noexcept {
    return {.base = base,
            .layout = &shm::type_layout::bytes(),
            .counts = counts_.data(),
            .byte_displacements = offsets_.data()};
  }

 private:
  std::vector<int> counts_;
  std::vector<std::ptrdiff_t> offsets_;
  std::size_t bytes_ = 0;
};

// The members of each node, in rank order (the node ranks of the node phases).
inline std::vector<std::vector<int>> members_by_node(const communicator_view& comm) {
  const node_layout& nodes = *comm.nodes;
  std::vector<std::vector<int>> members(static_cast<std::size_t>(nodes.node_count()));
  for (int r = 0; r < comm.size; ++r) members[nodes.node_of(r)].push_back(r);
  return members;
}

// Runs `phase`, a node phase of the caller's collective on `comm`, and names in ranks of `comm` a truncated
// block it found, which it names by node ranks; `source`, where given, is the block's giver in ranks of
// `comm` (a scatter's root on another node, which the node phase knows as its leader).
task named_in_communicator(communicator_view comm, truncation* seen, task phase, std::optional<int> source = {});

// The blocks of some members in a map of the whole communicator, as a map of their own (block i is
// members[i]'s).
template <class Byte>
class member_blocks {
 public:
  member_blocks(const basic_block_map<Byte>& all, std::span<const int> members) {
    for (int r : members) {
      layouts_.push_back(all.layout_of(r));
      counts_.push_back(static_cast<int>(all.count_of(r)));
      offsets_.push_back(all.offset(r));
    }
  }

  basic_block_map<Byte> map(Byte* base) const noexcept {
    return {.base = base, .layouts = layouts_.data(), .counts = counts_.data(), .byte_displacements = offsets_.data()};
  }

 private:
  std::vector<const shm::type_layout*> layouts_;
  std::vector<int> counts_;
  std::vector<std::ptrdiff_t> offsets_;
};

}  // namespace weft::coll
