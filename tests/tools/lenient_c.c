/* What old C codes do and GCC (behind MPICH's and Open MPI's wrappers) only warns about, where clang 16 and
 * later stop with errors: a function called before any declaration, an integer where a handle goes (the
 * arguments of MPI_Abort swapped), a function pointer of another type. mpicc must build it with warnings. */
#include <mpi.h>

static void apply(int (*f)(double)) { (void)f; }
static int twice(int x) { return 2 * x; }

void give_up(void) {
  int code = declared_later(3);
  apply(twice);
  MPI_Abort(code, MPI_COMM_WORLD);
}

int declared_later(int x) { return x; }
