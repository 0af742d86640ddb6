/* A rank's main thread joins a thread that waits for a message from another rank's main thread, which may
 * run on the same worker: the join must let that rank run (it does not hold the worker's thread), through
 * pthread_join and C11 thrd_join alike. */
#include <mpi.h>
#include <pthread.h>
#include <threads.h>

#include "mpitest.h"

static int rank, size;

static void* receive_from_previous(void* unused) {
  (void)unused;
  int value = -1;
  MPI_Recv(&value, 1, MPI_INT, (rank + size - 1) % size, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return (void*)(long)(value == (rank + size - 1) % size);
}

static int c11_receive_from_previous(void* unused) { return receive_from_previous(unused) != NULL; }

int main(int argc, char** argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  CHECK(provided == MPI_THREAD_MULTIPLE, "provided %d", provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int round = 0; round < 20; ++round) {
    pthread_t listener;
    thrd_t c11_listener;
    int use_c11 = round % 2;
    if (use_c11)
      thrd_create(&c11_listener, c11_receive_from_previous, NULL);
    else
      pthread_create(&listener, NULL, receive_from_previous, NULL);
    /* Rank 0 joins before it sends: every other rank's listener waits for its predecessor's send. */
    int ok = 0;
    if (rank != 0) MPI_Send(&rank, 1, MPI_INT, (rank + 1) % size, 7, MPI_COMM_WORLD);
    if (rank == 0 && size > 1) {
      /* Rank 0's own listener waits for the last rank, which sends before it joins. */
      MPI_Request request;
      MPI_Isend(&rank, 1, MPI_INT, 1 % size, 7, MPI_COMM_WORLD, &request);
      if (use_c11)
        thrd_join(c11_listener, &ok);
      else {
        void* result;
        pthread_join(listener, &result);
        ok = result != NULL;
      }
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else {
      if (size == 1) MPI_Send(&rank, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
      if (use_c11)
        thrd_join(c11_listener, &ok);
      else {
        void* result;
        pthread_join(listener, &result);
        ok = result != NULL;
      }
    }
    CHECK(ok, "round %d: the listener received a wrong value", round);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  if (rank == 0) printf("join_from_rank: ok\n");
  return 0;
}
