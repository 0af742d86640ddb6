/* Helpers shared by the MPI behaviour tests.
 *
 * A failed CHECK prints the rank, the place and the reason on one line and aborts the whole job, so a wrong
 * result can never end in exit status 0. The byte pattern makes every message unique to its size, sender
 * and round: data delivered to the wrong receive, shifted, cut short or left over from an earlier round
 * does not verify. */
#ifndef WEFT_TESTS_MPITEST_H
#define WEFT_TESTS_MPITEST_H

#include <mpi.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noreturn, format(printf, 3, 4))) static inline void mpitest_fail(const char* file, int line,
                                                                                const char* fmt, ...) {
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  char why[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  /* One fprintf per line: ranks on other workers print at the same time. */
  fprintf(stderr, "check failed on rank %d at %s:%d: %s\n", rank, file, line, why);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  abort(); /* MPI_Abort must not return; if it does, the test still fails. */
}

#define CHECK(cond, ...) ((cond) ? (void)0 : mpitest_fail(__FILE__, __LINE__, __VA_ARGS__))

/* A call that must fail (under MPI_ERRORS_RETURN) with error class `expected_class`. */
static inline void expect_error(int code, int expected_class, const char* what) {
  int error_class = -1;
  if (code != MPI_SUCCESS) MPI_Error_class(code, &error_class);
  CHECK(code != MPI_SUCCESS && error_class == expected_class, "%s returned %d (class %d), expected class %d", what,
        code, error_class, expected_class);
}

/* True when built against Weft's mpi.h, recognised by WEFT_SHARED, the one macro of its own it defines. The
 * programs are also validated against MPICH and Open MPI; checks of behaviour that one of them gets wrong
 * (each says which and how) run only under Weft, and compile everywhere. */
#ifdef WEFT_SHARED
#define MPITEST_ON_WEFT 1
#else
#define MPITEST_ON_WEFT 0
#endif

/* Byte i of the message identified by seed. The position terms vary with the byte, its 256-byte block and
 * its 64 KiB block; the seed is hashed so that every bit of it shows in some byte. */
static inline unsigned char pattern_byte(size_t i, unsigned seed) {
  unsigned h = seed * 2654435761u;
  h ^= h >> 15;
  return (unsigned char)(i * 131u + (i >> 8) * 7u + (i >> 16) * 13u + (h >> ((i & 3u) * 8u)));
}

static inline void pattern_fill(void* buf, size_t n, unsigned seed) {
  unsigned char* p = (unsigned char*)buf;
  for (size_t i = 0; i < n; i++) p[i] = pattern_byte(i, seed);
}

/* Index of the first byte that differs from the pattern, or n when all n bytes match. */
static inline size_t pattern_check(const void* buf, size_t n, unsigned seed) {
  const unsigned char* p = (const unsigned char*)buf;
  for (size_t i = 0; i < n; i++)
    if (p[i] != pattern_byte(i, seed)) return i;
  return n;
}

/* Ranks work in pairs (0,1), (2,3), ...: the even rank sends, the odd one receives; an odd rank out pairs
 * with itself and does both. */
struct pairing {
  int partner, sends, receives;
};

static inline struct pairing pair_up(int rank, int size) {
  struct pairing p;
  p.partner = (rank ^ 1) < size ? rank ^ 1 : rank;
  p.sends = rank % 2 == 0 || p.partner == rank;
  p.receives = rank % 2 == 1 || p.partner == rank;
  return p;
}

/* Communicators for collectives on subsets and reorderings of the world: the ranks of the caller's parity
 * (even or odd) in world order, and the world in reverse order. */
static inline void split_half_and_reversed(MPI_Comm* half, MPI_Comm* reversed) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, half);
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, reversed);
}

/* Rank 0's closing line, which the test runner looks for: it proves the program ran to its end. Flushed at
 * once because stdout is a pipe under the test runner and the job may end before exit flushes it. */
static inline void report_ok(const char* program) {
  int rank = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    printf("%s: ok\n", program);
    fflush(stdout);
  }
}

/* Whether rank `other` of MPI_COMM_WORLD runs in the caller's node process (MPI_COMM_TYPE_SHARED), whose
 * memory it can read; across nodes it cannot. Collective over MPI_COMM_WORLD. */
static inline int shares_node(int other) {
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Group world_group, node_group;
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  MPI_Comm_group(node, &node_group);
  int there = MPI_UNDEFINED;
  MPI_Group_translate_ranks(world_group, 1, &other, node_group, &there);
  MPI_Group_free(&world_group);
  MPI_Group_free(&node_group);
  MPI_Comm_free(&node);
  return there != MPI_UNDEFINED;
}

/* Whether all ranks of `comm` run in one node process, where collectives read and write each other's
 * buffers in place. Collective over `comm`. */
static inline int on_one_node(MPI_Comm comm) {
  MPI_Comm node;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int size, node_size;
  MPI_Comm_size(comm, &size);
  MPI_Comm_size(node, &node_size);
  MPI_Comm_free(&node);
  return node_size == size;
}

/* Seed of a message from its size, sender and round. */
static inline unsigned pattern_seed(size_t size, int sender, int round) {
  return (unsigned)size * 7919u + (unsigned)sender * 104729u + (unsigned)round * 31u;
}

/* MPI_Bcast of n bytes of the pattern `seed` from `root` into buf (filled at the root, cleared elsewhere),
 * checked on every rank. */
static inline void checked_bcast(unsigned char* buf, int n, int root, unsigned seed, MPI_Comm comm) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  if (rank == root)
    pattern_fill(buf, n, seed);
  else
    memset(buf, 0, n);
  MPI_Bcast(buf, n, MPI_BYTE, root, comm);
  size_t bad = pattern_check(buf, n, seed);
  CHECK(bad == (size_t)n, "Bcast of %d bytes from rank %d: byte %zu is wrong", n, root, bad);
}

/* A non-commutative reduction: maps t -> a t + b modulo a prime, combined by composition. x op y is "x, then
 * y", so MPI's inout = in op inout applies the lower rank's map first, and any other order gives another
 * result. Sent as MPI_2INT. */
typedef struct {
  int a, b;
} mpitest_affine;
enum { MPITEST_PRIME = 1000003 };

static inline mpitest_affine mpitest_then(mpitest_affine first, mpitest_affine second) {
  return (mpitest_affine){(int)((long long)second.a * first.a % MPITEST_PRIME),
                          (int)(((long long)second.a * first.b + second.b) % MPITEST_PRIME)};
}

/* The MPI_User_function of the composition, for MPI_Op_create(mpitest_compose, 0, &op). */
static inline void mpitest_compose(void* in, void* inout, int* len, MPI_Datatype* type) {
  (void)type;
  mpitest_affine *x = (mpitest_affine*)in, *y = (mpitest_affine*)inout;
  for (int i = 0; i < *len; i++) y[i] = mpitest_then(x[i], y[i]);
}

#endif /* WEFT_TESTS_MPITEST_H */
