/* What giving every rank its own globals costs a compute loop: an in-place Jacobi sweep of a 1D heat
 * equation whose state lives where codes written for a process per rank keep it: a file-scope array, global
 * coefficients, a global counter, a function-local static and a boundary written through a global pointer.
 * Built with Weft's mpicc, every access goes to the running rank's copy of the global; built with
 * `mpicc -no-privatize` or another MPI's mpicc, to the global itself. The driver compares the builds.
 *
 * The ranks take turns: one times its sweeps alone while the others wait in a barrier. Without privatization
 * Weft's ranks share these globals, and ranks sweeping at once would race on them. In its turn a rank resets
 * the state, times sweeps, then checks the final state against the same number of sweeps recomputed in a
 * local array. The figure is the average over ranks of the time per cell update.
 *
 *   RESULT globals_loop 4096 <nanoseconds per cell update> ns */
#include "bench_common.h"

enum { CELLS = 4096 }; /* 32 KiB of doubles: in the L1 or L2 cache, so the loop times accesses, not memory */

double field[CELLS];                           /* the temperature of each cell */
double weight, source;                         /* coefficients, set at run time as if read from an input */
static long updates;                           /* cell updates since the last reset */
static double* right_edge = &field[CELLS - 1]; /* the insulated end */

/* One cell's new value: diffusion towards its neighbours plus a constant source. The one formula of the
 * sweep and of the check, so that both compute the same operations in the same order. */
static inline double diffused(double left, double centre, double right, double w, double s) {
  return centre + w * (left - 2 * centre + right) + s;
}

/* The new value of interior cell i (1 to CELLS - 2) from the old values of its neighbours. The sweep has
 * already overwritten cell i - 1, so its old value waits in a function-local static. Small and external,
 * as helpers of real codes are: the compiler may inline it or not. */
double relaxed(int i) {
  static double left; /* the old value of cell i - 1 */
  if (i == 1) left = field[0];
  double centre = field[i], value = diffused(left, centre, field[i + 1], weight, source);
  left = centre;
  updates++;
  return value;
}

/* One step: a sweep over the interior cells, then the insulated end takes its neighbour's value. */
static void sweep(void* unused) {
  (void)unused;
  for (int i = 1; i < CELLS - 1; i++) field[i] = relaxed(i);
  *right_edge = field[CELLS - 2];
}

/* The coefficients and starting values of a rank; they differ between ranks, so each result is its own. */
static double weight_of(int rank) { return 0.25 + 0.01 * (rank % 16); }
static double start_of(int rank, int i) { return bench_pattern_byte((size_t)i, bench_seed(CELLS, rank, 0)) / 256.0; }

static void reset(int rank) {
  weight = weight_of(rank);
  source = 1e-3;
  updates = 0;
  for (int i = 0; i < CELLS; i++) field[i] = start_of(rank, i);
}

/* The sweeps done since the reset, recomputed in a local array from the rank's starting state, must give
 * the same cells. Every value stays positive (each is a weighted mean of positive values plus the source),
 * so a relative tolerance needs no absolute value; it only allows a compiler that fuses a multiply and an
 * add in one of the two loops and not in the other. */
static void check(int rank) {
  long sweeps = updates / (CELLS - 2);
  if (sweeps < 1 || updates != sweeps * (CELLS - 2))
    bench_fail("globals_loop: %ld cell updates are not a whole number of sweeps of %d cells", updates, CELLS - 2);
  double *cells = bench_alloc(CELLS * sizeof *cells), w = weight_of(rank), s = 1e-3;
  for (int i = 0; i < CELLS; i++) cells[i] = start_of(rank, i);
  for (long k = 0; k < sweeps; k++) {
    double left = cells[0];
    for (int i = 1; i < CELLS - 1; i++) {
      double centre = cells[i];
      cells[i] = diffused(left, centre, cells[i + 1], w, s);
      left = centre;
    }
    cells[CELLS - 1] = cells[CELLS - 2];
  }
  for (int i = 0; i < CELLS; i++)
    if (!(field[i] >= cells[i] * (1 - 1e-9) && field[i] <= cells[i] * (1 + 1e-9)))
      bench_fail("globals_loop: after %ld sweeps cell %d is %.17g, expected %.17g", sweeps, i, field[i], cells[i]);
  free(cells);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank();

  double seconds = 0;
  for (int turn = 0; turn < bench_size(); turn++) {
    if (turn == rank) {
      reset(rank);
      seconds = bench_seconds_per_step(&o, BENCH_ALONE, sweep, NULL);
      check(rank);
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  bench_result("globals_loop", CELLS, bench_average(seconds / (CELLS - 2) * 1e9), "ns");

  MPI_Finalize();
  return 0;
}
