/* MPIX_Halo on a periodic 2-D grid of ranks (MPI_Dims_create), a 5-point stencil on double-buffered blocks
 * swapped every step. Rows travel as contiguous cells; columns are MPI_Type_vector cells on the owner's
 * side and contiguous ones on the reader's: on the node the reader views the owner's column in place, with
 * the owner's row stride (is_remote 0, the owner's very pointer); with WEFT_HALO_COPY=1 it gets the column
 * packed (is_remote 1). Ghosts and the final blocks are checked against a serial run, in both modes. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>

#include "mpitest.h"
#include "random_delay.h"

enum { NX = 6, NY = 5, STEPS = 60 };

static unsigned initial(int gx, int gy) {
  unsigned h = ((unsigned)gx * 7919u + (unsigned)gy) * 2654435761u;
  return h ^ (h >> 15);
}

static unsigned stencil(unsigned north, unsigned south, unsigned west, unsigned east, unsigned mid, int step) {
  return 3u * north + 5u * south + 7u * west + 11u * east + mid + (unsigned)step;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size, dims[2] = {0, 0};
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Dims_create(size, 2, dims);
  int px = dims[0], py = dims[1], cx = rank / py, cy = rank % py;
  int north = ((cx + px - 1) % px) * py + cy, south = ((cx + 1) % px) * py + cy;
  int west = cx * py + (cy + py - 1) % py, east = cx * py + (cy + 1) % py;
  int gnx = px * NX, gny = py * NY;
  const char* copy_setting = getenv("WEFT_HALO_COPY");
  int copies = copy_setting != NULL && strcmp(copy_setting, "1") == 0;
  /* Per ghost (north, south, west, east): a copy with WEFT_HALO_COPY=1, and always from another node. */
  int copied[4] = {copies || !shares_node(north), copies || !shares_node(south), copies || !shares_node(west),
                   copies || !shares_node(east)};
  unsigned state = 104729u * (unsigned)rank + 3u;

  unsigned *block[2], *ref[2];
  for (int b = 0; b < 2; b++)
    block[b] = calloc(NX * NY, sizeof(unsigned)), ref[b] = calloc(gnx * gny, sizeof(unsigned));
  for (int x = 0; x < gnx; x++)
    for (int y = 0; y < gny; y++) ref[0][x * gny + y] = initial(x, y);
  for (int x = 0; x < NX; x++)
    for (int y = 0; y < NY; y++) block[0][x * NY + y] = ref[0][(cx * NX + x) * gny + cy * NY + y];
  uint64_t mine[2] = {(uintptr_t)block[0], (uintptr_t)block[1]};
  uint64_t* addresses = malloc(2 * size * sizeof(uint64_t));
  MPI_Allgather(mine, 2, MPI_UINT64_T, addresses, 2, MPI_UINT64_T, MPI_COMM_WORLD);

  MPI_Datatype column;
  MPI_Type_vector(NX, 1, NY, MPI_UNSIGNED, &column);
  MPI_Type_commit(&column);
  MPI_Halo top, bottom, left, right, ghost_n, ghost_s, ghost_w, ghost_e;
  MPIX_Halo_cell_init(&top, "top row", MPI_UNSIGNED, NY);
  MPIX_Halo_cell_init(&bottom, "bottom row", MPI_UNSIGNED, NY);
  MPIX_Halo_cell_init(&left, "left column", column, 1);
  MPIX_Halo_cell_init(&right, "right column", column, 1);
  MPI_Type_free(&column); /* the cells keep its layout */
  MPIX_Halo_cell_init(&ghost_n, "north ghost", MPI_UNSIGNED, NY);
  MPIX_Halo_cell_init(&ghost_s, "south ghost", MPI_UNSIGNED, NY);
  MPIX_Halo_cell_init(&ghost_w, "west ghost", MPI_UNSIGNED, NX);
  MPIX_Halo_cell_init(&ghost_e, "east ghost", MPI_UNSIGNED, NX);
  MPI_Halo_exchange grid;
  MPIX_Halo_exchange_init(&grid);
  MPIX_Halo_cell_bind_local(grid, top);
  MPIX_Halo_cell_bind_local(grid, bottom);
  MPIX_Halo_cell_bind_local(grid, left);
  MPIX_Halo_cell_bind_local(grid, right);
  MPIX_Halo_cell_bind_remote(grid, ghost_n, north, "bottom row");
  MPIX_Halo_cell_bind_remote(grid, ghost_s, south, "top row");
  MPIX_Halo_cell_bind_remote(grid, ghost_w, west, "right column");
  MPIX_Halo_cell_bind_remote(grid, ghost_e, east, "left column");
  CHECK(MPIX_Halo_exchange_commit(grid) == MPI_SUCCESS, "commit failed");

  for (int step = 1; step <= STEPS; step++) {
    int cur = (step - 1) % 2, nxt = step % 2;
    unsigned *b = block[cur], *bn = block[nxt];
    MPIX_Halo_cell_set(top, &b[0]);
    MPIX_Halo_cell_set(bottom, &b[(NX - 1) * NY]);
    MPIX_Halo_cell_set(left, &b[0]);
    MPIX_Halo_cell_set(right, &b[NY - 1]);
    random_delay(&state);
    MPIX_Halo_iexchange(grid);
    for (int x = 1; x < NX - 1; x++)
      for (int y = 1; y < NY - 1; y++)
        bn[x * NY + y] = stencil(b[(x - 1) * NY + y], b[(x + 1) * NY + y], b[x * NY + y - 1], b[x * NY + y + 1],
                                 b[x * NY + y], step);
    random_delay(&state);
    CHECK(MPIX_Halo_iexchange_wait(grid) == MPI_SUCCESS, "wait failed");
    unsigned *gn, *gs, *gw, *ge;
    MPIX_Halo_cell_get(ghost_n, (void**)&gn);
    MPIX_Halo_cell_get(ghost_s, (void**)&gs);
    MPIX_Halo_cell_get(ghost_w, (void**)&gw);
    MPIX_Halo_cell_get(ghost_e, (void**)&ge);
    MPI_Halo ghosts[4] = {ghost_n, ghost_s, ghost_w, ghost_e};
    for (int g = 0; g < 4; g++)
      CHECK(MPIX_Halo_cell_is_remote(ghosts[g]) == copied[g], "ghost %d: is_remote %d", g,
            MPIX_Halo_cell_is_remote(ghosts[g]));
    /* Columns: the owner's stride in place, packed in a copy. */
    int west_stride = copied[2] ? 1 : NY, east_stride = copied[3] ? 1 : NY;
    if (!copied[0])
      CHECK((uintptr_t)gn == addresses[2 * north + cur] + (NX - 1) * NY * sizeof(unsigned), "north ghost pointer");
    if (!copied[1]) CHECK((uintptr_t)gs == addresses[2 * south + cur], "south ghost pointer");
    if (!copied[2])
      CHECK((uintptr_t)gw == addresses[2 * west + cur] + (NY - 1) * sizeof(unsigned), "west ghost pointer");
    if (!copied[3]) CHECK((uintptr_t)ge == addresses[2 * east + cur], "east ghost pointer");
    random_delay(&state);
    const unsigned* r = ref[cur];
    for (int y = 0; y < NY; y++) {
      int gy = cy * NY + y;
      CHECK(gn[y] == r[((cx * NX + gnx - 1) % gnx) * gny + gy], "step %d: north ghost %d wrong", step, y);
      CHECK(gs[y] == r[((cx * NX + NX) % gnx) * gny + gy], "step %d: south ghost %d wrong", step, y);
    }
    for (int x = 0; x < NX; x++) {
      int gx = cx * NX + x;
      CHECK(gw[x * west_stride] == r[gx * gny + (cy * NY + gny - 1) % gny], "step %d: west ghost %d wrong", step, x);
      CHECK(ge[x * east_stride] == r[gx * gny + (cy * NY + NY) % gny], "step %d: east ghost %d wrong", step, x);
    }
    for (int x = 0; x < NX; x++)
      for (int y = 0; y < NY; y++) {
        if (x > 0 && x < NX - 1 && y > 0 && y < NY - 1) continue;
        unsigned n = x > 0 ? b[(x - 1) * NY + y] : gn[y], s = x < NX - 1 ? b[(x + 1) * NY + y] : gs[y];
        unsigned w = y > 0 ? b[x * NY + y - 1] : gw[x * west_stride];
        unsigned e = y < NY - 1 ? b[x * NY + y + 1] : ge[x * east_stride];
        bn[x * NY + y] = stencil(n, s, w, e, b[x * NY + y], step);
      }
    for (int x = 0; x < gnx; x++)
      for (int y = 0; y < gny; y++)
        ref[nxt][x * gny + y] =
            stencil(r[((x + gnx - 1) % gnx) * gny + y], r[((x + 1) % gnx) * gny + y], r[x * gny + (y + gny - 1) % gny],
                    r[x * gny + (y + 1) % gny], r[x * gny + y], step);
  }

  int last = STEPS % 2;
  for (int x = 0; x < NX; x++)
    for (int y = 0; y < NY; y++)
      CHECK(block[last][x * NY + y] == ref[last][(cx * NX + x) * gny + cy * NY + y], "cell (%d, %d) wrong at the end",
            x, y);
  CHECK(MPIX_Halo_exchange_release(&grid) == MPI_SUCCESS, "release failed");
  MPI_Halo all[] = {top, bottom, left, right, ghost_n, ghost_s, ghost_w, ghost_e};
  for (int c = 0; c < 8; c++) MPIX_Halo_cell_release(&all[c]);
  for (int b = 0; b < 2; b++) free(block[b]), free(ref[b]);
  free(addresses);
  report_ok("mpix_halo_grid");
  MPI_Finalize();
  return 0;
}
