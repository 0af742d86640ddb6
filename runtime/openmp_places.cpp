#include "runtime/openmp_places.hpp"

#include <omp.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "runtime/log.hpp"

namespace weft::runtime {
namespace {

enum class binding { none, close, spread, primary };

// What take_openmp_binding chose, written before any rank runs and only read afterwards.
struct openmp_placement {
  binding how = binding::none;
  int asked = -1;  // omp_proc_bind_t of OMP_PROC_BIND's first value
  const topology* machine = nullptr;
  std::vector<std::vector<owned_cpuset>> places;  // by worker
};

openmp_placement& placement() {
  static openmp_placement chosen;
  return chosen;
}

std::string lowercase_trimmed(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  auto blank = [](unsigned char c) { return std::isspace(c) != 0; };
  text.erase(text.begin(), std::find_if_not(text.begin(), text.end(), blank));
  text.erase(std::find_if_not(text.rbegin(), text.rend(), blank).base(), text.end());
  return text;
}

// OMP_PROC_BIND's first value (a list gives one per nesting level; only the outermost is placed).
binding read_binding(const std::string& value, int& asked) {
  std::string first = lowercase_trimmed(value.substr(0, value.find(',')));
  if (first == "false") {
    asked = omp_proc_bind_false;
    return binding::none;
  }
  if (first == "true" || first == "close") {
    asked = first == "true" ? omp_proc_bind_true : omp_proc_bind_close;
    return binding::close;
  }
  if (first == "spread") {
    asked = omp_proc_bind_spread;
    return binding::spread;
  }
  if (first == "primary" || first == "master") {
    asked = omp_proc_bind_master;  // omp.h of libomp 19 names it so
    return binding::primary;
  }
  warn(log_subsystem::runtime,
       "OMP_PROC_BIND=%s is none of false, true, close, spread, primary, master: OpenMP threads are not bound",
       value.c_str());
  return binding::none;
}

struct place_kind {
  hwloc_obj_type_t type = HWLOC_OBJ_CORE;
  unsigned most = 0;  // 0: every one
};

// OMP_PLACES as an abstract name with an optional count: threads, cores, ll_caches, numa_domains, sockets.
place_kind read_places(const std::string& value) {
  std::string text = lowercase_trimmed(value);
  place_kind kind;
  std::string name = text.substr(0, text.find('('));
  if (std::size_t open = text.find('('); open != std::string::npos) {
    char* end = nullptr;
    long count = std::strtol(text.c_str() + open + 1, &end, 10);
    if (count > 0 && end != nullptr && *end == ')' && end[1] == '\0')
      kind.most = static_cast<unsigned>(count);
    else
      name.clear();
  }
  name = lowercase_trimmed(name);
  if (name == "threads")
    kind.type = HWLOC_OBJ_PU;
  else if (name == "cores")
    kind.type = HWLOC_OBJ_CORE;
  else if (name == "ll_caches")
    kind.type = HWLOC_OBJ_L3CACHE;
  else if (name == "numa_domains")
    kind.type = HWLOC_OBJ_NUMANODE;
  else if (name == "sockets")
    kind.type = HWLOC_OBJ_PACKAGE;
  else
    warn(log_subsystem::runtime,
         "OMP_PLACES=%s: Weft places a rank's OpenMP threads within its worker's cores and takes only "
         "threads, cores, ll_caches, numa_domains or sockets (with an optional count) there; using cores",
         value.c_str());
  return kind;
}

// The place of team thread `thread` of `team` among `places`.
std::size_t place_of(binding how, unsigned thread, unsigned team, std::size_t places) {
  if (how == binding::primary) return 0;
  if (how == binding::close && team <= places) return thread;
  // spread, and close with more threads than places: the team in even blocks over the places.
  return static_cast<std::size_t>(thread) * places / team;
}

}  // namespace

void take_openmp_binding(const topology& machine, int workers) {
  const char* affinity = std::getenv("KMP_AFFINITY");
  if (affinity != nullptr && std::strstr(affinity, "disabled") == nullptr) return;
  const char* bind = std::getenv("OMP_PROC_BIND");
  const char* places = std::getenv("OMP_PLACES");
  if (bind == nullptr && places == nullptr) return;
  openmp_placement& chosen = placement();
  // OMP_PLACES alone means binding, as the OpenMP standard says.
  chosen.how = bind != nullptr ? read_binding(bind, chosen.asked) : binding::close;
  if (bind == nullptr) chosen.asked = omp_proc_bind_true;
  place_kind kind = places != nullptr ? read_places(places) : place_kind{};
  ::unsetenv("OMP_PROC_BIND");
  ::unsetenv("OMP_PLACES");
  if (chosen.how == binding::none) return;
  chosen.machine = &machine;
  for (int w = 0; w < workers; ++w) chosen.places.push_back(machine.worker_places(w, kind.type, kind.most));
}

void place_team_thread(int worker_index, unsigned thread_number, unsigned team_size) noexcept {
  const openmp_placement& chosen = placement();
  if (chosen.how == binding::none || team_size == 0) return;
  const std::vector<owned_cpuset>& places = chosen.places[static_cast<std::size_t>(worker_index)];
  std::size_t place = place_of(chosen.how, thread_number, team_size, places.size());
  // libomp keeps its threads for the next regions: most begin where they were.
  thread_local int bound_worker = -1;
  thread_local std::size_t bound_place = 0;
  if (bound_worker == worker_index && bound_place == place) return;
  chosen.machine->bind_thread(places[place].get());
  bound_worker = worker_index;
  bound_place = place;
}

int openmp_binding() noexcept { return placement().asked; }

}  // namespace weft::runtime
