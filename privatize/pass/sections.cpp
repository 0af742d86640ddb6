#include "privatize/pass/sections.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>

#include "privatize/abi.hpp"

using namespace llvm;

namespace weft::privatize {
namespace {

// A global of which the linker keeps one copy per module: linkonce_odr, hidden, in its own comdat.
GlobalVariable& module_singleton(Module& module, StringRef name, Type* type, StringRef section) {
  if (GlobalVariable* existing = module.getNamedGlobal(name)) return *existing;
  auto* global = new GlobalVariable(module, type, false, GlobalValue::LinkOnceODRLinkage,
                                    Constant::getNullValue(type), name);
  global->setVisibility(GlobalValue::HiddenVisibility);
  global->setComdat(module.getOrInsertComdat(name));
  if (!section.empty()) global->setSection(section);
  return *global;
}

// __start_<section> or __stop_<section>, which the linker defines in each module that has the section.
Constant* section_bound(Module& module, StringRef bound, StringRef section) {
  auto* symbol = cast<GlobalVariable>(
      module.getOrInsertGlobal((bound + section).str(), Type::getInt8Ty(module.getContext())));
  symbol->setVisibility(GlobalValue::HiddenVisibility);
  return symbol;
}

}  // namespace

StructType* init_record_type(LLVMContext& context) {
  auto* i32 = Type::getInt32Ty(context);
  return StructType::get(context, {i32, i32, PointerType::getUnqual(context)});
}

StructType* reloc_record_type(LLVMContext& context) {
  auto* pointer = PointerType::getUnqual(context);
  return StructType::get(context, {pointer, pointer});
}

void emit_records(Module& module, StringRef section, StructType* type, const records_by_comdat& records) {
  std::vector<GlobalValue*> kept;
  for (const auto& [comdat, entries] : records) {
    auto* array_type = ArrayType::get(type, entries.size());
    auto* array = new GlobalVariable(module, array_type, false, GlobalValue::InternalLinkage,
                                     ConstantArray::get(array_type, entries), "__weft_priv_records");
    array->setSection(section);
    array->setAlignment(Align(8));
    array->setComdat(comdat);
    kept.push_back(array);
  }
  appendToCompilerUsed(module, kept);
}

image_part part_of(const GlobalVariable& global) {
  const Constant* initial = global.getInitializer();
  return initial->isNullValue() || isa<UndefValue>(initial) ? image_part::zero : image_part::data;
}

void place_in_part(GlobalVariable& global, image_part part) {
  if (part == image_part::data) {
    global.setSection(abi::data_section);
    return;
  }
  global.setSection("");
  global.addAttribute("bss-section", abi::zero_section);
  global.addAttribute("data-section", abi::zero_section);
}

GlobalVariable& module_index(Module& module, image_part part) {
  return module_singleton(module, part == image_part::data ? abi::module_index_symbol : abi::zero_index_symbol,
                          Type::getInt32Ty(module.getContext()), "");
}

void emit_module_registration(Module& module) {
  LLVMContext& context = module.getContext();
  const std::string anchor = abi::anchor_prefix;
  // Every module that registers has all four sections, even with no constructor or no relocation.
  GlobalVariable& data_anchor = module_singleton(module, anchor + "data", Type::getInt8Ty(context), abi::data_section);
  GlobalVariable& zero_anchor = module_singleton(module, anchor + "zero", Type::getInt8Ty(context), "");
  place_in_part(zero_anchor, image_part::zero);
  GlobalVariable& init_anchor = module_singleton(module, anchor + "init", init_record_type(context), abi::init_section);
  GlobalVariable& reloc_anchor =
      module_singleton(module, anchor + "relocs", reloc_record_type(context), abi::reloc_section);
  init_anchor.setAlignment(Align(8));
  reloc_anchor.setAlignment(Align(8));
  appendToCompilerUsed(module, {&data_anchor, &zero_anchor, &init_anchor, &reloc_anchor});

  if (module.getFunction(abi::register_module_function) != nullptr) return;
  auto* pointer = PointerType::getUnqual(context);
  auto* void_type = Type::getVoidTy(context);
  FunctionCallee register_sections = module.getOrInsertFunction(
      abi::register_function, FunctionType::get(void_type, SmallVector<Type*, 9>(9, pointer), false));
  auto* registration = Function::Create(FunctionType::get(void_type, false), GlobalValue::LinkOnceODRLinkage,
                                        abi::register_module_function, module);
  registration->setVisibility(GlobalValue::HiddenVisibility);
  registration->setComdat(module.getOrInsertComdat(abi::register_module_function));
  registration->addFnAttr(Attribute::NoUnwind);

  IRBuilder<> builder(BasicBlock::Create(context, "", registration));
  SmallVector<Value*, 9> arguments;
  auto add_bounds = [&](StringRef section) {
    arguments.push_back(section_bound(module, "__start_", section));
    arguments.push_back(section_bound(module, "__stop_", section));
  };
  arguments.push_back(&module_index(module, image_part::data));
  add_bounds(abi::data_section);
  arguments.push_back(&module_index(module, image_part::zero));
  add_bounds(abi::zero_section);
  add_bounds(abi::init_section);
  add_bounds(abi::reloc_section);
  builder.CreateCall(register_sections, arguments);
  builder.CreateRetVoid();
  // Before the program's own constructors (priority 101 is the first one programs may use), dropped
  // with the comdat when another object of the module already provides it.
  appendToGlobalCtors(module, registration, 101, registration);
}

}  // namespace weft::privatize
