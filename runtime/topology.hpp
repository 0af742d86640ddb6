#pragma once
// The machine as hwloc sees it, restricted to the cpuset this process may run on.

#include <hwloc.h>

namespace weft::runtime {

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

 private:
  hwloc_topology_t topology_ = nullptr;
  hwloc_bitmap_t allowed_ = nullptr;
};

}  // namespace weft::runtime
