/* Threads a rank creates (pthread_create, C11 thrd_create, and threads those create) work on the rank's
 * copy of the program's globals: they read what the rank wrote, and the rank reads what they wrote. A
 * __thread variable is each thread's own, starting from its initial value. */
#include <mpi.h>
#include <pthread.h>
#include <threads.h>

#include "mpitest.h"

int rank_value;
__thread int thread_number = 5;
static int bumps;
static pthread_mutex_t bump_lock = PTHREAD_MUTEX_INITIALIZER; /* one per rank, like the counter it guards */

static void bump(void) {
  pthread_mutex_lock(&bump_lock);
  ++bumps;
  pthread_mutex_unlock(&bump_lock);
}

static void* grandchild(void* expected) {
  bump();
  int fresh = thread_number == 5;
  thread_number = -2;
  return (void*)(long)(rank_value == *(int*)expected && fresh);
}

static void* child(void* expected) {
  bump();
  int fresh = thread_number == 5;
  thread_number = -1;
  pthread_t inner;
  void* inner_ok;
  pthread_create(&inner, NULL, grandchild, expected);
  pthread_join(inner, &inner_ok);
  return (void*)(long)(rank_value == *(int*)expected && inner_ok != NULL && fresh && thread_number == -1);
}

static int c11_child(void* expected) {
  bump();
  int ok = rank_value == *(int*)expected;
  rank_value += 1;
  return ok;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  rank_value = 10 * rank + 1;
  thread_number = rank;
  MPI_Barrier(MPI_COMM_WORLD); /* other ranks of the worker set theirs meanwhile */

  enum { threads = 3 };
  pthread_t children[threads];
  for (int i = 0; i < threads; ++i)
    CHECK(pthread_create(&children[i], NULL, child, &rank_value) == 0, "pthread_create");
  for (int i = 0; i < threads; ++i) {
    void* ok;
    pthread_join(children[i], &ok);
    CHECK(ok != NULL, "pthread %d (or the thread it created) saw another rank's globals", i);
  }

  int expected = rank_value;
  thrd_t c11;
  int c11_ok = 0;
  CHECK(thrd_create(&c11, c11_child, &expected) == thrd_success, "thrd_create");
  thrd_join(c11, &c11_ok);
  CHECK(c11_ok, "the C11 thread saw another rank's globals");
  CHECK(rank_value == expected + 1, "the C11 thread's write is lost to the rank: %d, expected %d", rank_value,
        expected + 1);
  CHECK(thread_number == rank, "the rank's __thread variable is %d, not %d: a thread wrote it", thread_number, rank);
  CHECK(bumps == 2 * threads + 1, "the threads counted %d, expected %d", bumps, 2 * threads + 1);

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  if (rank == 0) printf("pthread_globals: ok\n");
  return 0;
}
