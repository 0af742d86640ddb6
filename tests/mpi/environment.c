/* The environment calls: MPI_Initialized and MPI_Finalized before, during and after (per rank, as each
 * rank is a process to its program), MPI_Init_thread, versions, the processor name, the clocks, sizes of
 * predefined datatypes, MPI_COMM_SELF, the default error handler, error strings, and the program's
 * arguments, which every rank must receive intact (the test passes "alpha" and "two words"). */
#include <string.h>

#include "mpitest.h"

int main(int argc, char** argv) {
  int flag = -1, provided = -1;
  MPI_Initialized(&flag);
  if (flag != 0) {
    fprintf(stderr, "MPI_Initialized says yes before MPI_Init_thread\n");
    return 1;
  }
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(provided >= MPI_THREAD_SINGLE && provided <= MPI_THREAD_MULTIPLE, "provided thread level %d", provided);
  MPI_Initialized(&flag);
  CHECK(flag == 1, "MPI_Initialized says no after MPI_Init_thread");
  MPI_Finalized(&flag);
  CHECK(flag == 0, "MPI_Finalized says yes before MPI_Finalize");

  CHECK(argc == 3 && strcmp(argv[1], "alpha") == 0 && strcmp(argv[2], "two words") == 0,
        "arguments did not arrive intact (argc %d)", argc);

  int version = -1, subversion = -1, len = -1;
  MPI_Get_version(&version, &subversion);
  CHECK(version == MPI_VERSION && subversion == MPI_SUBVERSION, "MPI_Get_version gives %d.%d", version, subversion);
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  MPI_Get_library_version(text, &len);
  CHECK(len > 0 && len < MPI_MAX_LIBRARY_VERSION_STRING && len == (int)strlen(text),
        "MPI_Get_library_version: length %d", len);
  char name[MPI_MAX_PROCESSOR_NAME];
  MPI_Get_processor_name(name, &len);
  CHECK(len > 0 && len < MPI_MAX_PROCESSOR_NAME && len == (int)strlen(name), "MPI_Get_processor_name: length %d", len);

  double tick = MPI_Wtick(), t0 = MPI_Wtime(), t1 = t0;
  CHECK(tick > 0 && tick < 1, "MPI_Wtick gives %g", tick);
  for (long i = 0; i < 100000000 && t1 == t0; i++) t1 = MPI_Wtime();
  CHECK(t1 > t0, "MPI_Wtime does not advance");

  int self_rank = -1, self_size = -1;
  MPI_Comm_rank(MPI_COMM_SELF, &self_rank);
  MPI_Comm_size(MPI_COMM_SELF, &self_size);
  CHECK(self_rank == 0 && self_size == 1, "MPI_COMM_SELF: rank %d of %d", self_rank, self_size);
  int from_self = -1;
  MPI_Allreduce(&rank, &from_self, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF);
  CHECK(from_self == rank, "Allreduce over MPI_COMM_SELF gives %d", from_self);

  const struct {
    MPI_Datatype type;
    int size;
    const char* name;
  } types[] = {{MPI_CHAR, 1, "MPI_CHAR"},
               {MPI_BYTE, 1, "MPI_BYTE"},
               {MPI_SHORT, sizeof(short), "MPI_SHORT"},
               {MPI_INT, sizeof(int), "MPI_INT"},
               {MPI_LONG, sizeof(long), "MPI_LONG"},
               {MPI_LONG_LONG, sizeof(long long), "MPI_LONG_LONG"},
               {MPI_FLOAT, sizeof(float), "MPI_FLOAT"},
               {MPI_DOUBLE, sizeof(double), "MPI_DOUBLE"},
               {MPI_INT64_T, 8, "MPI_INT64_T"},
               {MPI_UINT8_T, 1, "MPI_UINT8_T"},
               {MPI_C_BOOL, sizeof(_Bool), "MPI_C_BOOL"},
               {MPI_2INT, 2 * sizeof(int), "MPI_2INT"},
               {MPI_DOUBLE_INT, sizeof(double) + sizeof(int), "MPI_DOUBLE_INT"}};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
    int got = -1;
    MPI_Type_size(types[i].type, &got);
    CHECK(got == types[i].size, "MPI_Type_size(%s) is %d, expected %d", types[i].name, got, types[i].size);
    char type_name[MPI_MAX_OBJECT_NAME];
    int length = -1;
    MPI_Type_get_name(types[i].type, type_name, &length);
    CHECK(strcmp(type_name, types[i].name) == 0 && length == (int)strlen(types[i].name),
          "MPI_Type_get_name(%s) gave \"%s\" (%d)", types[i].name, type_name, length);
  }
  /* A name given to a predefined type is this rank's alone. */
  char type_name[MPI_MAX_OBJECT_NAME], mine[32];
  int length;
  snprintf(mine, sizeof mine, "int of rank %d", rank);
  MPI_Type_set_name(MPI_INT, mine);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Type_get_name(MPI_INT, type_name, &length);
  CHECK(strcmp(type_name, mine) == 0, "after MPI_Type_set_name MPI_INT is called \"%s\"", type_name);

  MPI_Errhandler handler;
  MPI_Comm_get_errhandler(MPI_COMM_WORLD, &handler);
  CHECK(handler == MPI_ERRORS_ARE_FATAL, "the default error handler is not MPI_ERRORS_ARE_FATAL");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_get_errhandler(MPI_COMM_WORLD, &handler);
  CHECK(handler == MPI_ERRORS_RETURN, "MPI_Comm_set_errhandler did not take MPI_ERRORS_RETURN");
  int cls = -1;
  char err[MPI_MAX_ERROR_STRING];
  MPI_Error_class(MPI_ERR_TRUNCATE, &cls);
  MPI_Error_string(MPI_ERR_TRUNCATE, err, &len);
  CHECK(cls == MPI_ERR_TRUNCATE && len > 0 && len == (int)strlen(err), "MPI_ERR_TRUNCATE: class %d, string \"%s\"", cls,
        err);

  report_ok("environment");
  MPI_Finalize();
  MPI_Finalized(&flag);
  if (flag != 1) {
    fprintf(stderr, "MPI_Finalized says no after MPI_Finalize\n");
    return 1;
  }
  return 0;
}
