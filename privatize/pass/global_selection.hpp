#pragma once
// Which globals of a module become per rank, which are reached through the run-time resolver, and
// which stay shared.

#include <llvm/ADT/SetVector.h>
#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Module.h>

namespace weft::privatize {

struct global_selection {
  // Defined here and moved into the per-rank image: every mutable global, static and thread-local, and
  // every constant whose initial value points at one of them.
  llvm::SetVector<llvm::GlobalVariable*> definitions;
  // Aliases of those definitions: their uses get the rank's copy too.
  llvm::SetVector<llvm::GlobalAlias*> aliases;
  // Declared here, defined elsewhere: privatized in another translation unit or module, or a library's
  // global that stays shared; the run-time resolver tells which.
  llvm::SetVector<llvm::GlobalVariable*> externals;

  bool empty() const { return definitions.empty() && aliases.empty() && externals.empty(); }
  bool contains(const llvm::GlobalValue* global) const;
};

// Decides for every global of `module`. Globals opted out with WEFT_SHARED, constants, globals placed
// in a section of the program's own, and the C++ ABI's vtables and type information stay shared.
global_selection select_globals(llvm::Module& module);

// The global a constant address expression is based on (`&g`, `&g.field + 4`, `(intptr_t)&g`), or null.
const llvm::GlobalValue* base_global(const llvm::Constant* address);

}  // namespace weft::privatize
