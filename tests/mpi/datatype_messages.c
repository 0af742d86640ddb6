/* Messages with derived datatypes around a ring: the sender's layout and the receiver's differ and
 * only their signatures agree, so every element must land where the receiver's type puts it and nothing
 * between its blocks may change. Small (inline), large (rendezvous, copied by both sides) and buffered,
 * nonblocking with the type freed at once, persistent, Sendrecv_replace, a struct with padding, subarrays,
 * and Get_count / Get_elements on what arrived. */
#include "mpitest.h"

enum { GUARD = -7 };

/* Every fourth int: n ints over 4n. */
static MPI_Datatype column_type(int n) {
  MPI_Datatype t;
  MPI_Type_vector(n, 1, 4, MPI_INT, &t);
  MPI_Type_commit(&t);
  return t;
}

/* The same n ints as blocks of 3 ints, 5 apart (n a multiple of 3). */
static MPI_Datatype triples_type(int n) {
  MPI_Datatype t;
  MPI_Type_vector(n / 3, 3, 5, MPI_INT, &t);
  MPI_Type_commit(&t);
  return t;
}

static int value(int sender, int round, int i) { return sender * 1000003 + round * 7919 + i; }

/* Column of the sender's matrix into the receiver's triples. */
static void column_to_triples(int n, int rank, int size, int round, int mode) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int* matrix = malloc(sizeof(int) * 4 * n);
  for (int i = 0; i < 4 * n; i++) matrix[i] = GUARD;
  for (int i = 0; i < n; i++) matrix[i * 4] = value(rank, round, i);
  int spread = n / 3 * 5;
  int* in = malloc(sizeof(int) * spread);
  for (int i = 0; i < spread; i++) in[i] = GUARD;
  MPI_Datatype column = column_type(n), triples = triples_type(n);
  MPI_Request requests[2];
  MPI_Irecv(in, 1, triples, left, round, MPI_COMM_WORLD, &requests[0]);
  if (mode == 0)
    MPI_Isend(matrix, 1, column, right, round, MPI_COMM_WORLD, &requests[1]);
  else
    MPI_Issend(matrix, 1, column, right, round, MPI_COMM_WORLD, &requests[1]);
  /* Freed while both operations are pending: they keep the types alive. */
  MPI_Type_free(&column);
  MPI_Type_free(&triples);
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  for (int i = 0; i < spread; i++) {
    int expected = i % 5 < 3 ? value(left, round, i / 5 * 3 + i % 5) : GUARD;
    CHECK(in[i] == expected, "n=%d round %d: int %d is %d, expected %d", n, round, i, in[i], expected);
  }
  free(matrix);
  free(in);
}

/* struct { double d; char c; } (padded to 16 bytes) sent as such and received as contiguous bytes of the
 * same signature: the 9 data bytes of each element, packed. */
static void padded_structs(int rank, int size) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  enum { N = 100 };
  struct item {
    double d;
    char c;
  } out[N], in[N];
  int lengths[] = {1, 1};
  MPI_Aint displs[] = {offsetof(struct item, d), offsetof(struct item, c)};
  MPI_Datatype types[] = {MPI_DOUBLE, MPI_CHAR}, item_type, flat;
  MPI_Type_create_struct(2, lengths, displs, types, &item_type);
  MPI_Type_commit(&item_type);
  MPI_Aint lb, extent;
  MPI_Type_get_extent(item_type, &lb, &extent);
  CHECK(extent == sizeof(struct item), "the struct's extent is %td, C says %zu", extent, sizeof(struct item));
  for (int i = 0; i < N; i++) {
    out[i].d = rank + i * 0.5;
    out[i].c = (char)('a' + i % 26);
  }
  /* Into a flat sequence of double, char pairs with no padding: a struct type of extent 9. */
  unsigned char packed[N * 9];
  MPI_Aint flat_displs[] = {0, 8};
  MPI_Type_create_struct(2, lengths, flat_displs, types, &flat);
  MPI_Datatype flat9;
  MPI_Type_create_resized(flat, 0, 9, &flat9);
  MPI_Type_commit(&flat9);
  MPI_Status status;
  MPI_Sendrecv(out, N, item_type, right, 1, packed, N, flat9, left, 1, MPI_COMM_WORLD, &status);
  int count, elements;
  MPI_Get_count(&status, flat9, &count);
  MPI_Get_elements(&status, flat9, &elements);
  CHECK(count == N && elements == 2 * N, "Get_count %d, Get_elements %d, expected %d and %d", count, elements, N,
        2 * N);
  for (int i = 0; i < N; i++) {
    double d;
    memcpy(&d, packed + 9 * i, 8);
    CHECK(d == left + i * 0.5 && packed[9 * i + 8] == 'a' + i % 26, "item %d arrived as %g '%c'", i, d,
          packed[9 * i + 8]);
  }
  /* And back the other way, into the padded structs; the padding is not data and stays untouched. */
  memset(in, 0x5A, sizeof in);
  MPI_Sendrecv(packed, N, flat9, left, 2, in, N, item_type, right, 2, MPI_COMM_WORLD, &status);
  for (int i = 0; i < N; i++) {
    CHECK(in[i].d == rank + i * 0.5 && in[i].c == 'a' + i % 26, "item %d came back as %g '%c'", i, in[i].d, in[i].c);
    const unsigned char* pad = (const unsigned char*)&in[i] + offsetof(struct item, c) + 1;
    for (size_t b = 0; b < sizeof(struct item) - offsetof(struct item, c) - 1; b++)
      CHECK(pad[b] == 0x5A, "item %d: padding byte %zu was written", i, b);
  }
  MPI_Type_free(&item_type);
  MPI_Type_free(&flat);
  MPI_Type_free(&flat9);
}

/* The interior of a 2-d block sent to the neighbour's halo: subarrays of different arrays. */
static void subarrays(int rank, int size) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  enum { ROWS = 6, COLS = 8 };
  double a[ROWS][COLS], b[ROWS + 2][COLS + 2];
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++) a[i][j] = rank * 100 + i * 10 + j;
  for (int i = 0; i < ROWS + 2; i++)
    for (int j = 0; j < COLS + 2; j++) b[i][j] = -1;
  MPI_Datatype inner, halo;
  MPI_Type_create_subarray(2, (int[]){ROWS, COLS}, (int[]){4, 6}, (int[]){1, 1}, MPI_ORDER_C, MPI_DOUBLE, &inner);
  MPI_Type_create_subarray(2, (int[]){ROWS + 2, COLS + 2}, (int[]){4, 6}, (int[]){3, 2}, MPI_ORDER_C, MPI_DOUBLE,
                           &halo);
  MPI_Type_commit(&inner);
  MPI_Type_commit(&halo);
  MPI_Sendrecv(a, 1, inner, right, 3, b, 1, halo, left, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int i = 0; i < ROWS + 2; i++)
    for (int j = 0; j < COLS + 2; j++) {
      int inside = i >= 3 && i < 7 && j >= 2 && j < 8;
      double expected = inside ? left * 100 + (i - 2) * 10 + (j - 1) : -1;
      CHECK(b[i][j] == expected, "halo [%d][%d] is %g, expected %g", i, j, b[i][j], expected);
    }
  MPI_Type_free(&inner);
  MPI_Type_free(&halo);
}

/* Persistent and buffered sends of a derived type, and Sendrecv_replace through one. */
static void persistent_buffered_replace(int rank, int size) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  enum { N = 30 };
  MPI_Datatype column = column_type(N), triples = triples_type(N);
  int *matrix = malloc(sizeof(int) * 4 * N), in[N / 3 * 5];
  MPI_Request send, receive;
  MPI_Send_init(matrix, 1, column, right, 4, MPI_COMM_WORLD, &send);
  MPI_Recv_init(in, 1, triples, left, 4, MPI_COMM_WORLD, &receive);
  MPI_Type_free(&column);
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < N; i++) matrix[i * 4] = value(rank, round, i);
    MPI_Start(&receive);
    MPI_Start(&send);
    MPI_Wait(&send, MPI_STATUS_IGNORE);
    MPI_Wait(&receive, MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
      CHECK(in[i / 3 * 5 + i % 3] == value(left, round, i), "persistent round %d: element %d is wrong", round, i);
  }
  MPI_Request_free(&send);
  MPI_Request_free(&receive);

  /* Buffered: the column is packed into the attached buffer; the matrix may change at once. */
  int bytes;
  MPI_Pack_size(1, triples, MPI_COMM_WORLD, &bytes);
  CHECK(bytes == N * (int)sizeof(int), "Pack_size of %d ints is %d", N, bytes);
  char* attached = malloc(bytes + MPI_BSEND_OVERHEAD);
  MPI_Buffer_attach(attached, bytes + MPI_BSEND_OVERHEAD);
  int out[N / 3 * 5];
  for (int i = 0; i < N; i++) out[i / 3 * 5 + i % 3] = value(rank, 9, i);
  MPI_Bsend(out, 1, triples, right, 5, MPI_COMM_WORLD);
  memset(out, 0, sizeof out);
  int flat[N];
  MPI_Recv(flat, N, MPI_INT, left, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int i = 0; i < N; i++) CHECK(flat[i] == value(left, 9, i), "buffered element %d is wrong", i);
  void* detached;
  int detached_size;
  MPI_Buffer_detach(&detached, &detached_size);
  free(attached);

  /* Sendrecv_replace: the triples go right and the left neighbour's replace them, gaps untouched. */
  for (int i = 0; i < N / 3 * 5; i++) out[i] = i % 5 < 3 ? value(rank, 11, i / 5 * 3 + i % 5) : GUARD;
  MPI_Sendrecv_replace(out, 1, triples, right, 6, left, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int i = 0; i < N / 3 * 5; i++) {
    int expected = i % 5 < 3 ? value(left, 11, i / 5 * 3 + i % 5) : GUARD;
    CHECK(out[i] == expected, "Sendrecv_replace int %d is %d, expected %d", i, out[i], expected);
  }
  MPI_Type_free(&triples);
  free(matrix);
}

/* A message longer than the receive's type allows is truncated and reported. */
static void truncation(int rank, int size) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  MPI_Datatype triples = triples_type(6);
  int out[12] = {0}, in[10];
  MPI_Request request;
  MPI_Isend(out, 12, MPI_INT, right, 7, MPI_COMM_WORLD, &request);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int code = MPI_Recv(in, 1, triples, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  expect_error(code, MPI_ERR_TRUNCATE, "receiving 12 ints into 6");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Type_free(&triples);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* 30 ints travel inline; 3 * 2^15 ints (384 KiB) by rendezvous, copied by both sides; standard and
   * synchronous sends. */
  const int sizes[] = {30, 3 << 15};
  for (int round = 0; round < 4; round++) column_to_triples(sizes[round % 2], rank, size, round, round / 2);
  padded_structs(rank, size);
  subarrays(rank, size);
  persistent_buffered_replace(rank, size);
  truncation(rank, size);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("datatype_messages: ok\n");
  MPI_Finalize();
  return 0;
}
