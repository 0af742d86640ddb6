/* Collective transfers large enough for several file domains and many rounds: a 1-D array of ints spread
 * over 3.5 MiB, written round robin K ints at a time (every rank's data in every MiB of the file, so
 * across nodes every node's data lies in every node's domain) with a 64 KiB cb_buffer_size (dozens of
 * rounds), read back in blocks (each rank one contiguous piece of the file into every other int of its
 * memory, which the node aggregates; through the domains as romio_cb_read=enable asks) and round robin
 * again with another K (through the domains, then with romio_cb_read=disable by each node alone), then
 * read past the end of the file as the library chooses. One rank
 * takes part with nothing each time. Rank 0 compares the file with POSIX reads; every value read is
 * checked against the formula of its global index. */
#include "iotest.h"

static const char* program = "io_domains";

enum { TOTAL = 917504, K_WRITE = 100, K_READ = 37 };

static int value(long long g) { return (int)(g * 2654435761u % 1000003u) - 500000; }

static int rank, size;

/* Round robin K ints at a time: this rank's view, and how many of the TOTAL ints are its. */
static void cyclic_view(MPI_File fh, int k, int* count) {
  MPI_Datatype run, cyclic;
  MPI_Type_contiguous(k, MPI_INT, &run);
  MPI_Type_create_resized(run, 0, (MPI_Aint)k * size * (MPI_Aint)sizeof(int), &cyclic);
  MPI_Type_commit(&cyclic);
  IO_OK(
      MPI_File_set_view(fh, (MPI_Offset)rank * k * (MPI_Offset)sizeof(int), MPI_INT, cyclic, "native", MPI_INFO_NULL));
  MPI_Type_free(&cyclic);
  MPI_Type_free(&run);
  long long mine = 0;
  for (long long first = (long long)rank * k; first < TOTAL; first += (long long)k * size)
    mine += first + k <= TOTAL ? k : TOTAL - first;
  *count = (int)mine;
}

/* Sets one hint; on Weft, MPI_File_get_info then reports the value in use. */
static void hint(MPI_File fh, const char* key, const char* value) {
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, key, value);
  IO_OK(MPI_File_set_info(fh, info));
  MPI_Info_free(&info);
  IO_OK(MPI_File_get_info(fh, &info));
  char used[MPI_MAX_INFO_VAL + 1] = "";
  int length = MPI_MAX_INFO_VAL, flag = 0;
  MPI_Info_get_string(info, key, &length, used, &flag);
  CHECK(!MPITEST_ON_WEFT || (flag && strcmp(used, value) == 0), "MPI_File_get_info reports %s=%s after setting %s", key,
        flag ? used : "(none)", value);
  MPI_Info_free(&info);
}

/* Global index of int j of this rank under the round robin view of k. */
static long long cyclic_index(int k, long long j) { return j / k * k * size + (long long)rank * k + j % k; }

int main(int argc, char** argv) {
  char path[IOTEST_PATH_MAX];
  io_init(&argc, &argv, program, &rank, &size, path);
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "cb_buffer_size", "65536");
  MPI_File fh;
  IO_OK(MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh));
  MPI_Info_free(&info);
  int* data = malloc(2 * (size_t)TOTAL * sizeof(int));
  CHECK(data != NULL, "out of memory");
  MPI_Status status;
  /* The last rank sits each transfer out when there are several. */
  const int idle = size > 1 && rank == size - 1;

  /* Write round robin, through the file domains across nodes (romio_cb_write=enable; on a local file system
   * Weft's automatic choice is each node alone): the idle rank's ints are written after the collective,
   * independently. */
  hint(fh, "romio_cb_write", "enable");
  int count;
  cyclic_view(fh, K_WRITE, &count);
  for (int j = 0; j < count; j++) data[j] = value(cyclic_index(K_WRITE, j));
  IO_OK(MPI_File_write_all(fh, data, idle ? 0 : count, MPI_INT, &status));
  CHECK(io_count(&status, MPI_INT) == (idle ? 0 : count), "write_all counts %d ints of %d", io_count(&status, MPI_INT),
        idle ? 0 : count);
  if (idle) IO_OK(MPI_File_write(fh, data, count, MPI_INT, &status));
  make_visible(fh);

  /* Blocks: the idle rank's share goes to rank 0's block. The nodes' blocks do not interleave, so across
   * nodes the read goes through the file domains only when asked to (romio_cb_read=enable). */
  hint(fh, "romio_cb_read", "enable");
  IO_OK(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
  int readers = size > 1 ? size - 1 : 1;
  long long per = TOTAL / readers, first = idle ? 0 : rank * per;
  int mine = idle ? 0 : (int)(rank == readers - 1 ? TOTAL - first : per);
  memset(data, 0, 2 * (size_t)TOTAL * sizeof(int));
  MPI_Datatype every_other;
  MPI_Type_vector(mine > 0 ? mine : 1, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  IO_OK(MPI_File_read_at_all(fh, first, data, mine > 0 ? 1 : 0, every_other, &status));
  MPI_Type_free(&every_other);
  CHECK(io_count(&status, MPI_INT) == mine, "block read_at_all counts %d ints of %d", io_count(&status, MPI_INT), mine);
  for (int j = 0; j < mine; j++) {
    CHECK(data[2 * j] == value(first + j), "block read: int %lld is %d, expected %d", first + j, data[2 * j],
          value(first + j));
    CHECK(data[2 * j + 1] == 0, "block read: the hole after int %lld was written", first + j);
  }

  /* Round robin again, with another K: through the domains, then by each node alone. */
  cyclic_view(fh, K_READ, &count);
  const char* modes[] = {"enable", "disable"};
  for (int m = 0; m < 2; m++) {
    hint(fh, "romio_cb_read", modes[m]);
    IO_OK(MPI_File_seek(fh, 0, MPI_SEEK_SET));
    memset(data, 0, TOTAL * sizeof(int));
    IO_OK(MPI_File_read_all(fh, data, idle ? 0 : count, MPI_INT, &status));
    CHECK(io_count(&status, MPI_INT) == (idle ? 0 : count), "cyclic read_all (%s) counts %d ints of %d", modes[m],
          io_count(&status, MPI_INT), idle ? 0 : count);
    for (int j = 0; !idle && j < count; j++)
      CHECK(data[j] == value(cyclic_index(K_READ, j)), "cyclic read (%s): int %d (global %lld) is %d, expected %d",
            modes[m], j, cyclic_index(K_READ, j), data[j], value(cyclic_index(K_READ, j)));
  }

  /* Past the end, the way chosen left to the library: every rank asks for 1,000 ints from 500 before the
   * end; each gets 500. (MPICH's collective read counts all it was asked for when it aggregates, so the
   * count is checked on Weft.) */
  hint(fh, "romio_cb_read", "automatic");
  IO_OK(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL));
  IO_OK(MPI_File_read_at_all(fh, TOTAL - 500, data, 1000, MPI_INT, &status));
  CHECK(!MPITEST_ON_WEFT || io_count(&status, MPI_INT) == 500, "read_at_all past the end counts %d ints",
        io_count(&status, MPI_INT));
  for (int j = 0; j < 500; j++) CHECK(data[j] == value(TOTAL - 500 + j), "read past the end: int %d is %d", j, data[j]);

  IO_OK(MPI_File_close(&fh));
  if (rank == 0) {
    for (long long g = 0; g < TOTAL; g++) data[g] = value(g);
    io_posix_expect(path, data, (long long)TOTAL * (long long)sizeof(int), "the file after the round robin write");
  }
  free(data);
  io_delete(path, MPI_COMM_WORLD);
  report_ok(program);
  MPI_Finalize();
  return 0;
}
