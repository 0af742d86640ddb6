/* Pools of ownership passing: buffers are reused, so memory does not grow over many rounds.
 *
 * - exchange: each pair gives each other a freshly allocated buffer every round and frees what it took;
 *   each rank's pool gets one buffer back per round, so a handful of addresses serve every round;
 * - one way: the even rank allocates and gives, the odd one takes and frees; the taker's pool fills up to
 *   WEFT_OWNERSHIP_POOL and trims back to the process's free lists, from which the giver allocates, so the
 *   givers see at most the bound's worth of different addresses per pair however many rounds run. Run
 *   with a small bound (see CMakeLists.txt), so that the rounds are many times what it holds. */
#include <stdint.h>

#include "mpitest.h"

enum { BYTES = 4096, HEADER = 192, SLOTS = 1 << 16 };

/* A set of addresses (open addressing): how many different buffers a rank saw. */
static uintptr_t seen[SLOTS];
static int distinct;

static void note(void* address) {
  uintptr_t key = (uintptr_t)address;
  size_t slot = (key >> 6) * 2654435761u % SLOTS;
  while (seen[slot] != 0 && seen[slot] != key) slot = (slot + 1) % SLOTS;
  if (seen[slot] == 0) {
    seen[slot] = key;
    distinct++;
  }
}

static void forget_all(void) {
  memset(seen, 0, sizeof seen);
  distinct = 0;
}

/* WEFT_OWNERSHIP_POOL as the library reads it (default 32M). */
static size_t pool_bound(void) {
  const char* text = getenv("WEFT_OWNERSHIP_POOL");
  if (text == NULL || *text == '\0') return (size_t)32 << 20;
  char* end;
  size_t value = strtoull(text, &end, 10);
  if (*end == 'K' || *end == 'k') value <<= 10;
  if (*end == 'M' || *end == 'm') value <<= 20;
  return value;
}

int main(int argc, char** argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct pairing p = pair_up(rank, size);

  for (int round = 0; round < 20000; round++) {
    int *mine, *taken;
    MPIX_Alloc((void**)&mine, BYTES);
    note(mine);
    mine[0] = round;
    MPIX_Give((void**)&mine, BYTES / sizeof(int), MPI_INT, p.partner, 0, MPI_COMM_WORLD);
    MPIX_Take((void**)&taken, BYTES / sizeof(int), MPI_INT, p.partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(taken[0] == round, "exchange round %d: got %d", round, taken[0]);
    MPIX_Free((void**)&taken);
  }
  CHECK(distinct <= 4, "exchange: 20000 rounds used %d different buffers on this rank", distinct);

  /* Buffers alive at once: those in each taker's pool, and up to one barrier interval's in flight per pair.
   * The arena's free lists are shared, so a giver may see any of them. */
  size_t most = (size_t)(size + 1) / 2 * (pool_bound() / (BYTES + HEADER) + 2 * 64);
  int rounds = 20000;
  forget_all();
  for (int round = 0; round < rounds; round++) {
    if (p.sends) {
      int* mine;
      MPIX_Alloc((void**)&mine, BYTES);
      note(mine);
      mine[0] = round;
      MPIX_Give((void**)&mine, BYTES / sizeof(int), MPI_INT, p.partner, 1, MPI_COMM_WORLD);
    }
    if (p.receives) {
      int* taken;
      MPIX_Take((void**)&taken, BYTES / sizeof(int), MPI_INT, p.partner, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      CHECK(taken[0] == round, "one way round %d: got %d", round, taken[0]);
      MPIX_Free((void**)&taken);
    }
    /* The giver must not run arbitrarily far ahead: its gives would pile up unreceived. */
    if (round % 64 == 63) MPI_Barrier(MPI_COMM_WORLD);
  }
  CHECK((size_t)distinct <= most, "one way: %d rounds used %d different buffers on this rank, more than the pool's %zu",
        rounds, distinct, most);
  report_ok("ownership_pool");
  MPI_Finalize();
  return 0;
}
