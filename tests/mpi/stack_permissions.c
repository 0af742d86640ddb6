/* A rank's stack is executable only when the program asks for it, as glibc decides for threads: this
 * program, built with the usual non-executable stack note, must get stacks that cannot run code (an
 * executable stack turns a buffer overflow into code execution). The Fortran test
 * fortran_internal_callbacks covers the other side: a program whose objects ask for executable stacks
 * gets them. Each rank finds the mapping holding one of its local variables in /proc/self/maps. */
#include <stdint.h>

#include "mpitest.h"

/* The permissions ("rwxp") of the mapping holding `address`, or "" when none does. */
static void permissions_of(const void* address, char permissions[5]) {
  FILE* maps = fopen("/proc/self/maps", "r");
  CHECK(maps != NULL, "cannot open /proc/self/maps");
  permissions[0] = '\0';
  uintptr_t wanted = (uintptr_t)address;
  char line[512];
  while (fgets(line, sizeof line, maps) != NULL) {
    unsigned long low, high;
    char found[5];
    if (sscanf(line, "%lx-%lx %4s", &low, &high, found) == 3 && wanted >= low && wanted < high) {
      memcpy(permissions, found, 5);
      break;
    }
  }
  fclose(maps);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  volatile int local = rank;
  char permissions[5];
  permissions_of((const void*)&local, permissions);
  CHECK(permissions[0] != '\0', "no mapping holds the rank's stack variable at %p", (void*)&local);
  CHECK(permissions[0] == 'r' && permissions[1] == 'w', "the rank's stack is not readable and writable: %s",
        permissions);
  CHECK(permissions[2] != 'x', "the rank's stack is executable (%s), and the program did not ask for it", permissions);
  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("stack_permissions");
  MPI_Finalize();
  return 0;
}
