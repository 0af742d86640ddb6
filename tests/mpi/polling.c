/* Ranks that wait by polling: each rank receives from its partner half the job away (on another node when
 * the job spans nodes) by looping on MPI_Test, then on MPI_Iprobe, then on MPI_Testany, never blocking in a
 * call. With one rank per worker nothing else runs on its thread: the polling calls themselves must move
 * the messages, local or remote, or the loop spins forever (the test's timeout fails it). */
#include "mpitest.h"

enum { ROUNDS = 50 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int partner = (rank + size / 2) % size;
  int from = (rank - size / 2 + size) % size;
  for (int round = 0; round < ROUNDS; round++) {
    int value = rank * 1000 + round, got = -1, flag = 0;
    MPI_Request receive, send;
    MPI_Irecv(&got, 1, MPI_INT, from, round, MPI_COMM_WORLD, &receive);
    MPI_Isend(&value, 1, MPI_INT, partner, round, MPI_COMM_WORLD, &send);
    while (!flag) MPI_Test(&receive, &flag, MPI_STATUS_IGNORE);
    CHECK(got == from * 1000 + round, "round %d: got %d from %d", round, got, from);
    MPI_Wait(&send, MPI_STATUS_IGNORE);

    MPI_Isend(&value, 1, MPI_INT, partner, ROUNDS + round, MPI_COMM_WORLD, &send);
    MPI_Status status;
    for (flag = 0; !flag;) MPI_Iprobe(MPI_ANY_SOURCE, ROUNDS + round, MPI_COMM_WORLD, &flag, &status);
    CHECK(status.MPI_SOURCE == from, "round %d: probed a message from %d, expected %d", round, status.MPI_SOURCE, from);
    MPI_Recv(&got, 1, MPI_INT, from, ROUNDS + round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&send, MPI_STATUS_IGNORE);

    int index = -1;
    MPI_Irecv(&got, 1, MPI_INT, from, 2 * ROUNDS + round, MPI_COMM_WORLD, &receive);
    MPI_Isend(&value, 1, MPI_INT, partner, 2 * ROUNDS + round, MPI_COMM_WORLD, &send);
    for (flag = 0; !flag;) MPI_Testany(1, &receive, &index, &flag, MPI_STATUS_IGNORE);
    CHECK(index == 0 && got == from * 1000 + round, "round %d: Testany gave index %d, value %d", round, index, got);
    MPI_Wait(&send, MPI_STATUS_IGNORE);
  }
  report_ok("polling");
  MPI_Finalize();
  return 0;
}
