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
  auto* global =
      new GlobalVariable(module, type, false, GlobalValue::LinkOnceODRLinkage, Constant::getNullValue(type), name);
  global->setVisibility(GlobalValue::HiddenVisibility);
  global->setComdat(module.getOrInsertComdat(name));
  if (!section.empty()) global->setSection(section);
  return *global;
}

// __start_<section> or __stop_<section>, which the linker defines in each module that has the section.
Constant* section_bound(Module& module, StringRef bound, StringRef section) {
  auto* symbol =
      cast<GlobalVariable>(module.getOrInsertGlobal((bound + section).str(), Type::getInt8Ty(module.getContext())));
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

namespace {

struct part_names {
  const char* section;
  const char* index_symbol;
  const char* anchor;
  bool zeros;
};

constexpr part_names names[image_parts] = {
    {abi::data_section, abi::module_index_symbol, "data", false},
    {abi::zero_section, abi::zero_index_symbol, "zero", true},
    {abi::thread_data_section, abi::thread_data_index_symbol, "tdata", false},
    {abi::thread_zero_section, abi::thread_zero_index_symbol, "tzero", true},
};

const part_names& names_of(image_part part) { return names[static_cast<int>(part)]; }

}  // namespace

image_part part_for(const GlobalVariable& global) {
  const Constant* initial = global.getInitializer();
  bool zeros = initial->isNullValue() || isa<UndefValue>(initial);
  if (global.isThreadLocal()) return zeros ? image_part::thread_zero : image_part::thread_data;
  return zeros ? image_part::zero : image_part::data;
}

image_part part_of(const GlobalVariable& global) {
  StringRef section = global.hasSection() ? global.getSection() : global.getAttribute("bss-section").getValueAsString();
  for (int part = 0; part < image_parts; ++part)
    if (section == names[part].section) return static_cast<image_part>(part);
  report_fatal_error("weft: " + global.getName() + " was privatized but is in no part of the image");
}

void place_in_part(GlobalVariable& global, image_part part) {
  const part_names& where = names_of(part);
  if (!where.zeros) {
    global.setSection(where.section);
    return;
  }
  global.setSection("");
  global.addAttribute("bss-section", where.section);
  global.addAttribute("data-section", where.section);
}

GlobalVariable& module_index(Module& module, image_part part) {
  return module_singleton(module, names_of(part).index_symbol, Type::getInt32Ty(module.getContext()), "");
}

void emit_module_registration(Module& module) {
  LLVMContext& context = module.getContext();
  const std::string anchor = abi::anchor_prefix;
  // Every module that registers has all six sections, even with no constructor or no relocation.
  std::vector<GlobalValue*> anchors;
  for (int part = 0; part < image_parts; ++part) {
    GlobalVariable& part_anchor = module_singleton(module, anchor + names[part].anchor, Type::getInt8Ty(context), "");
    place_in_part(part_anchor, static_cast<image_part>(part));
    anchors.push_back(&part_anchor);
  }
  GlobalVariable& init_anchor = module_singleton(module, anchor + "init", init_record_type(context), abi::init_section);
  GlobalVariable& reloc_anchor =
      module_singleton(module, anchor + "relocs", reloc_record_type(context), abi::reloc_section);
  init_anchor.setAlignment(Align(8));
  reloc_anchor.setAlignment(Align(8));
  anchors.insert(anchors.end(), {&init_anchor, &reloc_anchor});
  appendToCompilerUsed(module, anchors);

  if (module.getFunction(abi::register_module_function) != nullptr) return;
  auto* pointer = PointerType::getUnqual(context);
  auto* void_type = Type::getVoidTy(context);
  FunctionCallee register_sections = module.getOrInsertFunction(
      abi::register_function,
      FunctionType::get(void_type, SmallVector<Type*, 16>(3 * image_parts + 4, pointer), false));
  auto* registration = Function::Create(FunctionType::get(void_type, false), GlobalValue::LinkOnceODRLinkage,
                                        abi::register_module_function, module);
  registration->setVisibility(GlobalValue::HiddenVisibility);
  registration->setComdat(module.getOrInsertComdat(abi::register_module_function));
  registration->addFnAttr(Attribute::NoUnwind);

  IRBuilder<> builder(BasicBlock::Create(context, "", registration));
  SmallVector<Value*, 16> arguments;
  auto add_bounds = [&](StringRef section) {
    arguments.push_back(section_bound(module, "__start_", section));
    arguments.push_back(section_bound(module, "__stop_", section));
  };
  for (int part = 0; part < image_parts; ++part) {
    arguments.push_back(&module_index(module, static_cast<image_part>(part)));
    add_bounds(names[part].section);
  }
  add_bounds(abi::init_section);
  add_bounds(abi::reloc_section);
  builder.CreateCall(register_sections, arguments);
  builder.CreateRetVoid();
  // Before the program's own constructors (priority 101 is the first one programs may use), dropped
  // with the comdat when another object of the module already provides it.
  appendToGlobalCtors(module, registration, 101, registration);
}

void emit_privatized_marker(Module& module) {
  GlobalVariable& marker =
      module_singleton(module, "__weft_priv_marker", Type::getInt8Ty(module.getContext()), abi::marker_section);
  appendToCompilerUsed(module, {&marker});
}

}  // namespace weft::privatize
