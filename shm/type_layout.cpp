#include "shm/type_layout.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace weft::shm {

using piece = type_layout::piece;
using loop = type_layout::loop;

std::size_t piece::blocks() const noexcept {
  std::size_t n = 1;
  for (int i = 0; i < depth; ++i) n *= loops[i].count;
  return n;
}

namespace {

// The span of `count` repetitions `stride` apart, when it fits.
bool span_of(std::size_t count, std::ptrdiff_t stride, std::ptrdiff_t& span) noexcept {
  return count <= static_cast<std::size_t>(PTRDIFF_MAX) &&
         !__builtin_mul_overflow(static_cast<std::ptrdiff_t>(count), stride, &span);
}

}  // namespace

bool piece::repeat(std::size_t count, std::ptrdiff_t stride) noexcept {
  if (count == 1) return true;
  std::size_t longer = 0;
  if (inner == nullptr && depth == 0 && stride == static_cast<std::ptrdiff_t>(length) &&
      !__builtin_mul_overflow(length, count, &longer)) {
    length = longer;  // the blocks follow each other: one longer block
    return true;
  }
  if (depth > 0) {
    loop& outer = loops[depth - 1];
    std::ptrdiff_t outer_span = 0;
    std::size_t more = 0;
    if (span_of(outer.count, outer.stride, outer_span) && stride == outer_span &&
        !__builtin_mul_overflow(outer.count, count, &more)) {
      outer.count = more;  // the repetitions continue the outer loop
      return true;
    }
  }
  if (depth == max_loops) return false;
  loops[depth++] = {count, stride};
  return true;
}

namespace {

// An element of several pieces repeated by a constructor is copied out piece by piece up to this many
// pieces, and nested beyond: a nested piece costs a little on every block walked, copies cost memory.
constexpr std::size_t expansion_limit = 64;

bool same_blocks(const piece& a, const piece& b) noexcept {
  return a.length == b.length && a.element == b.element && a.inner == b.inner;
}

// Whether the pieces are dense runs that follow each other in memory, in signature order.
bool dense_chain(std::span<const piece> pieces) noexcept {
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (pieces[i].inner != nullptr || pieces[i].depth != 0) return false;
    if (i != 0 && pieces[i].offset != pieces[i - 1].offset + static_cast<std::ptrdiff_t>(pieces[i - 1].length))
      return false;
  }
  return true;
}

}  // namespace

// Builds a layout from components: an old layout repeated over loops and displaced, in signature order.
class layout_builder {
 public:
  explicit layout_builder(bool pads_to_alignment) noexcept : pads_(pads_to_alignment) {}

  // Adds `old` repeated over `repetitions` (innermost first), displaced by `displacement` bytes.
  void add(const type_layout::pointer& old, std::ptrdiff_t displacement, std::span<const loop> repetitions) {
    std::size_t copies = 1;
    for (const loop& l : repetitions)
      if (__builtin_mul_overflow(copies, l.count, &copies)) copies = SIZE_MAX;  // past any size: caught below
    const type_layout& o = *old;
    // Zero repetitions, or a type without data or markers, add nothing to the typemap.
    if (copies == 0 || (o.size_ == 0 && !o.sticky_lb_ && !o.sticky_ub_) || too_large_) return;
    if (!add_bounds(o, displacement, repetitions)) {
      too_large_ = true;
      return;
    }
    add_pieces(old, displacement, repetitions, copies);
  }

  // The layout, or nullptr when its bounds or size do not fit in a ptrdiff_t.
  type_layout::pointer finish() {
    type_layout& l = layout_;
    if (too_large_) return nullptr;
    if (any_bounds_) {
      // A side nothing bounds (markers of the other side only) is at 0, as in MPICH: {(LB, 10)} has ub 0.
      l.lb_ = l.sticky_lb_ ? sticky_lb_ : any_lb_ ? lb_ : 0;
      l.ub_ = l.sticky_ub_ ? sticky_ub_ : any_ub_ ? ub_ : 0;
      std::ptrdiff_t extent = 0;
      if (__builtin_sub_overflow(l.ub_, l.lb_, &extent)) return nullptr;
      if (pads_ && !l.sticky_lb_ && !l.sticky_ub_) {
        auto alignment = static_cast<std::ptrdiff_t>(l.alignment_);
        std::ptrdiff_t excess = extent % alignment;
        if (excess != 0 && __builtin_add_overflow(l.ub_, alignment - excess, &l.ub_)) return nullptr;
      }
      if (__builtin_sub_overflow(l.ub_, l.lb_, &extent) || __builtin_sub_overflow(l.true_ub_, l.true_lb_, &extent))
        return nullptr;
    }
    if (!index(l)) return nullptr;
    return std::make_shared<const type_layout>(std::move(l));
  }

  // Prefix sums, totals, nesting depth and contiguity of a layout whose pieces and bounds are set; false
  // when its size does not fit in a ptrdiff_t.
  [[nodiscard]] static bool index(type_layout& l) {
    l.data_before_.clear();
    l.elements_before_.clear();
    l.data_before_.reserve(l.pieces_.size() + 1);
    l.elements_before_.reserve(l.pieces_.size() + 1);
    std::size_t bytes = 0, elements = 0;
    for (const piece& p : l.pieces_) {
      l.data_before_.push_back(bytes);
      l.elements_before_.push_back(elements);
      std::size_t blocks = 1, piece_bytes = 0;
      for (int i = 0; i < p.depth; ++i)
        if (__builtin_mul_overflow(blocks, p.loops[i].count, &blocks)) return false;
      // A size that fits makes every count of blocks and basic elements fit too (each is at least a byte).
      if (__builtin_mul_overflow(blocks, p.length, &piece_bytes) ||
          __builtin_add_overflow(bytes, piece_bytes, &bytes) || bytes > static_cast<std::size_t>(PTRDIFF_MAX))
        return false;
      elements += p.blocks() * (p.inner != nullptr ? p.inner->basic_count_ : p.length / p.element);
      if (p.inner != nullptr) l.nesting_ = std::max(l.nesting_, 1 + p.inner->nesting_);
    }
    l.data_before_.push_back(bytes);
    l.elements_before_.push_back(elements);
    l.size_ = bytes;
    l.basic_count_ = elements;
    l.contiguous_ = bytes == 0 || (static_cast<std::ptrdiff_t>(bytes) == l.extent() && dense_chain(l.pieces_));
    return true;
  }

 private:
  // False when a bound does not fit in a ptrdiff_t.
  [[nodiscard]] bool add_bounds(const type_layout& o, std::ptrdiff_t displacement,
                                std::span<const loop> repetitions) noexcept {
    // The repetitions' lowest and highest displacement.
    std::ptrdiff_t low = displacement, high = displacement;
    for (const loop& l : repetitions) {
      std::ptrdiff_t span = 0;
      if (!span_of(l.count - 1, l.stride, span)) return false;
      std::ptrdiff_t& end = span < 0 ? low : high;
      if (__builtin_add_overflow(end, span, &end)) return false;
    }
    std::ptrdiff_t lb = 0, ub = 0, true_lb = 0, true_ub = 0;
    if (__builtin_add_overflow(o.lb_, low, &lb) || __builtin_add_overflow(o.ub_, high, &ub) ||
        __builtin_add_overflow(o.true_lb_, low, &true_lb) || __builtin_add_overflow(o.true_ub_, high, &true_ub))
      return false;
    type_layout& n = layout_;
    any_bounds_ = true;
    // A lone MPI_LB or MPI_UB bounds its own side only: MPI-1 takes the other from the rest of the typemap.
    bool lone_marker = o.size_ == 0 && o.pieces_.empty() && o.sticky_lb_ != o.sticky_ub_;
    if (!lone_marker || o.sticky_lb_) {
      lb_ = any_lb_ ? std::min(lb_, lb) : lb;
      any_lb_ = true;
    }
    if (!lone_marker || o.sticky_ub_) {
      ub_ = any_ub_ ? std::max(ub_, ub) : ub;
      any_ub_ = true;
    }
    if (o.sticky_lb_) sticky_lb_ = n.sticky_lb_ ? std::min(sticky_lb_, lb) : lb;
    if (o.sticky_ub_) sticky_ub_ = n.sticky_ub_ ? std::max(sticky_ub_, ub) : ub;
    n.sticky_lb_ |= o.sticky_lb_;
    n.sticky_ub_ |= o.sticky_ub_;
    if (o.size_ == 0) return true;  // markers only
    n.true_lb_ = any_data_ ? std::min(n.true_lb_, true_lb) : true_lb;
    n.true_ub_ = any_data_ ? std::max(n.true_ub_, true_ub) : true_ub;
    n.alignment_ = any_data_ ? std::max(n.alignment_, o.alignment_) : o.alignment_;
    any_data_ = true;
    return true;
  }

  void add_pieces(const type_layout::pointer& old, std::ptrdiff_t displacement, std::span<const loop> repetitions,
                  std::size_t copies) {
    const std::vector<piece>& pieces = old->pieces_;
    if (pieces.empty()) return;
    if (pieces.size() == 1) {
      piece p = pieces.front();
      p.offset += displacement;
      bool fits = true;
      for (const loop& l : repetitions) fits = fits && p.repeat(l.count, l.stride);
      if (fits) {
        hold_children(*old);
        append(p);
        return;
      }
    } else if (copies * pieces.size() <= expansion_limit) {
      hold_children(*old);
      // Repetition by repetition, innermost loop fastest: signature order.
      std::size_t index[type_layout::max_loops]{};
      for (std::size_t copy = 0; copy < copies; ++copy) {
        std::ptrdiff_t shift = displacement;
        std::size_t rest = copy;
        for (std::size_t j = 0; j < repetitions.size(); ++j) {
          index[j] = rest % repetitions[j].count;
          rest /= repetitions[j].count;
          shift += static_cast<std::ptrdiff_t>(index[j]) * repetitions[j].stride;
        }
        for (piece p : pieces) {
          p.offset += shift;
          append(p);
        }
      }
      return;
    }
    piece nested{.offset = displacement, .length = old->size_, .inner = old.get()};
    for (const loop& l : repetitions) nested.repeat(l.count, l.stride);  // at most two loops: always fits
    hold(old);
    append(nested);
  }

  // Appends a piece, merged into the last one when it continues it.
  void append(const piece& p) {
    std::vector<piece>& pieces = layout_.pieces_;
    std::ptrdiff_t distance = 0;
    if (!pieces.empty() && !__builtin_sub_overflow(p.offset, pieces.back().offset, &distance)) {
      piece& last = pieces.back();
      std::size_t joined = 0;
      if (same_blocks(last, p) && last.inner == nullptr && last.depth == 0 && p.depth == 0 &&
          distance == static_cast<std::ptrdiff_t>(last.length) &&
          !__builtin_add_overflow(last.length, p.length, &joined)) {
        last.length = joined;  // dense runs that follow each other
        return;
      }
      if (same_blocks(last, p) && last.depth == p.depth + 1 &&
          std::equal(p.loops.begin(), p.loops.begin() + p.depth, last.loops.begin())) {
        loop& outer = last.loops[last.depth - 1];
        std::ptrdiff_t span = 0;
        if (span_of(outer.count, outer.stride, span) && distance == span) {
          ++outer.count;  // one more repetition of the last piece's outer loop
          return;
        }
      }
      if (same_blocks(last, p) && last.depth == p.depth && last.loops == p.loops && last.repeat(2, distance))
        return;  // the same blocks again, displaced: a loop
    }
    pieces.push_back(p);
  }

  void hold(const type_layout::pointer& child) {
    std::vector<type_layout::pointer>& children = layout_.children_;
    if (std::find(children.begin(), children.end(), child) == children.end()) children.push_back(child);
  }

  void hold_children(const type_layout& old) {
    for (const type_layout::pointer& child : old.children_) hold(child);
  }

  type_layout layout_;
  bool pads_;
  bool too_large_ = false;
  bool any_bounds_ = false;
  bool any_lb_ = false, any_ub_ = false;  // whether lb_, ub_ are set
  bool any_data_ = false;
  std::ptrdiff_t lb_ = 0, ub_ = 0, sticky_lb_ = 0, sticky_ub_ = 0;
};

type_layout::pointer type_layout::basic(std::size_t size, std::size_t alignment) {
  type_layout l;
  l.pieces_.push_back({.length = size, .element = size});
  l.ub_ = l.true_ub_ = static_cast<std::ptrdiff_t>(size);
  l.alignment_ = alignment;
  [[maybe_unused]] bool fits = layout_builder::index(l);  // one element
  return std::make_shared<const type_layout>(std::move(l));
}

type_layout::pointer type_layout::marker(bool lower) {
  type_layout l;
  (lower ? l.sticky_lb_ : l.sticky_ub_) = true;
  [[maybe_unused]] bool fits = layout_builder::index(l);  // no data
  return std::make_shared<const type_layout>(std::move(l));
}

type_layout::pointer type_layout::basic_pair(std::size_t value_size, std::size_t value_alignment,
                                             std::size_t index_size, std::size_t index_alignment) {
  const pointer parts[] = {basic(value_size, value_alignment), basic(index_size, index_alignment)};
  const std::size_t lengths[] = {1, 1};
  const std::ptrdiff_t displacements[] = {
      0, static_cast<std::ptrdiff_t>((value_size + index_alignment - 1) / index_alignment * index_alignment)};
  return structure(lengths, displacements, parts);
}

const type_layout& type_layout::bytes() noexcept {
  static const pointer layout = basic(1, 1);
  return *layout;
}

type_layout::pointer type_layout::contiguous(std::size_t count, const pointer& old) {
  layout_builder builder(false);
  const loop repetitions[] = {{count, old->extent()}};
  builder.add(old, 0, repetitions);
  return builder.finish();
}

type_layout::pointer type_layout::hvector(std::size_t count, std::size_t blocklength, std::ptrdiff_t stride,
                                          const pointer& old) {
  layout_builder builder(false);
  const loop repetitions[] = {{blocklength, old->extent()}, {count, stride}};
  builder.add(old, 0, repetitions);
  return builder.finish();
}

type_layout::pointer type_layout::hindexed(std::span<const std::size_t> blocklengths,
                                           std::span<const std::ptrdiff_t> displacements, const pointer& old) {
  layout_builder builder(false);
  for (std::size_t i = 0; i < blocklengths.size(); ++i) {
    const loop repetitions[] = {{blocklengths[i], old->extent()}};
    builder.add(old, displacements[i], repetitions);
  }
  return builder.finish();
}

type_layout::pointer type_layout::structure(std::span<const std::size_t> blocklengths,
                                            std::span<const std::ptrdiff_t> displacements,
                                            std::span<const pointer> olds) {
  layout_builder builder(true);
  for (std::size_t i = 0; i < blocklengths.size(); ++i) {
    const loop repetitions[] = {{blocklengths[i], olds[i]->extent()}};
    builder.add(olds[i], displacements[i], repetitions);
  }
  return builder.finish();
}

type_layout::pointer type_layout::resized(const pointer& old, std::ptrdiff_t lb, std::ptrdiff_t extent) {
  type_layout l = *old;
  l.lb_ = lb;
  if (__builtin_add_overflow(lb, extent, &l.ub_)) return nullptr;
  l.sticky_lb_ = l.sticky_ub_ = true;  // markers replacing the old ones
  l.contiguous_ = l.size_ == 0 || (static_cast<std::ptrdiff_t>(l.size_) == extent && dense_chain(l.pieces_));
  return std::make_shared<const type_layout>(std::move(l));
}

std::size_t type_layout::piece_containing(std::size_t offset) const noexcept {
  auto last = data_before_.end() - 1;  // the total, not a piece
  return static_cast<std::size_t>(std::upper_bound(data_before_.begin(), last, offset) - data_before_.begin()) - 1;
}

type_layout::element_count type_layout::basic_elements(std::size_t data_bytes) const noexcept {
  if (size_ == 0) return {0, false};
  std::size_t whole = data_bytes / size_ * basic_count_;
  std::size_t rest = data_bytes % size_;
  // Down through the pieces holding the end of the prefix.
  const type_layout* layout = this;
  while (rest != 0) {
    std::size_t i = layout->piece_containing(rest);
    const piece& p = layout->pieces_[i];
    rest -= layout->data_before_[i];
    whole += layout->elements_before_[i];
    std::size_t per_block = p.inner != nullptr ? p.inner->basic_count_ : p.length / p.element;
    whole += rest / p.length * per_block;
    rest %= p.length;
    if (p.inner == nullptr) return {whole + rest / p.element, rest % p.element != 0};
    layout = p.inner;
  }
  return {whole, false};
}

std::size_t type_layout::bytes_of_elements(std::size_t elements) const noexcept {
  if (basic_count_ == 0) return 0;
  std::size_t bytes = elements / basic_count_ * size_;
  std::size_t rest = elements % basic_count_;
  const type_layout* layout = this;
  while (rest != 0) {
    const std::vector<std::size_t>& before = layout->elements_before_;
    auto i = static_cast<std::size_t>(std::upper_bound(before.begin(), before.end() - 1, rest) - before.begin()) - 1;
    const piece& p = layout->pieces_[i];
    rest -= before[i];
    bytes += layout->data_before_[i];
    std::size_t per_block = p.inner != nullptr ? p.inner->basic_count_ : p.length / p.element;
    bytes += rest / per_block * p.length;
    rest %= per_block;
    if (p.inner == nullptr) return bytes + rest * p.element;
    layout = p.inner;
  }
  return bytes;
}

}  // namespace weft::shm
