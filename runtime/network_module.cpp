#include "runtime/network_module.hpp"

#include <dlfcn.h>

#include <string>

#include "runtime/report.hpp"

namespace weft::runtime {
namespace {

// The network layer's entry point, named in fabric/module_entry.cpp.
using open_function = network_module* (*)(job*);
constexpr const char* library_name = "libweft_fabric.so";
constexpr const char* entry_name = "weft_fabric_connect";

// The directory of the library holding this code: the network layer is installed next to it.
std::string own_directory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<const void*>(&connect_nodes), &info) == 0 || info.dli_fname == nullptr) return {};
  std::string path = info.dli_fname;
  return path.substr(0, path.rfind('/') + 1);
}

}  // namespace

network_module& connect_nodes(job& owner) {
  std::string path = own_directory() + library_name;
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) fatal(1, "cannot load the network layer for a job across nodes: %s", dlerror());
  auto open = reinterpret_cast<open_function>(dlsym(library, entry_name));
  if (open == nullptr) fatal(1, "%s has no %s: %s", path.c_str(), entry_name, dlerror());
  return *open(&owner);
}

}  // namespace weft::runtime
