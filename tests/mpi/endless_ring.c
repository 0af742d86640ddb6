/* A job that never ends by itself: ranks pass a token around the ring of all ranks, forever, so that every
 * rank is always waiting for a message from its left neighbour. Used to check what happens when a node
 * process of a job across nodes dies: its peers block in MPI_Recv and must be ended by mpirun.
 *
 * Usage: endless_ring --pid-files FOLDER --node-size N
 *   the first rank of every node (ranks are placed N to a node) writes its process id to FOLDER/node-K.pid
 *   once the token has gone round once, so that every node process is known to be inside the job. */
#include <unistd.h>

#include "mpitest.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char* folder = NULL;
  int node_size = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--pid-files") == 0)
      folder = argv[i + 1];
    else if (strcmp(argv[i], "--node-size") == 0)
      node_size = atoi(argv[i + 1]);
  }
  CHECK(folder != NULL && node_size > 0, "usage: endless_ring --pid-files FOLDER --node-size N");
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  long long token = 0;
  for (long long lap = 0;; lap++) {
    if (rank == 0) {
      MPI_Send(&token, 1, MPI_LONG_LONG, right, 0, MPI_COMM_WORLD);
      MPI_Recv(&token, 1, MPI_LONG_LONG, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(&token, 1, MPI_LONG_LONG, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      token++;
      MPI_Send(&token, 1, MPI_LONG_LONG, right, 0, MPI_COMM_WORLD);
    }
    if (lap == 0 && rank % node_size == 0) {
      char path[4096];
      snprintf(path, sizeof path, "%s/node-%d.pid", folder, rank / node_size);
      FILE* file = fopen(path, "w");
      CHECK(file != NULL, "cannot write %s", path);
      fprintf(file, "%d\n", (int)getpid());
      fclose(file);
    }
  }
}
