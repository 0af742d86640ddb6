/* Collectives along trees shaped after the machine. Run under synthetic hwloc topologies (several packages
 * and NUMA nodes, uneven ranks per node), where broadcasts of WEFT_BCAST_TWO_STAGE_MIN bytes and more take
 * two stages. On the world, on a reversed world, on one parity of it and on a world that alternates between
 * the halves of the machine (whose NUMA domains are no rank ranges, so its tree is the plain binomial one):
 * - Bcast from every root, at sizes on both sides of the two-stage threshold, into buffers that are reused
 *   at once by the next one;
 * - Reduce to every root, Allreduce and Scan with a non-commutative operation, which the tree must combine
 *   in rank order;
 * - Barrier, which must not release a rank before every rank has arrived. */
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

enum { LARGE = 100003, ELEMENTS = 5, PROBE_TAG = 3 };

static mpitest_affine map_of(int rank, int i) { return (mpitest_affine){2 + rank % 5 + i, rank + 3 * i}; }

static void broadcasts(MPI_Comm comm, unsigned char* buf) {
  int size;
  MPI_Comm_size(comm, &size);
  const int sizes[] = {1, 100, 4096, 4097, LARGE};
  for (int root = 0; root < size; root += size > 12 ? size / 5 : 1)
    for (int s = 0; s < (int)(sizeof sizes / sizeof *sizes); s++) {
      int n = sizes[s];
      checked_bcast(buf, n, root, pattern_seed(n, root, s), comm);
    }
}

static void ordered_reductions(MPI_Comm comm, MPI_Op compose) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  mpitest_affine in[ELEMENTS], out[ELEMENTS], all[ELEMENTS], prefix[ELEMENTS], through_me[ELEMENTS];
  for (int i = 0; i < ELEMENTS; i++) {
    in[i] = map_of(rank, i);
    all[i] = map_of(0, i);
    for (int r = 1; r < size; r++) all[i] = mpitest_then(all[i], map_of(r, i));
    through_me[i] = map_of(0, i);
    for (int r = 1; r <= rank; r++) through_me[i] = mpitest_then(through_me[i], map_of(r, i));
  }
  for (int root = 0; root < size; root += size > 12 ? size / 4 : 1) {
    memset(out, 0, sizeof out);
    MPI_Reduce(in, out, ELEMENTS, MPI_2INT, compose, root, comm);
    if (rank == root)
      for (int i = 0; i < ELEMENTS; i++)
        CHECK(out[i].a == all[i].a && out[i].b == all[i].b, "Reduce to %d, element %d: (%d, %d), expected (%d, %d)",
              root, i, out[i].a, out[i].b, all[i].a, all[i].b);
  }
  MPI_Allreduce(in, out, ELEMENTS, MPI_2INT, compose, comm);
  MPI_Scan(in, prefix, ELEMENTS, MPI_2INT, compose, comm);
  for (int i = 0; i < ELEMENTS; i++) {
    CHECK(out[i].a == all[i].a && out[i].b == all[i].b, "Allreduce element %d: (%d, %d), expected (%d, %d)", i,
          out[i].a, out[i].b, all[i].a, all[i].b);
    CHECK(prefix[i].a == through_me[i].a && prefix[i].b == through_me[i].b,
          "Scan element %d: (%d, %d), expected (%d, %d)", i, prefix[i].a, prefix[i].b, through_me[i].a,
          through_me[i].b);
  }
}

/* Every rank but the last sends to the last before the barrier; after it, all those messages must be there
 * (small sends are delivered when they start). */
static void barrier_waits_for_all(MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int token = rank;
  MPI_Request request = MPI_REQUEST_NULL;
  if (rank != size - 1) MPI_Isend(&token, 1, MPI_INT, size - 1, PROBE_TAG, comm, &request);
  MPI_Barrier(comm);
  if (rank == size - 1)
    for (int r = 0; r < size - 1; r++) {
      int arrived = 0;
      MPI_Iprobe(r, PROBE_TAG, comm, &arrived, MPI_STATUS_IGNORE);
      CHECK(arrived, "left the barrier before rank %d's message was sent", r);
      MPI_Recv(&token, 1, MPI_INT, r, PROBE_TAG, comm, MPI_STATUS_IGNORE);
      CHECK(token == r, "message from rank %d holds %d", r, token);
    }
  MPI_Wait(&request, MPI_STATUS_IGNORE);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm half, reversed, alternating;
  split_half_and_reversed(&half, &reversed);
  /* Low and high halves of the world in turns: 0, h, 1, h + 1, ... */
  int h = (size + 1) / 2;
  MPI_Comm_split(MPI_COMM_WORLD, 0, rank < h ? 2 * rank : 2 * (rank - h) + 1, &alternating);
  MPI_Op compose;
  MPI_Op_create(mpitest_compose, 0, &compose);
  unsigned char* buf = malloc(LARGE);
  CHECK(buf != NULL, "out of memory");

  MPI_Comm comms[] = {MPI_COMM_WORLD, reversed, half, alternating};
  for (int c = 0; c < 4; c++) {
    broadcasts(comms[c], buf);
    ordered_reductions(comms[c], compose);
    barrier_waits_for_all(comms[c]);
  }

  free(buf);
  MPI_Op_free(&compose);
  MPI_Comm_free(&half);
  MPI_Comm_free(&reversed);
  MPI_Comm_free(&alternating);
  report_ok("machine_hierarchy");
  MPI_Finalize();
  return 0;
}
