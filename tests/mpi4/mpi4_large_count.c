/* The large-count C bindings of MPI 4.1 (the "_c" procedures, MPI_Count counts, MPI_Aint displacements;
 * 3.5.8 and 20.2), with small counts on every rank count:
 *  - MPI_Send_c/MPI_Recv_c in pairs (a lone rank to itself with MPI_Isend_c), MPI_Isend_c/MPI_Irecv_c and
 *    MPI_Sendrecv_c around a ring, at 0 to 100,000 ints: data, MPI_Get_count_c and MPI_Get_count,
 *    MPI_Get_elements_c, source and tag;
 *  - MPI_Bcast_c, MPI_Allreduce_c (sums of long long against closed forms), MPI_Allgatherv_c and
 *    MPI_Alltoallv_c with MPI_Count counts that differ by rank and MPI_Aint displacements with holes
 *    (untouched);
 *  - MPI_Type_contiguous_c, MPI_Type_vector_c and MPI_Type_create_struct_c: MPI_Type_size_c and
 *    MPI_Type_get_extent_c against their int and MPI_Aint forms, a vector sent into contiguous ints and
 *    back; MPI_Get_count_c giving MPI_UNDEFINED and MPI_Get_elements_c the ints for a partial vector;
 *  - MPI_Pack_size_c, MPI_Pack_c and MPI_Unpack_c (positions as MPI_Count);
 *  - MPI_Win_create_c with an MPI_Aint displacement unit, MPI_Put_c and MPI_Get_c between fences;
 *  - types larger than 2^31 bytes, which need no memory: MPI_Type_size gives MPI_UNDEFINED and
 *    MPI_Type_size_c the size; MPI_Type_get_extent_c and MPI_Type_get_extent the extent.
 * With MPITEST_LARGE=1 and exactly 2 ranks, a message of 2^31 + 3 MPI_CHARs (a buffer of 2 GiB on each
 * rank; skipped with a note on stderr when malloc fails) goes from rank 0 to rank 1 by MPI_Send_c and
 * MPI_Recv_c: MPI_Get_count_c and MPI_Get_elements_c give the exact count, MPI_Get_count and
 * MPI_Get_elements MPI_UNDEFINED, every byte checked; it comes back as one element of a contiguous type of
 * 2^31 + 3 bytes (MPI_Type_size MPI_UNDEFINED, MPI_Type_size_c exact), counted 1 of that type and
 * 2^31 + 3 chars. */
#include <stdint.h>

#include "../mpi/mpitest.h"

enum { TAG = 3 };

static int rank, size, left, right;

static int word(int sender, int round, long i) {
  return (int)((unsigned)sender * 100003u + (unsigned)round * 7919u + (unsigned)i * 31u);
}

/* A received message: count and elements in both bindings, source and tag. */
static void check_status(const MPI_Status* status, MPI_Datatype type, MPI_Count count, MPI_Count elements, int source,
                         const char* what) {
  MPI_Count got_count = -2, got_elements = -2;
  int small_count = -2;
  MPI_Get_count_c(status, type, &got_count);
  MPI_Get_elements_c(status, type, &got_elements);
  MPI_Get_count(status, type, &small_count);
  CHECK(got_count == count && got_elements == elements && small_count == (int)count,
        "%s: MPI_Get_count_c %lld (expected %lld), MPI_Get_elements_c %lld (expected %lld), MPI_Get_count %d", what,
        (long long)got_count, (long long)count, (long long)got_elements, (long long)elements, small_count);
  CHECK(status->MPI_SOURCE == source && status->MPI_TAG == TAG, "%s: source %d tag %d", what, status->MPI_SOURCE,
        status->MPI_TAG);
}

static void check_words(const int* buffer, MPI_Count count, int sender, int round, const char* what) {
  for (MPI_Count i = 0; i < count; i++)
    CHECK(buffer[i] == word(sender, round, i), "%s: word %lld from rank %d is %d, expected %d", what, (long long)i,
          sender, buffer[i], word(sender, round, i));
}

static void point_to_point(void) {
  static const MPI_Count counts[] = {0, 1, 7, 1000, 100000};
  const MPI_Count most = 100000;
  int *out = malloc((size_t)most * sizeof(int)), *in = malloc((size_t)most * sizeof(int));
  struct pairing pair = pair_up(rank, size);
  for (int c = 0; c < (int)(sizeof counts / sizeof counts[0]); c++) {
    const MPI_Count n = counts[c];
    MPI_Status status;
    for (MPI_Count i = 0; i < n; i++) out[i] = word(rank, c, i);
    /* Blocking, in pairs. */
    if (pair.partner == rank) {
      MPI_Request request;
      MPI_Isend_c(out, n, MPI_INT, rank, TAG, MPI_COMM_WORLD, &request);
      MPI_Recv_c(in, most, MPI_INT, rank, TAG, MPI_COMM_WORLD, &status);
      MPI_Wait(&request, MPI_STATUS_IGNORE);
    } else if (pair.sends) {
      MPI_Send_c(out, n, MPI_INT, pair.partner, TAG, MPI_COMM_WORLD);
    } else {
      MPI_Recv_c(in, most, MPI_INT, pair.partner, TAG, MPI_COMM_WORLD, &status);
    }
    if (pair.receives) {
      check_status(&status, MPI_INT, n, n, pair.partner, "MPI_Recv_c");
      check_words(in, n, pair.partner, c, "MPI_Send_c to MPI_Recv_c");
    }
    /* Nonblocking around the ring. */
    MPI_Request requests[2];
    MPI_Status statuses[2];
    MPI_Irecv_c(in, n, MPI_INT, left, TAG, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend_c(out, n, MPI_INT, right, TAG, MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, statuses);
    check_status(&statuses[0], MPI_INT, n, n, left, "MPI_Irecv_c");
    check_words(in, n, left, c, "MPI_Isend_c to MPI_Irecv_c");
    /* Sendrecv around the ring, the other way. */
    MPI_Sendrecv_c(out, n, MPI_INT, left, TAG, in, most, MPI_INT, right, TAG, MPI_COMM_WORLD, &status);
    check_status(&status, MPI_INT, n, n, right, "MPI_Sendrecv_c");
    check_words(in, n, right, c, "MPI_Sendrecv_c");
  }
  free(out);
  free(in);
}

static void collectives(void) {
  /* Broadcast from the last rank. */
  enum { N = 1000 };
  int words[N];
  for (int i = 0; i < N; i++) words[i] = rank == size - 1 ? word(size - 1, 1, i) : -1;
  MPI_Bcast_c(words, N, MPI_INT, size - 1, MPI_COMM_WORLD);
  check_words(words, N, size - 1, 1, "MPI_Bcast_c");
  MPI_Bcast_c(words, 0, MPI_INT, 0, MPI_COMM_WORLD);

  /* Sums: element i of rank r is r * i + 1. */
  long long mine[N], sums[N];
  for (int i = 0; i < N; i++) mine[i] = (long long)rank * i + 1;
  MPI_Allreduce_c(mine, sums, N, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  const long long n = size;
  for (int i = 0; i < N; i++)
    CHECK(sums[i] == (long long)i * n * (n - 1) / 2 + n, "MPI_Allreduce_c: element %d is %lld", i, sums[i]);

  /* Allgatherv: rank r gives r % 5 + 1 words, placed after a hole of one word and followed by another. MPICH
   * 4.0.2 on one process copies the block to the start of the buffer, whatever its displacement (both
   * bindings): there the first hole is left out. */
  const MPI_Aint lead = MPITEST_ON_WEFT || size > 1 ? 1 : 0;
  MPI_Count* counts = malloc((size_t)size * sizeof(MPI_Count));
  MPI_Aint* displacements = malloc((size_t)size * sizeof(MPI_Aint));
  MPI_Aint total = lead;
  for (int r = 0; r < size; r++) {
    counts[r] = r % 5 + 1;
    displacements[r] = total;
    total += counts[r] + 1;
  }
  int *gathered = malloc((size_t)total * sizeof(int)), *expected = malloc((size_t)total * sizeof(int));
  int mine_words[5];
  for (int k = 0; k < rank % 5 + 1; k++) mine_words[k] = word(rank, 2, k);
  for (MPI_Aint i = 0; i < total; i++) gathered[i] = expected[i] = -7;
  for (int r = 0; r < size; r++)
    for (MPI_Count k = 0; k < counts[r]; k++) expected[displacements[r] + k] = word(r, 2, k);
  MPI_Allgatherv_c(mine_words, rank % 5 + 1, MPI_INT, gathered, counts, displacements, MPI_INT, MPI_COMM_WORLD);
  for (MPI_Aint i = 0; i < total; i++)
    CHECK(gathered[i] == expected[i], "MPI_Allgatherv_c: word %ld is %d, expected %d (-7: a hole)", (long)i,
          gathered[i], expected[i]);
  free(gathered);
  free(expected);

  /* Alltoallv: rank r sends (r + j) % 3 words to rank j, blocks a word apart on both sides. */
  MPI_Count *send_counts = malloc((size_t)size * sizeof(MPI_Count)), *recv_counts = counts;
  MPI_Aint *send_displacements = malloc((size_t)size * sizeof(MPI_Aint)), *recv_displacements = displacements;
  MPI_Aint send_total = 0, recv_total = 0;
  for (int j = 0; j < size; j++) {
    send_counts[j] = (rank + j) % 3;
    send_displacements[j] = send_total;
    send_total += send_counts[j] + 1;
    recv_counts[j] = (j + rank) % 3;
    recv_displacements[j] = recv_total + 1;
    recv_total += recv_counts[j] + 1;
  }
  int *send = malloc((size_t)send_total * sizeof(int)), *recv = malloc((size_t)recv_total * sizeof(int));
  for (int j = 0; j < size; j++)
    for (MPI_Count k = 0; k < send_counts[j]; k++) send[send_displacements[j] + k] = word(rank, 3 + j, k);
  for (MPI_Aint i = 0; i < recv_total; i++) recv[i] = -7;
  MPI_Alltoallv_c(send, send_counts, send_displacements, MPI_INT, recv, recv_counts, recv_displacements, MPI_INT,
                  MPI_COMM_WORLD);
  for (int j = 0; j < size; j++) {
    CHECK(recv[recv_displacements[j] - 1] == -7, "MPI_Alltoallv_c wrote the hole before rank %d's block", j);
    for (MPI_Count k = 0; k < recv_counts[j]; k++)
      CHECK(recv[recv_displacements[j] + k] == word(j, 3 + rank, k), "MPI_Alltoallv_c: word %lld from rank %d is %d",
            (long long)k, j, recv[recv_displacements[j] + k]);
  }
  free(send);
  free(recv);
  free(send_counts);
  free(send_displacements);
  free(counts);
  free(displacements);
}

/* Size and extent through both bindings. */
static void check_type(MPI_Datatype type, MPI_Count size_bytes, MPI_Count lb, MPI_Count extent, const char* what) {
  MPI_Count got_size = -1, got_lb = -1, got_extent = -1;
  MPI_Type_size_c(type, &got_size);
  MPI_Type_get_extent_c(type, &got_lb, &got_extent);
  CHECK(got_size == size_bytes && got_lb == lb && got_extent == extent,
        "%s: MPI_Type_size_c %lld, MPI_Type_get_extent_c %lld and %lld; expected %lld, %lld and %lld", what,
        (long long)got_size, (long long)got_lb, (long long)got_extent, (long long)size_bytes, (long long)lb,
        (long long)extent);
  int small_size = -2;
  MPI_Aint small_lb = -1, small_extent = -1;
  MPI_Type_size(type, &small_size);
  MPI_Type_get_extent(type, &small_lb, &small_extent);
  int expected_small = size_bytes > INT32_MAX ? MPI_UNDEFINED : (int)size_bytes;
  CHECK(small_size == expected_small && small_lb == lb && small_extent == extent,
        "%s: MPI_Type_size %d (expected %d), MPI_Type_get_extent %lld and %lld", what, small_size, expected_small,
        (long long)small_lb, (long long)small_extent);
}

/* Where the k-th int of consecutive MPI_Type_vector_c(3, 2, 4, MPI_INT) lies: extent 10 ints. */
static int vector_place(int k) { return k / 6 * 10 + k % 6 / 2 * 4 + k % 2; }

static void datatypes(void) {
  MPI_Datatype contiguous, vector, structure;
  MPI_Type_contiguous_c(5, MPI_INT, &contiguous);
  MPI_Type_vector_c(3, 2, 4, MPI_INT, &vector); /* ints 0 1, 4 5, 8 9 */
  struct item {
    char c;
    double d[2];
  };
  MPI_Count lengths[2] = {1, 2}, displacements[2] = {offsetof(struct item, c), offsetof(struct item, d)};
  MPI_Datatype types[2] = {MPI_CHAR, MPI_DOUBLE};
  MPI_Type_create_struct_c(2, lengths, displacements, types, &structure);
  MPI_Type_commit(&contiguous);
  MPI_Type_commit(&vector);
  MPI_Type_commit(&structure);
  check_type(contiguous, 20, 0, 20, "MPI_Type_contiguous_c(5, MPI_INT)");
  check_type(vector, 24, 0, 40, "MPI_Type_vector_c(3, 2, 4, MPI_INT)");
  check_type(structure, 17, 0, (MPI_Count)offsetof(struct item, d) + 16, "MPI_Type_create_struct_c");

  /* Two vectors (ints 0 1 4 5 8 9 and, an extent of 10 ints on, 10 11 14 15 18 19) sent as 12 ints and
   * back; 7 ints received into vectors. */
  int spread[20], packed[12], back[20];
  for (int i = 0; i < 20; i++) spread[i] = word(rank, 4, i);
  MPI_Status status;
  MPI_Sendrecv_c(spread, 2, vector, right, TAG, packed, 12, MPI_INT, left, TAG, MPI_COMM_WORLD, &status);
  check_status(&status, MPI_INT, 12, 12, left, "two vectors received as ints");
  for (int k = 0; k < 12; k++)
    CHECK(packed[k] == word(left, 4, vector_place(k)), "vector to ints: int %d is %d", k, packed[k]);
  for (int i = 0; i < 20; i++) back[i] = -7;
  MPI_Sendrecv_c(packed, 12, MPI_INT, left, TAG, back, 2, vector, right, TAG, MPI_COMM_WORLD, &status);
  check_status(&status, vector, 2, 12, right, "ints received as two vectors");
  for (int i = 0; i < 20; i++)
    CHECK(back[i] == (i % 10 % 4 < 2 ? word(rank, 4, i) : -7), "ints to vectors: int %d is %d", i, back[i]);
  MPI_Sendrecv_c(packed, 7, MPI_INT, right, TAG, back, 2, vector, left, TAG, MPI_COMM_WORLD, &status);
  MPI_Count count = -2, elements = -2;
  MPI_Get_count_c(&status, vector, &count);
  MPI_Get_elements_c(&status, vector, &elements);
  CHECK(count == MPI_UNDEFINED && elements == 7, "7 ints into vectors: MPI_Get_count_c %lld, MPI_Get_elements_c %lld",
        (long long)count, (long long)elements);

  /* Pack and unpack: a vector, then a struct, then 3 ints. */
  MPI_Count vector_bytes = -1, struct_bytes = -1, int_bytes = -1;
  MPI_Pack_size_c(1, vector, MPI_COMM_WORLD, &vector_bytes);
  MPI_Pack_size_c(1, structure, MPI_COMM_WORLD, &struct_bytes);
  MPI_Pack_size_c(3, MPI_INT, MPI_COMM_WORLD, &int_bytes);
  int small_bytes = -1;
  MPI_Pack_size(1, vector, MPI_COMM_WORLD, &small_bytes);
  CHECK(vector_bytes >= 24 && struct_bytes >= 17 && int_bytes >= 12 && small_bytes == (int)vector_bytes,
        "MPI_Pack_size_c gave %lld, %lld, %lld (MPI_Pack_size %d)", (long long)vector_bytes, (long long)struct_bytes,
        (long long)int_bytes, small_bytes);
  MPI_Count room = vector_bytes + struct_bytes + int_bytes, position = 0;
  char* buffer = malloc((size_t)room);
  struct item item = {'w', {1.5, -2.25}}, item_back = {0, {0, 0}};
  int three[3] = {word(rank, 5, 0), word(rank, 5, 1), word(rank, 5, 2)}, three_back[3] = {0, 0, 0};
  MPI_Pack_c(spread, 1, vector, buffer, room, &position, MPI_COMM_WORLD);
  MPI_Pack_c(&item, 1, structure, buffer, room, &position, MPI_COMM_WORLD);
  MPI_Pack_c(three, 3, MPI_INT, buffer, room, &position, MPI_COMM_WORLD);
  CHECK(position > 0 && position <= room, "MPI_Pack_c ended at %lld of %lld", (long long)position, (long long)room);
  MPI_Count packed_end = position;
  for (int i = 0; i < 20; i++) back[i] = -7;
  position = 0;
  MPI_Unpack_c(buffer, packed_end, &position, back, 6, MPI_INT, MPI_COMM_WORLD);
  MPI_Unpack_c(buffer, packed_end, &position, &item_back, 1, structure, MPI_COMM_WORLD);
  MPI_Unpack_c(buffer, packed_end, &position, three_back, 3, MPI_INT, MPI_COMM_WORLD);
  CHECK(position == packed_end, "MPI_Unpack_c ended at %lld, MPI_Pack_c at %lld", (long long)position,
        (long long)packed_end);
  for (int k = 0; k < 6; k++)
    CHECK(back[k] == word(rank, 4, vector_place(k)), "unpacked vector: int %d is %d", k, back[k]);
  CHECK(item_back.c == 'w' && item_back.d[0] == 1.5 && item_back.d[1] == -2.25, "unpacked struct is wrong");
  for (int k = 0; k < 3; k++) CHECK(three_back[k] == three[k], "unpacked int %d is %d", k, three_back[k]);
  free(buffer);
  MPI_Type_free(&contiguous);
  MPI_Type_free(&vector);
  MPI_Type_free(&structure);

  /* Larger than 2^31 bytes, without memory: 2^32 chars, 2^31 + 3 chars, a vector of 3 blocks of 2^31 chars
   * 2^31 + 8 apart. */
  const MPI_Count two31 = (MPI_Count)1 << 31;
  MPI_Datatype big;
  MPI_Type_contiguous_c(two31 * 2, MPI_CHAR, &big);
  check_type(big, two31 * 2, 0, two31 * 2, "MPI_Type_contiguous_c(2^32, MPI_CHAR)");
  MPI_Type_free(&big);
  MPI_Type_contiguous_c(two31 + 3, MPI_CHAR, &big);
  check_type(big, two31 + 3, 0, two31 + 3, "MPI_Type_contiguous_c(2^31 + 3, MPI_CHAR)");
  MPI_Type_free(&big);
  MPI_Type_contiguous(1 << 30, MPI_INT, &big);
  check_type(big, two31 * 2, 0, two31 * 2, "MPI_Type_contiguous(2^30, MPI_INT)");
  MPI_Type_free(&big);
  MPI_Type_vector_c(3, two31, two31 + 8, MPI_CHAR, &big);
  check_type(big, 3 * two31, 0, 2 * (two31 + 8) + two31, "MPI_Type_vector_c(3, 2^31, 2^31 + 8, MPI_CHAR)");
  MPI_Type_free(&big);
}

static void one_sided(void) {
  enum { SLOTS = 16 };
  int *memory = malloc(SLOTS * sizeof(int)), fetched[4] = {0, 0, 0, 0};
  for (int i = 0; i < SLOTS; i++) memory[i] = -1;
  MPI_Win win;
  MPI_Win_create_c(memory, SLOTS * (MPI_Aint)sizeof(int), (MPI_Aint)sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  int *unit = NULL, flag = 0;
  MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &unit, &flag);
  CHECK(flag && *unit == (int)sizeof(int), "MPI_WIN_DISP_UNIT of MPI_Win_create_c's window is %d", flag ? *unit : -1);
  int mine[4] = {word(rank, 6, 0), word(rank, 6, 1), word(rank, 6, 2), word(rank, 6, 3)};
  MPI_Win_fence(0, win);
  MPI_Put_c(mine, 4, MPI_INT, right, 8, 4, MPI_INT, win); /* slots 8..11 of the next rank */
  MPI_Win_fence(0, win);
  MPI_Get_c(fetched, 4, MPI_INT, left, 8, 4, MPI_INT, win); /* what this rank put at the previous one */
  MPI_Win_fence(0, win);
  for (int i = 0; i < SLOTS; i++)
    CHECK(memory[i] == (i >= 8 && i < 12 ? word(left, 6, i - 8) : -1), "MPI_Put_c: slot %d is %d", i, memory[i]);
  int previous = (left + size - 1) % size;
  for (int k = 0; k < 4; k++)
    CHECK(fetched[k] == word(previous, 6, k), "MPI_Get_c: word %d is %d, expected rank %d's", k, fetched[k], previous);
  MPI_Win_free(&win);
  free(memory);
}

/* 2^31 + 3 chars from rank 0 to rank 1 and back as one element of a contiguous type. */
static void large_message(void) {
  const MPI_Count n = ((MPI_Count)1 << 31) + 3;
  unsigned char* buffer = malloc((size_t)n);
  int have = buffer != NULL, all = 0;
  MPI_Allreduce(&have, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (!all) {
    if (rank == 0) fprintf(stderr, "mpi4_large_count: a buffer of 2^31 + 3 bytes could not be allocated: skipped\n");
    free(buffer);
    return;
  }
  const unsigned seed = 424242u;
  MPI_Status status;
  if (rank == 0) {
    pattern_fill(buffer, (size_t)n, seed);
    MPI_Send_c(buffer, n, MPI_CHAR, 1, TAG, MPI_COMM_WORLD);
  } else {
    memset(buffer, 0, (size_t)n);
    MPI_Recv_c(buffer, n, MPI_CHAR, 0, TAG, MPI_COMM_WORLD, &status);
    MPI_Count count = -2, elements = -2;
    int small_count = -2, small_elements = -2;
    MPI_Get_count_c(&status, MPI_CHAR, &count);
    MPI_Get_elements_c(&status, MPI_CHAR, &elements);
    MPI_Get_count(&status, MPI_CHAR, &small_count);
    MPI_Get_elements(&status, MPI_CHAR, &small_elements);
    CHECK(count == n && elements == n && small_count == MPI_UNDEFINED && small_elements == MPI_UNDEFINED,
          "2^31 + 3 chars: MPI_Get_count_c %lld, MPI_Get_elements_c %lld, MPI_Get_count %d, MPI_Get_elements %d",
          (long long)count, (long long)elements, small_count, small_elements);
    size_t bad = pattern_check(buffer, (size_t)n, seed);
    CHECK(bad == (size_t)n, "2^31 + 3 chars: byte %zu is %u, expected %u", bad, buffer[bad], pattern_byte(bad, seed));
  }
  /* Back as one element of a contiguous type of n bytes. */
  MPI_Datatype whole;
  MPI_Type_contiguous_c(n, MPI_CHAR, &whole);
  MPI_Type_commit(&whole);
  int small_size = -2;
  MPI_Count size_c = -2;
  MPI_Type_size(whole, &small_size);
  MPI_Type_size_c(whole, &size_c);
  CHECK(small_size == MPI_UNDEFINED && size_c == n,
        "a contiguous type of 2^31 + 3 chars: MPI_Type_size %d, "
        "MPI_Type_size_c %lld",
        small_size, (long long)size_c);
  if (rank == 1) {
    MPI_Send_c(buffer, 1, whole, 0, TAG, MPI_COMM_WORLD);
  } else {
    memset(buffer, 0, (size_t)n);
    MPI_Recv_c(buffer, 1, whole, 1, TAG, MPI_COMM_WORLD, &status);
    MPI_Count count = -2, chars = -2, elements = -2;
    MPI_Get_count_c(&status, whole, &count);
    MPI_Get_elements_c(&status, whole, &elements);
    MPI_Get_count_c(&status, MPI_CHAR, &chars);
    CHECK(count == 1 && elements == n && chars == n,
          "one contiguous element of 2^31 + 3 chars: MPI_Get_count_c %lld, MPI_Get_elements_c %lld, as chars %lld",
          (long long)count, (long long)elements, (long long)chars);
    size_t bad = pattern_check(buffer, (size_t)n, seed);
    CHECK(bad == (size_t)n, "2^31 + 3 chars back: byte %zu is %u, expected %u", bad, buffer[bad],
          pattern_byte(bad, seed));
  }
  MPI_Type_free(&whole);
  free(buffer);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  point_to_point();
  collectives();
  datatypes();
  one_sided();
  const char* large = getenv("MPITEST_LARGE");
  if (large && strcmp(large, "1") == 0) {
    if (size == 2)
      large_message();
    else if (rank == 0)
      fprintf(stderr, "mpi4_large_count: MPITEST_LARGE needs 2 ranks: the large message is skipped\n");
  }
  MPI_Barrier(MPI_COMM_WORLD);
  report_ok("mpi4_large_count");
  MPI_Finalize();
  return 0;
}
