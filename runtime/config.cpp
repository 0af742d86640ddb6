#include "runtime/config.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string>
#include <variant>

#include "runtime/node_map.hpp"
#include "runtime/report.hpp"

namespace weft::runtime {
namespace {

constexpr setting setting_table[] = {
    {"WEFT_NRANKS", "1",
     "Number of ranks in the job. Set by mpirun from -n; a program started without mpirun is one rank."},
    {"WEFT_NODE_RANKS", "",
     "Set by mpirun for a job across node processes: how many ranks each holds, in node order (\"4,4,3\"); "
     "they add up to WEFT_NRANKS. Each process learns its node index from PMIx. Unset, the process holds every "
     "rank."},
    {"WEFT_APPNUM", "0",
     "Set by mpirun for each part of an MPMD job (mpirun -n 2 ./a : -n 3 ./b, or -configfile): the part's "
     "number, from 0, which MPI_COMM_WORLD's MPI_APPNUM attribute gives the ranks."},
    {"WEFT_SHARED_GLOBALS", "0",
     "1 runs a program built without Weft's privatization of globals (not with mpicc/mpicxx and clang 19) with "
     "several ranks in a process, all sharing its globals and statics; without it such a program is refused. "
     "For programs that keep no state in globals; mpicc -no-privatize says the same at build time."},
    {"WEFT_WORKERS", "0",
     "Worker threads of the process; 0 means one per core of the process's cpuset (one per "
     "WEFT_THREADS_PER_RANK cores). Never more than the number of ranks. mpirun --workers sets it."},
    {"WEFT_THREADS_PER_RANK", "0",
     "Threads each rank runs (OpenMP teams, its own threads); 0 means the first value of OMP_NUM_THREADS when "
     "that is set, else the cores left over when each rank has one (2 for one rank on 2 cores). Each worker and "
     "the threads of its ranks get this many cores, and by default the process has one worker per that many "
     "cores. mpirun --threads-per-rank sets it."},
    {"WEFT_STACK_SIZE", "8M",
     "Virtual size of each rank's stack (suffix K, M or G), plus one guard page. Memory is committed only "
     "as the stack grows. mpirun --stack-size sets it."},
    {"WEFT_TAG_OUTPUT", "0",
     "1 prefixes every line a rank writes to stdout or stderr with [rank]. mpirun "
     "--tag-output sets it."},
    {"WEFT_OUTPUT_FILE", "",
     "A file for each rank's stdout: a path in which %r is the rank, %R the rank filled with zeros to the width of "
     "the last one, %h the host's name and %% a '%'; its folders are created. mpirun -outfile-pattern sets it, "
     "--output-filename DIR as DIR/1/rank.%R/stdout (Open MPI's layout). Unset, ranks write to the process's "
     "stdout."},
    {"WEFT_ERROR_FILE", "",
     "The same for each rank's stderr (-errfile-pattern, --output-filename DIR as DIR/1/rank.%R/stderr); the "
     "same pattern as WEFT_OUTPUT_FILE puts both streams in one file."},
    {"WEFT_OUTPUT_COPY", "0",
     "1 also writes what ranks write into their WEFT_OUTPUT_FILE and WEFT_ERROR_FILE to the process's stdout and "
     "stderr, as Open MPI's --output-filename does (mpirun sets it unless :nocopy is given)."},
    {"WEFT_REPORT_BINDINGS", "0",
     "1 prints to stderr, before the program starts, which ranks run on which worker and where in the "
     "machine that worker is pinned. mpirun --report-bindings sets it."},
    {"WEFT_PROTO_INFO", "0",
     "1 prints to stderr, the first time each is taken in the node process, the protocol chosen for a "
     "point-to-point message (ring, inline, direct, rendezvous, cooperative copy, ownership, fabric eager or "
     "read), the algorithm chosen for a collective and where a one-sided operation was done, each with the "
     "reason (size, layout, the setting whose threshold decided), and the rank that took it. See "
     "docs/user-guide.md."},
    {"WEFT_LOG", "",
     "What the layers tell of their work on stderr, by subsystem and level: a level for every subsystem "
     "(WEFT_LOG=info), or subsystem:level items separated by commas (WEFT_LOG=fabric:debug,io:info; later items "
     "win). Subsystems: runtime, shm, coll, rma, io, fabric; levels: off, error, warn, info, debug. Empty: warn "
     "for all. See docs/user-guide.md."},
    {"WEFT_INLINE_MAX", "256",
     "Largest message (bytes) that travels inside its descriptor, so that the send completes at once. "
     "Larger messages are copied once from the sender's buffer into the receiver's."},
    {"WEFT_UNEXPECTED_BUDGET", "4M",
     "Bytes of inline messages (data and descriptor) a rank may hold unreceived. Past it, small sends take "
     "the rendezvous path and wait for their receive, so memory stays bounded, also under floods of empty "
     "messages."},
    {"WEFT_RING_PEERS", "32",
     "How many ranks may each keep a message ring to a rank: 4 KiB of 32-byte units that a sender fills "
     "with messages of up to WEFT_INLINE_MAX bytes (at most 880) and the receiver reads, without a lock or an "
     "allocation on either side. A sender gets one for a receiver of another worker after 16 small messages "
     "to it; the receiver's other senders use its matching engine's queues. 0 turns the rings off (at most "
     "64)."},
    {"WEFT_COPY_BLOCK", "64K",
     "Block size of large copies. A message of at least two blocks is copied block by block by both the "
     "rank that matched it and its peer, when the peer waits inside MPI, so that two cores copy at once; so "
     "is a broadcast of at least two blocks between two ranks, by the root and the other rank."},
    {"WEFT_OWNERSHIP_POOL", "32M",
     "Bytes of free MPIX_Alloc buffers (headers included) a rank keeps for reuse. A buffer freed past it "
     "sends the least recently used buffers of the largest sizes back to the process's common free lists, "
     "which keep the pages of as many bytes of buffers of 64 KiB and more, and of more for a second after "
     "they were freed, before giving them back to the system. See docs/ownership.md."},
    {"WEFT_REDUCE_TILED_SLICE_MIN", "8K",
     "MPI_Reduce reduces a vector tiled, every rank combining its own slice of all ranks' inputs into the "
     "root's buffer, when each rank's slice (the vector's bytes / ranks) is at least this large (on 2 ranks, "
     "twice this); smaller ones go through shared cells (up to 32 KiB over the ranks, 256 B to 4 KiB, on up "
     "to 64 ranks) or up the communicator's tree. See docs/collectives.md."},
    {"WEFT_ALLREDUCE_TILED_SLICE_MIN", "2K",
     "MPI_Allreduce reduces a vector tiled, every rank combining its own slice of all ranks' inputs and "
     "writing it into every receive buffer, when each rank's slice (the vector's bytes / ranks) is at least "
     "this large; smaller ones go through shared cells (up to 32 KiB over the ranks, 256 B to 4 KiB, on up to "
     "64 ranks) or a reduce up the communicator's tree and a broadcast. See docs/collectives.md."},
    {"WEFT_BCAST_TWO_STAGE_MIN", "16K",
     "MPI_Bcast of at least this many bytes, on a communicator whose ranks span several NUMA nodes, runs in "
     "two stages: one rank per NUMA node copies from the root, the others of its node from it. Smaller ones "
     "copy from the root directly. See docs/collectives.md."},
    {"WEFT_REDUCE_SCATTER_DIRECT_MIN", "512",
     "MPI_Reduce_scatter and MPI_Reduce_scatter_block reduce each rank's block straight from every rank's "
     "input when the blocks are at least this large on average (the vector's bytes / ranks); smaller ones "
     "reduce the whole vector up the communicator's tree, then each rank copies its block out of the result. See "
     "docs/collectives.md."},
    {"WEFT_ALLREDUCE_HALVING_MIN", "2M",
     "MPI_Allreduce across nodes of at least this many bytes combines among the nodes' leaders by recursive "
     "halving, then doubling (Rabenseifner: each leader sends about twice the vector in all); smaller ones by "
     "recursive doubling (the whole vector in each of log2(nodes) rounds). See docs/collectives.md."},
    {"WEFT_ALLREDUCE_RING_MIN", "8M",
     "MPI_Allreduce across nodes of at least this many bytes, with a commutative operation and a number of "
     "nodes that is not a power of two, combines among the nodes' leaders around a ring (a reduce-scatter, "
     "then an allgather, each in nodes - 1 steps of one block; each leader sends about twice the vector in "
     "all), where halving and doubling would first fold pairs of leaders over the whole vector. See "
     "docs/collectives.md."},
    {"WEFT_FABRIC_EAGER_MAX", "",
     "Largest message (bytes) to a rank of another node that travels with its envelope, so that the send "
     "completes at once. Larger ones, and synchronous sends, wait at the sender until the receiver has "
     "matched them and read their data with an RMA read. Empty: 64K, as Open MPI's TCP transport, or 16K "
     "where the provider runs under ofi_rxm (tcp;ofi_rxm, verbs;ofi_rxm), whose receive buffers grow with "
     "it. It also bounds the messages of one-sided operations on ranks of other nodes (at least 4K): an "
     "accumulate that fits one is atomic as a whole. See docs/rma.md."},
    {"WEFT_HALO_COPY", "0",
     "1 makes every MPIX_Halo remote cell a copy, filled by point-to-point messages, as between ranks of "
     "different nodes; 0 lets ranks of one node read each other's cells in place. See docs/halo.md."},
    {"WEFT_POLL_COUNT", "2000",
     "How many times a waiting rank polls before it parks, when no other rank of its worker can run."},
    {"WEFT_IDLE_SPIN_US", "50",
     "Microseconds an idle worker spins before it sleeps until work arrives for one of its ranks."},
    {"WEFT_YIELD_WHEN_IDLE", "0",
     "1 makes a rank that must wait park at once instead of polling first (WEFT_POLL_COUNT), and an idle "
     "worker give its core to the other threads of the core between its looks for work (sched_yield) instead "
     "of spinning on it: where workers share cores, a spinning one would keep the one it waits for off the "
     "core until the system's next scheduler tick. On by itself when the process has more workers than "
     "cores; mpirun sets it when it starts more node processes on this machine than it has CPUs."},
    {"WEFT_DEADLOCK_SECONDS", "3",
     "Seconds every rank of a job must stay blocked in MPI, none of them woken in between (and, across "
     "nodes, no message on its way between them), before Weft reports a deadlock: where each rank waits "
     "and the cycle of waits, then ends the job with status 125. Also how long a rank's thread may wait in "
     "MPI, nothing happening for the rank, while the rank holds a shared worker inside an OpenMP parallel "
     "region (then the job ends with status 125 too). 0 turns both checks off. See docs/user-guide.md."},
};

std::string_view env_or_default(const setting& entry) {
  std::string name(entry.name);
  const char* value = std::getenv(name.c_str());
  return value != nullptr && *value != '\0' ? std::string_view(value) : entry.default_value;
}

const setting& find(std::string_view name) {
  for (const setting& entry : setting_table)
    if (entry.name == name) return entry;
  fatal(1, "internal error: unknown setting %.*s", static_cast<int>(name.size()), name.data());
}

long read_integer(std::string_view name, long minimum, long maximum) {
  std::string_view text = env_or_default(find(name));
  long value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < minimum || value > maximum)
    fatal(1, "%.*s='%.*s' is not valid: expected an integer from %ld to %ld", static_cast<int>(name.size()),
          name.data(), static_cast<int>(text.size()), text.data(), minimum, maximum);
  return value;
}

std::size_t read_size(std::string_view name, bool zero_allowed) {
  std::string_view text = env_or_default(find(name));
  std::size_t value = parse_size(text);
  if (value == 0 && !(zero_allowed && text == "0"))
    fatal(1, "%.*s='%.*s' is not valid: expected a size such as 4096, 64K, 8M or 1G", static_cast<int>(name.size()),
          name.data(), static_cast<int>(text.size()), text.data());
  return value;
}

// WEFT_NODE_RANKS, checked against the job's size.
std::vector<int> read_ranks_per_node(int nranks) {
  std::string_view text = env_or_default(find("WEFT_NODE_RANKS"));
  if (text.empty()) return {};
  std::vector<int> counts = node_map::parse(text);
  if (counts.empty())
    fatal(1, "WEFT_NODE_RANKS='%.*s' is not valid: expected positive rank counts separated by commas, such as 4,4,3",
          static_cast<int>(text.size()), text.data());
  long total = 0;
  for (int count : counts) total += count;
  if (total != nranks)
    fatal(1, "WEFT_NODE_RANKS='%.*s' holds %ld ranks but WEFT_NRANKS is %d", static_cast<int>(text.size()), text.data(),
          total, nranks);
  return counts;
}

log_levels read_log_levels() {
  std::string_view spec = env_or_default(find("WEFT_LOG"));
  auto parsed = parse_log_levels(spec);
  if (const std::string* why = std::get_if<std::string>(&parsed))
    fatal(1, "WEFT_LOG='%.*s' is not valid: %s (for example WEFT_LOG=info or WEFT_LOG=fabric:debug,io:info)",
          static_cast<int>(spec.size()), spec.data(), why->c_str());
  return std::get<log_levels>(parsed);
}

config read_config() {
  config result{};
  result.nranks = static_cast<int>(read_integer("WEFT_NRANKS", 1, 1 << 24));
  result.ranks_per_node = read_ranks_per_node(result.nranks);
  result.appnum = static_cast<int>(read_integer("WEFT_APPNUM", 0, 1 << 24));
  result.shared_globals = read_integer("WEFT_SHARED_GLOBALS", 0, 1) == 1;
  result.workers = static_cast<int>(read_integer("WEFT_WORKERS", 0, 4096));
  result.threads_per_rank = static_cast<int>(read_integer("WEFT_THREADS_PER_RANK", 0, 4096));
  result.stack_size = read_size("WEFT_STACK_SIZE", false);
  result.tag_output = read_integer("WEFT_TAG_OUTPUT", 0, 1) == 1;
  result.report_bindings = read_integer("WEFT_REPORT_BINDINGS", 0, 1) == 1;
  result.proto_info = read_integer("WEFT_PROTO_INFO", 0, 1) == 1;
  result.logging = read_log_levels();
  for (auto [name, file] :
       {std::pair{"WEFT_OUTPUT_FILE", &result.output_file}, {"WEFT_ERROR_FILE", &result.error_file}})
    if (std::string_view pattern = env_or_default(find(name)); !pattern.empty()) *file = std::string(pattern);
  result.output_copy = read_integer("WEFT_OUTPUT_COPY", 0, 1) == 1;
  result.inline_max = read_size("WEFT_INLINE_MAX", true);
  result.unexpected_budget = read_size("WEFT_UNEXPECTED_BUDGET", true);
  result.ring_peers = static_cast<int>(read_integer("WEFT_RING_PEERS", 0, 64));
  result.copy_block = read_size("WEFT_COPY_BLOCK", false);
  result.ownership_pool = read_size("WEFT_OWNERSHIP_POOL", true);
  result.reduce_tiled_slice_min = read_size("WEFT_REDUCE_TILED_SLICE_MIN", false);
  result.allreduce_tiled_slice_min = read_size("WEFT_ALLREDUCE_TILED_SLICE_MIN", false);
  result.bcast_two_stage_min = read_size("WEFT_BCAST_TWO_STAGE_MIN", true);
  result.reduce_scatter_direct_min = read_size("WEFT_REDUCE_SCATTER_DIRECT_MIN", false);
  result.allreduce_halving_min = read_size("WEFT_ALLREDUCE_HALVING_MIN", false);
  result.allreduce_ring_min = read_size("WEFT_ALLREDUCE_RING_MIN", false);
  if (!env_or_default(find("WEFT_FABRIC_EAGER_MAX")).empty())
    result.fabric_eager_max = read_size("WEFT_FABRIC_EAGER_MAX", true);
  result.halo_copy = read_integer("WEFT_HALO_COPY", 0, 1) == 1;
  result.poll_count = static_cast<unsigned>(read_integer("WEFT_POLL_COUNT", 0, 1 << 30));
  result.idle_spin_us = static_cast<unsigned>(read_integer("WEFT_IDLE_SPIN_US", 0, 1 << 30));
  result.yield_when_idle = read_integer("WEFT_YIELD_WHEN_IDLE", 0, 1) == 1;
  result.deadlock_seconds = static_cast<unsigned>(read_integer("WEFT_DEADLOCK_SECONDS", 0, 1 << 20));
  return result;
}

}  // namespace

std::span<const setting> settings() { return setting_table; }

std::vector<std::string> unknown_settings(const char* const* environment) {
  constexpr std::string_view prefix = "WEFT_";
  // Read by the compiler wrappers (mpicc, mpicxx), by mpirun and by the project's scripts (scripts/dev.sh,
  // fuzz.sh).
  constexpr std::string_view tools[] = {"WEFT_CC", "WEFT_CXX", "WEFT_PREFIX", "WEFT_BUILD_DIR", "WEFT_FUZZ_BUILD_DIR"};
  std::vector<std::string> unknown;
  for (; *environment != nullptr; ++environment) {
    std::string_view entry(*environment);
    std::string_view name = entry.substr(0, entry.find('='));
    if (!name.starts_with(prefix) || std::ranges::find(tools, name) != std::end(tools)) continue;
    if (std::ranges::none_of(setting_table, [&](const setting& known) { return known.name == name; }))
      unknown.emplace_back(name);
  }
  return unknown;
}

const config& job_config() {
  static const config instance = read_config();
  return instance;
}

std::size_t parse_size(std::string_view text) {
  std::size_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end == text.data()) return 0;
  std::string_view suffix(end, text.data() + text.size() - end);
  unsigned shift = 0;
  if (suffix == "k" || suffix == "K")
    shift = 10;
  else if (suffix == "m" || suffix == "M")
    shift = 20;
  else if (suffix == "g" || suffix == "G")
    shift = 30;
  else if (!suffix.empty())
    return 0;
  if (shift != 0 && value > (~std::size_t{0} >> shift)) return 0;
  return value << shift;
}

}  // namespace weft::runtime
