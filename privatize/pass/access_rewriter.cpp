#include "privatize/pass/access_rewriter.hpp"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/MapVector.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/ReplaceConstant.h>

#include "privatize/abi.hpp"
#include "privatize/pass/sections.hpp"

using namespace llvm;

namespace weft::privatize {
namespace {

// A rank always sees its own delta table and a module's index never changes once registered, so these
// loads may be hoisted and merged freely, also across calls that switch to other ranks.
LoadInst* invariant_load(IRBuilder<>& builder, Type* type, Value* address) {
  LoadInst* load = builder.CreateLoad(type, address);
  load->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(builder.getContext(), {}));
  return load;
}

class function_rewriter {
 public:
  function_rewriter(Function& function, const global_selection& selection)
      : function_(function), selection_(selection), builder_(&*function.getEntryBlock().getFirstNonPHIOrDbgOrAlloca()) {
    if (DISubprogram* subprogram = function.getSubprogram())
      builder_.SetCurrentDebugLocation(DILocation::get(function.getContext(), 0, 0, subprogram));
  }

  void rewrite(Use& use) { use.set(rank_address(cast<GlobalValue>(use.get()))); }

 private:
  Value* rank_address(GlobalValue* global) {
    Value*& address = addresses_[global];
    if (address != nullptr) return address;
    if (auto* variable = dyn_cast<GlobalVariable>(global); variable && selection_.externals.contains(variable))
      address = builder_.CreateCall(resolver(), {global}, global->getName() + ".rank");
    else
      // An alias is in the part of the definition it names.
      address = builder_.CreateGEP(builder_.getInt8Ty(), global,
                                   delta(part_of(*cast<GlobalVariable>(global->getAliaseeObject()))),
                                   global->getName() + ".rank");
    return address;
  }

  Value* delta(image_part part) {
    Value*& delta = deltas_[static_cast<int>(part)];
    if (delta != nullptr) return delta;
    Module& module = *function_.getParent();
    auto* pointer = builder_.getPtrTy();
    auto* table_pointer = cast<GlobalVariable>(module.getOrInsertGlobal(abi::deltas_symbol, pointer));
    table_pointer->setThreadLocalMode(GlobalValue::InitialExecTLSModel);
    if (table_ == nullptr) table_ = invariant_load(builder_, pointer, builder_.CreateThreadLocalAddress(table_pointer));
    Value* index = invariant_load(builder_, builder_.getInt32Ty(), &module_index(module, part));
    Value* entry =
        builder_.CreateInBoundsGEP(builder_.getInt64Ty(), table_, builder_.CreateZExt(index, builder_.getInt64Ty()));
    delta = invariant_load(builder_, builder_.getInt64Ty(), entry);
    return delta;
  }

  FunctionCallee resolver() {
    Module& module = *function_.getParent();
    auto* pointer = builder_.getPtrTy();
    FunctionCallee callee =
        module.getOrInsertFunction(abi::resolve_function, FunctionType::get(pointer, {pointer}, false));
    // Same answer for the same argument all along a rank's life: calls may be merged and hoisted.
    auto* declaration = cast<Function>(callee.getCallee());
    declaration->setDoesNotAccessMemory();
    declaration->setDoesNotThrow();
    declaration->setWillReturn();
    declaration->addFnAttr(Attribute::NoSync);
    return callee;
  }

  Function& function_;
  const global_selection& selection_;
  IRBuilder<> builder_;
  Value* table_ = nullptr;
  Value* deltas_[image_parts] = {};  // by image_part
  DenseMap<GlobalValue*, Value*> addresses_;
};

std::vector<Constant*> selected_globals(const global_selection& selection) {
  std::vector<Constant*> globals(selection.definitions.begin(), selection.definitions.end());
  globals.insert(globals.end(), selection.aliases.begin(), selection.aliases.end());
  globals.insert(globals.end(), selection.externals.begin(), selection.externals.end());
  return globals;
}

// llvm.threadlocal.address requires a thread-local operand; the per-rank globals no longer are one, and
// the address it computed is now the rank's copy.
void drop_thread_local_addresses(Module& module, const global_selection& selection) {
  for (Function& function : module) {
    if (function.getIntrinsicID() != Intrinsic::threadlocal_address) continue;
    for (User* user : make_early_inc_range(function.users())) {
      auto* call = dyn_cast<CallInst>(user);
      auto* global = call ? dyn_cast<GlobalValue>(call->getArgOperand(0)) : nullptr;
      if (global == nullptr || !selection.contains(global)) continue;
      call->replaceAllUsesWith(global);
      call->eraseFromParent();
    }
  }
}

bool can_rewrite(const Instruction& user) {
  // Catch clauses name type_info objects, which stay shared anyway, and must stay constants.
  if (isa<LandingPadInst>(user)) return false;
  const Function& function = *user.getFunction();
  return !function.hasFnAttribute(Attribute::Naked) && function.getName() != abi::register_module_function;
}

}  // namespace

void rewrite_accesses(Module& module, const global_selection& selection) {
  drop_thread_local_addresses(module, selection);
  std::vector<Constant*> globals = selected_globals(selection);
  // `&g.field` written as a constant expression inside an instruction becomes an instruction of its own,
  // so that its operand can be the rank's address.
  convertUsersOfConstantsToInstructions(globals);

  MapVector<Function*, std::vector<Use*>> uses;
  for (Constant* global : globals)
    for (Use& use : global->uses())
      if (auto* user = dyn_cast<Instruction>(use.getUser()); user && can_rewrite(*user))
        uses[user->getFunction()].push_back(&use);

  for (auto& [function, function_uses] : uses) {
    function_rewriter rewriter(*function, selection);
    for (Use* use : function_uses) rewriter.rewrite(*use);
  }
}

}  // namespace weft::privatize
