#pragma once
// The contract between the privatizing pass (privatize/pass) and its run-time half (privatize/runtime):
// the names of the sections and symbols the pass emits and references, and the layout of its records.
// Both halves include this header, so each name exists once.

#include <cstdint>

namespace weft::privatize::abi {

// Every module the pass has seen holds a byte in this section, so a program can tell (through the linker's
// __start_ symbol, runtime/start/main_capture.c) whether its own objects were privatized at all.
inline constexpr const char* marker_section = "weft_privatized";
// Privatized globals of a module are moved into this section; the linker gathers them from every object
// of the module, so the section is the module's initial image, copied once per rank.
inline constexpr const char* data_section = "weft_priv";
// Privatized globals that start as zeros go to this one instead, a NOBITS section like .bss: the program
// file holds no bytes for them, and each rank's copy is zero pages the kernel hands out when first touched.
inline constexpr const char* zero_section = "weft_zero";
// Thread-locals go to sections of their own, like the two above: each rank has a copy of them for its own
// fiber, and each thread working for a rank (a thread it started, an OpenMP team thread) one more.
inline constexpr const char* thread_data_section = "weft_tpriv";
inline constexpr const char* thread_zero_section = "weft_tzero";
// Constructors and destructors that run once per rank instead of once per process.
inline constexpr const char* init_section = "weft_init";
// Words of the initial image that hold the address of a privatized object, relocated in each rank's copy.
inline constexpr const char* reloc_section = "weft_relocs";

// Thread-local pointer to the running rank's table of per-module deltas (rank copy minus original);
// outside any rank it points at a table of zeros, so code there reaches the originals.
inline constexpr const char* deltas_symbol = "__weft_priv_deltas";
// One per module (hidden): the module's index into that table, set when the module registers; its zero
// section has an index of its own, since its copy sits elsewhere in a rank's block.
inline constexpr const char* module_index_symbol = "__weft_priv_module";
inline constexpr const char* zero_index_symbol = "__weft_priv_module_zero";
inline constexpr const char* thread_data_index_symbol = "__weft_priv_module_tdata";
inline constexpr const char* thread_zero_index_symbol = "__weft_priv_module_tzero";
// Per-module function that registers the module's sections; runs as an ordinary process constructor.
inline constexpr const char* register_module_function = "__weft_priv_register_module";
// The registration's name carries the version of this contract: a program compiled by a Weft whose pass
// emitted other records calls a name that this libweft answers with a refusal (module_registry.cpp), not
// with a misreading of its records. A change to the records takes the next version and retires this name.
// void __weft_priv_register_v2(uint32_t* module_index, char* data_begin, char* data_end,
//                           uint32_t* zero_index, char* zero_begin, char* zero_end,
//                           uint32_t* thread_data_index, char* thread_data_begin, char* thread_data_end,
//                           uint32_t* thread_zero_index, char* thread_zero_begin, char* thread_zero_end,
//                           const init_record* inits_begin, const init_record* inits_end,
//                           const reloc_record* relocs_begin, const reloc_record* relocs_end)
inline constexpr const char* register_function = "__weft_priv_register_v2";
// void* __weft_priv_resolve(void* address): the running rank's copy of a global declared but not defined
// in the module (defined in another module, or in a library that was not privatized and stays shared).
inline constexpr const char* resolve_function = "__weft_priv_resolve";
// Anchors that give every module the six sections (and so their __start_/__stop_ symbols).
inline constexpr const char* anchor_prefix = "__weft_priv_anchor.";

// `__attribute__((annotate("weft.shared")))`, spelled WEFT_SHARED in mpi.h: the global stays shared.
inline constexpr const char* shared_annotation = "weft.shared";

// Entries of the delta table: four per module (the program and each of its shared libraries that hold
// privatized globals: their data, their zeros, and the same two of their thread-locals), and index 0, the
// "not registered" index whose delta is always zero. So 31 such modules.
inline constexpr std::uint32_t max_modules = 127;

enum class init_kind : std::uint32_t { anchor = 0, constructor = 1, destructor = 2 };

struct init_record {
  init_kind kind;
  std::uint32_t priority;  // as in __attribute__((constructor(N))) and init_priority; 65535 by default
  void (*function)();
};

struct reloc_record {
  void* slot;          // address, in the original image, of a word holding a pointer
  const void* target;  // the global that pointer is based on
};

}  // namespace weft::privatize::abi

// libc functions whose state a process-based program owns alone; calls to them from privatized code
// are redirected to __weft_<name>, which keeps that state per rank. The functions that register
// handlers to run at exit are here too: a rank's handlers run when the rank ends.
#define WEFT_PRIVATIZE_REDIRECTS(X) \
  X(strtok)                         \
  X(rand)                           \
  X(srand)                          \
  X(random)                         \
  X(srandom)                        \
  X(drand48)                        \
  X(lrand48)                        \
  X(mrand48)                        \
  X(srand48)                        \
  X(seed48)                         \
  X(erand48)                        \
  X(nrand48)                        \
  X(jrand48)                        \
  X(lcong48)                        \
  X(getopt)                         \
  X(__posix_getopt)                 \
  X(getopt_long)                    \
  X(getopt_long_only)               \
  X(atexit)                         \
  X(__cxa_atexit)                   \
  X(__cxa_thread_atexit)
