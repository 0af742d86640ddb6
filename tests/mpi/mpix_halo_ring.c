/* MPIX_Halo on a periodic 1D ring of ranks, each with two fields in double-buffered meshes swapped every
 * step, the way the paper's stencil runs:
 *  - `mesh`, a symmetric stencil: each rank reads one cell from each neighbour (exchange `ring`, on the world);
 *  - `flow`, an upwind one: each rank reads two cells from its left neighbour only, so its right neighbour
 *    never reads anything back (exchange `upwind`, on a reversed communicator).
 * For the first half of the steps both exchanges are in flight together; for the second half `upwind` runs
 * alone, and only its acknowledgement keeps an owner from running ahead of its slow reader (the chain of
 * dependencies around the ring would let it lead by nearly as many steps as there are ranks).
 * Random per-rank delays (sleeps that hold a whole worker, yields that let the worker's other ranks run
 * ahead) fall everywhere, notably between an exchange and the reading of its ghosts. Every ghost value, and
 * every cell at the end, is checked against a serial run of both stencils; every view against the owner's
 * pointer of that step (ranks share the address space, so they can publish their meshes' addresses). Run
 * both as is (views: is_remote 0, pointers equal) and with WEFT_HALO_COPY=1 (copies: is_remote 1, the
 * cell's own buffer), with the same results. A cell written before the owner's exchange completes, or an
 * owner running ahead of a slow reader, shows up as a wrong ghost value. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>

#include "mpitest.h"
#include "random_delay.h"

enum { N = 16, STEPS = 300 };

static unsigned initial(int g, unsigned salt) {
  unsigned h = ((unsigned)g + salt) * 2654435761u;
  return h ^ (h >> 13);
}

static unsigned mix(unsigned left, unsigned mid, unsigned right, int step) {
  return 3u * left + 5u * mid + 7u * right + (unsigned)step;
}

static unsigned flow_of(unsigned far, unsigned near, unsigned mid, int step) {
  return 11u * far + 13u * near + mid + (unsigned)step;
}

/* One step of a stencil over the whole ring (the reference). */
static void reference_mesh_step(const unsigned* mesh, unsigned* next, int cells, int step) {
  for (int g = 0; g < cells; g++) next[g] = mix(mesh[(g + cells - 1) % cells], mesh[g], mesh[(g + 1) % cells], step);
}

static void reference_flow_step(const unsigned* flow, unsigned* next, int cells, int step) {
  for (int g = 0; g < cells; g++)
    next[g] = flow_of(flow[(g + cells - 2) % cells], flow[(g + cells - 1) % cells], flow[g], step);
}

static int copies_expected(void) {
  const char* copy = getenv("WEFT_HALO_COPY");
  return copy != NULL && strcmp(copy, "1") == 0;
}

/* A ghost's view: the owner's cell at `owner_address` on the node, the cell's own buffer when copied. */
static const unsigned* checked_view(MPI_Halo ghost, uint64_t owner_address, int copies, const char* name) {
  void* view = NULL;
  CHECK(MPIX_Halo_cell_get(ghost, &view) == MPI_SUCCESS, "cell_get of %s failed", name);
  int remote = MPIX_Halo_cell_is_remote(ghost);
  CHECK(remote == copies, "%s: is_remote %d, expected %d", name, remote, copies);
  if (!copies)
    CHECK((uint64_t)(uintptr_t)view == owner_address, "%s views %p, the owner's cell is at %#llx", name, view,
          (unsigned long long)owner_address);
  else
    CHECK((uint64_t)(uintptr_t)view != owner_address, "%s is a copy but points at the owner's cell", name);
  return view;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size, cells = size * N, copies = copies_expected();
  /* Cells of a rank of another node are always copies. */
  int copies_left = copies || !shares_node(left), copies_right = copies || !shares_node(right);
  unsigned state = 7919u * (unsigned)rank + 17u;

  unsigned *mesh[2], *flow[2], *ref_mesh[2], *ref_flow[2];
  for (int b = 0; b < 2; b++) {
    mesh[b] = calloc(N, sizeof(unsigned)), flow[b] = calloc(N, sizeof(unsigned));
    ref_mesh[b] = calloc(cells, sizeof(unsigned)), ref_flow[b] = calloc(cells, sizeof(unsigned));
  }
  for (int g = 0; g < cells; g++) ref_mesh[0][g] = initial(g, 0), ref_flow[0][g] = initial(g, 99);
  memcpy(mesh[0], ref_mesh[0] + rank * N, N * sizeof(unsigned));
  memcpy(flow[0], ref_flow[0] + rank * N, N * sizeof(unsigned));

  /* Every rank's mesh addresses, for the views' pointers. */
  uint64_t mine[4] = {(uintptr_t)mesh[0], (uintptr_t)mesh[1], (uintptr_t)flow[0], (uintptr_t)flow[1]};
  uint64_t* addresses = malloc(4 * size * sizeof(uint64_t));
  MPI_Allgather(mine, 4, MPI_UINT64_T, addresses, 4, MPI_UINT64_T, MPI_COMM_WORLD);

  MPI_Halo left_edge, right_edge, ghost_left, ghost_right, tail, upstream;
  MPIX_Halo_cell_init(&left_edge, "left edge", MPI_UNSIGNED, 1);
  MPIX_Halo_cell_init(&right_edge, "right edge", MPI_UNSIGNED, 1);
  MPIX_Halo_cell_init(&ghost_left, "ghost left", MPI_UNSIGNED, 1);
  MPIX_Halo_cell_init(&ghost_right, "ghost right", MPI_UNSIGNED, 1);
  MPIX_Halo_cell_init(&tail, "tail", MPI_UNSIGNED, 2);
  MPIX_Halo_cell_init(&upstream, "upstream", MPI_UNSIGNED, 2);

  MPI_Halo_exchange ring, upwind;
  MPIX_Halo_exchange_init(&ring);
  MPIX_Halo_cell_bind_local(ring, left_edge);
  MPIX_Halo_cell_bind_local(ring, right_edge);
  MPIX_Halo_cell_bind_remote(ring, ghost_left, left, "right edge");
  MPIX_Halo_cell_bind_remote(ring, ghost_right, right, "left edge");
  CHECK(MPIX_Halo_exchange_commit(ring) == MPI_SUCCESS, "commit of ring failed");

  /* On the reversed world, world rank w is rank size - 1 - w. */
  MPI_Comm reversed;
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
  MPIX_Halo_exchange_init_comm(reversed, &upwind);
  MPIX_Halo_cell_bind_local(upwind, tail);
  MPIX_Halo_cell_bind_remote(upwind, upstream, size - 1 - left, "tail");
  CHECK(MPIX_Halo_exchange_commit(upwind) == MPI_SUCCESS, "commit of upwind failed");

  for (int step = 1; step <= STEPS; step++) {
    int both = step <= STEPS / 2, cur = (step - 1) % 2, nxt = step % 2;
    unsigned *m = mesh[cur], *mn = mesh[nxt], *f = flow[cur], *fn = flow[nxt];
    if (both) {
      MPIX_Halo_cell_set(left_edge, &m[0]);
      MPIX_Halo_cell_set(right_edge, &m[N - 1]);
    }
    MPIX_Halo_cell_set(tail, &f[N - 2]);
    random_delay(&state);
    if (both) MPIX_Halo_iexchange(ring);
    MPIX_Halo_iexchange(upwind);
    /* Cells that need no ghost and that no peer viewed at the step before. */
    if (both)
      for (int i = 1; i < N - 1; i++) mn[i] = mix(m[i - 1], m[i], m[i + 1], step);
    for (int i = 2; i < N - 2; i++) fn[i] = flow_of(f[i - 2], f[i - 1], f[i], step);
    random_delay(&state);
    CHECK(MPIX_Halo_iexchange_wait(upwind) == MPI_SUCCESS, "wait of upwind failed");
    random_delay(&state);
    const unsigned* up =
        checked_view(upstream, addresses[4 * left + 2 + cur] + (N - 2) * sizeof(unsigned), copies_left, "upstream");
    random_delay(&state); /* a slow reader: its owner must not have moved on */
    int lg = left * N, rg = right * N;
    const unsigned* reff = ref_flow[cur];
    CHECK(up[0] == reff[lg + N - 2] && up[1] == reff[lg + N - 1], "step %d: upstream %u %u, expected %u %u", step,
          up[0], up[1], reff[lg + N - 2], reff[lg + N - 1]);
    fn[0] = flow_of(up[0], up[1], f[0], step);
    fn[1] = flow_of(up[1], f[0], f[1], step);
    fn[N - 2] = flow_of(f[N - 4], f[N - 3], f[N - 2], step);
    fn[N - 1] = flow_of(f[N - 3], f[N - 2], f[N - 1], step);
    reference_flow_step(ref_flow[cur], ref_flow[nxt], cells, step);
    if (!both) continue;

    CHECK(MPIX_Halo_iexchange_wait(ring) == MPI_SUCCESS, "wait of ring failed");
    const unsigned* gl =
        checked_view(ghost_left, addresses[4 * left + cur] + (N - 1) * sizeof(unsigned), copies_left, "ghost left");
    const unsigned* gr = checked_view(ghost_right, addresses[4 * right + cur], copies_right, "ghost right");
    random_delay(&state);
    const unsigned* ref = ref_mesh[cur];
    CHECK(gl[0] == ref[lg + N - 1], "step %d: ghost left %u, expected %u", step, gl[0], ref[lg + N - 1]);
    CHECK(gr[0] == ref[rg], "step %d: ghost right %u, expected %u", step, gr[0], ref[rg]);
    mn[0] = mix(gl[0], m[0], m[1], step);
    mn[N - 1] = mix(m[N - 2], m[N - 1], gr[0], step);
    reference_mesh_step(ref_mesh[cur], ref_mesh[nxt], cells, step);
  }

  int mesh_last = (STEPS / 2) % 2, flow_last = STEPS % 2;
  for (int i = 0; i < N; i++) {
    CHECK(mesh[mesh_last][i] == ref_mesh[mesh_last][rank * N + i], "mesh cell %d: %u, expected %u", i,
          mesh[mesh_last][i], ref_mesh[mesh_last][rank * N + i]);
    CHECK(flow[flow_last][i] == ref_flow[flow_last][rank * N + i], "flow cell %d: %u, expected %u", i,
          flow[flow_last][i], ref_flow[flow_last][rank * N + i]);
  }

  CHECK(MPIX_Halo_exchange_release(&upwind) == MPI_SUCCESS && upwind == MPI_HALO_EXCHANGE_NULL, "release failed");
  CHECK(MPIX_Halo_exchange_release(&ring) == MPI_SUCCESS && ring == MPI_HALO_EXCHANGE_NULL, "release failed");
  MPI_Halo all[] = {left_edge, right_edge, ghost_left, ghost_right, tail, upstream};
  for (int c = 0; c < 6; c++)
    CHECK(MPIX_Halo_cell_release(&all[c]) == MPI_SUCCESS && all[c] == MPI_HALO_NULL, "cell release");
  MPI_Comm_free(&reversed);
  for (int b = 0; b < 2; b++) free(mesh[b]), free(flow[b]), free(ref_mesh[b]), free(ref_flow[b]);
  free(addresses);
  report_ok("mpix_halo_ring");
  MPI_Finalize();
  return 0;
}
