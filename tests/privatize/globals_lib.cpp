// Linked into globals_cxx as a static library built with the same wrapper.
#include "globals.hpp"

std::string library_text = "library";
static registrar library_registrar("library");

int* inline_number_seen_by_library() { return &inline_number; }

int library_instances() { return ++instances<double>::count; }
