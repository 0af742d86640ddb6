/* Windows and what they tell about themselves: MPI_Win_create (sizes differing per rank, empty ones with a
 * NULL base), MPI_Win_allocate (the base it returns is the window's), the attributes MPI_WIN_BASE,
 * MPI_WIN_SIZE, MPI_WIN_DISP_UNIT, MPI_WIN_CREATE_FLAVOR and MPI_WIN_MODEL (unified: Weft's ranks share one
 * memory), Win_get_group (the communicator's members, also of a split one), Win_get_info and Win_set_info,
 * displacement units honoured per target (units differing by rank, 1 and 12 bytes over one buffer), a base
 * at an odd address, and MPI_Win_free resetting the handle. Data moves under fences between neighbours. */
#include "mpitest.h"

enum { UNTOUCHED = -1 };

static void check_attributes(MPI_Win win, const void* base, MPI_Aint size, int disp_unit, int flavor,
                             const char* what) {
  void* got_base = NULL;
  MPI_Aint* got_size = NULL;
  int *got_disp_unit = NULL, *got_flavor = NULL, *got_model = NULL, flag = 0;
  MPI_Win_get_attr(win, MPI_WIN_BASE, &got_base, &flag);
  CHECK(flag && got_base == base, "%s: MPI_WIN_BASE is %p (flag %d), expected %p", what, got_base, flag, base);
  MPI_Win_get_attr(win, MPI_WIN_SIZE, &got_size, &flag);
  CHECK(flag && *got_size == size, "%s: MPI_WIN_SIZE is %ld, expected %ld", what, (long)*got_size, (long)size);
  MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &got_disp_unit, &flag);
  CHECK(flag && *got_disp_unit == disp_unit, "%s: MPI_WIN_DISP_UNIT is %d, expected %d", what, *got_disp_unit,
        disp_unit);
  MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &got_flavor, &flag);
  CHECK(flag && *got_flavor == flavor, "%s: MPI_WIN_CREATE_FLAVOR is %d, expected %d", what, *got_flavor, flavor);
  MPI_Win_get_attr(win, MPI_WIN_MODEL, &got_model, &flag);
  CHECK(flag && *got_model == MPI_WIN_UNIFIED, "%s: MPI_WIN_MODEL is %d, expected MPI_WIN_UNIFIED", what, *got_model);
}

/* The window's group has the communicator's members in its order; its info is an object of the caller's. */
static void check_group_and_info(MPI_Win win, MPI_Comm comm, const char* what) {
  MPI_Group win_group, comm_group;
  int result = MPI_UNEQUAL;
  MPI_Win_get_group(win, &win_group);
  MPI_Comm_group(comm, &comm_group);
  MPI_Group_compare(win_group, comm_group, &result);
  CHECK(result == MPI_IDENT, "%s: the window's group compares %d to the communicator's", what, result);
  MPI_Group_free(&win_group);
  MPI_Group_free(&comm_group);

  MPI_Info info = MPI_INFO_NULL;
  CHECK(MPI_Win_get_info(win, &info) == MPI_SUCCESS && info != MPI_INFO_NULL, "%s: MPI_Win_get_info gave no info",
        what);
  MPI_Info_free(&info);
}

/* Elements in rank r's window of MPI_Win_create: they differ by rank. */
static int created_length(int rank) { return 4 + rank % 3; }

/* Every rank puts one int at the last element of its right neighbour's window and gets the first element
 * of its left neighbour's; both windows differ in size from the caller's. */
static void created_window(int rank, int size) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size, n = created_length(rank);
  int* local = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) local[i] = i == 0 ? 1000 + rank : UNTOUCHED;
  MPI_Win win;
  MPI_Win_create(local, n * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  check_attributes(win, local, n * sizeof(int), sizeof(int), MPI_WIN_FLAVOR_CREATE, "MPI_Win_create");
  check_group_and_info(win, MPI_COMM_WORLD, "MPI_Win_create");

  int mine = rank, from_left = UNTOUCHED;
  MPI_Win_fence(0, win);
  MPI_Put(&mine, 1, MPI_INT, right, created_length(right) - 1, 1, MPI_INT, win);
  MPI_Get(&from_left, 1, MPI_INT, left, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  CHECK(from_left == 1000 + left, "Get of the left neighbour's element 0 gave %d, expected %d", from_left, 1000 + left);
  for (int i = 0; i < n; i++) {
    int expected = i == 0 ? 1000 + rank : i == n - 1 ? left : UNTOUCHED;
    CHECK(local[i] == expected, "MPI_Win_create: element %d is %d, expected %d", i, local[i], expected);
  }

  /* Hints may be ignored, but setting them is allowed at any time and the window still works. */
  MPI_Info hints;
  MPI_Info_create(&hints);
  MPI_Info_set(hints, "no_locks", "false");
  CHECK(MPI_Win_set_info(win, hints) == MPI_SUCCESS, "MPI_Win_set_info failed");
  MPI_Info_free(&hints);
  check_group_and_info(win, MPI_COMM_WORLD, "MPI_Win_create after MPI_Win_set_info");
  MPI_Win_free(&win);
  CHECK(win == MPI_WIN_NULL, "MPI_Win_free did not set the handle to MPI_WIN_NULL");
  free(local);
}

/* Odd ranks expose nothing (base NULL, size 0); even ranks still reach each other, in a ring of their own. */
static void empty_windows(int rank, int size) {
  int exposed = rank % 2 == 0, evens = (size + 1) / 2;
  int* value = exposed ? malloc(sizeof(int)) : NULL;
  if (exposed) *value = UNTOUCHED;
  MPI_Win win;
  MPI_Win_create(value, exposed ? sizeof(int) : 0, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  check_attributes(win, value, exposed ? sizeof(int) : 0, sizeof(int), MPI_WIN_FLAVOR_CREATE,
                   "MPI_Win_create of size 0 on odd ranks");
  int target = 2 * ((rank / 2 + 1) % evens), source = 2 * ((rank / 2 + evens - 1) % evens), mine = 77 + rank;
  MPI_Win_fence(0, win);
  if (exposed) MPI_Put(&mine, 1, MPI_INT, target, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  if (exposed) CHECK(*value == 77 + source, "window of rank %d holds %d, expected %d", rank, *value, 77 + source);
  MPI_Win_free(&win);
  free(value);

  /* MPI_Win_allocate of nothing on every rank: a window all the same, with fences that move nothing. */
  void* base = NULL;
  MPI_Win_allocate(0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  MPI_Aint* got_size = NULL;
  int flag = 0;
  MPI_Win_get_attr(win, MPI_WIN_SIZE, &got_size, &flag);
  CHECK(flag && *got_size == 0, "MPI_Win_allocate of 0 bytes has size %ld", (long)*got_size);
  MPI_Win_fence(0, win);
  MPI_Win_fence(0, win);
  MPI_Win_free(&win);
}

/* MPI_Win_allocate: the memory it returns is the window's, and a neighbour reads what the owner stored. */
static void allocated_window(int rank, int size) {
  enum { N = 8 };
  double* base = NULL;
  MPI_Win win;
  MPI_Win_allocate(N * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  CHECK(base != NULL, "MPI_Win_allocate returned a NULL base");
  check_attributes(win, base, N * sizeof(double), sizeof(double), MPI_WIN_FLAVOR_ALLOCATE, "MPI_Win_allocate");
  check_group_and_info(win, MPI_COMM_WORLD, "MPI_Win_allocate");
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  for (int i = 0; i < N; i++) base[i] = rank + i / 8.0;
  MPI_Win_fence(0, win);
  double got[N];
  int left = (rank + size - 1) % size;
  MPI_Get(got, N, MPI_DOUBLE, left, 0, N, MPI_DOUBLE, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  for (int i = 0; i < N; i++)
    CHECK(got[i] == left + i / 8.0, "Get from MPI_Win_allocate's memory: element %d is %g, expected %g", i, got[i],
          left + i / 8.0);
  MPI_Win_free(&win);
}

/* Displacements count in the target's unit: ranks expose one int array with units of 4, 8 or 12 bytes, and
 * a put at displacement 2 lands 8, 16 or 24 bytes in. Then one buffer under two windows, units 1 and 12. */
static void displacement_units(int rank, int size) {
  enum { N = 16 };
  int *local = malloc(N * sizeof(int)), right = (rank + 1) % size, left = (rank + size - 1) % size;
  for (int i = 0; i < N; i++) local[i] = UNTOUCHED;
  MPI_Win win;
  MPI_Win_create(local, N * sizeof(int), 4 * (1 + rank % 3), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  int mine = 500 + rank;
  MPI_Win_fence(0, win);
  MPI_Put(&mine, 1, MPI_INT, right, 2, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  for (int i = 0; i < N; i++) {
    int expected = i == 2 * (1 + rank % 3) ? 500 + left : UNTOUCHED;
    CHECK(local[i] == expected, "unit %d: element %d is %d, expected %d", 4 * (1 + rank % 3), i, local[i], expected);
  }
  MPI_Win_free(&win);
  free(local);

  enum { BYTES = 64 };
  unsigned char* bytes = calloc(BYTES, 1);
  MPI_Win by_byte, by_triple;
  MPI_Win_create(bytes, BYTES, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &by_byte);
  MPI_Win_create(bytes, BYTES, 3 * sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &by_triple);
  unsigned char tag = (unsigned char)(rank + 1);
  int triple[3] = {rank, rank + 1, rank + 2};
  MPI_Win_fence(0, by_byte);
  MPI_Put(&tag, 1, MPI_UNSIGNED_CHAR, right, 5, 1, MPI_UNSIGNED_CHAR, by_byte);
  MPI_Win_fence(0, by_byte);
  MPI_Win_fence(0, by_triple);
  MPI_Put(triple, 3, MPI_INT, right, 2, 3, MPI_INT, by_triple);
  MPI_Win_fence(0, by_triple);
  int got[3];
  memcpy(got, bytes + 24, sizeof got);
  CHECK(bytes[5] == (unsigned char)(left + 1), "unit 1: byte 5 is %d, expected %d", bytes[5], left + 1);
  CHECK(got[0] == left && got[1] == left + 1 && got[2] == left + 2, "unit 12: bytes 24-35 hold %d %d %d", got[0],
        got[1], got[2]);
  for (int i = 0; i < BYTES; i++)
    CHECK(i == 5 || (i >= 24 && i < 36) || bytes[i] == 0, "byte %d changed to %d", i, bytes[i]);
  MPI_Win_free(&by_byte);
  MPI_Win_free(&by_triple);
  free(bytes);
}

/* A window may start at any address. MPICH 4.0.2 (ch4 over UCX) reports MPI_WIN_BASE rounded down to 16
 * bytes and puts the data there, over the bytes before the window: checked under Weft only. */
static void odd_base(int rank, int size) {
  enum { BYTES = 24, OFFSET = 1, EXPOSED = 8 };
  unsigned char *bytes = calloc(BYTES, 1), out[EXPOSED];
  pattern_fill(out, EXPOSED, pattern_seed(EXPOSED, rank, 0));
  MPI_Win win;
  MPI_Win_create(bytes + OFFSET, EXPOSED, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  check_attributes(win, bytes + OFFSET, EXPOSED, 1, MPI_WIN_FLAVOR_CREATE, "a window at an odd address");
  MPI_Win_fence(0, win);
  MPI_Put(out, EXPOSED, MPI_BYTE, (rank + 1) % size, 0, EXPOSED, MPI_BYTE, win);
  MPI_Win_fence(0, win);
  int left = (rank + size - 1) % size;
  size_t bad = pattern_check(bytes + OFFSET, EXPOSED, pattern_seed(EXPOSED, left, 0));
  CHECK(bad == EXPOSED, "a window at an odd address: byte %zu of the put is wrong", bad);
  for (int i = 0; i < BYTES; i++)
    CHECK((i >= OFFSET && i < OFFSET + EXPOSED) || bytes[i] == 0,
          "a put to a window at an odd address changed byte %d "
          "of the buffer, outside the window",
          i);
  MPI_Win_free(&win);
  free(bytes);
}

/* A window over the even or odd half of the world: its group is that communicator's, and rank numbers in RMA
 * calls are ranks in it. */
static void window_of_a_split(int rank) {
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  int half_rank, half_size;
  MPI_Comm_rank(half, &half_rank);
  MPI_Comm_size(half, &half_size);
  int* value = malloc(sizeof(int));
  *value = UNTOUCHED;
  MPI_Win win;
  MPI_Win_create(value, sizeof(int), sizeof(int), MPI_INFO_NULL, half, &win);
  check_group_and_info(win, half, "a window of a split communicator");
  MPI_Group group, world_group;
  MPI_Win_get_group(win, &group);
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  int last = half_size - 1, last_in_world = -1;
  MPI_Group_translate_ranks(group, 1, &last, world_group, &last_in_world);
  CHECK(last_in_world == rank % 2 + 2 * last, "rank %d of the window's group is world rank %d", last, last_in_world);
  MPI_Group_free(&group);
  MPI_Group_free(&world_group);

  MPI_Win_fence(0, win);
  if (half_rank == 0) MPI_Put(&rank, 1, MPI_INT, last, 0, 1, MPI_INT, win);
  MPI_Win_fence(0, win);
  if (half_rank == last)
    CHECK(*value == rank % 2, "the last of the half got %d from its rank 0, expected world rank %d", *value, rank % 2);
  MPI_Win_free(&win);
  free(value);
  MPI_Comm_free(&half);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  created_window(rank, size);
  empty_windows(rank, size);
  allocated_window(rank, size);
  displacement_units(rank, size);
  window_of_a_split(rank);
  if (MPITEST_ON_WEFT) odd_base(rank, size);
  report_ok("rma_windows");
  MPI_Finalize();
  return 0;
}
