#pragma once
// Accumulates on the direct path: the target's elements are changed in place by the origin's CPU, under
// the locks of the pages they lie on (range_locks.hpp). Every accumulate, get-accumulate, fetch-and-op and
// compare-and-swap takes them, so each is atomic as a whole with respect to every other that touches its
// bytes, from any origin on any worker and through any window: more than the element-wise atomicity MPI-3.1
// asks (11.7.1), and what programs that update structures with MPI_BYTE accumulates rely on (MPICH and
// Open MPI serialize accumulates to a target as well). Under the locks the predefined kernels run over
// whole arrays, at the speed of a reduction. Put and get are plain copies and take no lock.

#include <cstddef>

#include "shm/reduction_op.hpp"
#include "shm/typed_copy.hpp"

namespace weft::rma {

// What an accumulate does to each target element.
struct element_op {
  enum class kind {
    replace,  // MPI_REPLACE: target = origin
    no_op,    // MPI_NO_OP: target unchanged (get_accumulate reads it)
    combine,  // every other predefined operation: target = origin op target through `combine`
  };
  kind what;
  shm::reduce_function combine;     // the predefined kernel for the basic type; null unless `combine`
  const shm::type_layout* element;  // the basic type: one element (its extent is its size in memory)
};

// Accumulates `origin` into `target` and, when `result` is given, stores what the target held before.
// The three spans hold the same number of basic elements (checked by the caller); `origin` is unused for
// no_op. Any layouts; the target's bytes are inside its window (checked). Only data bytes of the target
// are written: gaps between and inside its elements (MPI_SHORT_INT) keep their contents.
void accumulate(const shm::typed_span& target, const shm::const_typed_span& origin, const shm::typed_span* result,
                const element_op& op);

// MPI_Fetch_and_op: one element, `result` gets what the target held; `origin` is unused for no_op.
void fetch_and_op(std::byte* target, const std::byte* origin, std::byte* result, const element_op& op);

// MPI_Compare_and_swap on one element of `size` bytes (an integer, logical or byte type): stores `origin`
// at `target` if it holds `compare`, and `result` gets what it held.
void compare_and_swap(std::byte* target, const std::byte* origin, const std::byte* compare, std::byte* result,
                      std::size_t size);

}  // namespace weft::rma
