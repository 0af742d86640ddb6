/* MPI-IO on the node's file system: what a simulation's checkpoint and its restart cost. A 3-D array of
 * doubles block-distributed over the ranks (MPI_Dims_create; each rank's block a subarray view of the
 * file) is written by MPI_File_write_all and read back by MPI_File_read_all; each rank then writes its
 * block as one contiguous piece with MPI_File_write_at (independent I/O), and rank 0 alone writes the
 * same number of bytes with pwrite in 4 MiB calls: the file system's own sequential rate, which
 * independent writes are measured against. Last, 1 KiB per rank in one collective write, the pattern of
 * small records and headers. Every byte read back is checked.
 *
 * Files go to --dir (default /tmp), named after the program and rank 0's pid; writes end in the page
 * cache (no sync), as a checkpoint that the node flushes in the background does: what is measured is
 * the library's own work and the copies into the kernel, the same for every library.
 *
 *   RESULT io_write_all <MiB> <MB/s> MB/s
 *   RESULT io_read_all <MiB> <MB/s> MB/s
 *   RESULT io_write_at <MiB> <MB/s> MB/s
 *   RESULT io_posix_write <MiB> <MB/s> MB/s
 *   RESULT io_small_write_all <bytes per rank> <us> us */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <unistd.h>

#include "bench_common.h"

struct file_io {
  MPI_File file;
  MPI_Datatype block; /* the rank's block of the global array, as the file's view */
  double* data;
  int count; /* doubles in the block */
  size_t bytes_per_rank;
  char path[256];
  int posix; /* rank 0's descriptor for the sequential baseline */
  unsigned char* posix_data;
  size_t posix_bytes;
  char small[1024];
};

/* Files return their errors (MPI_ERRORS_RETURN): a failed transfer must not pass for a fast one. */
static void check(int error, const char* what) {
  if (error != MPI_SUCCESS) bench_fail("%s failed with %d", what, error);
}

static void write_all(void* state) {
  struct file_io* s = state;
  check(MPI_File_write_at_all(s->file, 0, s->data, s->count, MPI_DOUBLE, MPI_STATUS_IGNORE), "MPI_File_write_at_all");
}

static void read_all(void* state) {
  struct file_io* s = state;
  check(MPI_File_read_at_all(s->file, 0, s->data, s->count, MPI_DOUBLE, MPI_STATUS_IGNORE), "MPI_File_read_at_all");
}

static void write_at(void* state) {
  struct file_io* s = state;
  check(MPI_File_write_at(s->file, (MPI_Offset)bench_rank() * (MPI_Offset)s->bytes_per_rank, s->data, s->count,
                          MPI_DOUBLE, MPI_STATUS_IGNORE),
        "MPI_File_write_at");
  /* Done when every rank is: ranks that share a core would otherwise each time only their own turn. */
  MPI_Barrier(MPI_COMM_WORLD);
}

static void posix_write(void* state) {
  struct file_io* s = state;
  const size_t chunk = (size_t)4 << 20;
  for (size_t done = 0; done < s->posix_bytes; done += chunk) {
    size_t n = s->posix_bytes - done < chunk ? s->posix_bytes - done : chunk;
    if (pwrite(s->posix, s->posix_data + done, n, (off_t)done) != (ssize_t)n)
      bench_fail("pwrite of %zu bytes failed", n);
  }
}

static void small_write_all(void* state) {
  struct file_io* s = state;
  check(MPI_File_write_at_all(s->file, (MPI_Offset)bench_rank() * (MPI_Offset)sizeof s->small, s->small,
                              (int)sizeof s->small, MPI_BYTE, MPI_STATUS_IGNORE),
        "MPI_File_write_at_all");
}

static void open_file(struct file_io* s, int amode) {
  int error = MPI_File_open(MPI_COMM_WORLD, s->path, amode, MPI_INFO_NULL, &s->file);
  if (error != MPI_SUCCESS) bench_fail("MPI_File_open(%s) failed with %d", s->path, error);
}

static double rate(size_t bytes, double seconds) { return (double)bytes / seconds / 1e6; }

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const char* dir = "/tmp";
  /* --dir is this program's own; the rest are the harness's. */
  int kept = 1;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc)
      dir = argv[++i];
    else
      argv[kept++] = argv[i];
  }
  struct bench_options o = bench_parse(kept, argv);
  const int rank = bench_rank(), nranks = bench_size();
  struct file_io s = {.posix = -1};
  int pid = (int)getpid();
  MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
  snprintf(s.path, sizeof s.path, "%s/file_io.%d", dir, pid);

  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, coords[3];
  MPI_Dims_create(nranks, 3, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &grid);
  MPI_Cart_coords(grid, rank, 3, coords);
  MPI_Comm_free(&grid);

  /* Arrays of 64 MiB and 256 MiB in all (16 MiB with --quick). */
  size_t totals[] = {(size_t)64 << 20, (size_t)256 << 20}, quick_totals[] = {(size_t)16 << 20};
  size_t* sizes = o.quick ? quick_totals : totals;
  int points = o.quick ? 1 : 2;
  for (int p = 0; p < points; p++) {
    int edge = (int)cbrt((double)sizes[p] / sizeof(double) / nranks);
    if (edge < 1) edge = 1;
    s.count = edge * edge * edge;
    s.bytes_per_rank = (size_t)s.count * sizeof(double);
    size_t total = s.bytes_per_rank * (size_t)nranks, mib = total >> 20;
    if (!bench_fits(2 * s.bytes_per_rank)) {
      bench_comment("file_io: %zu MiB skipped: %d ranks would need more than %zu MiB", mib, nranks,
                    BENCH_JOB_MEMORY >> 20);
      continue;
    }
    int global[3], local[3] = {edge, edge, edge}, start[3];
    for (int d = 0; d < 3; d++) {
      global[d] = dims[d] * edge;
      start[d] = coords[d] * edge;
    }
    MPI_Type_create_subarray(3, global, local, start, MPI_ORDER_C, MPI_DOUBLE, &s.block);
    MPI_Type_commit(&s.block);
    s.data = bench_alloc(s.bytes_per_rank);
    unsigned seed = bench_seed(s.bytes_per_rank, rank, p);

    open_file(&s, MPI_MODE_CREATE | MPI_MODE_RDWR);
    check(MPI_File_set_view(s.file, 0, MPI_DOUBLE, s.block, "native", MPI_INFO_NULL), "MPI_File_set_view");
    bench_fill(s.data, s.bytes_per_rank, seed);
    double seconds = bench_maximum(bench_seconds_per_step(&o, BENCH_ALL_RANKS, write_all, &s));
    bench_result("io_write_all", mib, rate(total, seconds), "MB/s");
    check(MPI_File_sync(s.file), "MPI_File_sync");
    MPI_Barrier(MPI_COMM_WORLD);
    check(MPI_File_sync(s.file), "MPI_File_sync");
    bench_poison(s.data, s.bytes_per_rank, seed);
    seconds = bench_maximum(bench_seconds_per_step(&o, BENCH_ALL_RANKS, read_all, &s));
    bench_verify(s.data, s.bytes_per_rank, seed, "io_read_all", rank);
    bench_result("io_read_all", mib, rate(total, seconds), "MB/s");

    check(MPI_File_set_view(s.file, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL), "MPI_File_set_view");
    seconds = bench_maximum(bench_seconds_per_step(&o, BENCH_ALL_RANKS, write_at, &s));
    bench_result("io_write_at", mib, rate(total, seconds), "MB/s");
    check(MPI_File_close(&s.file), "MPI_File_close");
    MPI_Type_free(&s.block);

    /* The file system's sequential rate for the same bytes: rank 0 alone, the others waiting. */
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
      s.posix = open(s.path, O_WRONLY);
      if (s.posix < 0) bench_fail("open(%s) failed", s.path);
      s.posix_bytes = total;
      s.posix_data = bench_alloc(total);
      bench_fill(s.posix_data, total, seed);
      seconds = bench_seconds_per_step(&o, BENCH_ALONE, posix_write, &s);
      bench_result("io_posix_write", mib, rate(total, seconds), "MB/s");
      close(s.posix);
      free(s.posix_data);
      unlink(s.path);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    free(s.data);
  }

  open_file(&s, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE);
  bench_fill(s.small, sizeof s.small, bench_seed(sizeof s.small, rank, 0));
  double seconds = bench_average(bench_seconds_per_step(&o, BENCH_ALL_RANKS, small_write_all, &s));
  bench_result("io_small_write_all", sizeof s.small, seconds * 1e6, "us");
  check(MPI_File_close(&s.file), "MPI_File_close");
  MPI_Finalize();
  return 0;
}
