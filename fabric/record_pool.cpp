#include "fabric/record_pool.hpp"

#include <bit>
#include <cstdlib>
#include <new>
#include <utility>

#include "runtime/report.hpp"

namespace weft::fabric {
namespace {

// Class 0 holds up to 64 bytes; then four classes per doubling: 80, 96, 112, 128, 160, ...
constexpr std::size_t smallest_block = 64;

std::size_t class_of(std::size_t bytes) noexcept {
  if (bytes <= smallest_block) return 0;
  std::size_t last = bytes - 1;
  int top = std::bit_width(last) - 1;  // at least 6
  return static_cast<std::size_t>(top - 6) * 4 + ((last >> (top - 2)) & 3) + 1;
}

// 0 when the class's size does not fit a size_t.
std::size_t block_bytes(std::size_t size_class) noexcept {
  if (size_class == 0) return smallest_block;
  std::size_t top = 6 + (size_class - 1) / 4;
  std::size_t quarters = 4 + (size_class - 1) % 4 + 1;
  return top - 2 + std::bit_width(quarters) > 64 ? 0 : quarters << (top - 2);
}

}  // namespace

record_pool::~record_pool() {
  for (free_block* head : free_)
    while (head != nullptr) std::free(std::exchange(head, head->next));
}

void* record_pool::do_allocate(std::size_t bytes, std::size_t alignment) {
  if (alignment > alignof(std::max_align_t))
    runtime::fatal(1, "a record pool was asked for %zu-byte alignment; malloc's is all it has", alignment);
  std::size_t size_class = class_of(bytes);
  free_block*& head = free_[size_class];
  if (head != nullptr) return std::exchange(head, head->next);
  std::size_t block = block_bytes(size_class);
  void* fresh = block != 0 ? std::malloc(block) : nullptr;
  if (fresh == nullptr) runtime::fatal(1, "out of memory for a %zu-byte record of a message between nodes", bytes);
  return fresh;
}

void record_pool::do_deallocate(void* block, std::size_t bytes, std::size_t) {
  free_block*& head = free_[class_of(bytes)];
  head = new (block) free_block{head};
}

}  // namespace weft::fabric
