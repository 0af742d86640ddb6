#pragma once
// What the pass emits so that the run-time half finds a module's privatized data: records in the
// module's init and relocation sections, and one registration constructor per module.

#include <llvm/ADT/MapVector.h>
#include <llvm/IR/Comdat.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Module.h>

namespace weft::privatize {

// Records grouped by the comdat they belong to (null: none). A record about an object in a comdat must
// be dropped with it when the linker keeps another translation unit's copy, so it joins that comdat.
using records_by_comdat = llvm::MapVector<llvm::Comdat*, std::vector<llvm::Constant*>>;

// Emits the records as arrays in `section`, one per comdat, kept by the compiler.
void emit_records(llvm::Module& module, llvm::StringRef section, llvm::StructType* type,
                  const records_by_comdat& records);

llvm::StructType* init_record_type(llvm::LLVMContext& context);
llvm::StructType* reloc_record_type(llvm::LLVMContext& context);

// The parts of a module's image: globals with initial values, and globals that start as zeros; the same two
// of its thread-locals, of which every thread working for a rank has its own copy.
enum class image_part { data, zero, thread_data, thread_zero };
inline constexpr int image_parts = 4;

// The part a selected global goes to, by whether it is thread-local and by its initial value; before
// place_in_part, which makes it an ordinary global.
image_part part_for(const llvm::GlobalVariable& global);

// The part a global placed by place_in_part is in.
image_part part_of(const llvm::GlobalVariable& global);

// Moves a privatized global to its part's section. A global that starts as zeros keeps no explicit
// section: explicit sections are never NOBITS, while clang's implicit ones (what `#pragma clang section`
// sets) keep the zeros out of the file. A translation unit built with -fno-zero-initialized-in-bss puts
// them in the same section as data; they are still zeros there.
void place_in_part(llvm::GlobalVariable& global, image_part part);

// The index into the running rank's delta table of a module's part (one hidden copy per linked module).
llvm::GlobalVariable& module_index(llvm::Module& module, image_part part);

// The per-module constructor that registers the module's six sections with the runtime.
void emit_module_registration(llvm::Module& module);

// The byte in abi::marker_section that says the module went through the pass, even when it has nothing to
// privatize.
void emit_privatized_marker(llvm::Module& module);

}  // namespace weft::privatize
