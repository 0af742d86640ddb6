#pragma once
// Stack allocator for rank fibers (a Boost.Context StackAllocator).
//
// Each stack is an mmap'd region reserved without committing memory (MAP_NORESERVE), so ten thousand
// 8 MiB stacks cost address space, not RAM; its lowest page is a guard that turns an overflow into a
// fault the runtime can name instead of silent corruption of the neighbouring stack.

#include <boost/context/stack_context.hpp>
#include <cstddef>

namespace weft::runtime {

class guarded_stack {
 public:
  explicit guarded_stack(std::size_t usable_size);

  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& stack) noexcept;

  static std::size_t page_size();

 private:
  std::size_t usable_size_;  // rounded up to whole pages
};

// The guard page of a stack handed out by guarded_stack: [low, low + page_size()).
inline char* guard_page_of(const boost::context::stack_context& stack) {
  return static_cast<char*>(stack.sp) - stack.size - guarded_stack::page_size();
}

}  // namespace weft::runtime
