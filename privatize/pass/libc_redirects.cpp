#include "privatize/pass/libc_redirects.hpp"

#include "privatize/abi.hpp"

using namespace llvm;

namespace weft::privatize {

void redirect_libc_calls(Module& module) {
#define WEFT_REDIRECT_NAME(name) #name,
  static constexpr const char* names[] = {WEFT_PRIVATIZE_REDIRECTS(WEFT_REDIRECT_NAME)};
#undef WEFT_REDIRECT_NAME
  for (const char* name : names) {
    Function* original = module.getFunction(name);
    // A program that defines the function itself keeps its own.
    if (original == nullptr || !original->isDeclaration()) continue;
    FunctionCallee replacement = module.getOrInsertFunction((Twine("__weft_") + name).str(),
                                                            original->getFunctionType(), original->getAttributes());
    original->replaceAllUsesWith(replacement.getCallee());
    original->eraseFromParent();
  }
}

}  // namespace weft::privatize
