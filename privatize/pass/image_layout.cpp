#include "privatize/pass/image_layout.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include "privatize/abi.hpp"
#include "privatize/pass/sections.hpp"

using namespace llvm;

namespace weft::privatize {
namespace {

struct pointer_word {
  uint64_t offset;
  const GlobalValue* target;
};

// Finds, in a global's initial value, every word that holds an address based on a selected global.
void find_pointer_words(const DataLayout& layout, const Constant* value, uint64_t offset,
                        const global_selection& selection, std::vector<pointer_word>& words) {
  if (auto* fields = dyn_cast<ConstantStruct>(value)) {
    const StructLayout* struct_layout = layout.getStructLayout(fields->getType());
    for (unsigned i = 0; i < fields->getNumOperands(); ++i)
      find_pointer_words(layout, fields->getOperand(i), offset + struct_layout->getElementOffset(i), selection, words);
    return;
  }
  if (isa<ConstantArray>(value) || isa<ConstantVector>(value)) {
    Type* element = value->getType()->isArrayTy() ? value->getType()->getArrayElementType()
                                                  : cast<VectorType>(value->getType())->getElementType();
    uint64_t stride = layout.getTypeAllocSize(element);
    for (unsigned i = 0; i < value->getNumOperands(); ++i)
      find_pointer_words(layout, cast<Constant>(value->getOperand(i)), offset + i * stride, selection, words);
    return;
  }
  if (isa<ConstantData>(value)) return;  // numbers, strings, zeros: no address in them
  if (const GlobalValue* base = base_global(value); base && selection.contains(base)) words.push_back({offset, base});
}

}  // namespace

bool place_in_image(Module& module, const global_selection& selection) {
  const DataLayout& layout = module.getDataLayout();
  LLVMContext& context = module.getContext();
  StructType* record_type = reloc_record_type(context);
  records_by_comdat records;
  std::vector<GlobalValue*> kept;

  for (GlobalVariable* global : selection.definitions) {
    // A per-rank object is written in each rank's copy, so even a constant one joins the writable image.
    global->setConstant(false);
    image_part part = part_for(*global);
    global->setThreadLocalMode(GlobalValue::NotThreadLocal);
    // A common symbol cannot live in a named section; weak keeps the "one definition wins" merging.
    if (global->hasCommonLinkage()) global->setLinkage(GlobalValue::WeakAnyLinkage);
    place_in_part(*global, part);
    // Its only uses are now at offsets the optimizer cannot see through; keep it from being folded away.
    kept.push_back(global);

    if (!global->hasInitializer()) continue;
    std::vector<pointer_word> words;
    find_pointer_words(layout, global->getInitializer(), 0, selection, words);
    for (const pointer_word& word : words) {
      Constant* slot = ConstantExpr::getGetElementPtr(Type::getInt8Ty(context), global,
                                                      ConstantInt::get(Type::getInt64Ty(context), word.offset));
      records[global->getComdat()].push_back(
          ConstantStruct::get(record_type, {slot, const_cast<GlobalValue*>(word.target)}));
    }
  }
  // A thread-local declared here is defined, per rank, by another translation unit of the program.
  for (GlobalVariable* global : selection.externals) global->setThreadLocalMode(GlobalValue::NotThreadLocal);
  appendToCompilerUsed(module, kept);
  if (records.empty()) return false;
  emit_records(module, abi::reloc_section, record_type, records);
  return true;
}

}  // namespace weft::privatize
