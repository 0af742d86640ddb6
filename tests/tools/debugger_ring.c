/* The program the gdb extension's tests debug (gdb_session.sh): every rank but the last tells the last it is
 * about to block, then blocks in MPI_Recv from its left neighbour, with tag 7, in a ring that never starts;
 * the last rank, once it heard from all and gave them time to block, goes three calls down into known_place,
 * whose local `marker` is 4242, and stops the process there with SIGTRAP, or with the argument "crash"
 * faults there. Never run without a debugger unless to crash. */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <signal.h>
#include <string.h>
#include <time.h>

/* Unoptimized, so that every call keeps its frame and every variable its value, as checks expect. */
#pragma clang optimize off

void known_place(int crash) {
  volatile int marker = 4242;
  if (crash)
    *(volatile int*)0 = marker;
  else
    raise(SIGTRAP);
}

void descend(int depth, int crash) {
  if (depth == 0)
    known_place(crash);
  else
    descend(depth - 1, crash);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == size - 1) {
    /* Hearing from every rank first keeps a slow start (a loaded machine) from leaving one short of its
     * receive; then MPI_Iprobe yields: the ranks of this worker reach it meanwhile, the others have 1 s. */
    for (int other = 0; other < size - 1; ++other)
      MPI_Recv(NULL, 0, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 100; ++i) {
      int flag;
      MPI_Iprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
      nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    }
    descend(2, argc > 1 && strcmp(argv[1], "crash") == 0);
  } else {
    int token;
    MPI_Send(NULL, 0, MPI_INT, size - 1, 1, MPI_COMM_WORLD);
    MPI_Recv(&token, 1, MPI_INT, (rank + size - 1) % size, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
