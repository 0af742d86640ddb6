#include "runtime/topology.hpp"

#include <algorithm>

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

hwloc_obj_t topology::core_of_worker(int worker_index, int nth) const noexcept {
  hwloc_obj_type_t type = HWLOC_OBJ_CORE;
  int count = hwloc_get_nbobjs_inside_cpuset_by_type(topology_, allowed_, type);
  if (count <= 0) {
    type = HWLOC_OBJ_PU;
    count = hwloc_get_nbobjs_inside_cpuset_by_type(topology_, allowed_, type);
  }
  if (count <= 0) return nullptr;
  long first = static_cast<long>(worker_index) * cores_per_worker_;
  return hwloc_get_obj_inside_cpuset_by_type(topology_, allowed_, type, static_cast<unsigned>((first + nth) % count));
}

owned_cpuset topology::worker_cpuset(int worker_index) const {
  owned_cpuset target(hwloc_bitmap_alloc());
  for (int nth = 0; nth < std::min(cores_per_worker_, core_count()); ++nth)
    if (hwloc_obj_t core = core_of_worker(worker_index, nth)) hwloc_bitmap_or(target.get(), target.get(), core->cpuset);
  hwloc_bitmap_and(target.get(), target.get(), allowed_);
  return target;
}

std::vector<owned_cpuset> topology::worker_places(int worker_index, hwloc_obj_type_t kind, unsigned most) const {
  owned_cpuset cores = worker_cpuset(worker_index);
  std::vector<owned_cpuset> places;
  int count = hwloc_get_nbobjs_by_type(topology_, kind);
  for (int i = 0; i < count && (most == 0 || places.size() < most); ++i) {
    hwloc_obj_t object = hwloc_get_obj_by_type(topology_, kind, static_cast<unsigned>(i));
    if (object == nullptr || object->cpuset == nullptr || !hwloc_bitmap_intersects(object->cpuset, cores.get()))
      continue;
    owned_cpuset place(hwloc_bitmap_alloc());
    hwloc_bitmap_and(place.get(), object->cpuset, cores.get());
    places.push_back(std::move(place));
  }
  if (places.empty()) places.push_back(std::move(cores));
  return places;
}

void topology::bind_thread(hwloc_const_bitmap_t set) const noexcept {
  if (!hwloc_bitmap_iszero(set)) hwloc_set_cpubind(topology_, set, HWLOC_CPUBIND_THREAD);
}

std::string topology::worker_cores(int worker_index) const {
  int cores = std::min(cores_per_worker_, core_count());
  if (cores <= 1) return "";
  std::string text = "cores ";
  for (int nth = 0; nth < cores; ++nth) {
    hwloc_obj_t core = core_of_worker(worker_index, nth);
    text += (nth > 0 ? ",L#" : "L#") + std::to_string(core != nullptr ? static_cast<int>(core->logical_index) : -1);
  }
  return text;
}

namespace {

int logical_index(hwloc_obj_t object) { return object != nullptr ? static_cast<int>(object->logical_index) : -1; }

// The NUMA node nearest to `object`: hwloc attaches NUMA nodes as memory children of the deepest object
// whose cores they serve (possibly behind a memory-side cache).
hwloc_obj_t local_numa_node(hwloc_obj_t object) {
  for (; object != nullptr; object = object->parent) {
    for (hwloc_obj_t memory = object->memory_first_child; memory != nullptr; memory = memory->memory_first_child)
      if (memory->type == HWLOC_OBJ_NUMANODE) return memory;
  }
  return nullptr;
}

}  // namespace

std::string describe(const machine_place& place) {
  static constexpr const char* level_names[] = {"package", "NUMA node", "L3", "core"};
  std::string text;
  for (int level = std::ssize(place) - 1; level >= 0; --level) {
    if (place[level] < 0) continue;
    if (!text.empty()) text += ", ";
    text += std::string(level_names[level]) + " L#" + std::to_string(place[level]);
  }
  return text.empty() ? "an unknown place" : text;
}

machine_place topology::place_of_worker(int worker_index) const noexcept {
  hwloc_obj_t core = core_of_worker(worker_index);
  if (core == nullptr) return {-1, -1, -1, -1};
  return {logical_index(hwloc_get_ancestor_obj_by_type(topology_, HWLOC_OBJ_PACKAGE, core)),
          logical_index(local_numa_node(core)),
          logical_index(hwloc_get_ancestor_obj_by_type(topology_, HWLOC_OBJ_L3CACHE, core)), logical_index(core)};
}

}  // namespace weft::runtime
