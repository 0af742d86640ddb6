/* A remote cell declared with the owner's strided datatype: on the node it views the owner's column in
 * place (the owner's very pointer, the owner's row stride); as a copy (WEFT_HALO_COPY=1) it is packed, the
 * column's values one after the other, whatever datatype the reader declared. Each rank owns an NX x NY
 * block in a ring and lends its last column, which its right neighbour reads. */
#include <stdint.h>

#include "mpitest.h"

enum { NX = 7, NY = 5, STEPS = 4 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  const char* copy_setting = getenv("WEFT_HALO_COPY");
  /* The left neighbour's column is a copy with WEFT_HALO_COPY=1, and always when it runs on another node. */
  int copies = (copy_setting != NULL && strcmp(copy_setting, "1") == 0) || !shares_node(left);

  MPI_Datatype column;
  MPI_Type_vector(NX, 1, NY, MPI_INT, &column);
  MPI_Type_commit(&column);
  MPI_Halo edge, ghost;
  MPIX_Halo_cell_init(&edge, "last column", column, 1);
  MPIX_Halo_cell_init(&ghost, "ghost column", column, 1);
  MPI_Halo_exchange exchange;
  MPIX_Halo_exchange_init(&exchange);
  MPIX_Halo_cell_bind_local(exchange, edge);
  MPIX_Halo_cell_bind_remote(exchange, ghost, left, "last column");
  CHECK(MPIX_Halo_exchange_commit(exchange) == MPI_SUCCESS, "commit failed");

  int block[NX * NY];
  for (int step = 0; step < STEPS; step++) {
    for (int i = 0; i < NX * NY; i++) block[i] = 1000 * rank + 100 * step + i;
    int* lent = block + NY - 1;
    MPIX_Halo_cell_set(edge, lent);
    CHECK(MPIX_Halo_exchange(exchange) == MPI_SUCCESS, "exchange failed");
    /* The left neighbour's column start, to compare a view with. */
    uintptr_t mine = (uintptr_t)lent, theirs;
    MPI_Sendrecv(&mine, 1, MPI_UINT64_T, right, 0, &theirs, 1, MPI_UINT64_T, left, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    int* seen;
    MPIX_Halo_cell_get(ghost, (void**)&seen);
    CHECK(MPIX_Halo_cell_is_remote(ghost) == copies, "is_remote %d", MPIX_Halo_cell_is_remote(ghost));
    int stride = copies ? 1 : NY;
    if (!copies) CHECK((uintptr_t)seen == theirs, "a view is not the owner's pointer");
    for (int x = 0; x < NX; x++)
      CHECK(seen[x * stride] == 1000 * left + 100 * step + x * NY + NY - 1, "step %d: row %d of the column is %d", step,
            x, seen[x * stride]);
    /* Nobody overwrites the lent column before the reader has moved on. */
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPIX_Halo_cell_release(&edge);
  MPIX_Halo_cell_release(&ghost);
  MPIX_Halo_exchange_release(&exchange);
  MPI_Type_free(&column);
  if (rank == 0) printf("mpix_halo_packed: ok\n");
  MPI_Finalize();
  return 0;
}
