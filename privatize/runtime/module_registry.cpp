#include "privatize/runtime/module_registry.hpp"

#include <cerrno>
#include <mutex>

#include "runtime/report.hpp"

namespace weft::privatize {
namespace {

// Constant-initialized: modules register from constructors that may run before libweft's own.
constinit module_registry registry;
constinit std::mutex registration_lock;

}  // namespace

module_registry& module_registry::instance() noexcept { return registry; }

void module_registry::add(std::uint32_t* index, const module_sections& sections) {
  std::lock_guard guard(registration_lock);
  if (sealed_.load(std::memory_order_acquire))
    runtime::fatal(1,
                   "a library with privatized globals was loaded after the ranks started (dlopen?); "
                   "link it to the program instead");
  std::uint32_t count = count_.load(std::memory_order_relaxed);
  for (std::uint32_t i = 0; i < count; ++i)
    if (modules_[i].data.data() == sections.data.data()) {
      *index = modules_[i].index;
      return;
    }
  if (count == abi::max_modules - 1)
    runtime::fatal(1, "more than %u modules with privatized globals; link some of them statically",
                   (abi::max_modules - 1) / 4);
  modules_[count] = sections;
  modules_[count].index = count + 1;
  *index = count + 1;
  count_.store(count + 1, std::memory_order_release);
}

const module_sections* module_registry::find(const void* address) const noexcept {
  auto* byte = static_cast<const std::byte*>(address);
  for (const module_sections& module : modules())
    if (byte >= module.data.data() && byte < module.data.data() + module.data.size()) return &module;
  return nullptr;
}

std::span<const module_sections> module_registry::modules() const noexcept {
  return {modules_, count_.load(std::memory_order_acquire)};
}

}  // namespace weft::privatize

// Version 1 of the contract (before thread-locals had sections of their own), whose records this Weft
// would misread: such a program is refused at its first module's registration.
extern "C" [[noreturn]] void __weft_priv_register() {
  weft::runtime::fatal(1,
                       "%s was compiled by an older Weft, whose records of the program's globals this Weft "
                       "cannot read; compile it again with this Weft's mpicc or mpicxx",
                       program_invocation_short_name);
}

extern "C" void __weft_priv_register_v2(
    std::uint32_t* index, std::byte* data_begin, std::byte* data_end, std::uint32_t* zero_index, std::byte* zero_begin,
    std::byte* zero_end, std::uint32_t* thread_data_index, std::byte* thread_data_begin, std::byte* thread_data_end,
    std::uint32_t* thread_zero_index, std::byte* thread_zero_begin, std::byte* thread_zero_end,
    const weft::privatize::abi::init_record* inits_begin, const weft::privatize::abi::init_record* inits_end,
    const weft::privatize::abi::reloc_record* relocs_begin, const weft::privatize::abi::reloc_record* relocs_end) {
  auto& registry = weft::privatize::module_registry::instance();
  registry.add(index, {0, {data_begin, data_end}, false, false, {inits_begin, inits_end}, {relocs_begin, relocs_end}});
  registry.add(zero_index, {0, {zero_begin, zero_end}, true, false, {}, {}});
  registry.add(thread_data_index, {0, {thread_data_begin, thread_data_end}, false, true, {}, {}});
  registry.add(thread_zero_index, {0, {thread_zero_begin, thread_zero_end}, true, true, {}, {}});
}
