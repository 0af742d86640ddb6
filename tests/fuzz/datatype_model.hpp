#pragma once
// The datatype fuzzer's reference: a datatype as a flat typemap, built element by element the way the
// standard defines each constructor, with the bounds rules docs/conformance.md and shm/type_layout.hpp
// state (markers set by resized stick and win over data; a struct without markers pads its extent to its
// strictest alignment). Only types small enough to list are modelled; a bigger one is `known` false and
// the fuzzer checks only that the library handles it without a fault.

#include <mpi.h>

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace weft::fuzz {

// One basic element of a typemap: where it lies, its size, and the predefined type it is.
struct typemap_entry {
  std::ptrdiff_t offset;
  std::size_t size;
  std::size_t alignment;
  MPI_Datatype basic;
};

struct model_type {
  bool known = true;
  std::vector<typemap_entry> map;  // data, in signature order
  std::ptrdiff_t lb = 0, ub = 0;
  bool sticky_lb = false, sticky_ub = false;
  std::size_t alignment = 1;

  std::ptrdiff_t extent() const noexcept { return ub - lb; }
  std::size_t size() const noexcept;
  // The span of the data; {0, 0} without data.
  std::ptrdiff_t true_lb() const noexcept;
  std::ptrdiff_t true_ub() const noexcept;
};

// Typemaps longer than this, or placed farther than this from their origin, are not listed (the far
// ones keep the fuzzer's own arithmetic from overflowing).
inline constexpr std::size_t max_model_entries = 4096;
inline constexpr std::ptrdiff_t max_model_offset = std::ptrdiff_t{1} << 40;

// A type too big to list.
model_type model_unknown();

model_type model_basic(std::size_t size, std::size_t alignment, MPI_Datatype basic);
// The MPI pair types: the C struct {value; index;}.
model_type model_pair(const model_type& value, const model_type& index);

// Byte offsets as the fuzzer computes them from its arguments: wide enough that no product overflows.
using wide_offset = __int128;

// A type built from copies of others placed in signature order; `pads` for a struct.
class model_builder {
 public:
  explicit model_builder(bool pads) noexcept : pads_(pads) {}
  // Adds one element of `old` at `displacement` bytes.
  void add(const model_type& old, wide_offset displacement);
  // Gives up the listing: the type would be too long to list.
  void give_up() noexcept { result_.known = false; }
  model_type finish();

 private:
  model_type result_;
  bool pads_;
  bool any_bounds_ = false;
  std::ptrdiff_t lb_ = 0, ub_ = 0, sticky_lb_ = 0, sticky_ub_ = 0;
};

model_type model_resized(const model_type& old, std::ptrdiff_t lb, std::ptrdiff_t extent);

// The elements of an n-dimensional array that a subarray or a darray selects, as the standard defines
// them: per dimension, the indices selected, in increasing order; the array's order gives which dimension
// varies fastest. Nothing when the selection would be too long to list.
std::optional<model_type> model_array_part(std::span<const int> sizes, std::span<const std::vector<int>> selected,
                                           int order, const model_type& element);

}  // namespace weft::fuzz
