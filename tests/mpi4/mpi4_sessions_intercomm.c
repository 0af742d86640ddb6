/* MPI_Intercomm_create_from_groups (MPI-4.1, 8.6.2) between the even and the odd members of a session's
 * mpi://WORLD, with the last member of each side as its leader: remote size and group, a message from each
 * rank to its counterpart on the other side, an allreduce giving each side the other's sum, a bcast from
 * the even side's leader; made three times with the same tag (each freed first) and once with another.
 * Under Weft also its node process sets: mpix://SHARED holds the caller and has the size of its node's
 * weft://node/K, the weft://node/K partition the world, and names match without regard to case. Needs 2
 * ranks or more. */
#include "../mpi/mpitest.h"

static int sum_of_side(int size, int color) {
  int sum = 0;
  for (int r = color; r < size; r += 2) sum += r * r + 1;
  return sum;
}

static void check_intercomm(MPI_Comm inter, int rank, int size, int round) {
  int color = rank % 2, flag = 0, remote_size = -1, local_rank = -1;
  MPI_Comm_test_inter(inter, &flag);
  MPI_Comm_remote_size(inter, &remote_size);
  MPI_Comm_rank(inter, &local_rank);
  int other_side = color == 0 ? size / 2 : (size + 1) / 2;
  CHECK(flag && remote_size == other_side && local_rank == rank / 2,
        "round %d: inter %d, remote size %d (expected %d), local rank %d (expected %d)", round, flag, remote_size,
        other_side, local_rank, rank / 2);
  /* The remote group is the other side's world ranks in order. */
  MPI_Group remote, world_group;
  MPI_Comm_remote_group(inter, &remote);
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  for (int i = 0; i < remote_size; i++) {
    int translated = -1;
    MPI_Group_translate_ranks(remote, 1, &i, world_group, &translated);
    CHECK(translated == 2 * i + (1 - color), "round %d: remote rank %d is world rank %d", round, i, translated);
  }
  MPI_Group_free(&remote);
  MPI_Group_free(&world_group);

  /* Each rank with a counterpart of the same index on the other side exchanges one value with it. */
  if (local_rank < remote_size) {
    int out = rank * 100 + round, in = -1;
    MPI_Sendrecv(&out, 1, MPI_INT, local_rank, 3, &in, 1, MPI_INT, local_rank, 3, inter, MPI_STATUS_IGNORE);
    int partner = 2 * local_rank + (1 - color);
    CHECK(in == partner * 100 + round, "round %d: got %d from the other side, expected %d", round, in,
          partner * 100 + round);
  }
  int mine = rank * rank + 1, theirs = -1;
  MPI_Allreduce(&mine, &theirs, 1, MPI_INT, MPI_SUM, inter);
  CHECK(theirs == sum_of_side(size, 1 - color), "round %d: allreduce gave %d, expected %d", round, theirs,
        sum_of_side(size, 1 - color));
  int even_leader = (size + 1) / 2 - 1; /* the even side's last member, as its local rank */
  int root = color == 0 ? (local_rank == even_leader ? MPI_ROOT : MPI_PROC_NULL) : even_leader;
  int word = root == MPI_ROOT ? 4242 + round : -1;
  MPI_Bcast(&word, 1, MPI_INT, root, inter);
  if (color == 1) CHECK(word == 4242 + round, "round %d: bcast gave %d", round, word);
}

static void check_node_psets(MPI_Session session, int size) {
  int count = 0, covered = 0, shared_size = -1, my_node_size = -1;
  MPI_Session_get_num_psets(session, MPI_INFO_NULL, &count);
  for (int n = 0; n < count; n++) {
    char name[MPI_MAX_PSET_NAME_LEN];
    int length = (int)sizeof name;
    MPI_Session_get_nth_pset(session, MPI_INFO_NULL, n, &length, name);
    MPI_Group group;
    MPI_Group_from_session_pset(session, name, &group);
    int group_size = 0, group_rank = MPI_UNDEFINED;
    MPI_Group_size(group, &group_size);
    MPI_Group_rank(group, &group_rank);
    MPI_Group_free(&group);
    if (strcmp(name, "mpix://SHARED") == 0) {
      CHECK(group_rank != MPI_UNDEFINED, "mpix://SHARED does not hold the caller");
      shared_size = group_size;
    } else if (strncmp(name, "weft://node/", 12) == 0) {
      covered += group_size;
      if (group_rank != MPI_UNDEFINED) my_node_size = group_size;
    }
  }
  CHECK(covered == size && shared_size == my_node_size && shared_size > 0,
        "the node process sets cover %d of %d ranks; mpix://SHARED has %d, the caller's node %d", covered, size,
        shared_size, my_node_size);
  MPI_Group upper;
  MPI_Group_from_session_pset(session, "MPI://world", &upper);
  int upper_size = 0;
  MPI_Group_size(upper, &upper_size);
  MPI_Group_free(&upper);
  CHECK(upper_size == size, "\"MPI://world\" has %d members, expected %d", upper_size, size);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(size >= 2, "needs 2 ranks or more, has %d", size);
  MPI_Session session;
  MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
  MPI_Group world, sides[2];
  MPI_Group_from_session_pset(session, "mpi://WORLD", &world);
  for (int color = 0; color < 2; color++) {
    int count = 0, *members = malloc((size_t)size * sizeof(int));
    for (int r = color; r < size; r += 2) members[count++] = r;
    MPI_Group_incl(world, count, members, &sides[color]);
    free(members);
  }
  int color = rank % 2;
  int local_leader = (color == 0 ? (size + 1) / 2 : size / 2) - 1;
  int remote_leader = (color == 0 ? size / 2 : (size + 1) / 2) - 1;
  const char* tags[] = {"org.weft.tests.sessions_intercomm", "org.weft.tests.sessions_intercomm",
                        "org.weft.tests.sessions_intercomm", "org.weft.tests.sessions_intercomm.other"};
  for (int round = 0; round < 4; round++) {
    MPI_Comm inter = MPI_COMM_NULL;
    int code = MPI_Intercomm_create_from_groups(sides[color], local_leader, sides[1 - color], remote_leader,
                                                tags[round], MPI_INFO_NULL, MPI_ERRORS_RETURN, &inter);
    CHECK(code == MPI_SUCCESS && inter != MPI_COMM_NULL, "round %d: MPI_Intercomm_create_from_groups gave %d", round,
          code);
    MPI_Errhandler attached;
    MPI_Comm_get_errhandler(inter, &attached);
    CHECK(attached == MPI_ERRORS_RETURN, "round %d: the intercommunicator's error handler is not the one given", round);
    MPI_Errhandler_free(&attached);
    check_intercomm(inter, rank, size, round);
    MPI_Comm_free(&inter);
  }
  if (MPITEST_ON_WEFT) check_node_psets(session, size);
  /* An unknown process set: MPI_ERR_ARG and MPI_GROUP_NULL. MPICH 4.0.2 raises errors of session calls as
   * fatal whatever the session's handler: under Weft only. */
  if (MPITEST_ON_WEFT) {
    MPI_Group none = MPI_GROUP_EMPTY;
    expect_error(MPI_Group_from_session_pset(session, "mpi://NO-SUCH-SET", &none), MPI_ERR_ARG,
                 "MPI_Group_from_session_pset of an unknown set");
    CHECK(none == MPI_GROUP_NULL, "an unknown process set did not give MPI_GROUP_NULL");
  }
  MPI_Group_free(&sides[0]);
  MPI_Group_free(&sides[1]);
  MPI_Group_free(&world);
  MPI_Session_finalize(&session);
  if (rank == 0) printf("mpi4_sessions_intercomm: ok\n");
  MPI_Finalize();
  return 0;
}
