#pragma once
// Calls from privatized code to the libc functions that keep per-process state (strtok, rand, getopt,
// atexit, ...) go to Weft's versions, which keep that state per rank (see WEFT_PRIVATIZE_REDIRECTS).

#include <llvm/IR/Module.h>

namespace weft::privatize {

void redirect_libc_calls(llvm::Module& module);

}  // namespace weft::privatize
