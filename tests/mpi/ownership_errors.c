/* Wrong arguments of the ownership-passing calls return their error classes under MPI_ERRORS_RETURN, and
 * leave *ptr as it was: NULL ptr, a NULL *ptr to give, pointers that are not buffers of MPIX_Alloc or
 * MPIX_Take (a stack array, malloc'd memory, the inside of a buffer, a buffer freed or given already),
 * negative size and count, data outside the buffer, a take type placing data before the buffer, and the
 * checks ordinary sends and receives make (rank, tag, communicator, datatype). MPIX_Free of a NULL *ptr
 * does nothing. With the argument "fatal", giving a malloc'd buffer ends the job with a line naming the
 * rank, the call and the argument. */
#include "mpitest.h"

static void wrong_buffers(int rank) {
  char on_stack[64];
  void *heap = malloc(64), *buffer, *freed, *given, *ptr;
  MPIX_Alloc(&buffer, 64);
  MPIX_Alloc(&freed, 64);
  ptr = freed;
  MPIX_Free(&freed);
  freed = ptr;
  MPIX_Alloc(&given, 64);
  ptr = given;
  MPIX_Give(&given, 0, MPI_BYTE, rank, 1, MPI_COMM_WORLD);
  given = ptr;

  ptr = on_stack;
  expect_error(MPIX_Free(&ptr), MPI_ERR_BASE, "MPIX_Free of a stack array");
  CHECK(ptr == on_stack, "a failed MPIX_Free changed *ptr");
  expect_error(MPIX_Give(&ptr, 1, MPI_BYTE, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER, "MPIX_Give of a stack array");
  CHECK(ptr == on_stack, "a failed MPIX_Give changed *ptr");
  ptr = heap;
  expect_error(MPIX_Free(&ptr), MPI_ERR_BASE, "MPIX_Free of malloc'd memory");
  expect_error(MPIX_Give(&ptr, 1, MPI_BYTE, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER, "MPIX_Give of malloc'd memory");
  ptr = (char*)buffer + 64;
  expect_error(MPIX_Free(&ptr), MPI_ERR_BASE, "MPIX_Free of the inside of a buffer");
  expect_error(MPIX_Give(&ptr, 1, MPI_BYTE, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER,
               "MPIX_Give of the inside of a buffer");
  expect_error(MPIX_Free(&freed), MPI_ERR_BASE, "MPIX_Free of a freed buffer");
  expect_error(MPIX_Give(&freed, 1, MPI_BYTE, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER, "MPIX_Give of a freed buffer");
  expect_error(MPIX_Give(&given, 1, MPI_BYTE, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER, "MPIX_Give of a given buffer");
  ptr = NULL;
  expect_error(MPIX_Give(&ptr, 0, MPI_BYTE, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER, "MPIX_Give of a NULL *ptr");
  CHECK(MPIX_Free(&ptr) == MPI_SUCCESS, "MPIX_Free of a NULL *ptr failed");

  /* The buffer holds 64 bytes: 65 do not fit, nor do 3 ints spread 16 apart (bytes 0 to 36), but 2 do. */
  MPI_Datatype spread, before;
  MPI_Type_create_resized(MPI_INT, 0, 32, &spread);
  MPI_Type_commit(&spread);
  expect_error(MPIX_Give(&buffer, 65, MPI_BYTE, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER,
               "MPIX_Give of 65 bytes of 64");
  expect_error(MPIX_Give(&buffer, 3, spread, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER,
               "MPIX_Give past the buffer's end");
  /* A type whose data starts 8 bytes before its origin. */
  int one = 1;
  MPI_Aint minus_eight = -8;
  MPI_Type_create_hindexed(1, &one, &minus_eight, MPI_INT, &before);
  MPI_Type_commit(&before);
  expect_error(MPIX_Give(&buffer, 1, before, rank, 0, MPI_COMM_WORLD), MPI_ERR_BUFFER,
               "MPIX_Give of data before the buffer");
  expect_error(MPIX_Take(&ptr, 1, before, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_TYPE,
               "MPIX_Take into a type with data before its origin");
  CHECK(MPIX_Give(&buffer, 2, spread, rank, 3, MPI_COMM_WORLD) == MPI_SUCCESS, "a give that fits failed");
  CHECK(MPIX_Take(&ptr, 2, spread, rank, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE) == MPI_SUCCESS, "a take failed");
  MPIX_Free(&ptr);
  MPI_Type_free(&spread);
  MPI_Type_free(&before);
  free(heap);
}

static void wrong_arguments(int rank, int size) {
  void *buffer, *ptr = NULL;
  MPI_Request request;
  MPI_Datatype uncommitted;
  MPI_Type_contiguous(2, MPI_INT, &uncommitted);
  MPIX_Alloc(&buffer, 64);
  expect_error(MPIX_Alloc(NULL, 8), MPI_ERR_ARG, "MPIX_Alloc with ptr NULL");
  expect_error(MPIX_Alloc(&ptr, -1), MPI_ERR_ARG, "MPIX_Alloc of a negative size");
  expect_error(MPIX_Free(NULL), MPI_ERR_ARG, "MPIX_Free with ptr NULL");
  expect_error(MPIX_Give(NULL, 1, MPI_INT, rank, 0, MPI_COMM_WORLD), MPI_ERR_ARG, "MPIX_Give with ptr NULL");
  expect_error(MPIX_Give(&buffer, -1, MPI_INT, rank, 0, MPI_COMM_WORLD), MPI_ERR_COUNT,
               "MPIX_Give of a negative count");
  expect_error(MPIX_Give(&buffer, 1, MPI_DATATYPE_NULL, rank, 0, MPI_COMM_WORLD), MPI_ERR_TYPE,
               "MPIX_Give of MPI_DATATYPE_NULL");
  expect_error(MPIX_Give(&buffer, 1, uncommitted, rank, 0, MPI_COMM_WORLD), MPI_ERR_TYPE,
               "MPIX_Give of an uncommitted type");
  expect_error(MPIX_Give(&buffer, 1, MPI_INT, size, 0, MPI_COMM_WORLD), MPI_ERR_RANK, "MPIX_Give to rank size");
  expect_error(MPIX_Give(&buffer, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD), MPI_ERR_RANK,
               "MPIX_Give to MPI_ANY_SOURCE");
  expect_error(MPIX_Give(&buffer, 1, MPI_INT, rank, -5, MPI_COMM_WORLD), MPI_ERR_TAG, "MPIX_Give with tag -5");
  expect_error(MPIX_Give(&buffer, 1, MPI_INT, rank, MPI_ANY_TAG, MPI_COMM_WORLD), MPI_ERR_TAG,
               "MPIX_Give with MPI_ANY_TAG");
  expect_error(MPIX_Give(&buffer, 1, MPI_INT, rank, 0, MPI_COMM_NULL), MPI_ERR_COMM, "MPIX_Give on MPI_COMM_NULL");
  expect_error(MPIX_Igive(&buffer, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, NULL), MPI_ERR_ARG,
               "MPIX_Igive with request NULL");
  CHECK(buffer != NULL, "a failed give took the buffer");
  expect_error(MPIX_Take(NULL, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_ARG,
               "MPIX_Take with ptr NULL");
  expect_error(MPIX_Take(&ptr, -1, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_COUNT,
               "MPIX_Take of a negative count");
  expect_error(MPIX_Take(&ptr, 1, MPI_DATATYPE_NULL, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_TYPE,
               "MPIX_Take of MPI_DATATYPE_NULL");
  expect_error(MPIX_Take(&ptr, 1, MPI_INT, -7, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_RANK,
               "MPIX_Take from rank -7");
  expect_error(MPIX_Take(&ptr, 1, MPI_INT, rank, -5, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_TAG,
               "MPIX_Take with tag -5");
  expect_error(MPIX_Itake(&ptr, 1, MPI_INT, rank, 0, MPI_COMM_NULL, &request), MPI_ERR_COMM,
               "MPIX_Itake on MPI_COMM_NULL");
  expect_error(MPIX_Itake(&ptr, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, NULL), MPI_ERR_ARG,
               "MPIX_Itake with request NULL");
  MPIX_Free(&buffer);
  MPI_Type_free(&uncommitted);
}

int main(int argc, char** argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc > 1 && strcmp(argv[1], "fatal") == 0) {
    void* heap = malloc(16);
    if (rank == size - 1) MPIX_Give(&heap, 16, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    CHECK(rank != size - 1, "a give of malloc'd memory returned under MPI_ERRORS_ARE_FATAL");
    MPI_Finalize();
    return 0;
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  wrong_buffers(rank);
  wrong_arguments(rank, size);
  report_ok("ownership_errors");
  MPI_Finalize();
  return 0;
}
