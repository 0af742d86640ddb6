#include "shm/layout_cursor.hpp"

#include <algorithm>

namespace weft::shm {

using piece = type_layout::piece;

layout_cursor::layout_cursor(const type_layout& layout, std::size_t count, std::size_t position, std::size_t length)
    : left_(length) {
  if (length == 0) return;
  if (layout.is_contiguous()) {
    run_ = layout.true_lb() + static_cast<std::ptrdiff_t>(position);
    run_bytes_ = length;
    left_ = 0;
    return;
  }
  // The elements as one piece: the element's only piece with one more loop when it has one to spare,
  // otherwise a nested piece repeating the element.
  std::span<const piece> pieces = layout.pieces();
  bool flat = false;
  if (pieces.size() == 1) {
    root_ = pieces.front();
    flat = root_.repeat(count, layout.extent());
  }
  if (!flat) {
    root_ = {.length = layout.size(), .inner = &layout};
    root_.repeat(count, layout.extent());
  }
  int levels = 1 + (root_.inner != nullptr ? root_.inner->nesting() : 0);
  if (levels > inline_frames) {
    deep_ = std::make_unique<frame[]>(levels);
    frames_ = deep_.get();
  }
  frame& root = frames_[0];
  root.current = &root_;
  root.end = &root_ + 1;
  root.origin = 0;
  place(root, position / root_.length);
  descend(position % root_.length);
  gather();
}

// Puts `f` at block number `block` of its current piece.
void layout_cursor::place(frame& f, std::size_t block) noexcept {
  const piece& p = *f.current;
  f.at = f.origin + p.offset;
  for (int j = 0; j < p.depth; ++j) {
    f.index[j] = block % p.loops[j].count;
    block /= p.loops[j].count;
    f.at += static_cast<std::ptrdiff_t>(f.index[j]) * p.loops[j].stride;
  }
}

// Goes down from the top frame's block to the dense block holding data byte `offset` of it.
void layout_cursor::descend(std::size_t offset) noexcept {
  for (;;) {
    const frame& f = frames_[top_];
    const piece& p = *f.current;
    if (p.inner == nullptr) {
      block_ = f.at + static_cast<std::ptrdiff_t>(offset);
      block_bytes_ = p.length - offset;
      return;
    }
    const type_layout& inner = *p.inner;
    std::size_t i = offset == 0 ? 0 : inner.piece_containing(offset);
    offset -= inner.data_before(i);
    frame& g = frames_[++top_];
    g.current = &inner.pieces()[i];
    g.end = inner.pieces().data() + inner.pieces().size();
    g.origin = f.at;
    place(g, offset / g.current->length);
    offset %= g.current->length;
  }
}

// Moves to the first byte of the block after the current one: the next repetition of the current piece,
// else the next piece, else up to the next repetition of the enclosing block.
void layout_cursor::next_block() noexcept {
  for (;;) {
    frame& f = frames_[top_];
    const piece& p = *f.current;
    for (int j = 0; j < p.depth; ++j) {
      if (++f.index[j] < p.loops[j].count) {
        f.at += p.loops[j].stride;
        descend(0);
        return;
      }
      f.at -= static_cast<std::ptrdiff_t>(p.loops[j].count - 1) * p.loops[j].stride;
      f.index[j] = 0;
    }
    if (++f.current != f.end) {
      place(f, 0);
      descend(0);
      return;
    }
    --top_;  // never past the root: the walk stops at the end of its part
  }
}

// Makes the run from the block the walk is at and every following block that touches it.
void layout_cursor::gather() noexcept {
  std::size_t n = std::min(block_bytes_, left_);
  run_ = block_;
  run_bytes_ = n;
  left_ -= n;
  while (left_ != 0) {
    next_block();
    if (block_ != run_ + static_cast<std::ptrdiff_t>(run_bytes_)) return;  // the walk stays at that block
    n = std::min(block_bytes_, left_);
    run_bytes_ += n;
    left_ -= n;
  }
}

}  // namespace weft::shm
