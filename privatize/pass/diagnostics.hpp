#pragma once
// Compiler diagnostics of the pass. They reach the user as clang's own warnings and errors
// ("warning: ... [-Wbackend-plugin]"), naming the variable and, with -g, where it is declared.

#include <llvm/ADT/Twine.h>
#include <llvm/IR/GlobalVariable.h>

namespace weft::privatize {

// The global stays shared by the ranks of a node, for the reason given.
void warn_not_privatized(const llvm::GlobalVariable& global, const llvm::Twine& reason);

// The global cannot be privatized and sharing it would give a wrong result: the compilation fails.
void error_not_privatizable(const llvm::GlobalVariable& global, const llvm::Twine& reason);

}  // namespace weft::privatize
