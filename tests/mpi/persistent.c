/* Persistent requests: a ring exchange bound once and started many times with Startall, in every send
 * mode; inactive requests complete at once with an empty status; starting an active one is an error. */
#include "mpitest.h"

enum { ROUNDS = 50, TAG = 4, LEN = 300 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank - 1 + size) % size;
  int out[LEN], in[LEN];
  /* Buffered sends need a buffer: one message in flight per round. */
  int buffer_size = LEN * (int)sizeof(int) + MPI_BSEND_OVERHEAD;
  void* buffer = malloc((size_t)buffer_size);
  MPI_Buffer_attach(buffer, buffer_size);

  const char* modes[] = {"Send_init", "Bsend_init", "Ssend_init", "Rsend_init"};
  for (int mode = 0; mode < 4; mode++) {
    MPI_Request requests[2];
    MPI_Recv_init(in, LEN, MPI_INT, left, TAG, MPI_COMM_WORLD, &requests[0]);
    switch (mode) {
      case 0:
        MPI_Send_init(out, LEN, MPI_INT, right, TAG, MPI_COMM_WORLD, &requests[1]);
        break;
      case 1:
        MPI_Bsend_init(out, LEN, MPI_INT, right, TAG, MPI_COMM_WORLD, &requests[1]);
        break;
      case 2:
        MPI_Ssend_init(out, LEN, MPI_INT, right, TAG, MPI_COMM_WORLD, &requests[1]);
        break;
      default:
        MPI_Rsend_init(out, LEN, MPI_INT, right, TAG, MPI_COMM_WORLD, &requests[1]);
        break;
    }
    /* Inactive: Wait returns at once with an empty status and leaves the request. */
    MPI_Status status;
    MPI_Wait(&requests[0], &status);
    CHECK(requests[0] != MPI_REQUEST_NULL && status.MPI_SOURCE == MPI_ANY_SOURCE && status.MPI_TAG == MPI_ANY_TAG,
          "%s: Wait on an inactive request gave source %d tag %d", modes[mode], status.MPI_SOURCE, status.MPI_TAG);
    for (int round = 0; round < ROUNDS; round++) {
      for (int i = 0; i < LEN; i++) out[i] = rank * 1000000 + round * 1000 + i + mode;
      if (mode == 3) { /* a ready send needs its receive posted first: receive, sync, then send */
        MPI_Start(&requests[0]);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Start(&requests[1]);
      } else {
        MPI_Startall(2, requests);
      }
      MPI_Status statuses[2];
      MPI_Waitall(2, requests, statuses);
      CHECK(requests[0] != MPI_REQUEST_NULL && requests[1] != MPI_REQUEST_NULL,
            "%s: Waitall freed a persistent request", modes[mode]);
      CHECK(statuses[0].MPI_SOURCE == left && statuses[0].MPI_TAG == TAG, "%s: status source %d tag %d", modes[mode],
            statuses[0].MPI_SOURCE, statuses[0].MPI_TAG);
      for (int i = 0; i < LEN; i++)
        CHECK(in[i] == left * 1000000 + round * 1000 + i + mode, "%s round %d: element %d is %d", modes[mode], round, i,
              in[i]);
      MPI_Barrier(MPI_COMM_WORLD); /* nobody overwrites `out` while a peer may still read it */
    }
    /* Starting an active request is an error. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Start(&requests[0]);
    int code = MPI_Start(&requests[0]), error_class = -1;
    MPI_Error_class(code, &error_class);
    CHECK(error_class == MPI_ERR_REQUEST, "%s: starting an active request gave class %d", modes[mode], error_class);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    int token = 0;
    MPI_Send(&token, 0, MPI_INT, right, TAG, MPI_COMM_WORLD); /* satisfies the started receive */
    MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
    MPI_Request_free(&requests[0]);
    MPI_Request_free(&requests[1]);
    CHECK(requests[0] == MPI_REQUEST_NULL && requests[1] == MPI_REQUEST_NULL, "Request_free left a handle");
  }
  int detached_size;
  void* detached;
  MPI_Buffer_detach(&detached, &detached_size);
  free(buffer);
  report_ok("persistent");
  MPI_Finalize();
  return 0;
}
