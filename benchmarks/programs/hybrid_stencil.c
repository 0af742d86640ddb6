/* A hybrid MPI+OpenMP stencil, as most production codes are: an explicit heat-equation step (5-point
 * Jacobi) on a 2048 x 2048 grid (1024 x 1024 with --quick) split into bands of rows, one per rank; each step
 * exchanges the edge rows with the neighbouring bands (MPI_Sendrecv), then updates the band in an
 * `omp parallel for` over its rows. As codes written for a process per rank do, the grid, its shape and the
 * coefficient are file-scope globals, read inside the parallel region: with Weft every rank has its own,
 * and its team threads see the rank's (the cost of that, against Weft without privatization, is the
 * 1-rank case). Threads per rank: OMP_NUM_THREADS.
 *
 * The answer is checked before timing: 5 steps from the initial state, each row's sum gathered on rank 0 in
 * row order and compared bit for bit with the same steps computed there alone.
 *
 *   RESULT hybrid_stencil_step <threads per rank> <milliseconds per step, the slowest rank's> ms */
#include <omp.h>

#include "bench_common.h"

static int columns, first_row, band_rows; /* the band: rows first_row .. first_row + band_rows - 1 */
static double alpha = 0.2;
static double *grid, *next; /* band_rows + 2 rows each, the first and last the neighbours' edges */

static double initial(int row, int column) { return (double)((row * 7 + column * 13) % 101); }

static void reset(int total_rows) {
  for (int r = 0; r < band_rows + 2; r++)
    for (int c = 0; c < columns; c++) {
      int row = first_row + r - 1;
      grid[(size_t)r * columns + c] = row >= 0 && row < total_rows ? initial(row, c) : 0.0;
      next[(size_t)r * columns + c] = grid[(size_t)r * columns + c];
    }
}

/* The 5-point update of rows 1 .. rows of `from` into `to`; the first and last columns stay fixed. */
static void update(const double* from, double* to, int rows, int width) {
#pragma omp parallel for schedule(static)
  for (int r = 1; r <= rows; r++) {
    const double *up = from + (size_t)(r - 1) * width, *here = from + (size_t)r * width,
                 *down = from + (size_t)(r + 1) * width;
    double* out = to + (size_t)r * width;
    for (int c = 1; c < width - 1; c++)
      out[c] = here[c] + alpha * (up[c] + down[c] + here[c - 1] + here[c + 1] - 4.0 * here[c]);
  }
}

static void step(void* unused) {
  (void)unused;
  int rank = bench_rank(), size = bench_size();
  int above = rank > 0 ? rank - 1 : MPI_PROC_NULL, below = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Sendrecv(grid + columns, columns, MPI_DOUBLE, above, 1, grid + (size_t)(band_rows + 1) * columns, columns,
               MPI_DOUBLE, below, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(grid + (size_t)band_rows * columns, columns, MPI_DOUBLE, below, 2, grid, columns, MPI_DOUBLE, above, 2,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  update(grid, next, band_rows, columns);
  double* swap = grid;
  grid = next;
  next = swap;
}

static double row_sum(const double* row) {
  double sum = 0;
  for (int c = 0; c < columns; c++) sum += row[c];
  return sum;
}

/* Rank 0 alone: `steps` steps of the whole grid (edges fixed at zero outside it), its row sums in `sums`. */
static void serial_row_sums(int total_rows, int steps, double* sums) {
  size_t cells = (size_t)(total_rows + 2) * columns;
  double *a = bench_alloc(cells * sizeof *a), *b = bench_alloc(cells * sizeof *b);
  for (int r = 0; r < total_rows + 2; r++)
    for (int c = 0; c < columns; c++)
      a[(size_t)r * columns + c] = b[(size_t)r * columns + c] = r >= 1 && r <= total_rows ? initial(r - 1, c) : 0.0;
  for (int s = 0; s < steps; s++) {
    update(a, b, total_rows, columns);
    double* swap = a;
    a = b;
    b = swap;
  }
  for (int r = 0; r < total_rows; r++) sums[r] = row_sum(a + (size_t)(r + 1) * columns);
  free(a);
  free(b);
}

static void check(int total_rows) {
  enum { STEPS = 5 };
  int rank = bench_rank(), size = bench_size();
  reset(total_rows);
  for (int s = 0; s < STEPS; s++) step(NULL);
  double* mine = bench_alloc((size_t)band_rows * sizeof *mine);
  for (int r = 0; r < band_rows; r++) mine[r] = row_sum(grid + (size_t)(r + 1) * columns);
  int *counts = bench_alloc((size_t)size * sizeof *counts), *starts = bench_alloc((size_t)size * sizeof *starts);
  MPI_Gather(&band_rows, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gather(&first_row, 1, MPI_INT, starts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  double* all = rank == 0 ? bench_alloc((size_t)total_rows * sizeof *all) : NULL;
  MPI_Gatherv(mine, band_rows, MPI_DOUBLE, all, counts, starts, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    double* expected = bench_alloc((size_t)total_rows * sizeof *expected);
    serial_row_sums(total_rows, STEPS, expected);
    for (int r = 0; r < total_rows; r++)
      if (all[r] != expected[r])
        bench_fail("hybrid_stencil: row %d sums to %.17g after %d steps, the serial steps give %.17g", r, all[r], STEPS,
                   expected[r]);
    free(expected);
    free(all);
  }
  free(mine);
  free(counts);
  free(starts);
}

int main(int argc, char** argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    bench_fail("the library provides thread level %d, not MPI_THREAD_FUNNELED", provided);
  struct bench_options o = bench_parse(argc, argv);
  int total_rows = o.quick ? 1024 : 2048, rank = bench_rank(), size = bench_size();
  if (size > total_rows) bench_fail("hybrid_stencil needs at most %d ranks", total_rows);
  columns = total_rows;
  band_rows = total_rows / size + (rank < total_rows % size);
  first_row = rank * (total_rows / size) + (rank < total_rows % size ? rank : total_rows % size);
  size_t cells = (size_t)(band_rows + 2) * columns;
  grid = bench_alloc(cells * sizeof *grid);
  next = bench_alloc(cells * sizeof *next);

  check(total_rows);
  reset(total_rows);
  double seconds = bench_maximum(bench_seconds_per_step(&o, BENCH_ALL_RANKS, step, NULL));
  bench_result("hybrid_stencil_step", (size_t)omp_get_max_threads(), seconds * 1e3, "ms");

  free(grid);
  free(next);
  MPI_Finalize();
  return 0;
}
