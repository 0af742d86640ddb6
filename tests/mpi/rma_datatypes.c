/* Derived datatypes on both sides of Put, Get, Accumulate and Get_accumulate: different layouts of one
 * signature (contiguous, strided vector, indexed, a struct of one basic type repeated with a gap, a resized
 * type, a contiguous type counted differently), the k-th int of the origin's type map landing on the k-th
 * of the target's and every gap left untouched. Each rank targets its right neighbour under fences; the
 * types are freed right after the calls, before the epoch that carries them ends. The expected placement is
 * worked out by receiving the sequence 0, 1, ... into each layout (a message to self). */
#include "mpitest.h"

enum { SPAN = 64, ELEMENTS = 12, UNTOUCHED = -1 };

typedef MPI_Datatype (*type_maker)(int* count);

static MPI_Datatype committed(MPI_Datatype type) {
  MPI_Type_commit(&type);
  return type;
}

static MPI_Datatype contiguous_ints(int* count) {
  *count = ELEMENTS;
  return MPI_INT;
}
static MPI_Datatype contiguous_of_three(int* count) {
  MPI_Datatype type;
  MPI_Type_contiguous(3, MPI_INT, &type);
  *count = ELEMENTS / 3;
  return committed(type);
}
static MPI_Datatype vector_4x3_stride_5(int* count) {
  MPI_Datatype type;
  MPI_Type_vector(4, 3, 5, MPI_INT, &type);
  *count = 1;
  return committed(type);
}
static MPI_Datatype vector_2x6_stride_7(int* count) {
  MPI_Datatype type;
  MPI_Type_vector(2, 6, 7, MPI_INT, &type);
  *count = 1;
  return committed(type);
}
static MPI_Datatype indexed_with_holes(int* count) {
  int lengths[] = {1, 3, 2, 6}, displacements[] = {20, 0, 10, 4};
  MPI_Datatype type;
  MPI_Type_indexed(4, lengths, displacements, MPI_INT, &type);
  *count = 1;
  return committed(type);
}
/* struct { int a; int gap; int b[2]; }, described without the gap, four of them. */
static MPI_Datatype struct_with_gap(int* count) {
  int lengths[] = {1, 2};
  MPI_Aint displacements[] = {0, 2 * sizeof(int)};
  MPI_Datatype types[] = {MPI_INT, MPI_INT}, type;
  MPI_Type_create_struct(2, lengths, displacements, types, &type);
  *count = ELEMENTS / 3;
  return committed(type);
}
static MPI_Datatype every_third_int(int* count) {
  MPI_Datatype type;
  MPI_Type_create_resized(MPI_INT, 0, 3 * sizeof(int), &type);
  *count = ELEMENTS;
  return committed(type);
}

static const struct {
  const char* name;
  type_maker make;
} layouts[] = {
    {"contiguous", contiguous_ints},          {"contiguous(3) x 4", contiguous_of_three},
    {"vector(4, 3, 5)", vector_4x3_stride_5}, {"vector(2, 6, 7)", vector_2x6_stride_7},
    {"indexed", indexed_with_holes},          {"struct with a gap", struct_with_gap},
    {"resized to 3 ints", every_third_int},
};
enum { LAYOUTS = sizeof layouts / sizeof layouts[0] };

typedef struct {
  MPI_Datatype type;
  int count;
  int at[SPAN];           /* at[p]: which element of the signature lands on int p, or -1 for a gap */
  int position[ELEMENTS]; /* the inverse: where element k lands */
} placed_type;

static placed_type place(int layout) {
  placed_type t;
  t.type = layouts[layout].make(&t.count);
  int sequence[ELEMENTS];
  for (int k = 0; k < ELEMENTS; k++) sequence[k] = k;
  for (int p = 0; p < SPAN; p++) t.at[p] = -1;
  MPI_Sendrecv(sequence, ELEMENTS, MPI_INT, 0, 0, t.at, t.count, t.type, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
  for (int p = 0; p < SPAN; p++)
    if (t.at[p] >= 0) t.position[t.at[p]] = p;
  return t;
}

static void free_type(MPI_Datatype* type) {
  if (*type != MPI_INT) MPI_Type_free(type);
}

static int origin_value(int rank, int p) { return rank * 1000 + p; }
static int target_value(int rank, int p) { return -(rank * 1000 + p) - 2; }

enum operation { PUT, GET, ACCUMULATE, GET_ACCUMULATE };
static const char* const operation_names[] = {"Put", "Get", "Accumulate", "Get_accumulate"};

/* One epoch: `op` from the origin layout to the target layout at the right neighbour, then every int of the
 * target window, the origin buffer and the result buffer checked. */
static void transfer(enum operation op, int from, int to, int rank, int size, int* window, MPI_Win win) {
  placed_type origin = place(from), target = place(to), result = place((from + to) % LAYOUTS);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int origin_buf[SPAN], result_buf[SPAN];
  for (int p = 0; p < SPAN; p++) {
    window[p] = target_value(rank, p);
    origin_buf[p] = op == GET ? UNTOUCHED : origin_value(rank, p);
    result_buf[p] = UNTOUCHED;
  }
  MPI_Win_fence(0, win);
  if (op == PUT)
    MPI_Put(origin_buf, origin.count, origin.type, right, 0, target.count, target.type, win);
  else if (op == GET)
    MPI_Get(origin_buf, origin.count, origin.type, right, 0, target.count, target.type, win);
  else if (op == ACCUMULATE)
    MPI_Accumulate(origin_buf, origin.count, origin.type, right, 0, target.count, target.type, MPI_SUM, win);
  else
    MPI_Get_accumulate(origin_buf, origin.count, origin.type, result_buf, result.count, result.type, right, 0,
                       target.count, target.type, MPI_SUM, win);
  free_type(&origin.type);
  free_type(&target.type);
  free_type(&result.type);
  MPI_Win_fence(0, win);

  for (int p = 0; p < SPAN; p++) {
    int k = target.at[p], expected = target_value(rank, p);
    if (k >= 0 && op == PUT)
      expected = origin_value(left, origin.position[k]);
    else if (k >= 0 && op != GET)
      expected += origin_value(left, origin.position[k]);
    CHECK(window[p] == expected, "%s %s -> %s: target int %d is %d, expected %d", operation_names[op],
          layouts[from].name, layouts[to].name, p, window[p], expected);

    k = origin.at[p];
    expected = op != GET ? origin_value(rank, p) : k >= 0 ? target_value(right, target.position[k]) : UNTOUCHED;
    CHECK(origin_buf[p] == expected, "%s %s -> %s: origin int %d is %d, expected %d", operation_names[op],
          layouts[from].name, layouts[to].name, p, origin_buf[p], expected);

    k = result.at[p];
    expected = op == GET_ACCUMULATE && k >= 0 ? target_value(right, target.position[k]) : UNTOUCHED;
    CHECK(result_buf[p] == expected, "%s %s -> %s: result int %d is %d, expected %d", operation_names[op],
          layouts[from].name, layouts[to].name, p, result_buf[p], expected);
  }
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int* window = NULL;
  MPI_Win win;
  MPI_Win_allocate(SPAN * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &window, &win);
  for (int op = PUT; op <= GET_ACCUMULATE; op++)
    for (int from = 0; from < LAYOUTS; from++)
      for (int to = 0; to < LAYOUTS; to++) transfer((enum operation)op, from, to, rank, size, window, win);
  MPI_Win_free(&win);
  report_ok("rma_datatypes");
  MPI_Finalize();
  return 0;
}
