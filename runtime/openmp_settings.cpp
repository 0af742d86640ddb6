#include "runtime/openmp_settings.hpp"

#include <omp.h>

#include <cstdlib>
#include <string>

#include "runtime/next_definition.hpp"
#include "runtime/openmp_places.hpp"
#include "runtime/rank.hpp"
#include "runtime/this_thread.hpp"

namespace weft::runtime {
namespace {

// libomp's own functions, looked up when a program first sets something (it is then loaded).
struct openmp_functions {
  void (*set_num_threads)(int) = next_definition<decltype(set_num_threads)>("omp_set_num_threads");
  void (*set_dynamic)(int) = next_definition<decltype(set_dynamic)>("omp_set_dynamic");
  void (*set_nested)(int) = next_definition<decltype(set_nested)>("omp_set_nested");
  void (*set_max_active_levels)(int) = next_definition<decltype(set_max_active_levels)>("omp_set_max_active_levels");
  void (*set_schedule)(omp_sched_t, int) = next_definition<decltype(set_schedule)>("omp_set_schedule");
  void (*set_default_device)(int) = next_definition<decltype(set_default_device)>("omp_set_default_device");
  // libweft does not link libomp: the getters too are found in the process.
  int (*get_max_threads)() = next_definition<decltype(get_max_threads)>("omp_get_max_threads");
  int (*get_dynamic)() = next_definition<decltype(get_dynamic)>("omp_get_dynamic");
  int (*get_max_active_levels)() = next_definition<decltype(get_max_active_levels)>("omp_get_max_active_levels");
  void (*get_schedule)(omp_sched_t*, int*) = next_definition<decltype(get_schedule)>("omp_get_schedule");
  int (*get_default_device)() = next_definition<decltype(get_default_device)>("omp_get_default_device");
  omp_proc_bind_t (*get_proc_bind)() = next_definition<decltype(get_proc_bind)>("omp_get_proc_bind");

  static const openmp_functions& get() {
    static const openmp_functions functions;
    return functions;
  }
};

// The settings a worker's ranks start with (OMP_NUM_THREADS, ...), read before any of them changed one.
[[gnu::tls_model("initial-exec")]] thread_local std::optional<openmp_settings> worker_defaults;

openmp_settings current_settings(const openmp_functions& openmp) {
  omp_sched_t kind;
  int chunk;
  openmp.get_schedule(&kind, &chunk);
  return {
      openmp.get_max_threads(),   openmp.get_dynamic(), openmp.get_max_active_levels(), static_cast<int>(kind), chunk,
      openmp.get_default_device()};
}

// Forwards a setter to libomp; when the caller is a rank's fiber outside any region (where the setting
// lasts beyond the call), records the rank's settings as libomp now holds them.
template <class... Arguments, class... Values>
void set_for_rank(void (*const openmp_functions::*setter)(Arguments...), Values... values) {
  const openmp_functions& openmp = openmp_functions::get();
  rank* fiber = this_thread::rank;
  bool recorded = fiber != nullptr && fiber->open_parallel_regions == 0;
  if (recorded && !worker_defaults) worker_defaults = current_settings(openmp);
  (openmp.*setter)(values...);
  if (!recorded) return;
  fiber->openmp = current_settings(openmp);
  detail::applied_openmp_settings = &*fiber->openmp;
}

}  // namespace

void apply_openmp_settings(const openmp_settings* wanted) {
  const openmp_settings& settings = wanted != nullptr ? *wanted : *worker_defaults;
  const openmp_functions& openmp = openmp_functions::get();
  openmp.set_num_threads(settings.num_threads);
  openmp.set_dynamic(settings.dynamic);
  openmp.set_max_active_levels(settings.max_active_levels);
  openmp.set_schedule(static_cast<omp_sched_t>(settings.schedule_kind), settings.schedule_chunk);
  openmp.set_default_device(settings.default_device);
  detail::applied_openmp_settings = wanted;
}

void set_openmp_defaults(int threads_per_rank) {
  ::setenv("KMP_AFFINITY", "disabled", 0);
  ::setenv("OMP_NUM_THREADS", std::to_string(threads_per_rank).c_str(), 0);
}

}  // namespace weft::runtime

using weft::runtime::openmp_functions;
using weft::runtime::set_for_rank;

extern "C" {

void omp_set_num_threads(int threads) { set_for_rank(&openmp_functions::set_num_threads, threads); }
void omp_set_dynamic(int dynamic) { set_for_rank(&openmp_functions::set_dynamic, dynamic); }
void omp_set_nested(int nested) { set_for_rank(&openmp_functions::set_nested, nested); }
void omp_set_max_active_levels(int levels) { set_for_rank(&openmp_functions::set_max_active_levels, levels); }
void omp_set_schedule(omp_sched_t kind, int chunk) { set_for_rank(&openmp_functions::set_schedule, kind, chunk); }
void omp_set_default_device(int device) { set_for_rank(&openmp_functions::set_default_device, device); }

// OMP_PROC_BIND as the program set it: Weft applies it (openmp_places.hpp), libomp never saw it.
omp_proc_bind_t omp_get_proc_bind() {
  int asked = weft::runtime::openmp_binding();
  return asked >= 0 ? static_cast<omp_proc_bind_t>(asked) : openmp_functions::get().get_proc_bind();
}

}  // extern "C"
