/* Counts the heap allocations of the whole process: a program that includes this header (in one file)
 * defines malloc and its kin, which every library of the process then calls instead of the C library's
 * (the executable's definition comes first in symbol lookup, for libraries loaded later too), and forwards
 * them to glibc's own entry points. C++'s operator new allocates through malloc, so it is counted as well.
 * Not for sanitized builds, whose runtimes define malloc themselves.
 *
 * The count is shared by all the ranks of a node process, since a library allocates on behalf of any rank,
 * or of none. */
#ifndef WEFT_TESTS_ALLOCATION_COUNT_H
#define WEFT_TESTS_ALLOCATION_COUNT_H

#include <errno.h>
#include <stddef.h>

#ifdef __cplusplus
#define ALLOCATION_COUNT_NOEXCEPT noexcept /* as the C library declares them to C++ */
extern "C" {
#else
#define ALLOCATION_COUNT_NOEXCEPT
#endif

void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* block, size_t size);
void* __libc_memalign(size_t alignment, size_t size);
void __libc_free(void* block);

/* WEFT_SHARED spelled out, so that this header need not come after mpi.h (and serves programs without it). */
__attribute__((annotate("weft.shared"))) static unsigned long allocations_counted;

static inline void count_allocation(void) { __atomic_fetch_add(&allocations_counted, 1, __ATOMIC_RELAXED); }

/* Allocations made so far by every thread of the process. */
static inline unsigned long allocation_count(void) { return __atomic_load_n(&allocations_counted, __ATOMIC_RELAXED); }

void* malloc(size_t size) ALLOCATION_COUNT_NOEXCEPT {
  count_allocation();
  return __libc_malloc(size);
}

void* calloc(size_t count, size_t size) ALLOCATION_COUNT_NOEXCEPT {
  count_allocation();
  return __libc_calloc(count, size);
}

void* realloc(void* block, size_t size) ALLOCATION_COUNT_NOEXCEPT {
  if (size != 0) count_allocation();
  return __libc_realloc(block, size);
}

void* aligned_alloc(size_t alignment, size_t size) ALLOCATION_COUNT_NOEXCEPT {
  count_allocation();
  return __libc_memalign(alignment, size);
}

void* memalign(size_t alignment, size_t size) ALLOCATION_COUNT_NOEXCEPT {
  count_allocation();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void** block, size_t alignment, size_t size) ALLOCATION_COUNT_NOEXCEPT {
  count_allocation();
  void* got = __libc_memalign(alignment, size);
  if (got == NULL) return ENOMEM;
  *block = got;
  return 0;
}

void free(void* block) ALLOCATION_COUNT_NOEXCEPT { __libc_free(block); }

#ifdef __cplusplus
}
#endif

#endif
