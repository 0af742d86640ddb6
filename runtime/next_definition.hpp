#pragma once
// What libweft interposes (pthread_create, the OpenMP runtime's setters) it forwards to the definition the
// dynamic linker would have bound without it: the next one after libweft's in the lookup order.

#include <dlfcn.h>

#include <atomic>

#include "runtime/report.hpp"

namespace weft::runtime {

template <class Function>
Function next_definition(const char* name) {
  void* symbol = ::dlsym(RTLD_NEXT, name);
  if (symbol == nullptr) fatal(1, "%s: no library after libweft defines it (%s)", name, ::dlerror());
  return reinterpret_cast<Function>(symbol);
}

// The same, looked up at its first use and kept. Constant-initialized, so that any library's initializers
// may already call through it, and read with one atomic load rather than behind a function-local static's
// guard (threads that race to the first use find the same definition).
template <class Function>
class next_definition_of {
 public:
  explicit constexpr next_definition_of(const char* name) noexcept : name_(name) {}

  Function operator*() const {
    Function found = found_.load(std::memory_order_acquire);
    if (found == nullptr) [[unlikely]] {
      found = next_definition<Function>(name_);
      found_.store(found, std::memory_order_release);
    }
    return found;
  }

 private:
  const char* name_;
  mutable std::atomic<Function> found_{nullptr};
};

}  // namespace weft::runtime
