#include "runtime/guarded_stack.hpp"

#include <elf.h>
#include <link.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "runtime/report.hpp"

namespace weft::runtime {

std::size_t guarded_stack::page_size() {
  static const std::size_t size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return size;
}

namespace {

// Whether an object of the program asks for executable stacks, as glibc reads it: a PT_GNU_STACK header
// with PF_X, or none at all (the linker's default). glibc then makes its threads' stacks executable, and
// Weft makes its ranks' stacks so too: flang calls an internal procedure passed as an argument (a
// callback after CONTAINS) through a trampoline it writes on the stack, and gcc does for a nested
// function whose address is taken. The vdso, which glibc does not load, has no say.
bool program_asks_executable_stacks() {
  static const bool asks = [] {
    bool any = false;
    ::dl_iterate_phdr(
        [](dl_phdr_info* object, std::size_t, void* found) {
          auto vdso = static_cast<std::uintptr_t>(::getauxval(AT_SYSINFO_EHDR));
          auto headers = reinterpret_cast<std::uintptr_t>(object->dlpi_phdr);
          if (object->dlpi_phnum == 0 || (vdso != 0 && headers - vdso < guarded_stack::page_size())) return 0;
          bool executable = true;
          for (int i = 0; i < object->dlpi_phnum; ++i)
            if (object->dlpi_phdr[i].p_type == PT_GNU_STACK) executable = (object->dlpi_phdr[i].p_flags & PF_X) != 0;
          if (executable) *static_cast<bool*>(found) = true;
          return 0;
        },
        &any);
    return any;
  }();
  return asks;
}

}  // namespace

guarded_stack::guarded_stack(std::size_t usable_size)
    : usable_size_((usable_size + page_size() - 1) / page_size() * page_size()) {}

boost::context::stack_context guarded_stack::allocate() {
  std::size_t total = usable_size_ + page_size();
  int access = PROT_READ | PROT_WRITE | (program_asks_executable_stacks() ? PROT_EXEC : 0);
  void* base = ::mmap(nullptr, total, access, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (base == MAP_FAILED)
    fatal(1, "cannot reserve a %zu-byte rank stack (%s); lower WEFT_STACK_SIZE or the number of ranks", total,
          std::strerror(errno));
  // Each stack is two mappings (guard and stack); the kernel caps a process's mappings.
  if (::mprotect(base, page_size(), PROT_NONE) != 0)
    fatal(1,
          "cannot protect a stack guard page (%s): every rank needs two memory mappings and the kernel "
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
