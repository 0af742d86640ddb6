/* What the partitioned-communication tests share: the value of each element sent, and a reproducible
 * shuffle of partition orders. */
#ifndef WEFT_TESTS_PARTITIONED_TEST_H
#define WEFT_TESTS_PARTITIONED_TEST_H

#include "../mpi/mpitest.h"

static const unsigned SENTINEL = 0xdeadbeefu;

/* Element i of the message `kase` that `sender` sends in `round`. */
static inline unsigned expect(int sender, int round, int kase, long i) {
  unsigned h = (unsigned)sender * 2654435761u ^ (unsigned)round * 2246822519u ^ (unsigned)kase * 3266489917u;
  h ^= h >> 13;
  return h + (unsigned)i * 0x9E3779B9u;
}

/* xorshift32: the same orders on every run. */
static inline unsigned next_random(unsigned* state) {
  unsigned x = *state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *state = x;
}

static inline void shuffle(int* a, int n, unsigned* state) {
  for (int i = n - 1; i > 0; i--) {
    int j = (int)(next_random(state) % (unsigned)(i + 1)), t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

#endif
