#include "runtime/topology.hpp"

#include "runtime/report.hpp"

namespace weft::runtime {
namespace {

// The cpuset the process was started with, read once: afterwards the main thread is pinned as worker 0,
// and a later reading (a second job in the same process, as benchmarks run) would see only that core.
hwloc_const_bitmap_t process_cpuset(hwloc_topology_t topology) {
  static const hwloc_bitmap_t cpuset = [topology] {
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    if (hwloc_get_cpubind(topology, set, HWLOC_CPUBIND_PROCESS) != 0 || hwloc_bitmap_iszero(set))
      hwloc_bitmap_copy(set, hwloc_topology_get_allowed_cpuset(topology));
    return set;
  }();
  return cpuset;
}

}  // namespace

topology::topology() {
  if (hwloc_topology_init(&topology_) != 0 || hwloc_topology_load(topology_) != 0)
    fatal(1, "hwloc could not read this machine's topology");
  allowed_ = hwloc_bitmap_dup(process_cpuset(topology_));
}

topology::~topology() {
  hwloc_bitmap_free(allowed_);
  hwloc_topology_destroy(topology_);
}

int topology::core_count() const noexcept {
  int cores = hwloc_get_nbobjs_inside_cpuset_by_type(topology_, allowed_, HWLOC_OBJ_CORE);
  if (cores <= 0) cores = hwloc_get_nbobjs_inside_cpuset_by_type(topology_, allowed_, HWLOC_OBJ_PU);
  return cores > 0 ? cores : 1;
}

void topology::pin_thread(int worker_index) const noexcept {
  hwloc_obj_type_t type = HWLOC_OBJ_CORE;
  int count = hwloc_get_nbobjs_inside_cpuset_by_type(topology_, allowed_, type);
  if (count <= 0) {
    type = HWLOC_OBJ_PU;
    count = hwloc_get_nbobjs_inside_cpuset_by_type(topology_, allowed_, type);
  }
  if (count <= 0) return;
  hwloc_obj_t core = hwloc_get_obj_inside_cpuset_by_type(topology_, allowed_, type, worker_index % count);
  if (core == nullptr) return;
  hwloc_bitmap_t target = hwloc_bitmap_alloc();
  hwloc_bitmap_and(target, core->cpuset, allowed_);
  hwloc_set_cpubind(topology_, target, HWLOC_CPUBIND_THREAD);
  hwloc_bitmap_free(target);
}

}  // namespace weft::runtime
