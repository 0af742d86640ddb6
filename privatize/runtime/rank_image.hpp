#pragma once
// One rank's copy of every registered module's privatized globals, relocated so that pointers in the
// initial values point into this copy, and the delta table through which the rank's code finds it. A
// thread working for a rank (not its fiber) has an image of its own too: a copy of the thread-locals
// alone, and a table that leads to them and, for everything else, to the rank's copies.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>

#include "privatize/abi.hpp"

namespace weft::privatize {

class rank_image {
 public:
  // A rank's image: everything copied.
  rank_image();
  // The image of a thread working for the rank whose image is `rank`: its thread-locals copied.
  struct thread_of {
    const rank_image& rank;
  };
  explicit rank_image(thread_of owner);

  // deltas()[module index] = address of the rank's copy minus address of the original.
  const std::intptr_t* deltas() const noexcept { return deltas_; }

  // The bytes of one rank's copy: what every rank of the process takes at its start.
  static std::size_t bytes_per_rank();

  // The table of zeros used outside any rank: code there reaches the originals.
  static constexpr std::intptr_t process_deltas[abi::max_modules] = {};

 private:
  struct free_block {
    void operator()(std::byte* block) const noexcept { std::free(block); }
  };
  struct image_layout;
  rank_image(const image_layout& layout, const std::intptr_t* base_deltas);

  std::unique_ptr<std::byte[], free_block> raw_block_;  // the copies start at the first aligned byte
  const std::intptr_t* deltas_;
};

}  // namespace weft::privatize
