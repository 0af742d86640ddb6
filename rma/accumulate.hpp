#pragma once
// Accumulates on the direct path: the target's elements are changed in place by the origin's CPU, each
// basic element atomically with respect to every other accumulate on it (MPI-3.1, 11.7.1), since origins
// on other workers may accumulate to the same location at the same time. Put and get are plain copies and
// need none of this.
//
// Elements are of one predefined type (the basic type of both datatypes). Those whose data spans 1, 2, 4
// or 8 bytes (their extent, for every such type) at an address aligned to that width change by one CPU
// atomic; others (long double, complex double, most pair types, and any element off that alignment)
// under a lock chosen by their address, the same for every operation that reaches them.

#include <cstddef>

#include "collectives/reduction_op.hpp"
#include "shm/typed_copy.hpp"

namespace weft::rma {

// What an accumulate does to each target element.
struct element_op {
  enum class kind {
    replace,      // MPI_REPLACE: target = origin
    no_op,        // MPI_NO_OP: target unchanged (get_accumulate reads it atomically)
    integer_sum,  // MPI_SUM of an integer type: a fetch-and-add
    combine,      // every other predefined operation: target = origin op target through `combine`
  };
  kind what;
  coll::reduce_function combine;       // the predefined kernel for the basic type; null unless `combine`
  const shm::type_layout* element;     // the basic type: one element (its extent is its size in memory)
};

// Accumulates `origin` into `target` and, when `result` is given, stores what the target held before each
// element changed there. The three spans hold the same number of basic elements (checked by the caller);
// `origin` is unused for no_op. Any layouts; the target's run of memory is inside its window (checked).
void accumulate(const shm::typed_span& target, const shm::const_typed_span& origin, const shm::typed_span* result,
                const element_op& op);

// MPI_Fetch_and_op: one element, `result` gets what the target held (the fast path of the rate benchmark:
// no layouts to walk).
void fetch_and_op(std::byte* target, const std::byte* origin, std::byte* result, const element_op& op);

// MPI_Compare_and_swap on one element of `size` bytes (an integer, logical or byte type): stores `origin`
// at `target` if it holds `compare`, and `result` gets what it held.
void compare_and_swap(std::byte* target, const std::byte* origin, const std::byte* compare, std::byte* result,
                      std::size_t size);

}  // namespace weft::rma
