// The second translation unit of globals_cxx: the registry and one of its registrants.
#include "globals.hpp"

std::vector<std::string>& registry() {
  static std::vector<std::string> names;
  return names;
}

static registrar registry_registrar("registry");
