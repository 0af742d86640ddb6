#pragma once
// The module pass: gives every rank its own copy of the module's mutable globals, statics and
// thread-locals (see privatize/README.md for the scheme and what stays shared).

#include <llvm/IR/PassManager.h>

namespace weft::privatize {

class privatize_pass : public llvm::PassInfoMixin<privatize_pass> {
 public:
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses);
  static bool isRequired() { return true; }  // also at -O0 and on optnone functions
};

}  // namespace weft::privatize
