#pragma once
// A walk through part of the signature stream of consecutive elements of a layout, as runs of memory:
// blocks that touch in memory form one run, so a copy between two cursors calls memcpy once per maximal
// run. Offsets are from the first element's origin (the buffer pointer).
//
// The walk keeps one frame per nesting level: the piece it is in and that piece's loop counters. It
// never looks past the part it was asked for, so it needs no end marker.

#include <cstddef>
#include <memory>

#include "shm/type_layout.hpp"

namespace weft::shm {

class layout_cursor {
 public:
  // Walks `length` data bytes of `count` elements of `layout`, from data byte `position` on.
  layout_cursor(const type_layout& layout, std::size_t count, std::size_t position, std::size_t length);
  layout_cursor(const layout_cursor&) = delete;
  layout_cursor& operator=(const layout_cursor&) = delete;

  std::ptrdiff_t run_offset() const noexcept { return run_; }
  std::size_t run_bytes() const noexcept { return run_bytes_; }

  // Consumes `n` <= run_bytes() bytes of the current run; the next run follows when it is used up.
  void consume(std::size_t n) noexcept {
    run_ += static_cast<std::ptrdiff_t>(n);
    run_bytes_ -= n;
    if (run_bytes_ == 0 && left_ != 0) gather();
  }

 private:
  struct frame {
    const type_layout::piece* current;
    const type_layout::piece* end;
    std::ptrdiff_t origin;  // of the element whose pieces these are
    std::ptrdiff_t at;      // of the current block
    std::size_t index[type_layout::max_loops];
  };

  void place(frame& f, std::size_t block) noexcept;
  void descend(std::size_t offset) noexcept;
  void next_block() noexcept;
  void gather() noexcept;

  static constexpr int inline_frames = 4;

  type_layout::piece root_;  // the `count` elements as one piece
  frame inline_[inline_frames];
  std::unique_ptr<frame[]> deep_;  // for layouts nested deeper than inline_frames
  frame* frames_ = inline_;
  int top_ = 0;
  std::ptrdiff_t block_ = 0;  // the block the walk is at, from its first byte not yet in a run
  std::size_t block_bytes_ = 0;
  std::ptrdiff_t run_ = 0;
  std::size_t run_bytes_ = 0;
  std::size_t left_ = 0;  // data bytes not yet in a run
};

}  // namespace weft::shm
