/* A rank's OpenMP team runs on its worker's cores, and by default fills them: a worker gets
 * WEFT_THREADS_PER_RANK cores (else OMP_NUM_THREADS's, else the cores the ranks leave over), its ranks'
 * threads inherit them, and libomp's default team is as large as the cores it may use. libomp must not move
 * the worker itself (left to itself, it binds each thread that first enters it, every worker among them,
 * to the cores of the first one). */
#define _GNU_SOURCE
#include <mpi.h>
#include <omp.h>
#include <sched.h>

#include "mpitest.h"

static cpu_set_t cores_of_this_thread(void) {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  sched_getaffinity(0, sizeof mask, &mask);
  return mask;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const cpu_set_t worker = cores_of_this_thread();
  const int cpus = CPU_COUNT(&worker);
  int team = 0, elsewhere = 0;
#pragma omp parallel reduction(+ : elsewhere)
  {
#pragma omp single
    team = omp_get_num_threads();
    cpu_set_t mine = cores_of_this_thread();
    if (!CPU_EQUAL(&mine, &worker)) ++elsewhere;
  }
  CHECK(team == cpus, "the default team has %d threads, the worker %d cores", team, cpus);
  CHECK(elsewhere == 0, "%d team threads may run on other cores than the worker's %d", elsewhere, cpus);
  cpu_set_t after = cores_of_this_thread();
  CHECK(CPU_EQUAL(&after, &worker), "after a parallel region rank %d runs on other cores than its worker's", rank);
  MPI_Finalize();
  if (rank == 0) printf("openmp_cores: ok (%d cores a worker)\n", cpus);
  return 0;
}
