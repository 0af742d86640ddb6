#include "privatize/pass/global_selection.hpp"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Operator.h>

#include "privatize/abi.hpp"
#include "privatize/pass/diagnostics.hpp"

using namespace llvm;

namespace weft::privatize {
namespace {

// Globals marked __attribute__((annotate("weft.shared"))) are listed in llvm.global.annotations.
SmallPtrSet<const GlobalValue*, 8> opted_out_globals(Module& module) {
  SmallPtrSet<const GlobalValue*, 8> shared;
  GlobalVariable* annotations = module.getNamedGlobal("llvm.global.annotations");
  if (annotations == nullptr || !annotations->hasInitializer()) return shared;
  auto* entries = dyn_cast<ConstantArray>(annotations->getInitializer());
  if (entries == nullptr) return shared;
  for (const Use& entry : entries->operands()) {
    auto* fields = dyn_cast<ConstantStruct>(entry.get());
    if (fields == nullptr || fields->getNumOperands() < 2) continue;
    auto* text = dyn_cast<GlobalVariable>(fields->getOperand(1)->stripPointerCasts());
    if (text == nullptr || !text->hasInitializer()) continue;
    auto* string = dyn_cast<ConstantDataSequential>(text->getInitializer());
    if (string == nullptr || !string->isCString() || string->getAsCString() != abi::shared_annotation) continue;
    if (auto* global = dyn_cast<GlobalValue>(fields->getOperand(0)->stripPointerCasts())) shared.insert(global);
  }
  return shared;
}

bool is_weft_symbol(StringRef name) {
  // The pass's own symbols and the objects behind mpi.h's predefined handles, which live in libweft.
  return name.starts_with("__weft_") || name.starts_with("weft_mpi_") || name.starts_with("llvm.");
}

// Vtables, VTTs, type_info objects and their names: constant data of the C++ ABI, defined read-only
// wherever they are defined, even when a declaration does not say so.
bool is_cxx_abi_object(StringRef name) {
  return name.starts_with("_ZTV") || name.starts_with("_ZTT") || name.starts_with("_ZTI") || name.starts_with("_ZTS") ||
         name == "__dso_handle";
}

// Thread-locals of the C++ standard library (std::__once_callable, named by std::call_once's inline code):
// defined in libstdc++, never by the program, so they stay the thread's own, as a declaration made
// per rank would not link against their definition.
bool is_standard_library_thread_local(const GlobalVariable& global) {
  StringRef name = global.getName();
  return global.isThreadLocal() && (name.starts_with("_ZSt") || name.starts_with("_ZNSt"));
}

bool refers_to(const Constant* value, const global_selection& selection, SmallPtrSet<const Constant*, 16>& seen) {
  if (!seen.insert(value).second) return false;
  if (auto* global = dyn_cast<GlobalValue>(value)) return selection.contains(global);
  for (const Use& operand : value->operands())
    if (auto* constant = dyn_cast<Constant>(operand.get()); constant && refers_to(constant, selection, seen))
      return true;
  return false;
}

}  // namespace

bool global_selection::contains(const GlobalValue* global) const {
  if (auto* variable = dyn_cast<GlobalVariable>(global))
    return definitions.contains(const_cast<GlobalVariable*>(variable)) ||
           externals.contains(const_cast<GlobalVariable*>(variable));
  if (auto* alias = dyn_cast<GlobalAlias>(global)) return aliases.contains(const_cast<GlobalAlias*>(alias));
  return false;
}

const GlobalValue* base_global(const Constant* address) {
  if (auto* global = dyn_cast<GlobalValue>(address)) return global;
  auto* expression = dyn_cast<ConstantExpr>(address);
  if (expression == nullptr) return nullptr;
  switch (expression->getOpcode()) {
    case Instruction::GetElementPtr:
    case Instruction::BitCast:
    case Instruction::AddrSpaceCast:
    case Instruction::PtrToInt:
    case Instruction::IntToPtr:
      return base_global(expression->getOperand(0));
    case Instruction::Add:
      // `(intptr_t)&g + 8`: based on g as long as the other side is a plain number.
      if (isa<ConstantInt>(expression->getOperand(1))) return base_global(expression->getOperand(0));
      if (isa<ConstantInt>(expression->getOperand(0))) return base_global(expression->getOperand(1));
      return nullptr;
    default:
      return nullptr;  // a difference of two addresses, say, is the same in every copy
  }
}

global_selection select_globals(Module& module) {
  global_selection selection;
  auto shared = opted_out_globals(module);
  std::vector<GlobalVariable*> constants;

  for (GlobalVariable& global : module.globals()) {
    StringRef name = global.getName();
    if (is_weft_symbol(name) || shared.contains(&global)) continue;
    if (global.isDeclarationForLinker()) {
      if (global.isConstant() || is_cxx_abi_object(name) || is_standard_library_thread_local(global)) continue;
      selection.externals.insert(&global);
    } else if (global.hasSection()) {
      // The program put it there for a reason (a linker set, a special memory): keep it where it is.
      if (!global.isConstant())
        warn_not_privatized(global, "it is placed in section '" + global.getSection().str() + "'");
    } else if (global.isConstant()) {
      if (!is_cxx_abi_object(name)) constants.push_back(&global);
    } else {
      selection.definitions.insert(&global);
    }
  }

  // A constant that holds the address of a per-rank object must be per rank too, or every rank would
  // follow it to the same copy. Taking one in can make another one qualify, hence the fixed point.
  for (bool changed = true; changed;) {
    changed = false;
    for (GlobalAlias& alias : module.aliases())
      if (auto* object = dyn_cast_or_null<GlobalVariable>(alias.getAliaseeObject());
          object && selection.definitions.contains(object) && selection.aliases.insert(&alias))
        changed = true;
    for (GlobalVariable*& constant : constants) {
      if (constant == nullptr || !constant->hasInitializer()) continue;
      SmallPtrSet<const Constant*, 16> seen;
      if (!refers_to(constant->getInitializer(), selection, seen)) continue;
      selection.definitions.insert(constant);
      constant = nullptr;
      changed = true;
    }
  }
  return selection;
}

}  // namespace weft::privatize
