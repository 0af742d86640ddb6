/* Gather, Scatter, Allgather, Alltoall with their v and w forms, Reduce_scatter and Reduce_scatter_block on
 * intercommunicators, against closed forms, on two splits of the world: the first third (group A, at least
 * one rank) and the rest, and the even ranks and the odd ones.
 *
 * Roots in both groups; the root's group passes NULL buffers and MPI_DATATYPE_NULL where the standard says
 * they are not significant, and its buffers stay untouched. v counts with empty blocks at reversed
 * displacements leave the holes between blocks untouched. A strided vector type on one side: sent by the
 * gather's senders, received by the scatter's receivers (gaps untouched), a pair type per odd block of an
 * Alltoallw. Reduce_scatter's groups split the same total differently. Nonblocking forms pending
 * together. Wrong roots are MPI_ERR_ROOT, MPI_IN_PLACE is MPI_ERR_BUFFER, Scan and Exscan MPI_ERR_COMM; a
 * block too large for its room is MPI_ERR_TRUNCATE at the rank that copies it (a gather's senders on one
 * node, its root across nodes). */
#include "mpitest.h"

enum { UNTOUCHED = -1, SLOT = 4 };

/* One intercommunicator and where the caller stands in it. */
typedef struct {
  MPI_Comm comm;
  int parity; /* groups: even and odd ranks; else the first third and the rest */
  int world_size, a_size, in_a, rank, size, remote_size;
} inter_t;

/* World rank of rank r of group A (group_a) or B. */
static int world_of(const inter_t* ic, int group_a, int r) {
  if (ic->parity) return group_a ? 2 * r : 2 * r + 1;
  return group_a ? r : ic->a_size + r;
}

static int my_world(const inter_t* ic) { return world_of(ic, ic->in_a, ic->rank); }

static int remote_world(const inter_t* ic, int r) { return world_of(ic, !ic->in_a, r); }

/* Element k of the block that world rank `from` gives to index `to`. */
static int value(int from, int to, int k) { return from * 100000 + to * 10 + k; }

static void make_inter(inter_t* ic, int parity) {
  int world_rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ic->world_size);
  ic->parity = parity;
  ic->a_size = parity ? (ic->world_size + 1) / 2 : (ic->world_size + 2) / 3;
  ic->in_a = parity ? world_rank % 2 == 0 : world_rank < ic->a_size;
  MPI_Comm group;
  MPI_Comm_split(MPI_COMM_WORLD, ic->in_a, world_rank, &group);
  MPI_Intercomm_create(group, 0, MPI_COMM_WORLD, world_of(ic, !ic->in_a, 0), 11, &ic->comm);
  MPI_Comm_free(&group);
  MPI_Comm_rank(ic->comm, &ic->rank);
  MPI_Comm_size(ic->comm, &ic->size);
  MPI_Comm_remote_size(ic->comm, &ic->remote_size);
}

/* The root argument for rank root_rank of group A (root_in_a) or B. */
static int root_argument(const inter_t* ic, int root_in_a, int root_rank) {
  if (ic->in_a == root_in_a) return ic->rank == root_rank ? MPI_ROOT : MPI_PROC_NULL;
  return root_rank;
}

static int* ints(int n) {
  int* p = malloc((n > 0 ? n : 1) * sizeof *p);
  CHECK(p, "out of memory");
  for (int i = 0; i < n; i++) p[i] = UNTOUCHED;
  return p;
}

static void expect_untouched(const int* p, int n, const char* what) {
  for (int i = 0; i < n; i++) CHECK(p[i] == UNTOUCHED, "%s: element %d is %d, should be untouched", what, i, p[i]);
}

/* v counts of peer i: 0, 1 or 2 (with holes, as each block has SLOT places), at reversed displacements. */
static int v_count(int i) { return i % 3; }
static void v_layout(int n, int* counts, int* displs) {
  for (int i = 0; i < n; i++) counts[i] = v_count(i), displs[i] = (n - 1 - i) * SLOT;
}

/* Checks block i (count elements at `at`) of the data of world rank `from` for index `to`. */
static void expect_block(const int* at, int count, int from, int to, const char* what, int i) {
  for (int k = 0; k < count; k++)
    CHECK(at[k] == value(from, to, k), "%s, block %d element %d: %d, expected %d", what, i, k, at[k],
          value(from, to, k));
}

/* Every block of a v buffer of n peers: block i from remote rank i, the holes untouched. */
static void expect_v_blocks(const inter_t* ic, const int* buf, const int* counts, const int* displs, int to_self,
                            const char* what) {
  for (int i = 0; i < ic->remote_size; i++) {
    expect_block(buf + displs[i], counts[i], remote_world(ic, i), to_self ? my_world(ic) : 0, what, i);
    expect_untouched(buf + displs[i] + counts[i], SLOT - counts[i], what);
  }
}

static void gathers(const inter_t* ic, int root_in_a, int root_rank) {
  int root = root_argument(ic, root_in_a, root_rank), n = ic->remote_size, count = 3;
  int *send = NULL, *recv = NULL;
  MPI_Datatype sendtype = MPI_DATATYPE_NULL, recvtype = MPI_DATATYPE_NULL;
  if (root >= 0) {
    send = ints(2 * count);
    for (int k = 0; k < count; k++) send[2 * k] = value(my_world(ic), 0, k);
    MPI_Type_vector(count, 1, 2, MPI_INT, &sendtype);
    MPI_Type_commit(&sendtype);
  }
  /* The other ranks of the root's group lend a receive buffer that must stay as it is. */
  if (root < 0) recv = ints(n * count), recvtype = MPI_INT;
  MPI_Gather(send, 1, sendtype, recv, count, recvtype, root, ic->comm);
  if (root == MPI_ROOT)
    for (int i = 0; i < n; i++)
      expect_block(recv + i * count, count, remote_world(ic, i), 0, "Gather of a vector type", i);
  if (root == MPI_PROC_NULL) expect_untouched(recv, n * count, "Gather at a rank that is not the root");
  free(recv);

  /* Gatherv: remote rank i sends v_count(i) ints. */
  int *counts = NULL, *displs = NULL;
  recv = NULL;
  if (root == MPI_ROOT) {
    recv = ints(n * SLOT), counts = ints(n), displs = ints(n);
    v_layout(n, counts, displs);
  }
  if (root >= 0)
    for (int k = 0; k < v_count(ic->rank); k++) send[k] = value(my_world(ic), 0, k);
  MPI_Gatherv(send, root >= 0 ? v_count(ic->rank) : 0, MPI_INT, recv, counts, displs, MPI_INT, root, ic->comm);
  if (root == MPI_ROOT) expect_v_blocks(ic, recv, counts, displs, 0, "Gatherv");
  if (sendtype != MPI_DATATYPE_NULL) MPI_Type_free(&sendtype);
  free(send), free(recv), free(counts), free(displs);
}

static void scatters(const inter_t* ic, int root_in_a, int root_rank) {
  int root = root_argument(ic, root_in_a, root_rank), n = ic->remote_size, count = 3;
  int root_world = world_of(ic, root_in_a, root_rank);
  int *send = NULL, *recv = NULL, *counts = NULL, *displs = NULL;
  MPI_Datatype recvtype = MPI_DATATYPE_NULL;
  if (root == MPI_ROOT) {
    send = ints(n * SLOT);
    for (int i = 0; i < n; i++)
      for (int k = 0; k < count; k++) send[i * count + k] = value(root_world, i, k);
  }
  if (root != MPI_ROOT) {
    recv = ints(2 * count);
    MPI_Type_vector(count, 1, 2, MPI_INT, &recvtype);
    MPI_Type_commit(&recvtype);
  }
  MPI_Scatter(send, count, root == MPI_ROOT ? MPI_INT : MPI_DATATYPE_NULL, recv, 1, recvtype, root, ic->comm);
  if (root == MPI_PROC_NULL) expect_untouched(recv, 2 * count, "Scatter at a rank of the root's group");
  if (root >= 0)
    for (int k = 0; k < count; k++) {
      CHECK(recv[2 * k] == value(root_world, ic->rank, k), "Scatter into a vector type, element %d: %d", k,
            recv[2 * k]);
      CHECK(recv[2 * k + 1] == UNTOUCHED, "Scatter wrote the gap after element %d", k);
    }
  free(recv);

  /* Scatterv: remote rank i receives v_count(i) ints. */
  recv = NULL;
  if (root == MPI_ROOT) {
    counts = ints(n), displs = ints(n);
    v_layout(n, counts, displs);
    for (int i = 0; i < n; i++)
      for (int k = 0; k < counts[i]; k++) send[displs[i] + k] = value(root_world, i, k);
  }
  if (root >= 0) recv = ints(SLOT);
  MPI_Scatterv(send, counts, displs, MPI_INT, recv, root >= 0 ? v_count(ic->rank) : 0, MPI_INT, root, ic->comm);
  if (root >= 0) {
    expect_block(recv, v_count(ic->rank), root_world, ic->rank, "Scatterv", ic->rank);
    expect_untouched(recv + v_count(ic->rank), SLOT - v_count(ic->rank), "Scatterv past the block");
  }
  if (recvtype != MPI_DATATYPE_NULL) MPI_Type_free(&recvtype);
  free(send), free(recv), free(counts), free(displs);
}

static void allgathers(const inter_t* ic) {
  int n = ic->remote_size, count = 2;
  int send[SLOT], *recv = ints(n * count), *counts = ints(n), *displs = ints(n);
  for (int k = 0; k < SLOT; k++) send[k] = value(my_world(ic), 0, k);
  MPI_Allgather(send, count, MPI_INT, recv, count, MPI_INT, ic->comm);
  for (int i = 0; i < n; i++) expect_block(recv + i * count, count, remote_world(ic, i), 0, "Allgather", i);
  free(recv);
  recv = ints(n * SLOT);
  v_layout(n, counts, displs);
  MPI_Allgatherv(send, v_count(ic->rank), MPI_INT, recv, counts, displs, MPI_INT, ic->comm);
  expect_v_blocks(ic, recv, counts, displs, 0, "Allgatherv");
  free(recv), free(counts), free(displs);
}

/* Alltoall(v, w): my block j goes to remote rank j; block i of my receive buffer comes from remote rank i.
 * The v count between rank i of A and rank j of B is (i + j) % 3 both ways. */
static void alltoalls(const inter_t* ic) {
  int n = ic->remote_size, count = 2, me = my_world(ic);
  int *send = ints(n * SLOT), *recv = ints(n * SLOT);
  for (int j = 0; j < n; j++)
    for (int k = 0; k < count; k++) send[j * count + k] = value(me, remote_world(ic, j), k);
  MPI_Alltoall(send, count, MPI_INT, recv, count, MPI_INT, ic->comm);
  for (int i = 0; i < n; i++) expect_block(recv + i * count, count, remote_world(ic, i), me, "Alltoall", i);

  int *sendcounts = ints(n), *sdispls = ints(n), *recvcounts = ints(n), *rdispls = ints(n);
  for (int j = 0; j < n; j++) {
    sendcounts[j] = recvcounts[j] = (ic->rank + j) % 3;
    sdispls[j] = j * SLOT, rdispls[j] = (n - 1 - j) * SLOT;
    for (int k = 0; k < sendcounts[j]; k++) send[sdispls[j] + k] = value(me, remote_world(ic, j), k);
  }
  free(recv);
  recv = ints(n * SLOT);
  MPI_Alltoallv(send, sendcounts, sdispls, MPI_INT, recv, recvcounts, rdispls, MPI_INT, ic->comm);
  expect_v_blocks(ic, recv, recvcounts, rdispls, 1, "Alltoallv");

  /* Alltoallw: 2 * ((i + j) % 3) ints each way, received as pairs from odd remote ranks. */
  MPI_Datatype pair, *sendtypes = malloc(n * sizeof *sendtypes), *recvtypes = malloc(n * sizeof *recvtypes);
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_commit(&pair);
  for (int j = 0; j < n; j++) {
    int pairs = (ic->rank + j) % 3;
    sendtypes[j] = MPI_INT, sendcounts[j] = 2 * pairs, sdispls[j] = j * 2 * SLOT * (int)sizeof(int);
    recvtypes[j] = j % 2 ? pair : MPI_INT, recvcounts[j] = j % 2 ? pairs : 2 * pairs;
    rdispls[j] = (n - 1 - j) * 2 * SLOT * (int)sizeof(int);
  }
  free(send), free(recv);
  send = ints(n * 2 * SLOT), recv = ints(n * 2 * SLOT);
  for (int j = 0; j < n; j++)
    for (int k = 0; k < sendcounts[j]; k++) send[j * 2 * SLOT + k] = value(me, remote_world(ic, j), k);
  MPI_Alltoallw(send, sendcounts, sdispls, sendtypes, recv, recvcounts, rdispls, recvtypes, ic->comm);
  for (int i = 0; i < n; i++) {
    int ints_in = 2 * ((ic->rank + i) % 3), *at = recv + (n - 1 - i) * 2 * SLOT;
    expect_block(at, ints_in, remote_world(ic, i), me, "Alltoallw", i);
    expect_untouched(at + ints_in, 2 * SLOT - ints_in, "Alltoallw past the block");
  }
  MPI_Type_free(&pair);
  free(sendtypes), free(recvtypes), free(send), free(recv);
  free(sendcounts), free(sdispls), free(recvcounts), free(rdispls);
}

/* Element e of world rank w's input is w + e; the sum over a group is its ranks' sum plus its size times e. */
static long long group_sum(const inter_t* ic, int group_a, int size, int e) {
  long long sum = 0;
  for (int r = 0; r < size; r++) sum += world_of(ic, group_a, r) + e;
  return sum;
}

/* Each group splits a total of 2 * world size elements its own way: blocks of 0 and 2, the last the rest.
 * Returns the total; `offset` receives where the caller's block starts. */
static int split_total(const inter_t* ic, int* counts, int* offset) {
  int total = 2 * ic->world_size, used = 0;
  *offset = 0;
  for (int i = 0; i < ic->size; i++) {
    counts[i] = i == ic->size - 1 ? total - used : (i % 3 == 1 ? 0 : 2);
    used += counts[i];
    if (i < ic->rank) *offset += counts[i];
  }
  return total;
}

static int* reduction_input(const inter_t* ic, int total) {
  int* input = ints(total);
  for (int e = 0; e < total; e++) input[e] = my_world(ic) + e;
  return input;
}

static void expect_reduced(const inter_t* ic, const int* recv, int count, int offset, const char* what) {
  for (int k = 0; k < count; k++) {
    long long expected = group_sum(ic, !ic->in_a, ic->remote_size, offset + k);
    CHECK(recv[k] == expected, "%s element %d: %d, expected %lld", what, k, recv[k], expected);
  }
}

static void reduce_scatters(const inter_t* ic) {
  int offset, *counts = ints(ic->size), total = split_total(ic, counts, &offset), *input = reduction_input(ic, total);
  int mine = counts[ic->rank], *recv = ints(mine + 1);
  MPI_Reduce_scatter(input, recv, counts, MPI_INT, MPI_SUM, ic->comm);
  expect_reduced(ic, recv, mine, offset, "Reduce_scatter");
  expect_untouched(recv + mine, 1, "Reduce_scatter past the block");
  free(recv), free(counts), free(input);

  /* Reduce_scatter_block: the groups' totals must agree, size * recvcount = lcm of the sizes. */
  int a = ic->size, b = ic->remote_size, g = a;
  for (int r = b; r != 0;) {
    int t = g % r;
    g = r, r = t;
  }
  long long lcm = (long long)a / g * b;
  if (lcm > 4096) return;
  int block = (int)(lcm / a);
  input = reduction_input(ic, (int)lcm), recv = ints(block);
  MPI_Reduce_scatter_block(input, recv, block, MPI_INT, MPI_SUM, ic->comm);
  expect_reduced(ic, recv, block, ic->rank * block, "Reduce_scatter_block");
  free(recv), free(input);
}

/* Igather to a root in B, Iallgather, Ialltoall and Ireduce_scatter pending together. */
static void nonblocking_together(const inter_t* ic) {
  int n = ic->remote_size, me = my_world(ic), root = root_argument(ic, 0, 0);
  int mine[2] = {value(me, 0, 0), value(me, 0, 1)}, *gathered = NULL;
  if (root == MPI_ROOT) gathered = ints(2 * n);
  int *all = ints(2 * n), *send = ints(n), *recv = ints(n), offset, *counts = ints(ic->size);
  int *input = reduction_input(ic, split_total(ic, counts, &offset)), *sums = ints(counts[ic->rank]);
  for (int j = 0; j < n; j++) send[j] = value(me, remote_world(ic, j), 0);
  MPI_Request requests[4];
  MPI_Igather(root >= 0 ? mine : NULL, 2, MPI_INT, gathered, 2, MPI_INT, root, ic->comm, &requests[0]);
  MPI_Iallgather(mine, 2, MPI_INT, all, 2, MPI_INT, ic->comm, &requests[1]);
  MPI_Ialltoall(send, 1, MPI_INT, recv, 1, MPI_INT, ic->comm, &requests[2]);
  MPI_Ireduce_scatter(input, sums, counts, MPI_INT, MPI_SUM, ic->comm, &requests[3]);
  MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
  for (int i = 0; i < n; i++) {
    if (root == MPI_ROOT) expect_block(gathered + 2 * i, 2, remote_world(ic, i), 0, "Igather", i);
    expect_block(all + 2 * i, 2, remote_world(ic, i), 0, "Iallgather", i);
    expect_block(recv + i, 1, remote_world(ic, i), me, "Ialltoall", i);
  }
  expect_reduced(ic, sums, counts[ic->rank], offset, "Ireduce_scatter");
  free(gathered), free(all), free(send), free(recv), free(sums), free(input), free(counts);
}

static void errors(const inter_t* ic) {
  MPI_Comm comm = ic->comm;
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  int buf[4] = {0}, counts[1] = {1}, displs[1] = {0};
  expect_error(MPI_Gather(buf, 1, MPI_INT, buf, 1, MPI_INT, ic->remote_size, comm), MPI_ERR_ROOT,
               "Gather to a root past the remote group");
  expect_error(MPI_Scatterv(buf, counts, displs, MPI_INT, buf, 1, MPI_INT, -7, comm), MPI_ERR_ROOT,
               "Scatterv from root -7");
  expect_error(MPI_Gather(buf, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, MPI_ROOT, comm), MPI_ERR_BUFFER,
               "Gather into MPI_IN_PLACE at the root");
  expect_error(MPI_Scatter(buf, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, 0, comm), MPI_ERR_BUFFER,
               "Scatter into MPI_IN_PLACE");
  expect_error(MPI_Allgather(MPI_IN_PLACE, 1, MPI_INT, buf, 1, MPI_INT, comm), MPI_ERR_BUFFER, "Allgather in place");
  expect_error(MPI_Iallgatherv(buf, 1, MPI_INT, MPI_IN_PLACE, counts, displs, MPI_INT, comm, &(MPI_Request){0}),
               MPI_ERR_BUFFER, "Iallgatherv into MPI_IN_PLACE");
  expect_error(MPI_Alltoall(MPI_IN_PLACE, 1, MPI_INT, buf, 1, MPI_INT, comm), MPI_ERR_BUFFER, "Alltoall in place");
  expect_error(MPI_Reduce_scatter_block(MPI_IN_PLACE, buf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER,
               "Reduce_scatter_block in place");
  /* Every rank takes part and copies blocks too large for their rooms: each fills its rooms only. */
  int* rooms = ints(ic->remote_size + 1);
  expect_error(MPI_Allgather(buf, 2, MPI_INT, rooms, 1, MPI_INT, comm), MPI_ERR_TRUNCATE,
               "Allgather of 2 ints into rooms of 1");
  expect_untouched(rooms + ic->remote_size, 1, "Allgather past the last room");
  /* A gather's blocks too large for the root's rooms: on one node each sender copies its block into the
   * root's buffer and finds it too large; across nodes the blocks reach the root as messages, and the root
   * does. */
  int one_node = on_one_node(MPI_COMM_WORLD), root = root_argument(ic, 1, 0);
  int err = MPI_Gather(buf, 2, MPI_INT, rooms, 1, MPI_INT, root, comm);
  int finds = one_node ? root >= 0 : root == MPI_ROOT;
  if (finds)
    expect_error(err, MPI_ERR_TRUNCATE, "Gather of 2 ints into rooms of 1");
  else
    CHECK(err == MPI_SUCCESS, "Gather of 2 ints into rooms of 1 returned %d at a rank that copies nothing", err);
  if (root == MPI_ROOT) expect_untouched(rooms + ic->remote_size, 1, "Gather past the last room");
  free(rooms);
  expect_error(MPI_Scan(buf, buf + 1, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_COMM, "Scan on an intercommunicator");
  expect_error(MPI_Iexscan(buf, buf + 1, 1, MPI_INT, MPI_SUM, comm, &(MPI_Request){0}), MPI_ERR_COMM,
               "Iexscan on an intercommunicator");
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int world_size;
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  if (world_size > 1) {
    for (int parity = 0; parity < 2; parity++) {
      inter_t ic;
      make_inter(&ic, parity);
      int b_size = world_size - ic.a_size;
      for (int round = 0; round < 2; round++) {
        gathers(&ic, 1, ic.a_size - 1);
        gathers(&ic, 0, b_size / 2);
        scatters(&ic, 0, b_size - 1);
        scatters(&ic, 1, 0);
        allgathers(&ic);
        alltoalls(&ic);
        reduce_scatters(&ic);
        nonblocking_together(&ic);
      }
      errors(&ic);
      MPI_Comm_free(&ic.comm);
    }
  }
  report_ok("intercomm_data_movement");
  MPI_Finalize();
  return 0;
}
