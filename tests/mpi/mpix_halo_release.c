/* Releasing MPIX_Halo objects while a neighbour still uses them. Each rank reads cells of its left
 * neighbour. After the last exchange, the odd ranks keep their view for a while before they release the
 * exchange; the even ranks release at once and then overwrite and free the meshes their readers view: the
 * release must not return before their readers have released too, or the odd ranks would read garbage.
 * A local cell whose handle is released right after it is set stays bound and keeps serving its readers
 * until the exchange goes. Also run with WEFT_HALO_COPY=1. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "mpitest.h"

enum { CELLS = 4, STEPS = 10 };

static unsigned value(int owner, int step, int i) { return (unsigned)(owner * 1000 + step * 10 + i); }

static void check_view(MPI_Halo ghost, int owner, int step) {
  unsigned* view = NULL;
  CHECK(MPIX_Halo_cell_get(ghost, (void**)&view) == MPI_SUCCESS, "cell_get failed");
  for (int i = 0; i < CELLS; i++)
    CHECK(view[i] == value(owner, step, i), "step %d: cell %d of rank %d reads %u, expected %u", step, i, owner,
          view[i], value(owner, step, i));
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size;

  unsigned* data[2] = {malloc(CELLS * sizeof(unsigned)), malloc(CELLS * sizeof(unsigned))};
  unsigned constant[CELLS];
  for (int i = 0; i < CELLS; i++) constant[i] = value(rank, 0, i);

  MPI_Halo out, in, fixed, fixed_in;
  MPIX_Halo_cell_init(&out, "out", MPI_UNSIGNED, CELLS);
  MPIX_Halo_cell_init(&in, "in", MPI_UNSIGNED, CELLS);
  MPIX_Halo_cell_init(&fixed, "fixed", MPI_UNSIGNED, CELLS);
  MPIX_Halo_cell_init(&fixed_in, "fixed in", MPI_UNSIGNED, CELLS);
  MPI_Halo_exchange exchange;
  MPIX_Halo_exchange_init(&exchange);
  MPIX_Halo_cell_bind_local(exchange, out);
  MPIX_Halo_cell_bind_local(exchange, fixed);
  MPIX_Halo_cell_bind_remote(exchange, in, left, "out");
  MPIX_Halo_cell_bind_remote(exchange, fixed_in, left, "fixed");
  CHECK(MPIX_Halo_exchange_commit(exchange) == MPI_SUCCESS, "commit failed");
  MPIX_Halo_cell_set(fixed, constant);
  CHECK(MPIX_Halo_cell_release(&fixed) == MPI_SUCCESS && fixed == MPI_HALO_NULL, "cell release failed");

  for (int step = 1; step <= STEPS; step++) {
    unsigned* mesh = data[step % 2];
    for (int i = 0; i < CELLS; i++) mesh[i] = value(rank, step, i);
    MPIX_Halo_cell_set(out, mesh);
    CHECK(MPIX_Halo_exchange(exchange) == MPI_SUCCESS, "exchange failed");
    check_view(in, left, step);
    check_view(fixed_in, left, 0);
  }

  if (rank % 2 == 1) {
    struct timespec pause = {0, 5 * 1000 * 1000};
    nanosleep(&pause, NULL); /* the owner has called its release meanwhile */
    check_view(in, left, STEPS);
    check_view(fixed_in, left, 0);
    CHECK(MPIX_Halo_exchange_release(&exchange) == MPI_SUCCESS, "release failed");
  } else {
    CHECK(MPIX_Halo_exchange_release(&exchange) == MPI_SUCCESS, "release failed");
    for (int b = 0; b < 2; b++) memset(data[b], 0xff, CELLS * sizeof(unsigned));
    memset(constant, 0xff, sizeof constant);
  }
  CHECK(exchange == MPI_HALO_EXCHANGE_NULL, "the handle is not MPI_HALO_EXCHANGE_NULL after release");
  MPIX_Halo_cell_release(&out);
  MPIX_Halo_cell_release(&in);
  MPIX_Halo_cell_release(&fixed_in);
  free(data[0]), free(data[1]);
  report_ok("mpix_halo_release");
  MPI_Finalize();
  return 0;
}
