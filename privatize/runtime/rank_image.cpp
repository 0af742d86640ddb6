#include "privatize/runtime/rank_image.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

#include "privatize/runtime/module_registry.hpp"

namespace weft::privatize {

// Where each module's copy sits in an image's block, and which words to relocate; the same for every rank
// (and for every thread), so worked out once, when the first rank starts.
struct rank_image::image_layout {
  struct placed_module {
    const module_sections* module;
    std::size_t offset;  // of its copy in the block
  };
  struct relocation {
    std::size_t offset;           // of the word in the block
    std::uint32_t target_module;  // whose delta the word gets
  };
  std::size_t size = sizeof(std::intptr_t) * abi::max_modules;  // the delta table comes first
  std::size_t alignment = alignof(std::intptr_t);
  std::vector<placed_module> modules;
  std::vector<relocation> relocations;

  // Every module, for a rank.
  static const image_layout& of_ranks() {
    static std::once_flag once;
    static image_layout layout;
    std::call_once(once, [] { layout.build(false); });
    return layout;
  }

  // The thread-locals alone, for a thread working for a rank.
  static const image_layout& of_threads() {
    static std::once_flag once;
    static image_layout layout;
    std::call_once(once, [] { layout.build(true); });
    return layout;
  }

 private:
  void build(bool thread_locals_only) {
    module_registry& registry = module_registry::instance();
    registry.seal();
    for (const module_sections& module : registry.modules()) {
      if (thread_locals_only && !module.per_thread) continue;
      // The section is aligned for its most aligned object; the copy keeps that alignment (the lowest
      // set bit of its address, up to a page).
      auto address = reinterpret_cast<std::uintptr_t>(module.data.data());
      std::size_t module_alignment = std::min<std::size_t>(address & -address, 4096);
      alignment = std::max(alignment, module_alignment);
      size = (size + module_alignment - 1) / module_alignment * module_alignment;
      modules.push_back({&module, size});
      size += module.data.size();
    }
    for (const module_sections& module : registry.modules())
      for (const abi::reloc_record& record : module.relocs) add_relocation(registry, record);
    // A record is emitted by every object that defines the global; the linker kept one definition.
    std::ranges::sort(relocations, {}, &relocation::offset);
    auto duplicates = std::ranges::unique(relocations, {}, &relocation::offset);
    relocations.erase(duplicates.begin(), duplicates.end());
  }

  void add_relocation(const module_registry& registry, const abi::reloc_record& record) {
    if (record.slot == nullptr) return;  // a module's anchor record
    const module_sections* holder = registry.find(record.slot);
    const module_sections* target = registry.find(record.target);
    if (holder == nullptr || target == nullptr) return;  // points at something shared
    auto holder_copy = std::ranges::find(modules, holder, &placed_module::module);
    if (holder_copy == modules.end()) return;  // a word this layout does not copy
    std::size_t offset = holder_copy->offset + (static_cast<std::byte*>(record.slot) - holder->data.data());
    relocations.push_back({offset, target->index});
  }
};

std::size_t rank_image::bytes_per_rank() {
  const image_layout& layout = image_layout::of_ranks();
  return layout.modules.empty() ? 0 : layout.size;
}

rank_image::rank_image() : rank_image(image_layout::of_ranks(), process_deltas) {}

rank_image::rank_image(thread_of owner) : rank_image(image_layout::of_threads(), owner.rank.deltas()) {}

rank_image::rank_image(const image_layout& layout, const std::intptr_t* base_deltas) : deltas_(base_deltas) {
  if (layout.modules.empty()) return;  // a program built without the pass, or without thread-locals

  // Zeroed memory, so zero sections need no copy; a large block comes from mmap, whose pages the kernel
  // gives only when touched, so a rank pays for the zeros it uses.
  std::size_t room = layout.size + layout.alignment;
  raw_block_.reset(static_cast<std::byte*>(std::calloc(1, room)));
  void* aligned = raw_block_.get();
  if (aligned == nullptr || std::align(layout.alignment, layout.size, aligned, room) == nullptr) throw std::bad_alloc();
  auto* block = static_cast<std::byte*>(aligned);
  auto* deltas = reinterpret_cast<std::intptr_t*>(block);
  // What this image does not copy, it reaches through the base table (a thread's, the rank's copies).
  std::memcpy(deltas, base_deltas, sizeof(std::intptr_t) * abi::max_modules);
  for (const image_layout::placed_module& placed : layout.modules) {
    std::byte* copy = block + placed.offset;
    if (!placed.module->zeros) std::memcpy(copy, placed.module->data.data(), placed.module->data.size());
    deltas[placed.module->index] = copy - placed.module->data.data();
  }
  for (const image_layout::relocation& relocation : layout.relocations) {
    std::intptr_t word;
    std::memcpy(&word, block + relocation.offset, sizeof word);
    word += deltas[relocation.target_module];
    std::memcpy(block + relocation.offset, &word, sizeof word);
  }
  deltas_ = deltas;
}

}  // namespace weft::privatize
