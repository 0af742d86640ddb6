/* Resident memory of an idle job. After MPI_Init and a barrier, every rank reads its process's VmRSS from
 * /proc/self/status and its pid, and sends both to rank 0 (with MPI_Send: only the calls Weft implements
 * today). Rank 0 adds the RSS of each distinct process once (the largest reading when several ranks share
 * it) and divides by the number of ranks. With Weft all ranks share one process; with a process-based MPI
 * each rank has its own.
 *
 *   RESULT idle_rss_per_rank <ranks> <KiB> KiB
 *   RESULT idle_rss_total <ranks> <KiB> KiB */
/* bench_common.h first: it chooses the POSIX features the system headers then declare. */
#include "bench_common.h"
/* The system. */
#include <unistd.h>

enum { TAG_REPORT = 1 };

struct reading {
  long pid, rss_kib;
};

static long resident_kib(void) {
  FILE* status = fopen("/proc/self/status", "r");
  if (status == NULL) bench_fail("idle_memory: cannot open /proc/self/status");
  char line[256];
  long kib = -1;
  while (kib < 0 && fgets(line, sizeof line, status) != NULL)
    sscanf(line, "VmRSS: %ld kB", &kib); /* assigns only on the VmRSS line */
  fclose(status);
  if (kib < 0) bench_fail("idle_memory: no VmRSS line in /proc/self/status");
  return kib;
}

static int by_pid(const void* a, const void* b) {
  long x = ((const struct reading*)a)->pid, y = ((const struct reading*)b)->pid;
  return (x > y) - (x < y);
}

/* Sum over distinct processes of their largest reading. */
static long total_kib(struct reading* readings, int n) {
  qsort(readings, (size_t)n, sizeof *readings, by_pid);
  long total = 0;
  for (int i = 0; i < n;) {
    long largest = 0, pid = readings[i].pid;
    for (; i < n && readings[i].pid == pid; i++)
      if (readings[i].rss_kib > largest) largest = readings[i].rss_kib;
    total += largest;
  }
  return total;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  bench_parse(argc, argv);
  int rank = bench_rank(), nranks = bench_size();
  MPI_Barrier(MPI_COMM_WORLD);
  struct reading mine = {(long)getpid(), resident_kib()};

  if (rank != 0) {
    MPI_Send(&mine, 2, MPI_LONG, 0, TAG_REPORT, MPI_COMM_WORLD);
  } else {
    struct reading* readings = bench_alloc((size_t)nranks * sizeof *readings);
    readings[0] = mine;
    for (int r = 1; r < nranks; r++)
      MPI_Recv(&readings[r], 2, MPI_LONG, r, TAG_REPORT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    long total = total_kib(readings, nranks);
    bench_result("idle_rss_per_rank", (size_t)nranks, (double)total / nranks, "KiB");
    bench_result("idle_rss_total", (size_t)nranks, (double)total, "KiB");
    free(readings);
  }

  MPI_Finalize();
  return 0;
}
