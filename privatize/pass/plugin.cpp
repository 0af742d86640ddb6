// Entry point of weft-privatize.so, the LLVM pass plugin that mpicc and mpicxx load into clang
// (-fpass-plugin). The pass runs at the start of every optimization pipeline, -O0 included, so that
// the optimizer then works on the rewritten accesses (hoisting the per-function delta out of loops).
// `opt -load-pass-plugin=weft-privatize.so -passes=weft-privatize` runs it alone.

#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>

#include "privatize/pass/privatize_pass.hpp"

using namespace llvm;

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "weft-privatize", "0.1", [](PassBuilder& builder) {
            builder.registerPipelineStartEPCallback([](ModulePassManager& passes, OptimizationLevel) {
              passes.addPass(weft::privatize::privatize_pass());
            });
            builder.registerPipelineParsingCallback(
                [](StringRef name, ModulePassManager& passes, ArrayRef<PassBuilder::PipelineElement>) {
                  if (name != "weft-privatize") return false;
                  passes.addPass(weft::privatize::privatize_pass());
                  return true;
                });
          }};
}
