#pragma once
// The modules (program and shared libraries) whose code was built by the privatizing pass. Each one
// registers its sections from a process constructor, before main; ranks then copy what is registered.
// A module's globals that start as zeros are an entry of their own, with their own index, and so are its
// thread-locals (two more entries).

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>

#include "privatize/abi.hpp"

namespace weft::privatize {

struct module_sections {
  std::uint32_t index = 0;                    // into each rank's delta table; 0 is never a module's
  std::span<std::byte> data;                  // the initial image of the module's privatized globals
  bool zeros = false;                         // the image is all zeros (a zero section): nothing to copy
  bool per_thread = false;                    // thread-locals: a copy per thread working for a rank too
  std::span<const abi::init_record> inits;    // constructors and destructors to run per rank
  std::span<const abi::reloc_record> relocs;  // pointers in the image to relocate per rank
};

class module_registry {
 public:
  static module_registry& instance() noexcept;

  // Called by each module's registration constructor (through __weft_priv_register).
  void add(std::uint32_t* index, const module_sections& sections);

  // The registered module whose image holds `address`, or null (the address is shared).
  const module_sections* find(const void* address) const noexcept;

  std::span<const module_sections> modules() const noexcept;

  // Called when the first rank copies the images: a module registering later (a library loaded with
  // dlopen while ranks run) cannot get copies any more, and ends the job with an error saying so.
  void seal() noexcept { sealed_.store(true, std::memory_order_release); }

 private:
  // Filled before main and read without locks afterwards, so storage is fixed and never moves.
  module_sections modules_[abi::max_modules - 1];
  std::atomic<std::uint32_t> count_{0};
  std::atomic<bool> sealed_{false};
};

}  // namespace weft::privatize
