/* A function mpi.h declares and Weft does not implement yet links, and a call reports MPI_ERR_OTHER
 * naming it: returned under MPI_ERRORS_RETURN ("return"), fatal by default ("fatal"). */
#include "mpitest.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  CHECK(argc == 2, "usage: not_implemented return|fatal");
  if (strcmp(argv[1], "return") == 0) MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm children = MPI_COMM_NULL;
  int code = MPI_Comm_spawn("true", MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF, &children, MPI_ERRCODES_IGNORE);
  int error_class = -1;
  MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_OTHER && children == MPI_COMM_NULL, "MPI_Comm_spawn returned class %d", error_class);
  report_ok("not_implemented");
  MPI_Finalize();
  return 0;
}
