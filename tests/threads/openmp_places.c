/* OMP_PROC_BIND with OMP_PLACES=threads, applied inside the rank's worker's cores: in an outermost region,
 * team thread t runs on its place among the worker's hardware threads (close: place t, spread: the team
 * spread evenly, primary: the first place; a team larger than the places fills them in blocks), while the
 * primary thread, the worker, keeps all of them; omp_get_proc_bind() answers what was asked. Teams of 2
 * and 5 threads in turn, so threads move between places. argv[1]: the OMP_PROC_BIND the job was given
 * (false: threads keep the worker's cores). */
#define _GNU_SOURCE
#include <mpi.h>
#include <omp.h>
#include <sched.h>
#include <string.h>

#include "mpitest.h"

enum { most_threads = 8 };

static cpu_set_t cores_of_this_thread(void) {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  sched_getaffinity(0, sizeof mask, &mask);
  return mask;
}

static int place_of(const char* binding, int thread, int team, int places) {
  if (strcmp(binding, "primary") == 0) return 0;
  if (strcmp(binding, "close") == 0 && team <= places) return thread;
  return thread * places / team;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char* binding = argc > 1 ? argv[1] : "false";
  const int binds = strcmp(binding, "false") != 0;
  const omp_proc_bind_t asked = strcmp(binding, "close") == 0     ? omp_proc_bind_close
                                : strcmp(binding, "spread") == 0  ? omp_proc_bind_spread
                                : strcmp(binding, "primary") == 0 ? omp_proc_bind_master
                                                                  : omp_proc_bind_false;
  CHECK(omp_get_proc_bind() == asked, "omp_get_proc_bind() is %d, not %d (OMP_PROC_BIND=%s)", (int)omp_get_proc_bind(),
        (int)asked, binding);
  const cpu_set_t worker = cores_of_this_thread();
  int cpus[CPU_SETSIZE], places = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &worker)) cpus[places++] = cpu;

  for (int round = 0; round < 6; ++round) {
    const int team = round % 2 ? 5 : 2;
    cpu_set_t seen[most_threads];
#pragma omp parallel num_threads(team)
    seen[omp_get_thread_num()] = cores_of_this_thread();
    CHECK(CPU_EQUAL(&seen[0], &worker), "round %d: the primary thread left its worker's cores", round);
    for (int t = 1; t < team; ++t) {
      cpu_set_t expected;
      CPU_ZERO(&expected);
      if (binds)
        CPU_SET(cpus[place_of(binding, t, team, places)], &expected);
      else
        expected = worker;
      CHECK(CPU_EQUAL(&seen[t], &expected),
            "rank %d round %d (OMP_PROC_BIND=%s): thread %d of %d runs on %d cpus, not on its place (%d of %d)", rank,
            round, binding, t, team, CPU_COUNT(&seen[t]), binds ? place_of(binding, t, team, places) : -1, places);
    }
    MPI_Barrier(MPI_COMM_WORLD); /* the worker's other ranks take their turn between regions */
  }
  cpu_set_t after = cores_of_this_thread();
  CHECK(CPU_EQUAL(&after, &worker), "after the regions rank %d runs on other cores than its worker's", rank);
  MPI_Finalize();
  if (rank == 0) printf("openmp_places: ok (%d places a worker)\n", places);
  return 0;
}
