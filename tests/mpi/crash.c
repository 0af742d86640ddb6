/* A rank that crashes ends the job, and the report names it. Usage: crash MODE RANK, where rank RANK
 *   overflow: recurses until it runs off its stack (the others block in a receive);
 *   segfault: writes through a null pointer;
 *   abort:    calls abort(), as a failed assert() does;
 *   bus:      reads a mapped page past the end of its file (SIGBUS);
 *   fpe:      divides an integer by zero (SIGFPE).
 * The job must end with the status a shell gives the signal, a line naming the rank, and the backtrace of
 * the rank's stack. */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include <string.h>
#include <sys/mman.h>

#include "mpitest.h"

/* A page mapped from an empty file: reading it raises SIGBUS. */
static int read_past_end_of_file(void) {
  FILE* file = tmpfile();
  CHECK(file != NULL, "tmpfile failed");
  volatile char* page = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fileno(file), 0);
  CHECK(page != MAP_FAILED, "mmap failed");
  return page[0];
}

/* Each frame holds a page the compiler cannot drop, so the recursion does reach the guard page. */
#pragma clang diagnostic ignored "-Winfinite-recursion"
static int recurse(int depth) {
  volatile char frame[4096];
  frame[0] = (char)depth;
  return recurse(depth + 1) + frame[0];
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(argc == 3, "usage: crash overflow|segfault|abort|bus|fpe RANK");
  int who = atoi(argv[2]);
  CHECK(who >= 0 && who < size, "rank %d does not exist", who);
  if (rank == who) {
    if (strcmp(argv[1], "overflow") == 0)
      recurse(0);
    else if (strcmp(argv[1], "segfault") == 0)
      *(volatile int*)(size_t)argc = 0; /* an address the compiler cannot prove null */
    else if (strcmp(argv[1], "abort") == 0)
      abort();
    else if (strcmp(argv[1], "bus") == 0)
      read_past_end_of_file();
    else if (strcmp(argv[1], "fpe") == 0) {
      volatile int zero = 0;
      CHECK(argc / zero == 0, "a division by zero returned");
    }
    CHECK(0, "rank %d survived '%s'", rank, argv[1]);
  }
  int never;
  MPI_Recv(&never, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  CHECK(0, "a receive that nothing sends to completed");
}
