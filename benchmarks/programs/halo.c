/* Halo exchange, the communication of a 2D stencil code without its computation: the ranks form a px x py
 * torus (as square as the rank count allows) and in every step each rank posts MPI_Irecv for its four
 * faces, sends its four faces to its west, east, south and north neighbours with MPI_Isend, and waits for
 * all eight. Face sizes from 8 B to 256 KiB (or --max-size), by factors of 8 (64 with --quick); sizes whose
 * buffers would exceed the job's memory budget are skipped with a '#' line. The latency is the average over
 * ranks of each rank's time per step.
 *
 *   RESULT halo_latency <bytes per face> <microseconds> us */
#include "bench_common.h"

enum { SMALLEST = 8, LARGEST = 256 << 10 };
enum { WEST, EAST, SOUTH, NORTH, DIRECTIONS };

struct halo {
  int to[DIRECTIONS];   /* neighbour in each direction */
  int from[DIRECTIONS]; /* where a face travelling in each direction comes from: the opposite neighbour */
  int count;
  unsigned char *out, *in; /* one face per direction of travel */
  MPI_Request requests[2 * DIRECTIONS];
};

/* The most square px x py = nranks. */
static int grid_width(int nranks) {
  int px = 1;
  for (int d = 1; d * d <= nranks; d++)
    if (nranks % d == 0) px = d;
  return px;
}

static void place(struct halo* h, int rank, int nranks) {
  int px = grid_width(nranks), py = nranks / px;
  int cx = rank / py, cy = rank % py;
  h->to[WEST] = (cx + px - 1) % px * py + cy;
  h->to[EAST] = (cx + 1) % px * py + cy;
  h->to[SOUTH] = cx * py + (cy + py - 1) % py;
  h->to[NORTH] = cx * py + (cy + 1) % py;
  h->from[WEST] = h->to[EAST];
  h->from[EAST] = h->to[WEST];
  h->from[SOUTH] = h->to[NORTH];
  h->from[NORTH] = h->to[SOUTH];
}

/* The tag is the direction of travel: on a narrow torus one rank is the neighbour on both sides. */
static void exchange_faces(void* state) {
  struct halo* h = state;
  size_t face = (size_t)h->count;
  for (int d = 0; d < DIRECTIONS; d++)
    MPI_Irecv(h->in + d * face, h->count, MPI_BYTE, h->from[d], d, MPI_COMM_WORLD, &h->requests[d]);
  for (int d = 0; d < DIRECTIONS; d++)
    MPI_Isend(h->out + d * face, h->count, MPI_BYTE, h->to[d], d, MPI_COMM_WORLD, &h->requests[DIRECTIONS + d]);
  MPI_Waitall(2 * DIRECTIONS, h->requests, MPI_STATUSES_IGNORE);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  struct bench_options o = bench_parse(argc, argv);
  int rank = bench_rank();
  struct halo h;
  place(&h, rank, bench_size());

  size_t largest = o.max_size < LARGEST ? o.max_size : LARGEST;
  for (size_t face = SMALLEST; face <= largest; face *= o.quick ? 64 : 8) {
    if (!bench_fits(2 * DIRECTIONS * face)) {
      bench_comment("halo: faces from %zu B skipped: %d ranks would need more than %zu MiB", face, bench_size(),
                    BENCH_JOB_MEMORY >> 20);
      break;
    }
    h.count = (int)face;
    h.out = bench_alloc(DIRECTIONS * face);
    h.in = bench_alloc(DIRECTIONS * face);
    for (int d = 0; d < DIRECTIONS; d++) {
      bench_fill(h.out + d * face, face, bench_seed(face, rank, d));
      bench_poison(h.in + d * face, face, bench_seed(face, h.from[d], d));
    }
    exchange_faces(&h);
    for (int d = 0; d < DIRECTIONS; d++)
      bench_verify(h.in + d * face, face, bench_seed(face, h.from[d], d), "halo", h.from[d]);

    double seconds = bench_average(bench_seconds_per_step(&o, BENCH_ALL_RANKS, exchange_faces, &h));
    bench_result("halo_latency", face, seconds * 1e6, "us");
    free(h.out);
    free(h.in);
  }

  MPI_Finalize();
  return 0;
}
