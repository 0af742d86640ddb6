#pragma once
// OMP_PROC_BIND and OMP_PLACES, applied inside each worker's cores. libomp cannot apply them here: it runs
// with KMP_AFFINITY=disabled (openmp_settings.hpp), and left to itself it would count places over the whole
// process and bind every worker to the first one's cores. So Weft reads them before libomp starts, takes
// them out of libomp's sight (which then prints no warning about them), and binds each team thread when it
// begins its share of an outermost region (openmp_tool.cpp) to its place among the places of its rank's
// worker: the worker's cores split by OMP_PLACES's kind (threads, cores, ll_caches, numa_domains, sockets,
// with an optional count). The primary thread is the worker itself and keeps the worker's cores, since it
// runs the worker's other ranks too. OMP_PROC_BIND's first value says how: close (and true) puts thread i
// on place i, spread spreads the team over the places, primary (master) puts every thread on the first
// place; a team larger than the places fills them in blocks. Without binding, team threads keep their
// worker's cores. Explicit place lists ({0,1},{2,3}) name cores of the whole machine, which the workers
// share out: they are refused with a note and cores are used instead.

#include "runtime/topology.hpp"

namespace weft::runtime {

// Before libomp starts (and after the topology knows the workers' cores): reads the variables, takes them
// out of the environment, and prepares each of `workers`' places. Leaves everything to libomp where the
// user set KMP_AFFINITY (other than "disabled"): the user then placed threads their own way.
void take_openmp_binding(const topology& machine, int workers);

// On a team thread beginning its share of an outermost region of a rank of worker `worker_index`: binds it
// to its place, thread `thread_number` of `team_size` (a system call only when the place changed).
void place_team_thread(int worker_index, unsigned thread_number, unsigned team_size) noexcept;

// The first value of OMP_PROC_BIND as omp_get_proc_bind() answers it (omp_proc_bind_t), or -1 when Weft
// does not bind (libomp answers then).
int openmp_binding() noexcept;

}  // namespace weft::runtime
