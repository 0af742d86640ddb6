/* A rank's main thread waits for its own thread through a mutex, a condition variable, a semaphore, a
 * barrier, an OpenMP lock and an OpenMP nested lock, while that thread waits for a message from another
 * rank's main thread, which may run on the same worker: the waits must let that rank run (they do not hold
 * the worker's thread). */
#define _POSIX_C_SOURCE 200809L /* pthread barriers under -std=c11 */
#include <mpi.h>
#include <omp.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>

#include "mpitest.h"

static int rank, size;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static sem_t posted;
static pthread_barrier_t met;
static omp_lock_t openmp_lock;
static omp_nest_lock_t openmp_nest_lock;
static atomic_int holding;
static int received = -1, flag;

static void* listener(void* unused) {
  (void)unused;
  omp_set_lock(&openmp_lock);
  omp_set_nest_lock(&openmp_nest_lock);
  pthread_mutex_lock(&lock);
  atomic_store(&holding, 1);
  /* Holds the mutex until the previous rank's main thread has sent. */
  MPI_Recv(&received, 1, MPI_INT, (rank + size - 1) % size, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  pthread_mutex_unlock(&lock);
  int second = -1;
  MPI_Recv(&second, 1, MPI_INT, (rank + size - 1) % size, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  pthread_mutex_lock(&lock);
  flag = second == received + 1;
  pthread_cond_signal(&changed);
  pthread_mutex_unlock(&lock);
  MPI_Recv(&second, 1, MPI_INT, (rank + size - 1) % size, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  sem_post(&posted);
  MPI_Recv(&second, 1, MPI_INT, (rank + size - 1) % size, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  pthread_barrier_wait(&met);
  MPI_Recv(&second, 1, MPI_INT, (rank + size - 1) % size, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  omp_unset_lock(&openmp_lock);
  MPI_Recv(&second, 1, MPI_INT, (rank + size - 1) % size, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  omp_unset_nest_lock(&openmp_nest_lock);
  return NULL;
}

int main(int argc, char** argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  CHECK(provided == MPI_THREAD_MULTIPLE, "provided %d", provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  sem_init(&posted, 0, 0);
  pthread_barrier_init(&met, NULL, 2);
  omp_init_lock(&openmp_lock);
  omp_init_nest_lock(&openmp_nest_lock);
  pthread_t thread;
  pthread_create(&thread, NULL, listener, NULL);
  while (!atomic_load(&holding)) sched_yield();
  int next = (rank + 1) % size, values[6] = {rank, rank + 1, 0, 0, 0, 0};
  MPI_Request requests[6];
  MPI_Isend(&values[0], 1, MPI_INT, next, 3, MPI_COMM_WORLD, &requests[0]);
  /* The mutex: the listener holds it until rank - 1 has run its Isend. */
  pthread_mutex_lock(&lock);
  CHECK(received == (rank + size - 1) % size, "received %d", received);
  pthread_mutex_unlock(&lock);
  MPI_Isend(&values[1], 1, MPI_INT, next, 4, MPI_COMM_WORLD, &requests[1]);
  /* The condition variable: signalled once rank - 1 has sent its second message. */
  pthread_mutex_lock(&lock);
  while (!flag) pthread_cond_wait(&changed, &lock);
  pthread_mutex_unlock(&lock);
  MPI_Isend(&values[2], 1, MPI_INT, next, 5, MPI_COMM_WORLD, &requests[2]);
  /* The semaphore: posted once the third has come. */
  sem_wait(&posted);
  /* The barrier: met once the fourth has come. */
  MPI_Isend(&values[3], 1, MPI_INT, next, 6, MPI_COMM_WORLD, &requests[3]);
  pthread_barrier_wait(&met);
  /* The OpenMP locks: the listener holds them until the fifth and the sixth have come. */
  MPI_Isend(&values[4], 1, MPI_INT, next, 7, MPI_COMM_WORLD, &requests[4]);
  omp_set_lock(&openmp_lock);
  omp_unset_lock(&openmp_lock);
  MPI_Isend(&values[5], 1, MPI_INT, next, 8, MPI_COMM_WORLD, &requests[5]);
  omp_set_nest_lock(&openmp_nest_lock);
  omp_unset_nest_lock(&openmp_nest_lock);
  pthread_join(thread, NULL);
  pthread_barrier_destroy(&met);
  omp_destroy_lock(&openmp_lock);
  omp_destroy_nest_lock(&openmp_nest_lock);
  MPI_Waitall(6, requests, MPI_STATUSES_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  if (rank == 0) printf("fiber_waits: ok\n");
  return 0;
}
