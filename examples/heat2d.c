/* heat2d: heat diffusion on the unit square, the first program to run with Weft.
 *
 *   mpicc -O2 -o heat2d heat2d.c -lm
 *   mpirun -n 256 ./heat2d [n [steps]]          (defaults: n = 128, steps = 4000)
 *
 * Solves u_t = u_xx + u_yy with u = 0 on the boundary and u(x, y, 0) = sin(pi x) sin(pi y); the exact
 * solution is exp(-2 pi^2 t) sin(pi x) sin(pi y). The n x n interior points (spacing h = 1 / (n + 1)) are
 * split into px x py blocks, one per rank, with px x py = the number of ranks as square as possible. Each
 * step every rank exchanges one layer of halo cells with its four neighbours (Isend/Irecv) and takes an
 * explicit Euler step with dt = h^2 / 5 (stable up to h^2 / 4). At the end an Allreduce gives the largest
 * error against the exact solution and another the total heat.
 *
 * The initial data is an eigenvector of the discrete Laplacian, so the computed solution only decays at a
 * slightly wrong rate, off by at most about pi^4 (h^2 / 6 + 2 dt) (space and time discretisation): the
 * error at time t is at most t pi^4 (h^2 / 6 + 2 dt) exp(-2 pi^2 t), which is the tolerance. Any mistake in the halo
 * exchange breaks the eigenvector and shows as a much larger error. The exit status is 0 on PASS, 1 on FAIL, 2 on bad
 * arguments. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* px * py = size with px <= py and px as large as possible. */
static void factor(int size, int* px, int* py) {
  int p = (int)sqrt((double)size);
  while (p > 1 && size % p != 0) p--;
  *px = p;
  *py = size / p;
}

/* Block c of p over n points: its first point and how many, the remainder spread over the first blocks. */
static void split(int n, int p, int c, int* first, int* count) {
  int base = n / p, extra = n % p;
  *count = base + (c < extra);
  *first = c * base + (c < extra ? c : extra);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int n = argc > 1 ? atoi(argv[1]) : 128;
  int steps = argc > 2 ? atoi(argv[2]) : 4000;
  if (n < 1 || steps < 0) {
    if (rank == 0) fprintf(stderr, "usage: heat2d [grid points per side >= 1 [steps >= 0]]\n");
    MPI_Finalize();
    return 2;
  }
  int px, py;
  factor(size, &px, &py);
  if (n < py) /* every rank needs at least one point in each direction */
    n = py;

  /* This rank's block: rows x0+1 .. x0+mx and columns y0+1 .. y0+my of the interior, with one halo layer.
     u[i * stride + j] is the point (x0 + i, y0 + j). */
  int cx = rank / py, cy = rank % py, x0, mx, y0, my;
  split(n, px, cx, &x0, &mx);
  split(n, py, cy, &y0, &my);
  int stride = my + 2;
  int west = cx > 0 ? rank - py : MPI_PROC_NULL, east = cx < px - 1 ? rank + py : MPI_PROC_NULL;
  int south = cy > 0 ? rank - 1 : MPI_PROC_NULL, north = cy < py - 1 ? rank + 1 : MPI_PROC_NULL;

  const double pi = 3.14159265358979323846;
  double h = 1.0 / (n + 1), dt = h * h / 5, r = dt / (h * h);
  double *u = calloc((size_t)(mx + 2) * stride, sizeof *u), *next = calloc((size_t)(mx + 2) * stride, sizeof *u);
  /* Columns are not contiguous: they travel through these buffers (send south, send north, from south,
     from north). Halo cells and buffers start at 0 and stay 0 where the neighbour is the boundary. */
  double* cols = calloc(4 * (size_t)mx, sizeof *cols);
  if (!u || !next || !cols) {
    fprintf(stderr, "heat2d: rank %d: out of memory\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  for (int i = 1; i <= mx; i++)
    for (int j = 1; j <= my; j++) u[i * stride + j] = sin(pi * (x0 + i) * h) * sin(pi * (y0 + j) * h);

  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (int step = 0; step < steps; step++) {
    MPI_Request reqs[8];
    for (int i = 0; i < mx; i++) {
      cols[i] = u[(i + 1) * stride + 1];
      cols[mx + i] = u[(i + 1) * stride + my];
    }
    MPI_Irecv(&u[1], my, MPI_DOUBLE, west, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Irecv(&u[(mx + 1) * stride + 1], my, MPI_DOUBLE, east, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Irecv(&cols[2 * mx], mx, MPI_DOUBLE, south, 2, MPI_COMM_WORLD, &reqs[2]);
    MPI_Irecv(&cols[3 * mx], mx, MPI_DOUBLE, north, 3, MPI_COMM_WORLD, &reqs[3]);
    /* The tag is the direction of travel (0 east, 1 west, 2 north, 3 south), so a halo sent east lands in
       the receive from the west. */
    MPI_Isend(&u[mx * stride + 1], my, MPI_DOUBLE, east, 0, MPI_COMM_WORLD, &reqs[4]);
    MPI_Isend(&u[1 * stride + 1], my, MPI_DOUBLE, west, 1, MPI_COMM_WORLD, &reqs[5]);
    MPI_Isend(&cols[mx], mx, MPI_DOUBLE, north, 2, MPI_COMM_WORLD, &reqs[6]);
    MPI_Isend(&cols[0], mx, MPI_DOUBLE, south, 3, MPI_COMM_WORLD, &reqs[7]);
    MPI_Waitall(8, reqs, MPI_STATUSES_IGNORE);
    for (int i = 0; i < mx; i++) {
      u[(i + 1) * stride] = cols[2 * mx + i];
      u[(i + 1) * stride + my + 1] = cols[3 * mx + i];
    }

    for (int i = 1; i <= mx; i++)
      for (int j = 1; j <= my; j++) {
        const double* c = &u[i * stride + j];
        next[i * stride + j] = c[0] + r * (c[-stride] + c[stride] + c[-1] + c[1] - 4 * c[0]);
      }
    double* swap = u;
    u = next;
    next = swap;
  }

  double t = steps * dt, decay = exp(-2 * pi * pi * t), local[2] = {0, 0}, error, heat;
  for (int i = 1; i <= mx; i++)
    for (int j = 1; j <= my; j++) {
      double v = u[i * stride + j];
      double exact = decay * sin(pi * (x0 + i) * h) * sin(pi * (y0 + j) * h);
      local[0] = fmax(local[0], fabs(v - exact));
      local[1] += v * h * h;
    }
  MPI_Allreduce(&local[0], &error, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(&local[1], &heat, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double seconds = MPI_Wtime() - start;

  /* The total heat of the exact solution is 4 / pi^2 exp(-2 pi^2 t); the grid sum of the initial data
     differs from that integral by a relative pi^2 h^2 / 6, and the decay adds its relative error. Both
     tolerances take twice the grid term and the leading-order bound on the rate. */
  double rate_error = pow(pi, 4) * (h * h / 6 + 2 * dt);
  double tolerance = t * rate_error * decay;
  double exact_heat = 4 / (pi * pi) * decay;
  double heat_tolerance = pi * pi * h * h / 3 + t * rate_error;
  int pass = error <= tolerance && fabs(heat - exact_heat) <= heat_tolerance * exact_heat;
  if (rank == 0) {
    printf("heat2d: %d x %d grid on %d ranks (%d x %d blocks), %d steps of dt = %.3g to t = %.4g\n", n, n, size, px, py,
           steps, dt, t);
    printf("heat2d: max error %.3e (tolerance %.3e), total heat %.6f (exact %.6f)\n", error, tolerance, heat,
           exact_heat);
    printf("heat2d: %s in %.3f s\n", pass ? "PASS" : "FAIL", seconds);
    fflush(stdout);
  }
  free(u);
  free(next);
  free(cols);
  MPI_Finalize();
  /* One failing rank is enough for the job to fail; the others need not report it too. */
  return rank == 0 && !pass ? 1 : 0;
}
