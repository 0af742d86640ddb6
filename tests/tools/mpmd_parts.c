// One program of an MPMD job: checks what mpirun gave its part (MPI_APPNUM, a variable, the folder it
// started in) and that the parts form one MPI_COMM_WORLD; rank 0 prints every rank's part.
// Arguments: the expected part number, the expected value of PART ("-": unset), and the expected last
// component of the working folder ("-": not checked).
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fail(int rank, const char* what, const char* got, const char* expected) {
  fprintf(stderr, "rank %d: %s is '%s', expected '%s'\n", rank, what, got, expected);
  return 1;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 4) {
    fprintf(stderr, "usage: %s <part> <PART value or -> <folder name or ->\n", argv[0]);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int failed = 0;
  int* appnum = NULL;
  int flag = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &appnum, &flag);
  char text[32];
  snprintf(text, sizeof text, "%d", flag ? *appnum : -1);
  if (strcmp(text, argv[1]) != 0) failed |= fail(rank, "MPI_APPNUM", text, argv[1]);
  const char* part = getenv("PART");
  if (strcmp(part ? part : "-", argv[2]) != 0) failed |= fail(rank, "PART", part ? part : "-", argv[2]);
  char folder[4096];
  if (strcmp(argv[3], "-") != 0 && getcwd(folder, sizeof folder) != NULL) {
    const char* name = strrchr(folder, '/') + 1;
    if (strcmp(name, argv[3]) != 0) failed |= fail(rank, "the working folder", folder, argv[3]);
  }

  // Every rank's part, through the whole world: the parts talk to each other.
  int mine = flag ? *appnum : -1;
  int* parts = malloc(sizeof(int) * (size_t)size);
  MPI_Gather(&mine, 1, MPI_INT, parts, 1, MPI_INT, 0, MPI_COMM_WORLD);
  int any_failed = 0;
  MPI_Reduce(&failed, &any_failed, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("%d ranks, parts", size);
    for (int r = 0; r < size; ++r) printf(" %d", parts[r]);
    printf("%s\n", any_failed ? ": FAILED" : ": ok");
  }
  free(parts);
  MPI_Finalize();
  return any_failed;
}
