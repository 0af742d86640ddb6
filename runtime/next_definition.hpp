#pragma once
// What libweft interposes (pthread_create, the OpenMP runtime's setters) it forwards to the definition the
// dynamic linker would have bound without it: the next one after libweft's in the lookup order.

#include <dlfcn.h>

#include "runtime/report.hpp"

namespace weft::runtime {

template <class Function>
Function next_definition(const char* name) {
  void* symbol = ::dlsym(RTLD_NEXT, name);
  if (symbol == nullptr) fatal(1, "%s: no library after libweft defines it (%s)", name, ::dlerror());
  return reinterpret_cast<Function>(symbol);
}

}  // namespace weft::runtime
