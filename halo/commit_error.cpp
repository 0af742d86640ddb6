#include "halo/commit_error.hpp"

#include <cstdio>

namespace weft::halo {
namespace {

std::string shape_text(const cell_shape& shape) {
  char text[160];
  std::snprintf(text, sizeof text, "%llu x %s, %llu bytes", static_cast<unsigned long long>(shape.count),
                shape.type_name.data(), static_cast<unsigned long long>(shape.bytes));
  return text;
}

}  // namespace

std::string describe(const commit_error& error) {
  const std::string& label = error.owner_label;
  if (error.reader < 0)
    return "rank " + std::to_string(error.owner) + " bound two local cells labelled '" + label + "'";
  std::string binding = "rank " + std::to_string(error.reader) + " binds its cell '" + error.reader_label +
                        "' to label '" + label + "' of rank " + std::to_string(error.owner);
  std::string shapes = " (" + shape_text(error.reader_shape) + " against " + shape_text(error.owner_shape) + ")";
  switch (error.failure) {
    case commit_failure::unknown_label:
      return binding + ", which has no cell of that label in this exchange";
    case commit_failure::wrong_role:
      return binding + ", which bound its cell of that label as remote: only local cells can be read";
    case commit_failure::duplicate_label:
      return binding + ", which bound two local cells of that label";
    case commit_failure::different_types:
      return binding + ", whose type differs" + shapes;
    case commit_failure::different_sizes:
      return binding + ", whose size differs" + shapes;
    case commit_failure::none:
      break;
  }
  return binding;
}

}  // namespace weft::halo
