#include "privatize/pass/asm_references.hpp"

#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

#include "privatize/pass/diagnostics.hpp"

using namespace llvm;

namespace weft::privatize {
namespace {

bool is_symbol_char(char c) { return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$'; }

// Whether `name` occurs in `text` as a whole symbol, not as part of a longer one.
bool names_symbol(StringRef text, StringRef name) {
  for (size_t at = text.find(name); at != StringRef::npos; at = text.find(name, at + 1)) {
    bool starts = at == 0 || !is_symbol_char(text[at - 1]);
    size_t end = at + name.size();
    bool ends = end == text.size() || !is_symbol_char(text[end]);
    if (starts && ends) return true;
  }
  return false;
}

}  // namespace

void reject_asm_references(Module& module, global_selection& selection) {
  std::vector<std::string> assembly;
  if (!module.getModuleInlineAsm().empty()) assembly.push_back(module.getModuleInlineAsm());
  for (Function& function : module)
    for (Instruction& instruction : instructions(function))
      if (auto* call = dyn_cast<CallBase>(&instruction); call && call->isInlineAsm())
        assembly.push_back(cast<InlineAsm>(call->getCalledOperand())->getAsmString());
  if (assembly.empty()) return;

  std::vector<GlobalVariable*> rejected;
  for (GlobalVariable* global : selection.definitions)
    for (const std::string& text : assembly)
      if (names_symbol(text, global->getName())) {
        error_not_privatizable(*global,
                               "it is named in inline assembly, which would reach the copy shared by all "
                               "ranks; pass its address to the asm as an operand instead");
        rejected.push_back(global);
        break;
      }
  for (GlobalVariable* global : rejected) selection.definitions.remove(global);
}

}  // namespace weft::privatize
