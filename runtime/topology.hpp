#pragma once
// The machine as hwloc sees it, restricted to the cpuset this process may run on.

#include <hwloc.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace weft::runtime {

// Where a core sits in the machine: the logical indexes of its package, NUMA node, L3 cache and the core
// itself, outermost first (-1 where the machine has no such level). Ranks whose places share a prefix share
// that much of the machine, and the memory of its NUMA node when they share the first two.
using machine_place = std::array<int, 4>;

// "core L#3, L3 L#1, NUMA node L#0, package L#0" (hwloc's logical indexes), without the levels the machine
// lacks.
std::string describe(const machine_place& place);

// An hwloc cpuset, owned.
struct cpuset_deleter {
  void operator()(hwloc_bitmap_t set) const noexcept { hwloc_bitmap_free(set); }
};
using owned_cpuset = std::unique_ptr<hwloc_bitmap_s, cpuset_deleter>;

class topology {
 public:
  topology();
  ~topology();
  topology(const topology&) = delete;
  topology& operator=(const topology&) = delete;

  // Cores (not hardware threads) of the process's cpuset; at least 1.
  int core_count() const noexcept;

  // Each worker gets `cores` consecutive cores, for itself and the threads its ranks start: worker i the
  // cores i*cores .. i*cores + cores - 1, modulo the core count. One unless said otherwise.
  void give_each_worker(int cores) noexcept { cores_per_worker_ = cores; }

  // Pins the calling thread to the cores of worker `worker_index`; threads it creates inherit them.
  // Pinning is an optimization: when the system refuses it the worker runs unpinned.
  void pin_thread(int worker_index) const noexcept { bind_thread(worker_cpuset(worker_index).get()); }

  // Binds the calling thread to the whole of the process's cpuset: for threads that work for every worker.
  void unpin_thread() const noexcept { bind_thread(allowed_); }

  // The hardware threads of worker `worker_index`'s cores.
  owned_cpuset worker_cpuset(int worker_index) const;

  // The places (OpenMP's) of objects of `kind` within worker `worker_index`'s cores: each such object's
  // part of them, in the machine's order, at most `most` (0: all). Never empty: without any, the worker's
  // cores are one place.
  std::vector<owned_cpuset> worker_places(int worker_index, hwloc_obj_type_t kind, unsigned most) const;

  // Binds the calling thread to `set`; nothing when the system refuses (an optimization, as pinning).
  void bind_thread(hwloc_const_bitmap_t set) const noexcept;

  // The place of the first core of worker `worker_index`.
  machine_place place_of_worker(int worker_index) const noexcept;

  // "cores L#2,L#3" where a worker has several cores; empty where it has one (its place says which).
  std::string worker_cores(int worker_index) const;

 private:
  // The `nth` core (or hardware thread, where hwloc sees no cores) of worker `worker_index`. Null only when
  // hwloc finds neither in the cpuset.
  hwloc_obj_t core_of_worker(int worker_index, int nth = 0) const noexcept;

  hwloc_topology_t topology_ = nullptr;
  hwloc_bitmap_t allowed_ = nullptr;
  int cores_per_worker_ = 1;
};

}  // namespace weft::runtime
