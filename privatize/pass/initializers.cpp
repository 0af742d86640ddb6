#include "privatize/pass/initializers.hpp"

#include <llvm/IR/Constants.h>

#include "privatize/abi.hpp"
#include "privatize/pass/sections.hpp"

using namespace llvm;

namespace weft::privatize {
namespace {

// Moves the entries of one list (llvm.global_ctors or llvm.global_dtors) into `records`.
void take_entries(Module& module, StringRef list_name, abi::init_kind kind, records_by_comdat& records) {
  GlobalVariable* list = module.getNamedGlobal(list_name);
  if (list == nullptr || !list->hasInitializer()) return;
  auto* entries = dyn_cast<ConstantArray>(list->getInitializer());
  if (entries != nullptr) {
    auto* i32 = Type::getInt32Ty(module.getContext());
    StructType* type = init_record_type(module.getContext());
    for (const Use& entry : entries->operands()) {
      auto* fields = cast<ConstantStruct>(entry.get());
      auto* function = fields->getOperand(1);
      if (function->isNullValue()) continue;
      // The third field names the global whose comdat the entry lives and dies with.
      Comdat* comdat = nullptr;
      if (auto* key = dyn_cast<GlobalValue>(fields->getOperand(2)->stripPointerCasts())) comdat = key->getComdat();
      records[comdat].push_back(ConstantStruct::get(
          type, {ConstantInt::get(i32, static_cast<uint32_t>(kind)), fields->getOperand(0), function}));
    }
  }
  list->eraseFromParent();
}

}  // namespace

bool move_initializers_to_ranks(Module& module) {
  records_by_comdat records;
  take_entries(module, "llvm.global_ctors", abi::init_kind::constructor, records);
  take_entries(module, "llvm.global_dtors", abi::init_kind::destructor, records);
  if (records.empty()) return false;
  emit_records(module, abi::init_section, init_record_type(module.getContext()), records);
  return true;
}

}  // namespace weft::privatize
