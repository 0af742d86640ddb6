/* How a job ends. Usage: exit_codes MODE RANK CODE, where rank RANK
 *   abort:  calls MPI_Abort(MPI_COMM_WORLD, CODE) while every other rank is blocked in a receive;
 *   return: returns CODE from main after MPI_Finalize, like every other rank (which return 0);
 *   exit:   calls exit(CODE) without finalizing, while every other rank is blocked in a receive;
 *   ok:     nobody fails (RANK and CODE are ignored).
 * The test runner checks the job's exit status and the launcher's line naming the rank. */
#include <string.h>

#include "mpitest.h"

/* A receive nobody will ever match: the job has to be ended around it. */
static void block_forever(void) {
  int never;
  MPI_Recv(&never, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  CHECK(0, "a receive that nothing sends to completed");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(argc == 4, "usage: exit_codes abort|return|exit|ok RANK CODE");
  const char* mode = argv[1];
  int who = atoi(argv[2]), code = atoi(argv[3]);
  CHECK(who >= 0 && who < size, "rank %d does not exist", who);

  if (strcmp(mode, "abort") == 0) {
    if (rank == who) {
      MPI_Abort(MPI_COMM_WORLD, code);
      CHECK(0, "MPI_Abort returned");
    }
    block_forever();
  } else if (strcmp(mode, "exit") == 0) {
    if (rank == who) exit(code);
    block_forever();
  } else if (strcmp(mode, "return") == 0) {
    MPI_Finalize();
    return rank == who ? code : 0;
  }
  CHECK(strcmp(mode, "ok") == 0, "unknown mode %s", mode);
  report_ok("exit_codes");
  MPI_Finalize();
  return 0;
}
