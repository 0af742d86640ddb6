#pragma once
// Moves the selected definitions into the module's data section (its initial image) and lists the words
// of that image that hold the address of a privatized object, which each rank's copy must relocate.

#include <llvm/IR/Module.h>

#include "privatize/pass/global_selection.hpp"

namespace weft::privatize {

// Returns whether any relocation was needed.
bool place_in_image(llvm::Module& module, const global_selection& selection);

}  // namespace weft::privatize
