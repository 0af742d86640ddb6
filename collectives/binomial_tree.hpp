#pragma once
// The binomial tree over a communicator's ranks rooted at rank 0: the parent of r is r with its lowest
// set bit cleared, its children are r + 2^j for every 2^j below that bit (every 2^j < size for rank 0).
// The subtree of r is the contiguous range [r, r + lowest bit of r), so partial reductions combine in
// rank order, as non-commutative operations need.

#include <bit>

namespace weft::coll::binomial_tree {

inline int parent(int rank) noexcept { return rank & (rank - 1); }

// The index of `rank` among its parent's children: rank = parent + 2^index.
inline int child_index(int rank) noexcept { return std::countr_zero(static_cast<unsigned>(rank)); }

inline int child_count(int rank, int size) noexcept {
  int count = 0;
  for (int step = 1; step < size - rank && (rank == 0 || step < (rank & -rank)); step <<= 1) ++count;
  return count;
}

// The child of `rank` with index `index`.
inline int child(int rank, int index) noexcept { return rank + (1 << index); }

}  // namespace weft::coll::binomial_tree
