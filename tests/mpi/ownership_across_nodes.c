/* Ownership passing between ranks of the same node and of different nodes: every rank gives to its right
 * neighbour around the ring of all ranks, which takes or receives; then sends into takes. On one node a
 * give -> take passes the very buffer (the taker gets the giver's address); across nodes ranks cannot
 * read each other's memory, so it falls back to a copy into a buffer of the taker's own, the data intact. Which
 * neighbours share a node comes from MPI_COMM_TYPE_SHARED. Sizes from 0 B to 1 MiB: eager and ready-to-send messages
 * between nodes, all protocols on a node. */
#include <stdint.h>

#include "mpitest.h"

enum { ROUNDS = 22, ADDR_TAG = 5000 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int left_is_local = shares_node(left);

  for (int round = 0; round < ROUNDS; round++) {
    size_t bytes = round == 0 ? 0 : (size_t)1 << (round - 1); /* 0, 1, 2, ... 1 MiB */
    void* given = NULL;
    CHECK(MPIX_Alloc(&given, (MPI_Aint)bytes) == MPI_SUCCESS, "MPIX_Alloc of %zu bytes", bytes);
    pattern_fill(given, bytes, pattern_seed(bytes, rank, round));
    uintptr_t address = (uintptr_t)given, left_address = 0;
    MPI_Sendrecv(&address, sizeof address, MPI_BYTE, right, ADDR_TAG, &left_address, sizeof left_address, MPI_BYTE,
                 left, ADDR_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Request give;
    CHECK(MPIX_Igive(&given, (int)bytes, MPI_BYTE, right, round, MPI_COMM_WORLD, &give) == MPI_SUCCESS, "Igive");
    CHECK(given == NULL, "*ptr is not NULL after a give");
    void *taken = NULL, *plain = NULL;
    MPI_Status status;
    if (round % 2 == 0) {
      CHECK(MPIX_Take(&taken, (int)bytes, MPI_BYTE, left, round, MPI_COMM_WORLD, &status) == MPI_SUCCESS, "Take");
      CHECK(taken != NULL, "round %d: no buffer taken", round);
      /* Across nodes the address says nothing: node processes may lay out their buffers alike. */
      if (left_is_local) CHECK((uintptr_t)taken == left_address, "round %d: a give on the node was copied", round);
    } else {
      CHECK(MPIX_Alloc(&plain, (MPI_Aint)bytes) == MPI_SUCCESS, "MPIX_Alloc");
      MPI_Recv(plain, (int)bytes, MPI_BYTE, left, round, MPI_COMM_WORLD, &status);
    }
    int count = -1;
    MPI_Get_count(&status, MPI_BYTE, &count);
    CHECK(count == (int)bytes && status.MPI_SOURCE == left, "round %d: count %d from %d", round, count,
          status.MPI_SOURCE);
    void* data = taken != NULL ? taken : plain;
    size_t bad = pattern_check(data, bytes, pattern_seed(bytes, left, round));
    CHECK(bad == bytes, "round %d (%zu bytes, left %s): byte %zu is wrong", round, bytes,
          left_is_local ? "on the node" : "on another node", bad);
    MPI_Wait(&give, MPI_STATUS_IGNORE);
    if (taken != NULL) MPIX_Free(&taken);
    if (plain != NULL) MPIX_Free(&plain);

    /* An ordinary send into a take: a fresh buffer of the taker's. */
    unsigned char* out = malloc(bytes + 1);
    CHECK(out != NULL, "out of memory");
    pattern_fill(out, bytes, pattern_seed(bytes, rank, ROUNDS + round));
    MPI_Request send;
    MPI_Isend(out, (int)bytes, MPI_BYTE, right, ROUNDS + round, MPI_COMM_WORLD, &send);
    CHECK(
        MPIX_Take(&taken, (int)bytes, MPI_BYTE, MPI_ANY_SOURCE, ROUNDS + round, MPI_COMM_WORLD, &status) == MPI_SUCCESS,
        "Take of a send");
    CHECK(status.MPI_SOURCE == left, "round %d: took a send from %d", round, status.MPI_SOURCE);
    bad = pattern_check(taken, bytes, pattern_seed(bytes, left, ROUNDS + round));
    CHECK(bad == bytes, "round %d: send -> take of %zu bytes, byte %zu is wrong", round, bytes, bad);
    MPIX_Free(&taken);
    MPI_Wait(&send, MPI_STATUS_IGNORE);
    free(out);
  }
  report_ok("ownership_across_nodes");
  MPI_Finalize();
  return 0;
}
