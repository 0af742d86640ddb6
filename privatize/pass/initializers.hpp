#pragma once
// C++ dynamic initializers, __attribute__((constructor)) and __attribute__((destructor)) functions run
// once per process in a process-based MPI, so here they run once per rank, in the rank's context: the
// pass takes them out of llvm.global_ctors/dtors and lists them in the module's init section instead.

#include <llvm/IR/Module.h>

namespace weft::privatize {

// Returns whether the module had any to move.
bool move_initializers_to_ranks(llvm::Module& module);

}  // namespace weft::privatize
