#include "privatize/pass/privatize_pass.hpp"

#include "privatize/pass/access_rewriter.hpp"
#include "privatize/pass/asm_references.hpp"
#include "privatize/pass/global_selection.hpp"
#include "privatize/pass/image_layout.hpp"
#include "privatize/pass/initializers.hpp"
#include "privatize/pass/libc_redirects.hpp"
#include "privatize/pass/sections.hpp"

using namespace llvm;

namespace weft::privatize {

PreservedAnalyses privatize_pass::run(Module& module, ModuleAnalysisManager&) {
  // A module goes through the pass once, even when a pipeline would run it twice (LTO pre-link and link).
  static constexpr const char* done_marker = "weft.privatized";
  if (module.getNamedMetadata(done_marker) != nullptr) return PreservedAnalyses::all();
  module.getOrInsertNamedMetadata(done_marker);
  emit_privatized_marker(module);

  redirect_libc_calls(module);
  global_selection selection = select_globals(module);
  reject_asm_references(module, selection);
  bool has_initializers = move_initializers_to_ranks(module);
  place_in_image(module, selection);
  rewrite_accesses(module, selection);
  if (has_initializers || !selection.definitions.empty()) emit_module_registration(module);
  return PreservedAnalyses::none();
}

}  // namespace weft::privatize
