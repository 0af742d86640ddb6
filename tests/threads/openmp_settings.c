/* Each rank's OpenMP settings are its own: what a rank sets with omp_set_num_threads, omp_set_schedule,
 * omp_set_dynamic and omp_set_max_active_levels holds for its regions however the ranks of its worker
 * interleave, and a rank that sets nothing keeps the defaults (OMP_NUM_THREADS=2, given by the test). A
 * setting made inside a region holds for that region alone. */
#include <mpi.h>
#include <omp.h>

#include "mpitest.h"

static int team_size(void) {
  int size = 0;
#pragma omp parallel
  {
#pragma omp single
    size = omp_get_num_threads();
  }
  return size;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int keeps_defaults = rank % 4 == 3;
  const int threads = rank % 3 + 1;
  const omp_sched_t kind = rank % 2 ? omp_sched_dynamic : omp_sched_guided;
  if (!keeps_defaults) {
    omp_set_num_threads(threads);
    omp_set_schedule(kind, rank + 1);
    omp_set_max_active_levels(rank % 2 + 1);
  }

  for (int round = 0; round < 3; ++round) {
    MPI_Barrier(MPI_COMM_WORLD); /* the other ranks of the worker run, and set theirs, meanwhile */
    omp_sched_t seen_kind;
    int seen_chunk;
    omp_get_schedule(&seen_kind, &seen_chunk);
    if (keeps_defaults) {
      CHECK(omp_get_max_threads() == 2, "round %d: a rank that set nothing has %d threads, not the default 2", round,
            omp_get_max_threads());
      CHECK(team_size() == 2, "round %d: a rank that set nothing ran a team of %d", round, team_size());
    } else {
      CHECK(omp_get_max_threads() == threads, "round %d: omp_get_max_threads() is %d, the rank set %d", round,
            omp_get_max_threads(), threads);
      CHECK(team_size() == threads, "round %d: a team of %d, the rank set %d", round, team_size(), threads);
      CHECK(seen_kind == kind && seen_chunk == rank + 1, "round %d: schedule %d/%d, the rank set %d/%d", round,
            (int)seen_kind, seen_chunk, (int)kind, rank + 1);
      CHECK(omp_get_max_active_levels() == rank % 2 + 1, "round %d: %d active levels, the rank set %d", round,
            omp_get_max_active_levels(), rank % 2 + 1);
    }
  }

  /* Set inside a region: that region's setting only. */
  int before = omp_get_max_threads();
#pragma omp parallel num_threads(1)
  omp_set_num_threads(4);
  MPI_Barrier(MPI_COMM_WORLD);
  CHECK(omp_get_max_threads() == before, "a setting made inside a region outlived it: %d, not %d",
        omp_get_max_threads(), before);

  MPI_Finalize();
  if (rank == 0) printf("openmp_settings: ok\n");
  return 0;
}
