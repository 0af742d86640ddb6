#include "runtime/memory_limits.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string_view>

namespace weft::runtime {
namespace {

constexpr std::size_t unlimited = std::numeric_limits<std::size_t>::max();

// A large globals copy comes from mmap (glibc's threshold starts at 128 KiB), a mapping of its own.
constexpr std::size_t own_mapping_from = 128 * 1024;

std::size_t room_below(std::size_t limit, std::size_t used) { return limit > used ? limit - used : 0; }

// A "Name:   value kB" field of a /proc file, in bytes; `fallback` when absent.
std::size_t kib_field(const char* file, const std::string& name, std::size_t fallback) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(name + ":")) return std::stoull(line.substr(name.size() + 1)) * 1024;
  return fallback;
}

long number_in(const char* file, long fallback) {
  std::ifstream in(file);
  long value = fallback;
  in >> value;
  return in ? value : fallback;
}

std::size_t rlimit_room(int resource, std::size_t used) {
  rlimit limit{};
  if (::getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return unlimited;
  return room_below(limit.rlim_cur, used);
}

// A "name value" line of a cgroup's memory.stat, in bytes; 0 when absent.
std::size_t stat_field(const std::string& file, const std::string& name) {
  std::ifstream in(file);
  std::string key;
  for (std::size_t value = 0; in >> key >> value;)
    if (key == name) return value;
  return 0;
}

// How a memory cgroup's limit, usage and page cache are read, in cgroup v2 and in v1's memory hierarchy.
struct cgroup_memory_files {
  const char* membership;  // what starts the process's line in /proc/self/cgroup, its path following
  const char* root;
  const char* limit;  // "max" or bytes (v1: a huge number when unlimited)
  const char* usage;
  const char* cache;  // page cache, in memory.stat
};
constexpr cgroup_memory_files cgroup_v2{"0::", "/sys/fs/cgroup", "memory.max", "memory.current", "file"};
constexpr cgroup_memory_files cgroup_v1{"memory:", "/sys/fs/cgroup/memory", "memory.limit_in_bytes",
                                        "memory.usage_in_bytes", "cache"};

// What the process's memory cgroup lets it still take; unlimited when there is none or no limit. Its page
// cache counts as free: the kernel reclaims it before it refuses memory.
std::size_t cgroup_room(const cgroup_memory_files& files) {
  std::ifstream membership("/proc/self/cgroup");
  for (std::string line; std::getline(membership, line);) {
    // "<hierarchy id>:<controllers>:<path>", the v2 line being "0::<path>"
    std::size_t at = line.find(files.membership);
    if (at == std::string::npos || (at != 0 && line[at - 1] != ':' && line[at - 1] != ',')) continue;
    std::string dir = files.root + line.substr(at + std::string_view(files.membership).size());
    std::ifstream limit(dir + "/" + files.limit);
    std::string value;
    if (!(limit >> value) || value == "max") return unlimited;
    auto usage = static_cast<std::size_t>(number_in((dir + "/" + files.usage).c_str(), 0));
    return room_below(std::stoull(value), room_below(usage, stat_field(dir + "/memory.stat", files.cache)));
  }
  return unlimited;
}

std::size_t mappings_in_use() {
  std::ifstream maps("/proc/self/maps");
  std::size_t lines = 0;
  for (std::string line; std::getline(maps, line);) ++lines;
  return lines;
}

std::string size_text(std::size_t bytes) {
  char text[32];
  if (bytes >= (std::size_t{1} << 30))
    std::snprintf(text, sizeof text, "%.1f GiB", bytes / double(1 << 30));
  else if (bytes >= (std::size_t{1} << 20))
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / double(1 << 20));
  else
    std::snprintf(text, sizeof text, "%zu KiB", bytes >> 10);
  return text;
}

}  // namespace

memory_room memory_room::of_this_process() {
  memory_room room{};
  room.max_map_count = number_in("/proc/sys/vm/max_map_count", -1);
  room.mappings = room.max_map_count < 0 ? unlimited : room_below(room.max_map_count, mappings_in_use());
  room.mappable = std::min(rlimit_room(RLIMIT_AS, kib_field("/proc/self/status", "VmSize", 0)),
                           rlimit_room(RLIMIT_DATA, kib_field("/proc/self/status", "VmData", 0)));
  room.committable = number_in("/proc/sys/vm/overcommit_memory", 0) != 2
                         ? unlimited
                         : room_below(kib_field("/proc/meminfo", "CommitLimit", unlimited / 2),
                                      kib_field("/proc/meminfo", "Committed_AS", 0));
  std::size_t machine =
      kib_field("/proc/meminfo", "MemAvailable", unlimited / 2) + kib_field("/proc/meminfo", "SwapFree", 0);
  room.available = std::min({machine, cgroup_room(cgroup_v2), cgroup_room(cgroup_v1)});
  return room;
}

std::string refusal(const memory_needs& needs, const memory_room& room) {
  const auto ranks = static_cast<std::size_t>(needs.ranks);
  const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::ostringstream why;
  why << "this node's " << needs.ranks << " ranks ";
  std::size_t mappings = ranks * (2 + (needs.globals_bytes >= own_mapping_from ? 1 : 0));
  if (mappings > room.mappings) {
    why << "need " << mappings << " memory mappings (a stack and its guard page each"
        << (needs.globals_bytes >= own_mapping_from ? ", and a copy of the program's globals" : "")
        << ") but the kernel allows this process " << room.mappings
        << " more (vm.max_map_count = " << room.max_map_count << "): raise it (sysctl -w vm.max_map_count="
        << static_cast<std::size_t>(room.max_map_count) - room.mappings + mappings + 65536
        << ") or run fewer ranks per node";
    return why.str();
  }
  const std::size_t stacks = ranks * needs.stack_bytes, globals = ranks * needs.globals_bytes;
  auto reserved = [&] {
    std::string text = "would reserve " + size_text(stacks) + " of stacks (" + size_text(needs.stack_bytes) +
                       " each, WEFT_STACK_SIZE or mpirun --stack-size)";
    if (globals == 0) return text;
    return text + " and " + size_text(globals) + " for their copies of the program's globals (" +
           size_text(needs.globals_bytes) + " each)";
  };
  if (stacks + globals > room.mappable) {
    why << reserved() << ", more than the " << size_text(room.mappable)
        << " this process may still map (ulimit -v, ulimit -d): lower the stack size, raise the limit, or run "
           "fewer ranks per node";
    return why.str();
  }
  if (stacks + globals > room.committable) {
    why << reserved() << ", more than the " << size_text(room.committable)
        << " the kernel still lets processes commit (vm.overcommit_memory = 2 counts stacks whole): lower the "
           "stack size or run fewer ranks per node";
    return why.str();
  }
  // Only what every rank writes for sure: its globals and its stack's first page.
  const std::size_t touched = ranks * (needs.globals_bytes + page);
  if (touched > room.available) {
    why << "need at least " << size_text(touched) << " of memory (" << size_text(needs.globals_bytes)
        << " each for their copies of the program's globals, and their stacks' first pages) but "
        << size_text(room.available)
        << " is available (free memory and swap, or the process's cgroup limit): run fewer ranks per node, or "
           "allocate the large globals on the heap (each rank copies every global)";
    return why.str();
  }
  return {};
}

}  // namespace weft::runtime
