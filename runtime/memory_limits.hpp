#pragma once
// What this node's ranks will take, checked before any of them runs against what the kernel, the
// process's limits and the machine allow: a job too large for them fails at start with what to change,
// not later in the middle of a rank's start or with the kernel's out-of-memory killer.

#include <cstddef>
#include <string>

namespace weft::runtime {

struct memory_needs {
  int ranks;                  // this node's
  std::size_t stack_bytes;    // reserved per rank, guard page included; touched only as it grows
  std::size_t globals_bytes;  // each rank's own copy of the program's globals, written at its start
};

// What the process may still take; the largest size_t where nothing limits it.
struct memory_room {
  std::size_t mappings;     // memory mappings before vm.max_map_count
  std::size_t mappable;     // bytes before ulimit -v (address space) or ulimit -d (private data)
  std::size_t committable;  // bytes the kernel still lets processes commit under vm.overcommit_memory=2
  std::size_t available;    // memory the machine (MemAvailable and free swap) or the process's cgroup can give
  long max_map_count;       // for the message

  static memory_room of_this_process();
};

// Empty when `needs` fit `room`; else what does not fit and what to change.
std::string refusal(const memory_needs& needs, const memory_room& room);

}  // namespace weft::runtime
