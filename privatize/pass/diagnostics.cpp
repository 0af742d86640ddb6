#include "privatize/pass/diagnostics.hpp"

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

using namespace llvm;

namespace weft::privatize {
namespace {

class privatize_diagnostic : public DiagnosticInfo {
 public:
  privatize_diagnostic(DiagnosticSeverity severity, const Twine& message)
      : DiagnosticInfo(kind(), severity), message_(message.str()) {}
  void print(DiagnosticPrinter& printer) const override { printer << message_; }

 private:
  static int kind() {
    static const int value = getNextAvailablePluginDiagnosticKind();
    return value;
  }
  std::string message_;
};

// "'counter' (declared at solver.c:12)": the source name, demangled, and where it comes from.
std::string describe(const GlobalVariable& global) {
  SmallVector<DIGlobalVariableExpression*, 1> debug_info;
  global.getDebugInfo(debug_info);
  std::string name = demangle(global.getName());
  if (!debug_info.empty()) {
    DIGlobalVariable* variable = debug_info.front()->getVariable();
    if (!variable->getName().empty()) name = variable->getName().str();
    return "'" + name + "' (declared at " + variable->getFilename().str() + ":" + std::to_string(variable->getLine()) +
           ")";
  }
  return "'" + name + "' (in " + global.getParent()->getSourceFileName() + ")";
}

void report(const GlobalVariable& global, DiagnosticSeverity severity, const Twine& message) {
  global.getContext().diagnose(privatize_diagnostic(severity, "weft: " + describe(global) + " " + message));
}

}  // namespace

void warn_not_privatized(const GlobalVariable& global, const Twine& reason) {
  report(global, DS_Warning, "stays shared by the ranks of a node: " + reason);
}

void error_not_privatizable(const GlobalVariable& global, const Twine& reason) {
  report(global, DS_Error,
         "cannot get a copy per rank: " + reason +
             "; mark it WEFT_SHARED (from mpi.h) to share it between the ranks of a node on purpose");
}

}  // namespace weft::privatize
