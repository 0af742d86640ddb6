#include "runtime/openmp_tool.hpp"

#include <link.h>
#include <omp-tools.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "runtime/openmp_places.hpp"
#include "runtime/rank.hpp"
#include "runtime/rank_threads.hpp"
#include "runtime/report.hpp"
#include "runtime/this_thread.hpp"
#include "runtime/worker.hpp"

namespace weft::runtime {
namespace {

// Set when the OpenMP runtime started the tool: it then reports every region.
bool tool_started = false;

// A region's data: the rank it serves, and whether a worker began it (an outermost region of the rank,
// whose team threads take their places: openmp_places.hpp) in the pointer's low bit.
void* region_of(rank* served, bool outermost) noexcept {
  return reinterpret_cast<void*>(reinterpret_cast<std::uintptr_t>(served) | (outermost ? 1 : 0));
}
rank* served_in(const ompt_data_t* parallel) noexcept {
  return reinterpret_cast<rank*>(reinterpret_cast<std::uintptr_t>(parallel->ptr) & ~std::uintptr_t{1});
}
bool outermost(const ompt_data_t* parallel) noexcept {
  return (reinterpret_cast<std::uintptr_t>(parallel->ptr) & 1) != 0;
}

void on_parallel_begin(ompt_data_t*, const ompt_frame_t*, ompt_data_t* parallel, unsigned, int, const void*) {
  parallel->ptr = region_of(served_rank(), this_thread::worker != nullptr);
  if (rank* fiber = this_thread::rank)
    fiber->open_parallel_regions.store(fiber->open_parallel_regions.load(std::memory_order_relaxed) + 1,
                                       std::memory_order_relaxed);
}

void on_parallel_end(ompt_data_t*, ompt_data_t*, int, const void*) {
  if (rank* fiber = this_thread::rank)
    fiber->open_parallel_regions.store(fiber->open_parallel_regions.load(std::memory_order_relaxed) - 1,
                                       std::memory_order_relaxed);
}

// Runs on each thread of a team, the primary thread included, before and after its share of the region.
// A worker is the primary thread of its rank's regions (the OpenMP runtime never lends it to another team)
// and already has the rank's globals; any other thread takes on the region's rank, and gives it back at the
// end for what it served before (the outer region's rank, when this one is nested).
void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t* parallel, ompt_data_t* task, unsigned team_size,
                      unsigned thread_number, int flags) {
  if ((flags & ompt_task_initial) != 0 || this_thread::worker != nullptr) return;
  if (endpoint == ompt_scope_begin) {
    task->ptr = this_thread::owner;
    rank* served = served_in(parallel);
    if (outermost(parallel) && served != nullptr) place_team_thread(served->home->index(), thread_number, team_size);
    work_for(served);
  } else {
    work_for(static_cast<rank*>(task->ptr));
  }
}

template <class Callback>
void register_callback(ompt_set_callback_t set_callback, ompt_callbacks_t event, Callback callback, const char* name) {
  if (set_callback(event, reinterpret_cast<ompt_callback_t>(callback)) != ompt_set_always)
    fatal(1,
          "the OpenMP runtime does not report %s to tools (OMPT); Weft needs it to give a rank's OpenMP "
          "threads the rank's globals: use LLVM's OpenMP runtime (clang's -fopenmp, libomp)",
          name);
}

int initialize(ompt_function_lookup_t lookup, int, ompt_data_t*) {
  auto set_callback = reinterpret_cast<ompt_set_callback_t>(lookup("ompt_set_callback"));
  register_callback(set_callback, ompt_callback_parallel_begin, &on_parallel_begin, "the begin of parallel regions");
  register_callback(set_callback, ompt_callback_parallel_end, &on_parallel_end, "the end of parallel regions");
  register_callback(set_callback, ompt_callback_implicit_task, &on_implicit_task, "implicit tasks");
  tool_started = true;
  return 1;  // keep the tool
}

void finalize(ompt_data_t*) {}

ompt_start_tool_result_t tool{&initialize, &finalize, {.value = 0}};

bool loaded(const char* library) {
  return ::dl_iterate_phdr(
             [](dl_phdr_info* info, std::size_t, void* name) {
               return std::strstr(info->dlpi_name, static_cast<const char*>(name)) != nullptr ? 1 : 0;
             },
             const_cast<char*>(library)) != 0;
}

}  // namespace

void require_openmp_tool() {
  if (loaded("/libgomp.so"))
    fatal(1,
          "the program is linked with GCC's OpenMP runtime (libgomp), which does not tell Weft where its "
          "parallel regions begin: their threads would share the ranks' globals. Build it with Weft's "
          "mpicc/mpicxx and -fopenmp (LLVM's libomp)");
  const char* setting = std::getenv("OMP_TOOL");
  if (!tool_started && setting != nullptr && std::strcmp(setting, "disabled") == 0 && loaded("/libomp.so"))
    fatal(1,
          "OMP_TOOL=disabled turns off the OpenMP tools interface, through which Weft gives a rank's "
          "OpenMP threads the rank's globals; unset it");
}

}  // namespace weft::runtime

// Found by the OpenMP runtime when it starts, as the standard says a tool in the address space is.
extern "C" ompt_start_tool_result_t* ompt_start_tool(unsigned, const char*) { return &weft::runtime::tool; }
