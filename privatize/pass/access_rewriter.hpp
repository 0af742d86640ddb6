#pragma once
// Rewrites every use of a selected global inside a function into the address of the running rank's copy:
// `&g + delta` for the module's own globals, where delta is read once per function from the rank's delta
// table; a call to the run-time resolver for globals declared here and defined elsewhere.

#include <llvm/IR/Module.h>

#include "privatize/pass/global_selection.hpp"

namespace weft::privatize {

void rewrite_accesses(llvm::Module& module, const global_selection& selection);

}  // namespace weft::privatize
