/* convolution: a mean filter over a 3-channel image of doubles, the benchmark of the MPIX_Halo paper
 * (Besnard et al., EuroMPI'15), with its ghost cells exchanged in one of three ways.
 *
 *   mpicc -O2 -o convolution convolution.c
 *   mpirun -n 16 ./convolution [--mode halo|p2p] [--split 1d|2d] [--width W] [--height H]
 *                              [--layers C] [--steps N] [--no-check] [--results]
 *
 * Defaults: the paper's 5616 x 3744 image, 1 ghost layer, 20 steps, a 2D split, mode halo where mpi.h
 * offers MPIX_Halo and p2p elsewhere. --results adds the lines the benchmark driver reads:
 *
 *   RESULT convolution_time <layers> <seconds> s          (and convolution_memory, convolution_ghosts in MiB)
 *
 * Each step
 * every pixel of each channel becomes the mean of the (2C+1) x (2C+1) pixels around it (pixels outside the
 * image count as 0). The image is split into px x py blocks, one per rank; a block needs C layers of its
 * neighbours' pixels (its ghost cells) at every step, one exchange per channel.
 *
 *   halo  MPIX_Halo: every rank lends its C-wide edges and corners as local cells and binds its ghosts as
 *         remote cells to its neighbours' edges. Between ranks of one process (Weft's ranks on a node) a
 *         ghost is a view of the neighbour's mesh: no buffer, no copy. With WEFT_HALO_COPY=1, or across
 *         nodes, MPIX_Halo allocates ghost buffers and fills them by point-to-point.
 *   p2p   plain MPI: every block is stored with a C-wide border of ghost cells, filled by MPI_Isend and
 *         MPI_Irecv of derived datatypes. Any MPI library runs this mode.
 *
 * In both modes communication overlaps the pixels that need no ghost; the edge pixels follow. Meshes are
 * double-buffered: step k reads one and writes the other. Every rank sums each window in the same order as
 * the serial computation, so the result must be bitwise identical to it: with the check on (the default)
 * rank 0 computes the whole filter alone and compares. Rank 0 prints the time of the steps (the slowest
 * rank's), the peak resident memory of the whole job (each process counted once) and the ghost volume.
 * Exit status: 0 when the check passes (or is off), 1 when it fails, 2 on bad arguments. */
#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* MPIX_Halo exists where mpi.h declares it (Weft); with other libraries only the p2p mode is built. */
#ifdef MPI_HALO_NULL
#define HAS_HALO 1
#else
#define HAS_HALO 0
#endif

enum { CHANNELS = 3 };
enum mode { HALO, P2P };

/* Directions of the 8 neighbours, and of the ghost region each fills. */
enum { NW, N, NE, W, E, SW, S, SE, DIRECTIONS };
static const int dy_of[DIRECTIONS] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int dx_of[DIRECTIONS] = {-1, 0, 1, -1, 1, -1, 0, 1};

struct options {
  enum mode mode;
  int split2d, width, height, layers, steps, check, results;
};

/* The block of one rank: its place in the px x py grid, its pixels [y0, y0 + h) x [x0, x0 + w). */
struct block {
  int px, py, cx, cy, x0, y0, w, h;
};

/* A rectangle of pixels somewhere in memory: pixel (y, x) of the rectangle is origin[y * stride + x]. */
struct region {
  const double* origin;
  int stride;
};

static int rank_of(const struct block* b, int cx, int cy) {
  if (cx < 0 || cy < 0 || cx >= b->px || cy >= b->py) return MPI_PROC_NULL;
  return cy * b->px + cx;
}

/* Part c of p over n: its first index and length, the remainder spread over the first parts. */
static void split(int n, int p, int c, int* first, int* count) {
  int base = n / p, extra = n % p;
  *count = base + (c < extra);
  *first = c * base + (c < extra ? c : extra);
}

static struct block block_of(int rank, int size, const struct options* o) {
  struct block b;
  b.px = 1;
  if (o->split2d)
    for (int d = 1; d * d <= size; d++)
      if (size % d == 0) b.px = d;
  b.py = size / b.px;
  b.cx = rank % b.px;
  b.cy = rank / b.px;
  split(o->width, b.px, b.cx, &b.x0, &b.w);
  split(o->height, b.py, b.cy, &b.y0, &b.h);
  return b;
}

static double initial(int x, int y, int channel) { return (double)((x * 7 + y * 13 + channel * 29) % 256) / 255.0; }

/* The window sum in the order every version uses: rows top to bottom, columns left to right. `at(y, x)`
 * gives a pixel relative to the block; the caller makes sure the window lies where `at` can see. */
#define WINDOW_MEAN(at, y, x, c, result)                                        \
  do {                                                                          \
    double sum_ = 0;                                                            \
    for (int wy_ = -(c); wy_ <= (c); wy_++)                                     \
      for (int wx_ = -(c); wx_ <= (c); wx_++) sum_ += at((y) + wy_, (x) + wx_); \
    (result) = sum_ / ((2 * (c) + 1) * (2 * (c) + 1));                          \
  } while (0)

/* Pixel (y, x) relative to a block, -c <= y < h + c, -c <= x < w + c: from the block itself or from the
 * ghost rectangle of the neighbour that holds it; 0 where there is no neighbour (outside the image). The
 * ghost rectangle of direction d starts at row top(d), column left(d) relative to the block. */
struct view {
  struct region own;
  struct region ghost[DIRECTIONS]; /* origin: the rectangle's first pixel; NULL without a neighbour */
  int h, w, c;
};

static int top(int d, int h, int c) { return dy_of[d] < 0 ? -c : dy_of[d] > 0 ? h : 0; }
static int left(int d, int w, int c) { return dx_of[d] < 0 ? -c : dx_of[d] > 0 ? w : 0; }

static double pixel(const struct view* v, int y, int x) {
  int row = y < 0 ? 0 : y < v->h ? 1 : 2, column = x < 0 ? 0 : x < v->w ? 1 : 2;
  if (row == 1 && column == 1) return v->own.origin[y * v->own.stride + x];
  static const int direction[3][3] = {{NW, N, NE}, {W, -1, E}, {SW, S, SE}};
  int d = direction[row][column];
  const struct region* g = &v->ghost[d];
  if (g->origin == NULL) return 0;
  return g->origin[(y - top(d, v->h, v->c)) * g->stride + (x - left(d, v->w, v->c))];
}

/* The west and east ghosts are columns: a view of one (the neighbour's mesh, row by row) costs a cache
 * miss per row, which the hardware does not see coming. Asking for the row `side_lookahead` rows ahead made
 * views as fast as packed copies (256 ranks: 2.8 to 2.9 s both, from 3.0 against 2.8 without). */
enum { side_lookahead = 16 };

static void prefetch_side_ghosts(const struct view* v, int y) {
  if (y >= v->h) return;
  for (int d = W; d <= E; d++)
    if (v->ghost[d].origin) __builtin_prefetch(v->ghost[d].origin + (ptrdiff_t)y * v->ghost[d].stride);
}

/* Filters one channel into `out`: the pixels that need no ghost (interior = 1), or the others (0). The
 * interior runs row by row with the columns innermost, which vectorizes, and adds each pixel's window in
 * the same order as WINDOW_MEAN, so both give the same bits. */
static void filter(const struct view* v, double* out, int out_stride, int interior) {
  int c = v->c, k = (2 * c + 1) * (2 * c + 1);
  if (interior) {
    for (int y = c; y < v->h - c; y++) {
      double* restrict o = out + (ptrdiff_t)y * out_stride;
      for (int x = c; x < v->w - c; x++) o[x] = 0;
      for (int wy = -c; wy <= c; wy++) {
        const double* restrict in = v->own.origin + (ptrdiff_t)(y + wy) * v->own.stride;
        for (int wx = -c; wx <= c; wx++)
          for (int x = c; x < v->w - c; x++) o[x] += in[x + wx];
      }
      for (int x = c; x < v->w - c; x++) o[x] /= k;
    }
    return;
  }
#define ANY(yy, xx) pixel(v, (yy), (xx))
  for (int y = 0; y < v->h; y++) {
    int inner_row = y >= c && y < v->h - c;
    prefetch_side_ghosts(v, y + side_lookahead);
    /* Rows that need ghosts above or below: all their pixels; the others: their first and last c. */
    for (int x = 0; x < v->w; x = inner_row && x == c - 1 && v->w - c > x + 1 ? v->w - c : x + 1)
      WINDOW_MEAN(ANY, y, x, c, out[(ptrdiff_t)y * out_stride + x]);
  }
#undef ANY
}

static long peak_resident_kib(void) {
  FILE* f = fopen("/proc/self/status", "r");
  long kib = 0;
  char line[256];
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "VmHWM: %ld kB", &kib) == 1) break;
  if (f) fclose(f);
  return kib;
}

/* The peak resident memory of the whole job: every process counted once, however many ranks it runs. */
static double job_peak_mib(void) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long mine[2] = {(long)getpid(), peak_resident_kib()};
  long* all = malloc(sizeof(long) * 2 * size);
  MPI_Allgather(mine, 2, MPI_LONG, all, 2, MPI_LONG, MPI_COMM_WORLD);
  double total = 0;
  for (int r = 0; r < size; r++) {
    int seen = 0;
    for (int q = 0; q < r; q++) seen |= all[2 * q] == all[2 * r];
    if (!seen) total += all[2 * r + 1] / 1024.0;
  }
  free(all);
  return total;
}

/* The filter applied `steps` times to the whole image by one rank, for the check. */
static double* serial(const struct options* o) {
  int w = o->width, h = o->height;
  size_t plane = (size_t)w * h;
  double *a = malloc(sizeof(double) * plane * CHANNELS), *b = malloc(sizeof(double) * plane * CHANNELS);
  for (int ch = 0; ch < CHANNELS; ch++)
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) a[ch * plane + (size_t)y * w + x] = initial(x, y, ch);
  for (int step = 0; step < o->steps; step++) {
    for (int ch = 0; ch < CHANNELS; ch++) {
      struct view v = {{a + ch * plane, w}, {{0}}, h, w, o->layers};
      filter(&v, b + ch * plane, w, 1);
      filter(&v, b + ch * plane, w, 0);
    }
    double* t = a;
    a = b;
    b = t;
  }
  free(b);
  return a;
}

static int parse(int argc, char** argv, struct options* o) {
  *o = (struct options){HAS_HALO ? HALO : P2P, 1, 5616, 3744, 1, 20, 1, 0};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
    int* number = !strcmp(a, "--width")    ? &o->width
                  : !strcmp(a, "--height") ? &o->height
                  : !strcmp(a, "--layers") ? &o->layers
                  : !strcmp(a, "--steps")  ? &o->steps
                                           : NULL;
    if (number && value) {
      *number = atoi(value);
      i++;
    } else if (!strcmp(a, "--mode") && value && (!strcmp(value, "halo") || !strcmp(value, "p2p"))) {
      o->mode = !strcmp(value, "halo") ? HALO : P2P;
      i++;
    } else if (!strcmp(a, "--split") && value && (!strcmp(value, "1d") || !strcmp(value, "2d"))) {
      o->split2d = !strcmp(value, "2d");
      i++;
    } else if (!strcmp(a, "--no-check")) {
      o->check = 0;
    } else if (!strcmp(a, "--results")) {
      o->results = 1;
    } else {
      return 0;
    }
  }
  return o->width > 0 && o->height > 0 && o->layers >= 1 && o->steps >= 0;
}

/* The rectangle of direction d in a block of h x w pixels: its first row and column and its size. */
struct rectangle {
  int y, x, h, w;
};

/* The block's own edge facing direction d, which the neighbour there needs. */
static struct rectangle edge(int d, int h, int w, int c) {
  struct rectangle r;
  r.y = dy_of[d] > 0 ? h - c : 0;
  r.h = dy_of[d] == 0 ? h : c;
  r.x = dx_of[d] > 0 ? w - c : 0;
  r.w = dx_of[d] == 0 ? w : c;
  return r;
}

/* One rank's run: its meshes (two per channel, own pixels at own[k][ch]), and how ghosts are reached. */
struct run {
  struct block b;
  int c;
  double* memory[2];
  struct region own[2][CHANNELS];
  int neighbour[DIRECTIONS];
  double ghost_mib; /* memory given to ghost cells, this rank */
  int copies;       /* MPIX_Halo: some ghost is a copy, not a view */
  /* p2p: the rectangle of each direction in a bordered mesh */
  MPI_Datatype rectangle[DIRECTIONS];
#if HAS_HALO
  /* halo: one exchange per channel, edges lent, ghosts bound, and the neighbours' row strides */
  MPI_Halo_exchange exchange[CHANNELS];
  MPI_Halo lent[CHANNELS][DIRECTIONS], ghost[CHANNELS][DIRECTIONS];
  MPI_Datatype lent_type[DIRECTIONS], ghost_type[DIRECTIONS];
  int their_stride[DIRECTIONS];
#endif
};

static void allocate_meshes(struct run* r, int border) {
  int stride = r->b.w + 2 * border;
  size_t plane = (size_t)stride * (r->b.h + 2 * border);
  for (int k = 0; k < 2; k++) {
    r->memory[k] = calloc(plane * CHANNELS, sizeof(double));
    for (int ch = 0; ch < CHANNELS; ch++)
      r->own[k][ch] = (struct region){r->memory[k] + ch * plane + (size_t)border * stride + border, stride};
  }
  r->ghost_mib = 2.0 * CHANNELS * (double)(plane - (size_t)r->b.w * r->b.h) * sizeof(double) / (1 << 20);
}

/* ---- plain MPI: meshes with a border of ghost cells, filled by Isend/Irecv of derived datatypes ---- */

static void p2p_setup(struct run* r) {
  allocate_meshes(r, r->c);
  for (int d = 0; d < DIRECTIONS; d++) {
    struct rectangle e = edge(d, r->b.h, r->b.w, r->c);
    MPI_Type_vector(e.h, e.w, r->own[0][0].stride, MPI_DOUBLE, &r->rectangle[d]);
    MPI_Type_commit(&r->rectangle[d]);
  }
}

static void p2p_release(struct run* r) {
  for (int d = 0; d < DIRECTIONS; d++) MPI_Type_free(&r->rectangle[d]);
}

static double* ghost_in_border(const struct run* r, const struct region* own, int d) {
  return (double*)own->origin + (ptrdiff_t)top(d, r->b.h, r->c) * own->stride + left(d, r->b.w, r->c);
}

/* Posts one channel's exchange: each edge to the neighbour it faces (tagged with its direction), each
 * ghost rectangle from the neighbour there (which tags it with the opposite direction). */
static void p2p_start(const struct run* r, const struct region* own, MPI_Request* requests) {
  for (int d = 0; d < DIRECTIONS; d++) {
    struct rectangle e = edge(d, r->b.h, r->b.w, r->c);
    MPI_Irecv(ghost_in_border(r, own, d), 1, r->rectangle[d], r->neighbour[d], DIRECTIONS - 1 - d, MPI_COMM_WORLD,
              &requests[2 * d]);
    MPI_Isend((double*)own->origin + (ptrdiff_t)e.y * own->stride + e.x, 1, r->rectangle[d], r->neighbour[d], d,
              MPI_COMM_WORLD, &requests[2 * d + 1]);
  }
}

static void p2p_view(const struct run* r, const struct region* own, struct view* v) {
  for (int d = 0; d < DIRECTIONS; d++)
    v->ghost[d] = (struct region){r->neighbour[d] == MPI_PROC_NULL ? NULL : ghost_in_border(r, own, d), own->stride};
}

/* ---- MPIX_Halo: edges lent as local cells, ghosts bound as remote cells to the neighbours' edges ----
 * Only where mpi.h offers MPIX_Halo. */
#if HAS_HALO
static const char* const name_of[DIRECTIONS] = {"nw", "n", "ne", "w", "e", "sw", "s", "se"};

static void halo_setup(struct run* r, const struct options* o) {
  allocate_meshes(r, 0);
  for (int d = 0; d < DIRECTIONS; d++) {
    struct rectangle e = edge(d, r->b.h, r->b.w, r->c);
    MPI_Type_vector(e.h, e.w, r->b.w, MPI_DOUBLE, &r->lent_type[d]);
    MPI_Type_commit(&r->lent_type[d]);
    /* The ghost of direction d is the neighbour's edge facing back: as tall or wide as this block's edge
     * (blocks of one grid row share a height, of one column a width). A view of it keeps the neighbour's
     * row stride, its width; a copy is packed, as the ghost cell's contiguous type lays it out. */
    int column = r->b.cx + dx_of[d], first;
    r->their_stride[d] = r->b.w;
    if (column >= 0 && column < r->b.px) split(o->width, r->b.px, column, &first, &r->their_stride[d]);
    MPI_Type_contiguous(e.h * e.w, MPI_DOUBLE, &r->ghost_type[d]);
    MPI_Type_commit(&r->ghost_type[d]);
  }
  for (int ch = 0; ch < CHANNELS; ch++) {
    MPIX_Halo_exchange_init(&r->exchange[ch]);
    for (int d = 0; d < DIRECTIONS; d++) {
      r->lent[ch][d] = r->ghost[ch][d] = MPI_HALO_NULL;
      if (r->neighbour[d] == MPI_PROC_NULL) continue;
      char label[16];
      snprintf(label, sizeof label, "edge-%s", name_of[d]);
      MPIX_Halo_cell_init(&r->lent[ch][d], label, r->lent_type[d], 1);
      MPIX_Halo_cell_bind_local(r->exchange[ch], r->lent[ch][d]);
      char facing[16];
      snprintf(label, sizeof label, "ghost-%s", name_of[d]);
      snprintf(facing, sizeof facing, "edge-%s", name_of[DIRECTIONS - 1 - d]);
      MPIX_Halo_cell_init(&r->ghost[ch][d], label, r->ghost_type[d], 1);
      MPIX_Halo_cell_bind_remote(r->exchange[ch], r->ghost[ch][d], r->neighbour[d], facing);
    }
    MPIX_Halo_exchange_commit(r->exchange[ch]);
  }
}

static void halo_start(const struct run* r, int ch, const struct region* own) {
  for (int d = 0; d < DIRECTIONS; d++) {
    if (r->neighbour[d] == MPI_PROC_NULL) continue;
    struct rectangle e = edge(d, r->b.h, r->b.w, r->c);
    MPIX_Halo_cell_set(r->lent[ch][d], (double*)own->origin + (ptrdiff_t)e.y * own->stride + e.x);
  }
  MPIX_Halo_iexchange(r->exchange[ch]);
}

/* After the exchange: each ghost is a view of the neighbour's mesh (its stride) or a packed copy. */
static void halo_view(struct run* r, int ch, struct view* v) {
  MPIX_Halo_iexchange_wait(r->exchange[ch]);
  for (int d = 0; d < DIRECTIONS; d++) {
    v->ghost[d] = (struct region){NULL, 0};
    if (r->neighbour[d] == MPI_PROC_NULL) continue;
    void* first;
    MPIX_Halo_cell_get(r->ghost[ch][d], &first);
    int copy = MPIX_Halo_cell_is_remote(r->ghost[ch][d]);
    r->copies |= copy;
    v->ghost[d] = (struct region){first, copy ? edge(d, r->b.h, r->b.w, r->c).w : r->their_stride[d]};
  }
}

static void halo_release(struct run* r) {
  for (int ch = 0; ch < CHANNELS; ch++) {
    for (int d = 0; d < DIRECTIONS; d++) {
      if (r->neighbour[d] == MPI_PROC_NULL) continue;
      MPIX_Halo_cell_release(&r->lent[ch][d]);
      MPIX_Halo_cell_release(&r->ghost[ch][d]);
    }
    MPIX_Halo_exchange_release(&r->exchange[ch]);
  }
  for (int d = 0; d < DIRECTIONS; d++) {
    MPI_Type_free(&r->lent_type[d]);
    MPI_Type_free(&r->ghost_type[d]);
  }
}

/* The copy mode's ghost buffers hold one rectangle per ghost and channel, as the halo layer allocates them. */
static double halo_copy_mib(const struct run* r) {
  double doubles = 0;
  for (int d = 0; d < DIRECTIONS; d++)
    if (r->neighbour[d] != MPI_PROC_NULL) {
      struct rectangle e = edge(d, r->b.h, r->b.w, r->c);
      doubles += (double)e.h * e.w;
    }
  return CHANNELS * doubles * sizeof(double) / (1 << 20);
}
#else
static void halo_setup(struct run* r, const struct options* o) { (void)r, (void)o; }
static void halo_start(const struct run* r, int ch, const struct region* own) { (void)r, (void)ch, (void)own; }
static void halo_view(struct run* r, int ch, struct view* v) { (void)r, (void)ch, (void)v; }
static void halo_release(struct run* r) { (void)r; }
static double halo_copy_mib(const struct run* r) {
  (void)r;
  return 0;
}
#endif

/* ---- the steps ---- */

static void fill(struct run* r) {
  for (int ch = 0; ch < CHANNELS; ch++)
    for (int y = 0; y < r->b.h; y++)
      for (int x = 0; x < r->b.w; x++)
        ((double*)r->own[0][ch].origin)[y * r->own[0][ch].stride + x] = initial(r->b.x0 + x, r->b.y0 + y, ch);
}

static void steps(struct run* r, const struct options* o) {
  for (int step = 0; step < o->steps; step++) {
    int from = step % 2, to = 1 - from;
    MPI_Request requests[CHANNELS][2 * DIRECTIONS];
    struct view views[CHANNELS];
    for (int ch = 0; ch < CHANNELS; ch++) {
      views[ch] = (struct view){r->own[from][ch], {{0}}, r->b.h, r->b.w, r->c};
      if (o->mode == HALO)
        halo_start(r, ch, &r->own[from][ch]);
      else
        p2p_start(r, &r->own[from][ch], requests[ch]);
    }
    for (int ch = 0; ch < CHANNELS; ch++) filter(&views[ch], (double*)r->own[to][ch].origin, r->own[to][ch].stride, 1);
    for (int ch = 0; ch < CHANNELS; ch++) {
      if (o->mode == HALO) {
        halo_view(r, ch, &views[ch]);
      } else {
        MPI_Waitall(2 * DIRECTIONS, requests[ch], MPI_STATUSES_IGNORE);
        p2p_view(r, &r->own[from][ch], &views[ch]);
      }
      filter(&views[ch], (double*)r->own[to][ch].origin, r->own[to][ch].stride, 0);
    }
  }
}

/* Gathers the result at rank 0 and compares it with the serial computation; true everywhere when it agrees. */
static int check(const struct run* r, const struct options* o, int rank, int size) {
  const struct region* result = r->own[o->steps % 2];
  size_t mine = (size_t)r->b.w * r->b.h * CHANNELS;
  double* packed = malloc(sizeof(double) * (mine ? mine : 1));
  for (int ch = 0, i = 0; ch < CHANNELS; ch++)
    for (int y = 0; y < r->b.h; y++)
      for (int x = 0; x < r->b.w; x++) packed[i++] = result[ch].origin[y * result[ch].stride + x];
  int ok = 1;
  if (rank != 0) {
    MPI_Send(packed, (int)mine, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
  } else {
    double* expected = serial(o);
    size_t plane = (size_t)o->width * o->height;
    double worst = 0;
    for (int q = 0; q < size; q++) {
      struct block b = block_of(q, size, o);
      size_t n = (size_t)b.w * b.h * CHANNELS;
      double* theirs = q == 0 ? packed : malloc(sizeof(double) * (n ? n : 1));
      if (q != 0) MPI_Recv(theirs, (int)n, MPI_DOUBLE, q, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      for (int ch = 0, i = 0; ch < CHANNELS; ch++)
        for (int y = 0; y < b.h; y++)
          for (int x = 0; x < b.w; x++, i++) {
            double want = expected[ch * plane + (size_t)(b.y0 + y) * o->width + b.x0 + x];
            double diff = theirs[i] > want ? theirs[i] - want : want - theirs[i];
            if (theirs[i] != want) ok = 0;
            if (diff > worst) worst = diff;
          }
      if (q != 0) free(theirs);
    }
    printf("check against the serial computation: %s (largest difference %g)\n", ok ? "ok" : "FAILED", worst);
    free(expected);
  }
  free(packed);
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  struct options o;
  if (!parse(argc, argv, &o)) {
    if (rank == 0)
      fprintf(stderr,
              "usage: %s [--mode halo|p2p] [--split 1d|2d] [--width W] [--height H] [--layers C] [--steps N] "
              "[--no-check] [--results]\n",
              argv[0]);
    MPI_Finalize();
    return 2;
  }
  if (o.mode == HALO && !HAS_HALO) {
    if (rank == 0) fprintf(stderr, "%s: this MPI library has no MPIX_Halo; run --mode p2p\n", argv[0]);
    MPI_Finalize();
    return 2;
  }
  struct run r = {.b = block_of(rank, size, &o), .c = o.layers};
  struct block smallest = block_of(size - 1, size, &o); /* the remainders go to the first blocks */
  if (smallest.w < o.layers || smallest.h < o.layers) {
    if (rank == 0)
      fprintf(stderr,
              "%s: blocks of %d x %d pixels are thinner than %d ghost layers: use fewer ranks or a larger image\n",
              argv[0], smallest.w, smallest.h, o.layers);
    MPI_Finalize();
    return 2;
  }
  for (int d = 0; d < DIRECTIONS; d++) r.neighbour[d] = rank_of(&r.b, r.b.cx + dx_of[d], r.b.cy + dy_of[d]);
  if (o.mode == HALO)
    halo_setup(&r, &o);
  else
    p2p_setup(&r);
  fill(&r);

  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  steps(&r, &o);
  double seconds = MPI_Wtime() - start, slowest;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  int copies = 0;
  MPI_Reduce(&r.copies, &copies, 1, MPI_INT, MPI_LOR, 0, MPI_COMM_WORLD);
  double ghosts = o.mode == HALO ? (r.copies ? halo_copy_mib(&r) : 0) : r.ghost_mib, all_ghosts;
  MPI_Reduce(&ghosts, &all_ghosts, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  double peak = job_peak_mib();
  if (rank == 0) {
    const char* how = o.mode == P2P ? "p2p (MPI_Isend/MPI_Irecv)"
                      : copies      ? "halo (MPIX_Halo, copies)"
                                    : "halo (MPIX_Halo, views)";
    printf(
        "convolution: %d x %d pixels x %d channels of doubles, %d x %d ranks (%s split), %d ghost layer%s, %d steps, "
        "mode %s\n",
        o.width, o.height, CHANNELS, r.b.px, r.b.py, o.split2d ? "2d" : "1d", o.layers, o.layers == 1 ? "" : "s",
        o.steps, how);
    printf("time: %.3f s   peak resident memory: %.1f MiB (whole job)   ghost cells: %.2f MiB\n", slowest, peak,
           all_ghosts);
    if (o.results) {
      printf("RESULT convolution_time %d %.4f s\n", o.layers, slowest);
      printf("RESULT convolution_memory %d %.2f MiB\n", o.layers, peak);
      printf("RESULT convolution_ghosts %d %.3f MiB\n", o.layers, all_ghosts);
    }
  }
  int ok = !o.check || check(&r, &o, rank, size);
  if (o.mode == HALO)
    halo_release(&r);
  else
    p2p_release(&r);
  for (int k = 0; k < 2; k++) free(r.memory[k]);
  MPI_Finalize();
  return ok ? 0 : 1;
}
