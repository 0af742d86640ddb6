/* MPI_Pack / MPI_Unpack: several values packed one after another, sent as MPI_PACKED and received through
 * a datatype of the same signature, and the reverse; MPI_Pack_size; the external32 representation,
 * checked byte for byte against the standard's (big-endian, long as 4 bytes, long double as binary128)
 * and round-tripped; and the errors of each call. */
#include "mpitest.h"

static void pack_and_send(int rank, int size) {
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int ints[8];
  double d = rank + 0.25;
  for (int i = 0; i < 8; i++) ints[i] = rank * 100 + i;
  MPI_Datatype even;
  MPI_Type_vector(4, 1, 2, MPI_INT, &even);
  MPI_Type_commit(&even);
  int int_bytes, double_bytes;
  MPI_Pack_size(1, even, MPI_COMM_WORLD, &int_bytes);
  MPI_Pack_size(1, MPI_DOUBLE, MPI_COMM_WORLD, &double_bytes);
  CHECK(int_bytes == 16 && double_bytes == 8, "Pack_size gave %d and %d", int_bytes, double_bytes);
  char packed[24];
  int position = 0;
  MPI_Pack(ints, 1, even, packed, sizeof packed, &position, MPI_COMM_WORLD);
  MPI_Pack(&d, 1, MPI_DOUBLE, packed, sizeof packed, &position, MPI_COMM_WORLD);
  CHECK(position == 24, "position after packing is %d", position);

  /* Sent packed, received as a struct of four ints and a double. */
  struct {
    int i[4];
    double d;
  } got;
  int lengths[] = {4, 1};
  MPI_Aint displs[] = {0, 16};
  MPI_Datatype types[] = {MPI_INT, MPI_DOUBLE}, record;
  MPI_Type_create_struct(2, lengths, displs, types, &record);
  MPI_Type_commit(&record);
  MPI_Sendrecv(packed, position, MPI_PACKED, right, 0, &got, 1, record, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (int i = 0; i < 4; i++) CHECK(got.i[i] == left * 100 + 2 * i, "packed int %d arrived as %d", i, got.i[i]);
  CHECK(got.d == left + 0.25, "packed double arrived as %g", got.d);

  /* The reverse: a struct sent, received as MPI_PACKED and unpacked piece by piece. */
  char incoming[24];
  MPI_Status status;
  MPI_Sendrecv(&got, 1, record, left, 1, incoming, sizeof incoming, MPI_PACKED, right, 1, MPI_COMM_WORLD, &status);
  int count;
  MPI_Get_count(&status, MPI_PACKED, &count);
  CHECK(count == 24, "received %d packed bytes", count);
  int back[8] = {0};
  double d_back = 0;
  position = 0;
  MPI_Unpack(incoming, count, &position, back, 1, even, MPI_COMM_WORLD);
  MPI_Unpack(incoming, count, &position, &d_back, 1, MPI_DOUBLE, MPI_COMM_WORLD);
  for (int i = 0; i < 8; i++) {
    int expected = i % 2 == 0 ? rank * 100 + i : 0;
    CHECK(back[i] == expected, "unpacked int %d is %d, expected %d", i, back[i], expected);
  }
  CHECK(d_back == rank + 0.25 && position == 24, "unpacked double %g at position %d", d_back, position);

  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  position = 10;
  expect_error(MPI_Pack(ints, 1, even, packed, 24, &position, MPI_COMM_WORLD), MPI_ERR_TRUNCATE,
               "packing 16 bytes at position 10 of 24");
  CHECK(position == 10, "a failed MPI_Pack moved the position to %d", position);
  position = 0;
  expect_error(MPI_Unpack(incoming, 8, &position, back, 1, even, MPI_COMM_WORLD), MPI_ERR_TRUNCATE,
               "unpacking 16 bytes from 8");
  expect_error(MPI_Pack(ints, -1, MPI_INT, packed, 24, &position, MPI_COMM_WORLD), MPI_ERR_COUNT, "negative incount");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Type_free(&even);
  MPI_Type_free(&record);
}

static void expect_bytes(const unsigned char* got, const unsigned char* expected, int n, const char* what) {
  for (int i = 0; i < n; i++)
    CHECK(got[i] == expected[i], "%s: external32 byte %d is %02x, expected %02x", what, i, got[i], expected[i]);
}

static void external32(void) {
  unsigned char out[64];
  MPI_Aint position = 0, size;

  int i = 0x01020304;
  MPI_Pack_external("external32", &i, 1, MPI_INT, out, sizeof out, &position);
  expect_bytes(out, (unsigned char[]){1, 2, 3, 4}, 4, "MPI_INT");

  long l = -2; /* 4 bytes in external32 */
  MPI_Pack_external_size("external32", 1, MPI_LONG, &size);
  CHECK(size == 4, "external32 size of MPI_LONG is %td", size);
  position = 0;
  MPI_Pack_external("external32", &l, 1, MPI_LONG, out, sizeof out, &position);
  expect_bytes(out, (unsigned char[]){0xff, 0xff, 0xff, 0xfe}, 4, "MPI_LONG");
  long l_back = 0;
  position = 0;
  MPI_Unpack_external("external32", out, 4, &position, &l_back, 1, MPI_LONG);
  CHECK(l_back == -2, "MPI_LONG came back as %ld", l_back);

  double d = 1.0;
  position = 0;
  MPI_Pack_external("external32", &d, 1, MPI_DOUBLE, out, sizeof out, &position);
  expect_bytes(out, (unsigned char[]){0x3f, 0xf0, 0, 0, 0, 0, 0, 0}, 8, "MPI_DOUBLE");

  long double ld = -1.5L, ld_back = 0; /* binary128: sign, exponent 0x3fff, fraction .1 */
  position = 0;
  MPI_Pack_external("external32", &ld, 1, MPI_LONG_DOUBLE, out, sizeof out, &position);
  expect_bytes(out, (unsigned char[]){0xbf, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 16, "MPI_LONG_DOUBLE");
  position = 0;
  MPI_Unpack_external("external32", out, 16, &position, &ld_back, 1, MPI_LONG_DOUBLE);
  CHECK(ld_back == -1.5L, "MPI_LONG_DOUBLE came back as %Lg", ld_back);

  float complex_value[2] = {1.0f, 2.0f};
  position = 0;
  MPI_Pack_external("external32", complex_value, 1, MPI_C_FLOAT_COMPLEX, out, sizeof out, &position);
  expect_bytes(out, (unsigned char[]){0x3f, 0x80, 0, 0, 0x40, 0, 0, 0}, 8, "MPI_C_FLOAT_COMPLEX");

  /* A struct of a short, padding, and a MPI_DOUBLE_INT: 2 + 8 + 4 bytes, no padding in external32. */
  struct {
    short s;
    struct {
      double value;
      int index;
    } pair;
  } item = {-3, {0.5, 7}}, item_back;
  int lengths[] = {1, 1};
  MPI_Aint displs[] = {offsetof(__typeof__(item), s), offsetof(__typeof__(item), pair)};
  MPI_Datatype types[] = {MPI_SHORT, MPI_DOUBLE_INT}, record;
  MPI_Type_create_struct(2, lengths, displs, types, &record);
  MPI_Type_commit(&record);
  MPI_Pack_external_size("external32", 2, record, &size);
  CHECK(size == 28, "external32 size of 2 records is %td", size);
  position = 0;
  MPI_Pack_external("external32", &item, 1, record, out, sizeof out, &position);
  expect_bytes(out, (unsigned char[]){0xff, 0xfd, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7}, 14, "record");
  memset(&item_back, 0, sizeof item_back);
  position = 0;
  MPI_Unpack_external("external32", out, 14, &position, &item_back, 1, record);
  CHECK(item_back.s == -3 && item_back.pair.value == 0.5 && item_back.pair.index == 7 && position == 14,
        "record came back as %d %g %d", item_back.s, item_back.pair.value, item_back.pair.index);

  /* A subarray walks its elements in the array's order. */
  int grid[3][4], column[3];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++) grid[r][c] = r * 4 + c;
  MPI_Datatype sub;
  MPI_Type_create_subarray(2, (int[]){3, 4}, (int[]){3, 1}, (int[]){0, 2}, MPI_ORDER_C, MPI_INT, &sub);
  MPI_Type_commit(&sub);
  position = 0;
  MPI_Pack_external("external32", grid, 1, sub, out, sizeof out, &position);
  position = 0;
  MPI_Unpack_external("external32", out, 12, &position, column, 3, MPI_INT);
  CHECK(column[0] == 2 && column[1] == 6 && column[2] == 10, "subarray column came back as %d %d %d", column[0],
        column[1], column[2]);

  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  position = 0;
  expect_error(MPI_Pack_external("native", &i, 1, MPI_INT, out, sizeof out, &position), MPI_ERR_ARG,
               "a data representation other than external32");
  expect_error(MPI_Pack_external("external32", &item, 3, record, out, 40, &position), MPI_ERR_TRUNCATE,
               "42 bytes into 40");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Type_free(&record);
  MPI_Type_free(&sub);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  pack_and_send(rank, size);
  external32();
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("pack: ok\n");
  MPI_Finalize();
  return 0;
}
