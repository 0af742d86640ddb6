/* Dynamic windows: MPI_Win_create_dynamic exposes nothing until memory is attached (flavor
 * MPI_WIN_FLAVOR_DYNAMIC, base MPI_BOTTOM, size 0); every rank attaches several regions of different sizes
 * and tells the others their addresses (by MPI_Allgather, and one by a message to the left neighbour);
 * origins put, get and accumulate at those addresses (displacement unit 1) inside one lock_all epoch; a region
 * detached and another attached in its place, whose new address is then used; everything detached before
 * the window is freed. */
#include "mpitest.h"

enum { REGIONS = 3, UNTOUCHED = -1 };

static const int region_ints[REGIONS] = {4, 16, 100};

static int value_for(int owner, int region, int i) { return owner * 100000 + region * 1000 + i; }

static void check_dynamic_attributes(MPI_Win win) {
  void* base = &base;
  MPI_Aint* size = NULL;
  int *flavor = NULL, flag = 0;
  MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
  CHECK(flag && base == MPI_BOTTOM, "a dynamic window's MPI_WIN_BASE is %p, not MPI_BOTTOM", base);
  MPI_Win_get_attr(win, MPI_WIN_SIZE, &size, &flag);
  CHECK(flag && *size == 0, "a dynamic window's MPI_WIN_SIZE is %ld", (long)*size);
  MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
  CHECK(flag && *flavor == MPI_WIN_FLAVOR_DYNAMIC, "a dynamic window's flavor is %d", *flavor);
}

/* Every rank's addresses of its regions, in rank order. */
static MPI_Aint* share_addresses(int** regions, int size) {
  MPI_Aint mine[REGIONS], *all = malloc(size * REGIONS * sizeof(MPI_Aint));
  for (int k = 0; k < REGIONS; k++) MPI_Get_address(regions[k], &mine[k]);
  MPI_Allgather(mine, REGIONS, MPI_AINT, all, REGIONS, MPI_AINT, MPI_COMM_WORLD);
  return all;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Win win;
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  check_dynamic_attributes(win);

  int* regions[REGIONS];
  for (int k = 0; k < REGIONS; k++) {
    regions[k] = malloc(region_ints[k] * sizeof(int));
    for (int i = 0; i < region_ints[k]; i++) regions[k][i] = k == 2 ? value_for(rank, k, i) : UNTOUCHED;
    MPI_Win_attach(win, regions[k], region_ints[k] * sizeof(int));
  }
  MPI_Aint* addresses = share_addresses(regions, size);
  MPI_Aint *at_right = &addresses[right * REGIONS], *at_left = &addresses[left * REGIONS];

  /* Region 0: every rank adds 1 to its first int on rank 0. Region 1: the right neighbour gets the caller's
   * values from element 3 on. Region 2: read from the left neighbour. */
  MPI_Win_lock_all(0, win);
  int one = 1, out[8], in[100];
  for (int i = 0; i < 8; i++) out[i] = value_for(rank, 1, i);
  MPI_Accumulate(&one, 1, MPI_INT, 0, addresses[0], 1, MPI_INT, MPI_SUM, win);
  MPI_Put(out, 8, MPI_INT, right, MPI_Aint_add(at_right[1], 3 * sizeof(int)), 8, MPI_INT, win);
  MPI_Get(in, 100, MPI_INT, left, at_left[2], 100, MPI_INT, win);
  MPI_Win_flush_all(win);
  for (int i = 0; i < 100; i++)
    CHECK(in[i] == value_for(left, 2, i), "Get from region 2 of rank %d: element %d is %d", left, i, in[i]);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_sync(win);
  if (rank == 0)
    CHECK(regions[0][0] == UNTOUCHED + size, "region 0 of rank 0 holds %d, expected %d", regions[0][0],
          UNTOUCHED + size);
  for (int i = 0; i < region_ints[1]; i++) {
    int expected = i >= 3 && i < 11 ? value_for(left, 1, i - 3) : UNTOUCHED;
    CHECK(regions[1][i] == expected, "region 1: element %d is %d, expected %d", i, regions[1][i], expected);
  }

  /* Region 1 replaced by a fresh one; its address goes to the left neighbour in a message, and the left
   * neighbour puts there. */
  MPI_Barrier(MPI_COMM_WORLD); /* nobody accesses region 1 any more */
  MPI_Win_detach(win, regions[1]);
  int* fresh = malloc(2 * sizeof(int));
  fresh[0] = fresh[1] = UNTOUCHED;
  MPI_Win_attach(win, fresh, 2 * sizeof(int));
  MPI_Aint fresh_address, fresh_at_right;
  MPI_Get_address(fresh, &fresh_address);
  MPI_Sendrecv(&fresh_address, 1, MPI_AINT, left, 0, &fresh_at_right, 1, MPI_AINT, right, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  int two[2] = {rank, -rank};
  MPI_Put(two, 2, MPI_INT, right, fresh_at_right, 2, MPI_INT, win);
  MPI_Win_flush(right, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_sync(win);
  CHECK(fresh[0] == left && fresh[1] == -left, "the region attached later holds %d %d, expected %d %d", fresh[0],
        fresh[1], left, -left);
  MPI_Win_unlock_all(win);

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_detach(win, fresh);
  MPI_Win_detach(win, regions[0]);
  MPI_Win_detach(win, regions[2]);
  MPI_Win_free(&win);
  for (int k = 0; k < REGIONS; k++) free(regions[k]);
  free(fresh);
  free(addresses);
  report_ok("rma_dynamic");
  MPI_Finalize();
  return 0;
}
