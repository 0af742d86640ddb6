#pragma once
// Each rank's OpenMP settings: the ICVs a program sets with omp_set_num_threads, omp_set_dynamic,
// omp_set_nested, omp_set_max_active_levels, omp_set_schedule and omp_set_default_device. libomp keeps them
// in the implicit task of the root thread, and a worker's thread is the root of all its ranks, so what one
// rank set would hold for the next. libweft interposes the setters (openmp_settings.cpp), records what a
// rank's fiber sets outside parallel regions, and the worker puts the rank's settings in place, or the
// defaults, whenever it switches to a rank whose settings are not the ones libomp holds.

#include <optional>

namespace weft::runtime {

struct openmp_settings {
  int num_threads;
  int dynamic;
  int max_active_levels;
  int schedule_kind;  // omp_sched_t
  int schedule_chunk;
  int default_device;
};

namespace detail {
// Whose settings libomp holds on this worker's thread: a rank's record, or null for the defaults.
[[gnu::tls_model("initial-exec")]] inline thread_local const openmp_settings* applied_openmp_settings = nullptr;
}  // namespace detail

// Before any rank runs, the environment libomp reads when it starts, where the user set nothing else:
// KMP_AFFINITY=disabled, since libomp binds every thread that first enters it, each worker among them, to
// the cores of the thread that started it, so all workers would end on the first one's cores; without it a
// rank's team threads keep the cores of their creator, the rank's worker (topology.hpp), unless Weft binds
// them itself (OMP_PROC_BIND and OMP_PLACES, openmp_places.hpp). And OMP_NUM_THREADS=<threads per rank>, the default
// team, which libomp would otherwise make as large as the machine once it no longer looks at masks.
void set_openmp_defaults(int threads_per_rank);

// Puts `wanted` (null: the defaults this worker's ranks started with) in place.
void apply_openmp_settings(const openmp_settings* wanted);

// Before a worker resumes a rank: one comparison unless some rank of the worker set something.
inline void switch_openmp_settings(const std::optional<openmp_settings>& rank_settings) {
  const openmp_settings* wanted = rank_settings ? &*rank_settings : nullptr;
  if (wanted != detail::applied_openmp_settings) [[unlikely]]
    apply_openmp_settings(wanted);
}

}  // namespace weft::runtime
