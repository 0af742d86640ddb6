#include "runtime/guarded_stack.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "runtime/report.hpp"

namespace weft::runtime {

std::size_t guarded_stack::page_size() {
  static const std::size_t size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return size;
}

guarded_stack::guarded_stack(std::size_t usable_size)
    : usable_size_((usable_size + page_size() - 1) / page_size() * page_size()) {}

boost::context::stack_context guarded_stack::allocate() {
  std::size_t total = usable_size_ + page_size();
  void* base = ::mmap(nullptr, total, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (base == MAP_FAILED)
    fatal(1, "cannot reserve a %zu-byte rank stack (%s); lower WEFT_STACK_SIZE or the number of ranks", total,
          std::strerror(errno));
  // Each stack is two mappings (guard and stack); the kernel caps a process's mappings.
  if (::mprotect(base, page_size(), PROT_NONE) != 0)
    fatal(1, "cannot protect a stack guard page (%s): every rank needs two memory mappings and the kernel "
             "limits them (vm.max_map_count); raise it (sysctl -w vm.max_map_count=...) or run fewer ranks",
          std::strerror(errno));
  boost::context::stack_context stack;
  stack.size = usable_size_;
  stack.sp = static_cast<char*>(base) + total;  // stacks grow down on every platform Weft supports
  return stack;
}

void guarded_stack::deallocate(boost::context::stack_context& stack) noexcept {
  ::munmap(guard_page_of(stack), stack.size + page_size());
}

}  // namespace weft::runtime
