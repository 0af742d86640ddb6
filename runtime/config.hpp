#pragma once
// Configuration of a job from WEFT_* environment variables.
//
// Every setting is one row of a single table (name, default, meaning), so the default lives in exactly
// one place: the reader, `weft-info --config` and docs/configuration.md all come from that table.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/log.hpp"

namespace weft::runtime {

struct setting {
  std::string_view name;
  std::string_view default_value;
  std::string_view doc;
};

// All settings, in the order they are documented.
std::span<const setting> settings();

struct config {
  int nranks;                              // ranks of the job
  std::vector<int> ranks_per_node;         // in node order when the job spans node processes; empty on one node
  int appnum;                              // the part of an MPMD job this process runs (MPI_APPNUM)
  bool shared_globals;                     // a program built without privatization may run several ranks
  int workers;                             // 0 = one per threads_per_rank cores of the process's cpuset
  int threads_per_rank;                    // 0 = OMP_NUM_THREADS's first value, else 1
  std::size_t stack_size;                  // virtual bytes per rank stack, guard page excluded
  bool tag_output;                         // prefix every output line with the writing rank
  bool report_bindings;                    // print where each worker and its ranks run
  bool proto_info;                         // print each protocol and algorithm chosen, once (path_report.hpp)
  log_levels logging;                      // WEFT_LOG's level per subsystem (log.hpp)
  std::optional<std::string> output_file;  // pattern of each rank's stdout file (rank_output.hpp)
  std::optional<std::string> error_file;   // ... and stderr file
  bool output_copy;                        // ranks' files also go to the process's streams
  std::size_t inline_max;                  // messages up to this size travel inside the descriptor
  std::size_t unexpected_budget;           // unexpected inline bytes a rank may hold before senders wait
  int ring_peers;                          // senders that may each keep a message ring to one receiver
  std::size_t copy_block;                  // block of a copy shared by sender and receiver
  std::size_t ownership_pool;              // free MPIX_Alloc bytes a rank keeps for reuse
  std::size_t reduce_tiled_slice_min;      // reduces are tiled when each rank's slice is at least this large
  std::size_t allreduce_tiled_slice_min;   // ... and allreduces
  std::size_t bcast_two_stage_min;         // broadcasts across NUMA nodes of at least this many bytes take two stages
  std::size_t reduce_scatter_direct_min;   // reduce-scatter reads every input in place from this average block on
  std::size_t allreduce_halving_min;       // leaders combine an allreduce by halving from this many bytes on
  std::size_t allreduce_ring_min;          // ... around a ring from this many on, if commutative and not 2^k
  std::optional<std::size_t> fabric_eager_max;  // messages to other nodes up to this size travel with their
                                                // envelope; unset: the fabric layer's default for its provider
  bool halo_copy;                               // MPIX_Halo copies every remote cell, as across nodes
  unsigned poll_count;                          // polls of a waiting rank before it parks
  unsigned idle_spin_us;                        // how long an idle worker spins before it sleeps
  bool yield_when_idle;       // cores are shared: waiting ranks park at once, idle workers yield the core
  unsigned deadlock_seconds;  // how long all ranks stay blocked before a deadlock is reported; 0: never
};

// The job's configuration, read from the environment on first use. An invalid value ends the process
// with a message naming the variable and what it accepts.
const config& job_config();

// The names of the WEFT_* variables of `environment` (NAME=value entries, null-terminated) that are no
// setting, in order; the variables of the compiler wrappers (WEFT_CC, WEFT_CXX) and of the project's scripts
// (WEFT_BUILD_DIR, WEFT_FUZZ_BUILD_DIR) are not counted. A misspelt or renamed setting would otherwise be
// ignored without a word.
std::vector<std::string> unknown_settings(const char* const* environment);

// Parses "8M", "64k", "1G", "4096" (binary multiples). Returns 0 for malformed or zero input.
std::size_t parse_size(std::string_view text);

}  // namespace weft::runtime
