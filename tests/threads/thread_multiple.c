/* MPI_THREAD_MULTIPLE: several threads of every rank call MPI at once. Thread t of each rank exchanges a
 * ring of messages on tag t (blocking and nonblocking, some received with MPI_ANY_SOURCE, some probed
 * first), then large ones (past the sizes sent inline or eagerly: read from the sender, on the node or
 * over the network), then runs collectives on a communicator of its own and one-sided operations on a
 * window of that communicator (put, get and accumulate under passive-target locks), while the rank's main
 * thread runs collectives on another. Every message's contents are checked; the threads report their
 * rank, that they are not the main thread, and the thread level. Run on one node and across nodes. */
#include <mpi.h>
#include <pthread.h>
#include <stdlib.h>

#include "mpitest.h"

enum { threads = 3, rounds = 200, words = 16, large_rounds = 10, large_words = 20000, rma_rounds = 20 };

struct thread_work {
  int index;
  MPI_Comm comm; /* the thread's own, for its collectives */
  int failures;
  char why[160];
};

static int rank, size;

static void fill(int* buffer, int from, int thread, int round) {
  for (int i = 0; i < words; ++i) buffer[i] = from * 1000003 + thread * 10007 + round * 31 + i;
}

static int verify(const int* buffer, int from, int thread, int round) {
  for (int i = 0; i < words; ++i)
    if (buffer[i] != from * 1000003 + thread * 10007 + round * 31 + i) return 0;
  return 1;
}

#define FAIL(work, ...)                                    \
  do {                                                     \
    snprintf((work)->why, sizeof(work)->why, __VA_ARGS__); \
    (work)->failures++;                                    \
    return NULL;                                           \
  } while (0)

static void* exchange(void* argument) {
  struct thread_work* work = argument;
  const int t = work->index, next = (rank + 1) % size, previous = (rank + size - 1) % size;
  int me = -1, main_thread = 1, level = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Is_thread_main(&main_thread);
  MPI_Query_thread(&level);
  if (me != rank || main_thread || level != MPI_THREAD_MULTIPLE)
    FAIL(work, "thread %d: rank %d, main %d, level %d", t, me, main_thread, level);

  int out[words], in[words];
  for (int round = 0; round < rounds; ++round) {
    fill(out, rank, t, round);
    MPI_Status status;
    switch (round % 4) {
      case 0:
        MPI_Sendrecv(out, words, MPI_INT, next, t, in, words, MPI_INT, previous, t, MPI_COMM_WORLD, &status);
        break;
      case 1: {
        MPI_Request requests[2];
        MPI_Irecv(in, words, MPI_INT, MPI_ANY_SOURCE, t, MPI_COMM_WORLD, &requests[0]);
        MPI_Isend(out, words, MPI_INT, next, t, MPI_COMM_WORLD, &requests[1]);
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        break;
      }
      case 2: {
        MPI_Request request;
        MPI_Isend(out, words, MPI_INT, next, t, MPI_COMM_WORLD, &request);
        MPI_Probe(previous, t, MPI_COMM_WORLD, &status);
        int count = -1;
        MPI_Get_count(&status, MPI_INT, &count);
        if (count != words) FAIL(work, "thread %d round %d: probed %d ints", t, round, count);
        MPI_Recv(in, words, MPI_INT, status.MPI_SOURCE, t, MPI_COMM_WORLD, &status);
        MPI_Wait(&request, MPI_STATUS_IGNORE);
        break;
      }
      default: {
        MPI_Request request;
        MPI_Isend(out, words, MPI_INT, next, t, MPI_COMM_WORLD, &request);
        int flag = 0, done = 0;
        while (!flag) MPI_Iprobe(MPI_ANY_SOURCE, t, MPI_COMM_WORLD, &flag, &status);
        MPI_Recv(in, words, MPI_INT, status.MPI_SOURCE, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        while (!done) MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        break;
      }
    }
    if (!verify(in, previous, t, round)) FAIL(work, "thread %d round %d: wrong data from rank %d", t, round, previous);
  }

  int *large_out = malloc(large_words * sizeof(int)), *large_in = malloc(large_words * sizeof(int));
  for (int round = 0; round < large_rounds; ++round) {
    for (int i = 0; i < large_words; ++i) large_out[i] = rank * 1000003 + t * 10007 + round * 31 + i;
    MPI_Request requests[2];
    MPI_Irecv(large_in, large_words, MPI_INT, round % 2 ? MPI_ANY_SOURCE : previous, threads + t, MPI_COMM_WORLD,
              &requests[0]);
    MPI_Isend(large_out, large_words, MPI_INT, next, threads + t, MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    for (int i = 0; i < large_words; ++i)
      if (large_in[i] != previous * 1000003 + t * 10007 + round * 31 + i)
        FAIL(work, "thread %d large round %d: word %d from rank %d is %d", t, round, i, previous, large_in[i]);
  }
  free(large_out);
  free(large_in);

  for (int round = 0; round < rounds; ++round) {
    int value = rank + t + round, sum = 0, root_value = round;
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, work->comm);
    if (sum != size * (size - 1) / 2 + size * (t + round))
      FAIL(work, "thread %d round %d: allreduce gave %d", t, round, sum);
    if (rank != round % size) root_value = -1;
    MPI_Bcast(&root_value, 1, MPI_INT, round % size, work->comm);
    if (root_value != round) FAIL(work, "thread %d round %d: bcast gave %d", t, round, root_value);
  }

  /* Each rank's window is written by the rank before it alone; the last word gathers accumulates at rank 0. */
  int* window_words;
  MPI_Win win;
  MPI_Win_allocate((words + 1) * sizeof(int), sizeof(int), MPI_INFO_NULL, work->comm, &window_words, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  window_words[words] = 0;
  MPI_Win_unlock(rank, win);
  MPI_Barrier(work->comm);
  for (int round = 0; round < rma_rounds; ++round) {
    const int one = 1;
    fill(out, rank, t, round);
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win);
    MPI_Put(out, words, MPI_INT, next, 0, words, MPI_INT, win);
    MPI_Win_unlock(next, win);
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    MPI_Accumulate(&one, 1, MPI_INT, 0, words, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_unlock(0, win);
    MPI_Barrier(work->comm);
    MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
    int put_here = verify(window_words, previous, t, round);
    MPI_Win_unlock(rank, win);
    if (!put_here) FAIL(work, "thread %d rma round %d: the put of rank %d is not in the window", t, round, previous);
    MPI_Win_lock(MPI_LOCK_SHARED, next, 0, win);
    MPI_Get(in, words, MPI_INT, next, 0, words, MPI_INT, win);
    MPI_Win_unlock(next, win);
    if (!verify(in, rank, t, round)) FAIL(work, "thread %d rma round %d: get from rank %d", t, round, next);
    MPI_Barrier(work->comm);
  }
  if (rank == 0 && window_words[words] != size * rma_rounds)
    FAIL(work, "thread %d: accumulates gave %d, not %d", t, window_words[words], size * rma_rounds);
  MPI_Win_free(&win);
  return NULL;
}

int main(int argc, char** argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  CHECK(provided == MPI_THREAD_MULTIPLE, "provided %d, asked MPI_THREAD_MULTIPLE", provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  struct thread_work work[threads];
  MPI_Comm main_comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &main_comm);
  for (int t = 0; t < threads; ++t) {
    work[t] = (struct thread_work){.index = t, .failures = 0};
    MPI_Comm_dup(MPI_COMM_WORLD, &work[t].comm);
  }
  pthread_t ids[threads];
  for (int t = 0; t < threads; ++t) pthread_create(&ids[t], NULL, exchange, &work[t]);
  /* The main thread's own collectives meanwhile. */
  for (int round = 0; round < rounds; ++round) {
    int value = round, maximum = -1;
    MPI_Allreduce(&value, &maximum, 1, MPI_INT, MPI_MAX, main_comm);
    CHECK(maximum == round, "main thread round %d: allreduce gave %d", round, maximum);
  }
  for (int t = 0; t < threads; ++t) {
    pthread_join(ids[t], NULL);
    CHECK(work[t].failures == 0, "%s", work[t].why);
    MPI_Comm_free(&work[t].comm);
  }
  MPI_Comm_free(&main_comm);
  int main_thread = 0;
  MPI_Is_thread_main(&main_thread);
  CHECK(main_thread, "MPI_Is_thread_main is false on the main thread");
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  if (rank == 0) printf("thread_multiple: ok\n");
  return 0;
}
