#pragma once
// Where the data of one element of an MPI datatype lies in memory, in type-signature order, and MPI's
// bounds of it (MPI-3.1, 4.1.6-4.1.8). Layouts are immutable and shared: a derived layout holds the
// ones its pieces point into.
//
// The data is a list of pieces in signature order. A piece is a block repeated by up to max_loops nested
// (count, stride) loops; its block is either a dense run of bytes or one element of another layout
// (nesting), so a vector of 10^7 blocks is one piece, and so is a vector of 10^7 structs. Pieces that
// continue each other are merged when built: adjacent dense runs become one, and a block repeated at a
// constant stride becomes a loop. Prefix sums of data bytes per piece make seeking to the Nth data byte
// a binary search.
//
// Bounds follow MPICH: lb and ub of a derived type are the extremes of its components' bounds; lb and
// ub set by resized are markers that stick to every type built from it (the outermost marker wins over
// plain data); a struct without markers pads its extent to the alignment of its most strictly aligned
// basic component. True bounds span the data only.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace weft::shm {

class type_layout {
 public:
  using pointer = std::shared_ptr<const type_layout>;

  static constexpr int max_loops = 3;

  struct loop {
    std::size_t count;
    std::ptrdiff_t stride;  // bytes between repetitions
    bool operator==(const loop&) const = default;
  };

  struct piece {
    std::ptrdiff_t offset = 0;           // first byte of the first block, from the element's origin
    std::size_t length = 0;              // data bytes of one block
    std::size_t element = 0;             // a dense block: its basic elements' size; 0 for a nested one
    const type_layout* inner = nullptr;  // a nested block: one element of this layout, at the block's place
    int depth = 0;                       // loops in use, innermost first
    std::array<loop, max_loops> loops{};

    std::size_t blocks() const noexcept;
    std::size_t bytes() const noexcept { return blocks() * length; }
    // Repeats the piece `count` times, `stride` bytes apart (an outer loop); false when that needs more
    // loops than a piece has.
    bool repeat(std::size_t count, std::ptrdiff_t stride) noexcept;
  };

  // A predefined type: `size` contiguous bytes of one basic element (size > 0).
  static pointer basic(std::size_t size, std::size_t alignment);
  // The MPI pair types (MPI_DOUBLE_INT, ...): a value, then an index at its natural alignment, laid out
  // and padded as the C struct {value; index;} is.
  static pointer basic_pair(std::size_t value_size, std::size_t value_alignment, std::size_t index_size = sizeof(int),
                            std::size_t index_alignment = alignof(int));
  // MPI-1's MPI_LB (lower) or MPI_UB: no data, a sticky lower (or upper) bound at 0 in the types built from it.
  static pointer marker(bool lower);
  // Plain bytes, as packed data is: one byte per element.
  static const type_layout& bytes() noexcept;

  // The constructors of derived types, with counts in elements of the old type and every displacement
  // and stride in bytes. Each gives nullptr when the new type's bounds, extent or size would not fit in
  // a ptrdiff_t.
  static pointer contiguous(std::size_t count, const pointer& old);
  static pointer hvector(std::size_t count, std::size_t blocklength, std::ptrdiff_t stride, const pointer& old);
  static pointer hindexed(std::span<const std::size_t> blocklengths, std::span<const std::ptrdiff_t> displacements,
                          const pointer& old);
  static pointer structure(std::span<const std::size_t> blocklengths, std::span<const std::ptrdiff_t> displacements,
                           std::span<const pointer> olds);
  static pointer resized(const pointer& old, std::ptrdiff_t lb, std::ptrdiff_t extent);

  std::size_t size() const noexcept { return size_; }  // data bytes of one element
  std::ptrdiff_t lb() const noexcept { return lb_; }
  std::ptrdiff_t ub() const noexcept { return ub_; }
  std::ptrdiff_t extent() const noexcept { return ub_ - lb_; }
  std::ptrdiff_t true_lb() const noexcept { return true_lb_; }
  std::ptrdiff_t true_ub() const noexcept { return true_ub_; }
  std::ptrdiff_t true_extent() const noexcept { return true_ub_ - true_lb_; }
  std::size_t alignment() const noexcept { return alignment_; }

  // Where the data of `count` consecutive elements lies, from the first element's origin: [first, last).
  // Empty ({0, 0}) when there is none.
  struct data_range {
    std::ptrdiff_t first;
    std::ptrdiff_t last;
  };
  data_range data_of(std::size_t count) const noexcept {
    if (count == 0 || size_ == 0) return {0, 0};
    if (contiguous_) return {true_lb_, true_lb_ + static_cast<std::ptrdiff_t>(count * size_)};
    std::ptrdiff_t repeat = static_cast<std::ptrdiff_t>(count - 1) * extent();
    return {true_lb_ + std::min<std::ptrdiff_t>(0, repeat), true_ub_ + std::max<std::ptrdiff_t>(0, repeat)};
  }
  bool sticky_lb() const noexcept { return sticky_lb_; }
  bool sticky_ub() const noexcept { return sticky_ub_; }

  // Whether the data of any number of consecutive elements is one dense run, in signature order,
  // starting at true_lb() of the first.
  bool is_contiguous() const noexcept { return contiguous_; }

  // Basic elements in one element, and in the first `data_bytes` of the signature stream of consecutive
  // elements (MPI_Get_elements): whole elements, and whether the prefix ends inside one.
  std::size_t basic_count() const noexcept { return basic_count_; }
  struct element_count {
    std::size_t whole;
    bool ends_inside;
  };
  element_count basic_elements(std::size_t data_bytes) const noexcept;
  // The data bytes of the first `elements` basic elements of the stream (MPI_Status_set_elements).
  std::size_t bytes_of_elements(std::size_t elements) const noexcept;

  std::span<const piece> pieces() const noexcept { return pieces_; }
  // The piece holding data byte `offset` of one element (offset < size()), and the data bytes before it.
  std::size_t piece_containing(std::size_t offset) const noexcept;
  std::size_t data_before(std::size_t piece_index) const noexcept { return data_before_[piece_index]; }
  // Nesting levels a walk through this layout goes down: 1 without nested pieces.
  int nesting() const noexcept { return nesting_; }

 private:
  friend class layout_builder;

  std::vector<piece> pieces_;
  std::vector<std::size_t> data_before_;      // per piece, then the total
  std::vector<std::size_t> elements_before_;  // basic elements, likewise
  std::vector<pointer> children_;             // the layouts nested pieces point into
  std::size_t size_ = 0;
  std::size_t basic_count_ = 0;
  std::size_t alignment_ = 1;
  std::ptrdiff_t lb_ = 0, ub_ = 0, true_lb_ = 0, true_ub_ = 0;
  bool sticky_lb_ = false, sticky_ub_ = false;
  bool contiguous_ = true;
  int nesting_ = 1;
};

}  // namespace weft::shm
