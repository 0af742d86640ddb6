/* Halo exchange, the communication of a stencil code, step after step: the ranks form a px x py grid (as
 * square as the count allows) and in every step each rank swaps a message with each of its up to four
 * neighbours (Irecv x 4, Isend x 4, Waitall; MPI_PROC_NULL at the grid's edges). With ranks placed on
 * workers in blocks, some neighbours share a worker and some do not, so ranks keep waking ranks on the
 * other worker just as it runs out of work and goes idle: a lost wake-up hangs this test. Every message
 * names its sender and step. */
#include <math.h>

#include "mpitest.h"

enum { LEN = 64 }; /* doubles: 512 bytes, single copy */

static void factor(int size, int* px, int* py) {
  int p = (int)sqrt((double)size);
  while (p > 1 && size % p != 0) p--;
  *px = p;
  *py = size / p;
}

static double value(int sender, int step, int i) { return sender * 1e6 + step * 100.0 + i; }

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int steps = 100 + 8000 / size; /* many steps where few ranks make each step cheap */

  int px, py;
  factor(size, &px, &py);
  int cx = rank / py, cy = rank % py;
  /* West, east, south, north. The tag is the direction the receiver looks in: a message sent east is
     received from the west. */
  const int nb[4] = {cx > 0 ? rank - py : MPI_PROC_NULL, cx < px - 1 ? rank + py : MPI_PROC_NULL,
                     cy > 0 ? rank - 1 : MPI_PROC_NULL, cy < py - 1 ? rank + 1 : MPI_PROC_NULL};
  const int opposite[4] = {1, 0, 3, 2};
  double(*in)[LEN] = malloc(4 * sizeof *in), (*out)[LEN] = malloc(4 * sizeof *out);
  CHECK(in && out, "out of memory");

  for (int step = 0; step < steps; step++) {
    MPI_Request reqs[8];
    for (int d = 0; d < 4; d++) {
      for (int i = 0; i < LEN; i++) {
        in[d][i] = -1;
        out[d][i] = value(rank, step, i);
      }
      MPI_Irecv(in[d], LEN, MPI_DOUBLE, nb[d], d, MPI_COMM_WORLD, &reqs[d]);
    }
    for (int d = 0; d < 4; d++) MPI_Isend(out[d], LEN, MPI_DOUBLE, nb[d], opposite[d], MPI_COMM_WORLD, &reqs[4 + d]);
    MPI_Waitall(8, reqs, MPI_STATUSES_IGNORE);
    for (int d = 0; d < 4; d++)
      for (int i = 0; nb[d] != MPI_PROC_NULL && i < LEN; i++)
        CHECK(in[d][i] == value(nb[d], step, i), "step %d: element %d from rank %d is %g, expected %g", step, i, nb[d],
              in[d][i], value(nb[d], step, i));
  }

  free(in);
  free(out);
  report_ok("halo");
  MPI_Finalize();
  return 0;
}
