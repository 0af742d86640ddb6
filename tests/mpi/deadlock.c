/* Programs that deadlock in each classic way; Weft must report where each rank waits and the cycle of
 * waits, and end the job (status 125). Usage: deadlock MODE, where
 *   recv_cycle: ranks 0 and 1 each receive from the other (tag 7);
 *   send_cycle: ranks 0 and 1 each send to the other synchronously (tag 5);
 *   ring:       ranks 0, 1 and 2 each receive from the next (tag 3), a cycle across three ranks;
 *   collective: every rank but the last enters MPI_Barrier, the last waits for a message rank 0 sends after
 *               it;
 *   skipped_collective: every rank but the last enters MPI_Barrier, the last goes on to MPI_Finalize;
 *   wildcard:   rank 0 receives from MPI_ANY_SOURCE with tag 99, the others send it tag 1;
 *   polling:    rank 0 polls with MPI_Iprobe for a message nobody sends, the others wait for it in MPI_Recv:
 *               a hang, but no deadlock the watchdog may report (rank 0 runs); mpirun --timeout ends it.
 * Ranks with no part in the deadlock go to MPI_Finalize, where they wait for the others. */
#include <string.h>

#include "mpitest.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size, value = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(argc == 2, "usage: deadlock recv_cycle|send_cycle|ring|collective|skipped_collective|wildcard|polling");
  const char* mode = argv[1];
  if (strcmp(mode, "recv_cycle") == 0) {
    CHECK(size >= 2, "recv_cycle needs 2 ranks");
    if (rank < 2) MPI_Recv(&value, 1, MPI_INT, 1 - rank, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (strcmp(mode, "send_cycle") == 0) {
    CHECK(size >= 2, "send_cycle needs 2 ranks");
    if (rank < 2) MPI_Ssend(&value, 1, MPI_INT, 1 - rank, 5, MPI_COMM_WORLD);
  } else if (strcmp(mode, "ring") == 0) {
    CHECK(size >= 3, "ring needs 3 ranks");
    if (rank < 3) MPI_Recv(&value, 1, MPI_INT, (rank + 1) % 3, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (strcmp(mode, "collective") == 0) {
    CHECK(size >= 2, "collective needs 2 ranks");
    if (rank != size - 1) MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) MPI_Send(&value, 1, MPI_INT, size - 1, 1, MPI_COMM_WORLD);
    if (rank == size - 1) MPI_Recv(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (strcmp(mode, "skipped_collective") == 0) {
    CHECK(size >= 2, "skipped_collective needs 2 ranks");
    if (rank != size - 1) MPI_Barrier(MPI_COMM_WORLD);
  } else if (strcmp(mode, "wildcard") == 0) {
    if (rank == 0)
      MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    else
      MPI_Send(&value, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
  } else if (strcmp(mode, "polling") == 0) {
    int flag = 0;
    if (rank == 0)
      while (!flag) MPI_Iprobe(MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    else
      MPI_Recv(&value, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    CHECK(0, "unknown mode '%s'", mode);
  }
  MPI_Finalize();
  return 0;
}
