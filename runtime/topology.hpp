#pragma once
// The machine as hwloc sees it, restricted to the cpuset this process may run on.

#include <hwloc.h>

#include <array>
#include <string>

namespace weft::runtime {

// Where a core sits in the machine: the logical indexes of its package, NUMA node, L3 cache and the core
// itself, outermost first (-1 where the machine has no such level). Ranks whose places share a prefix share
// that much of the machine, and the memory of its NUMA node when they share the first two.
using machine_place = std::array<int, 4>;

// "core L#3, L3 L#1, NUMA node L#0, package L#0" (hwloc's logical indexes), without the levels the machine
// lacks.
std::string describe(const machine_place& place);

class topology {
 public:
  topology();
  ~topology();
  topology(const topology&) = delete;
  topology& operator=(const topology&) = delete;

  // Cores (not hardware threads) of the process's cpuset; at least 1.
  int core_count() const noexcept;

  // Pins the calling thread to one core of the cpuset, worker i on core i modulo the core count.
  // Pinning is an optimization: when the system refuses it the worker runs unpinned.
  void pin_thread(int worker_index) const noexcept;

  // The place of the core that worker `worker_index` is pinned to.
  machine_place place_of_worker(int worker_index) const noexcept;

 private:
  // The core (or hardware thread, where hwloc sees no cores) of worker `worker_index`: worker i on core i
  // modulo the count. Null only when hwloc finds neither in the cpuset.
  hwloc_obj_t core_of_worker(int worker_index) const noexcept;

  hwloc_topology_t topology_ = nullptr;
  hwloc_bitmap_t allowed_ = nullptr;
};

}  // namespace weft::runtime
