#pragma once
// Why a commit refused a binding. The owner and the reader of a refused binding both hold the same error
// and describe it in the same words, naming both ranks (in the exchange's communicator) and the label.

#include <string>

#include "halo/cell_shape.hpp"

namespace weft::halo {

enum class commit_failure : int {
  none,
  unknown_label,    // the owner has no cell of that label
  wrong_role,       // the owner's cell of that label is bound as remote
  duplicate_label,  // the owner bound two local cells of that label
  different_types,
  different_sizes,
};

struct commit_error {
  commit_failure failure = commit_failure::none;
  int reader = -1;  // -1: a duplicate label nobody asked for, which only its owner reports
  int owner = -1;
  std::string reader_label;  // the reader's cell
  std::string owner_label;   // the label asked for
  cell_shape reader_shape, owner_shape;
};

std::string describe(const commit_error& error);

}  // namespace weft::halo
