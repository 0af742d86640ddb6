/* A node process that catches SIGTERM: prints "program caught TERM" and ends with status 7, as the
 * shell program of tests/tools/signal_forwarding.sh does. Each node process writes <folder>/ready.<pid>
 * once its handler is set and every rank is inside the job; then the ranks wait for a message that
 * never comes. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static void caught(int signal_number) {
  (void)signal_number;
  static const char line[] = "program caught TERM\n";
  (void)!write(STDOUT_FILENO, line, sizeof line - 1);
  _exit(7);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct sigaction action = {.sa_handler = caught};
  sigaction(SIGTERM, &action, NULL);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int node_rank;
  MPI_Comm_rank(node, &node_rank);
  if (node_rank == 0 && argc > 1) {
    char path[4096];
    snprintf(path, sizeof path, "%s/ready.%ld", argv[1], (long)getpid());
    FILE* ready = fopen(path, "w");
    if (ready != NULL) fclose(ready);
  }
  int nothing;
  MPI_Recv(&nothing, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
