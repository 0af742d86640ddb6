/* MPI called from a thread a rank started, which MPI_THREAD_FUNNELED does not allow: the job ends with a
 * message naming the rank and the call, never a crash or a call made as if by another rank. A query the
 * standard lets any thread make (MPI_Query_thread) is answered. */
#include <mpi.h>
#include <pthread.h>

#include "mpitest.h"

static void* send_from_thread(void* unused) {
  (void)unused;
  int level = -1;
  MPI_Query_thread(&level);
  if (level != MPI_THREAD_FUNNELED) return NULL; /* the test then fails: no refusal */
  int value = 1;
  MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  return NULL;
}

int main(int argc, char** argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  CHECK(provided == MPI_THREAD_FUNNELED, "provided %d, expected MPI_THREAD_FUNNELED", provided);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    pthread_t thread;
    pthread_create(&thread, NULL, send_from_thread, NULL);
    pthread_join(thread, NULL);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
