/* Buffered sends: many messages copied into the attached buffer return before anyone receives; a full
 * buffer is MPI_ERR_BUFFER; detach waits for the messages and hands the buffer back. Also Ibsend, Rsend
 * and Sendrecv_replace. */
#include "mpitest.h"

enum { COUNT = 20, LEN = 100, TAG = 6 };

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank - 1 + size) % size;
  int per_message = LEN * (int)sizeof(int) + MPI_BSEND_OVERHEAD;
  int buffer_size = COUNT * per_message;
  char* buffer = malloc((size_t)buffer_size);
  MPI_Buffer_attach(buffer, buffer_size);

  /* COUNT messages leave before the neighbour receives any; the send buffer is reused at once. */
  int out[LEN], in[LEN];
  for (int m = 0; m < COUNT; m++) {
    for (int i = 0; i < LEN; i++) out[i] = rank * 10000 + m * 100 + i;
    if (m % 2 == 0) {
      MPI_Bsend(out, LEN, MPI_INT, right, TAG, MPI_COMM_WORLD);
    } else {
      MPI_Request request;
      MPI_Ibsend(out, LEN, MPI_INT, right, TAG, MPI_COMM_WORLD, &request);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    }
  }
  /* The buffer is full now, unless messages already left: one more may not fit. Under MPI_ERRORS_RETURN
   * a message that does not fit is MPI_ERR_BUFFER, and one larger than the whole buffer never fits. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int* huge = calloc((size_t)buffer_size, 1);
  int code = MPI_Bsend(huge, buffer_size / (int)sizeof(int), MPI_INT, right, TAG + 1, MPI_COMM_WORLD);
  int error_class = -1;
  MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_BUFFER, "a Bsend larger than the buffer gave class %d", error_class);
  free(huge);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int m = 0; m < COUNT; m++) {
    MPI_Recv(in, LEN, MPI_INT, left, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < LEN; i++)
      CHECK(in[i] == left * 10000 + m * 100 + i, "message %d: element %d is %d", m, i, in[i]);
  }
  void* detached = NULL;
  int detached_size = -1;
  MPI_Buffer_detach(&detached, &detached_size);
  CHECK(detached == buffer && detached_size == buffer_size, "detach gave %p (%d), attached %p (%d)", detached,
        detached_size, (void*)buffer, buffer_size);

  /* Without a buffer a buffered send is an error. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  code = MPI_Bsend(out, 1, MPI_INT, right, TAG, MPI_COMM_WORLD);
  MPI_Error_class(code, &error_class);
  CHECK(error_class == MPI_ERR_BUFFER, "Bsend without a buffer gave class %d", error_class);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

  /* Rsend after the receive is known to be posted. */
  MPI_Request request;
  MPI_Irecv(in, LEN, MPI_INT, left, TAG, MPI_COMM_WORLD, &request);
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < LEN; i++) out[i] = -rank - i;
  MPI_Rsend(out, LEN, MPI_INT, right, TAG, MPI_COMM_WORLD);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  for (int i = 0; i < LEN; i++) CHECK(in[i] == -left - i, "Rsend: element %d is %d", i, in[i]);

  /* Sendrecv_replace: the buffer goes right and comes back filled from the left. */
  for (int i = 0; i < LEN; i++) out[i] = rank * 7 + i;
  MPI_Status status;
  MPI_Sendrecv_replace(out, LEN, MPI_INT, right, TAG, left, TAG, MPI_COMM_WORLD, &status);
  int count = -1;
  MPI_Get_count(&status, MPI_INT, &count);
  CHECK(status.MPI_SOURCE == left && count == LEN, "Sendrecv_replace: source %d count %d", status.MPI_SOURCE, count);
  for (int i = 0; i < LEN; i++) CHECK(out[i] == left * 7 + i, "Sendrecv_replace: element %d is %d", i, out[i]);

  free(buffer);
  report_ok("bsend");
  MPI_Finalize();
  return 0;
}
