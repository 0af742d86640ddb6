#pragma once
// Inline assembly that names a global by its symbol reaches the original, not the rank's copy, and no
// rewriting of the IR can change that. Such globals are compile errors unless opted out.

#include <llvm/IR/Module.h>

#include "privatize/pass/global_selection.hpp"

namespace weft::privatize {

// Reports every privatized definition named in module-level or inline assembly and drops it from the
// selection (the compilation fails with the error, so nothing is emitted for it).
void reject_asm_references(llvm::Module& module, global_selection& selection);

}  // namespace weft::privatize
