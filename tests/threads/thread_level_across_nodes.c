/* On a job across nodes Weft provides at most MPI_THREAD_FUNNELED: a program asking for
 * MPI_THREAD_MULTIPLE is told so, and an MPI call from one of its threads is refused with a message. */
#include <mpi.h>
#include <pthread.h>

#include "mpitest.h"

static void *send_from_thread(void *unused) {
  (void)unused;
  int value = 1;
  MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  return NULL;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  CHECK(provided == MPI_THREAD_FUNNELED, "provided %d across nodes, expected MPI_THREAD_FUNNELED", provided);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1) {
    pthread_t thread;
    pthread_create(&thread, NULL, send_from_thread, NULL);
    pthread_join(thread, NULL);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
