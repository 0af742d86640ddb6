/* Generalized requests: incomplete until MPI_Grequest_complete, then Wait gives the status the query
 * callback filled in and the free callback runs once; Test before completion leaves the request. */
#include "mpitest.h"

struct work {
  int queried, freed, cancelled;
  int value;
};

static int query(void* extra, MPI_Status* status) {
  struct work* w = extra;
  w->queried++;
  status->MPI_SOURCE = w->value;
  status->MPI_TAG = 77;
  status->MPI_ERROR = MPI_SUCCESS;
  return MPI_SUCCESS;
}

static int release(void* extra) {
  ((struct work*)extra)->freed++;
  return MPI_SUCCESS;
}

static int cancel(void* extra, int complete) {
  (void)complete;
  ((struct work*)extra)->cancelled++;
  return MPI_SUCCESS;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  struct work w = {0, 0, 0, rank};
  MPI_Request request;
  MPI_Grequest_start(query, release, cancel, &w, &request);
  int flag = 1;
  MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
  CHECK(!flag && request != MPI_REQUEST_NULL && w.freed == 0, "Test of an incomplete generalized request: flag %d",
        flag);
  MPI_Grequest_complete(request);
  MPI_Status status;
  MPI_Wait(&request, &status);
  CHECK(request == MPI_REQUEST_NULL && w.queried == 1 && w.freed == 1, "Wait: handle %p, queried %d, freed %d",
        (void*)request, w.queried, w.freed);
  CHECK(status.MPI_SOURCE == rank && status.MPI_TAG == 77, "the status has source %d tag %d", status.MPI_SOURCE,
        status.MPI_TAG);

  /* Waitany over a generalized request among receives. */
  MPI_Request requests[2];
  int in = -1, out = rank;
  MPI_Irecv(&in, 1, MPI_INT, 0, 1, MPI_COMM_SELF, &requests[0]);
  MPI_Grequest_start(query, release, cancel, &w, &requests[1]);
  MPI_Grequest_complete(requests[1]);
  int index = -1;
  MPI_Waitany(2, requests, &index, &status);
  CHECK(index == 1 && w.freed == 2, "Waitany picked %d (freed %d), expected the completed generalized request", index,
        w.freed);
  MPI_Send(&out, 1, MPI_INT, 0, 1, MPI_COMM_SELF);
  MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
  CHECK(in == rank, "the receive beside it got %d", in);
  report_ok("grequest");
  MPI_Finalize();
  return 0;
}
