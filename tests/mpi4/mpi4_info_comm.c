/* MPI-4.0 info and communicator additions.
 *
 * MPI_Info_get_string (MPI-4.1 chapter 11): flag false and the value untouched for a missing key; *buflen set to
 * the value's length + 1 on return; a buffer too short gets the value cut to buflen - 1 characters and
 * null-terminated, bytes past it untouched, and buflen the full length + 1; buflen 0 leaves the value
 * untouched and only reports the length. MPI_Info_create_env: an info object of its own (not
 * MPI_INFO_ENV), whose keys can be read back whole at the length Info_get_string reports, that can be
 * changed, duplicated and freed, also with argc 0 and argv NULL; it, Info_create, Info_set and
 * Info_get_string are called before MPI_Init too (12.4.1, Table 9), their results checked after it.
 *
 * MPI_Comm_dup_with_info and MPI_Comm_idup_with_info (8.4.2): the new communicator has the same group
 * (MPI_CONGRUENT), its own context (a message on it is not received by a receive on the old one, sent after
 * it with the same tag), carries the error handler of the old one; MPI_Comm_get_info returns the asserts
 * given as "true" (kept hints must be "true"; under Weft all four mpi_assert_* keys must be kept), and not
 * the old communicator's hints (MPI-4.0 no longer propagates hints through MPI_Comm_dup either, 19.1.1).
 * MPI_Comm_idup_with_info overlaps a ring exchange and an Iallreduce on the old communicator, its info
 * changed and freed while it is pending (as if the dup ran at the call). MPI_Comm_set_info with the asserts
 * in two calls: hints set by the first survive the second (8.4.4); then traffic that respects the asserts
 * (no wildcards, exact lengths, distinct tags so that overtaking cannot matter) and a collective work.
 *
 * MPI_ERRORS_ABORT (10.3): set on a communicator and on MPI_COMM_SELF, read back by MPI_Comm_get_errhandler,
 * inherited by MPI_Comm_dup and MPI_Comm_dup_with_info; never triggered. */
#include "../mpi/mpitest.h"

static const char* program = "mpi4_info_comm";

static const char* asserts[] = {"mpi_assert_no_any_tag", "mpi_assert_no_any_source", "mpi_assert_exact_length",
                                "mpi_assert_allow_overtaking"};
enum { ASSERTS = 4, VALUE_ROOM = 64, SENTINEL = 'Z' };

static int rank, size, left, right;

/* What the calls before MPI_Init returned, checked after it. */
static struct {
  int create_env, nkeys_env, nkeys, create, set, get, flag, buflen;
  char value[VALUE_ROOM];
  MPI_Info env;
} before;

static void fill_sentinel(char* p, int n) { memset(p, SENTINEL, (size_t)n); }

/* ---- MPI_Info_get_string. */
static void get_string(void) {
  MPI_Info info;
  MPI_Info_create(&info);
  const char* alpha = "value-of-alpha"; /* 14 characters */
  const int need = (int)strlen(alpha) + 1;
  MPI_Info_set(info, "alpha", alpha);
  MPI_Info_set(info, "beta", "x");
  char value[VALUE_ROOM];
  int buflen, flag;

  /* Room enough: the value, and buflen the room it needs. */
  fill_sentinel(value, VALUE_ROOM);
  buflen = VALUE_ROOM;
  flag = 0;
  MPI_Info_get_string(info, "alpha", &buflen, value, &flag);
  CHECK(flag && strcmp(value, alpha) == 0 && buflen == need,
        "Info_get_string with room: flag %d, value \"%.20s\", buflen %d (expected %d)", flag, value, buflen, need);
  CHECK(value[need] == SENTINEL, "Info_get_string wrote past the terminator");

  /* Exactly the room needed. */
  fill_sentinel(value, VALUE_ROOM);
  buflen = need;
  MPI_Info_get_string(info, "alpha", &buflen, value, &flag);
  CHECK(flag && strcmp(value, alpha) == 0 && buflen == need,
        "Info_get_string with buflen %d: flag %d, value \"%.20s\", buflen %d", need, flag, value, buflen);

  /* Too short, by one and by many: cut, null-terminated, buflen the full need; nothing written past it. */
  const int shorts[] = {need - 1, 5, 1};
  for (int s = 0; s < 3; s++) {
    fill_sentinel(value, VALUE_ROOM);
    buflen = shorts[s];
    flag = 0;
    MPI_Info_get_string(info, "alpha", &buflen, value, &flag);
    CHECK(flag && buflen == need, "Info_get_string into %d bytes: flag %d, buflen %d (expected %d)", shorts[s], flag,
          buflen, need);
    CHECK(value[shorts[s] - 1] == '\0' && strncmp(value, alpha, (size_t)shorts[s] - 1) == 0 &&
              (int)strlen(value) == shorts[s] - 1,
          "Info_get_string into %d bytes gave \"%.20s\", expected the first %d characters", shorts[s], value,
          shorts[s] - 1);
    for (int i = shorts[s]; i < VALUE_ROOM; i++)
      CHECK(value[i] == SENTINEL, "Info_get_string into %d bytes wrote byte %d", shorts[s], i);
  }

  /* buflen 0: the length only, the value untouched. */
  fill_sentinel(value, VALUE_ROOM);
  buflen = 0;
  flag = 0;
  MPI_Info_get_string(info, "alpha", &buflen, value, &flag);
  CHECK(flag && buflen == need, "Info_get_string with buflen 0: flag %d, buflen %d (expected %d)", flag, buflen, need);
  for (int i = 0; i < VALUE_ROOM; i++) CHECK(value[i] == SENTINEL, "Info_get_string with buflen 0 wrote byte %d", i);

  /* A missing key: flag false, the value untouched. */
  fill_sentinel(value, VALUE_ROOM);
  buflen = VALUE_ROOM;
  flag = 1;
  MPI_Info_get_string(info, "no_such_key", &buflen, value, &flag);
  CHECK(!flag, "Info_get_string found a missing key");
  for (int i = 0; i < VALUE_ROOM; i++) CHECK(value[i] == SENTINEL, "Info_get_string of a missing key wrote byte %d", i);

  /* A value overwritten, longer, then shorter: the length follows. */
  char long_value[VALUE_ROOM];
  memset(long_value, 'a' + rank % 26, VALUE_ROOM - 1);
  long_value[VALUE_ROOM - 1] = '\0';
  MPI_Info_set(info, "alpha", long_value);
  buflen = 0;
  MPI_Info_get_string(info, "alpha", &buflen, value, &flag);
  CHECK(flag && buflen == VALUE_ROOM, "after a longer value, buflen %d (expected %d)", buflen, VALUE_ROOM);
  buflen = VALUE_ROOM;
  MPI_Info_get_string(info, "alpha", &buflen, value, &flag);
  CHECK(flag && strcmp(value, long_value) == 0, "the longer value read back as \"%.20s...\"", value);
  MPI_Info_set(info, "alpha", "b");
  buflen = VALUE_ROOM;
  MPI_Info_get_string(info, "alpha", &buflen, value, &flag);
  CHECK(flag && buflen == 2 && strcmp(value, "b") == 0, "after a shorter value: \"%s\", buflen %d", value, buflen);
  MPI_Info_free(&info);
  CHECK(info == MPI_INFO_NULL, "Info_free left the handle");
}

/* Every key of `info` read whole at the length Info_get_string reports; `what` names it. */
static void read_all_keys(MPI_Info info, const char* what) {
  int nkeys = -1;
  MPI_Info_get_nkeys(info, &nkeys);
  CHECK(nkeys >= 0, "%s has %d keys", what, nkeys);
  for (int k = 0; k < nkeys; k++) {
    char key[MPI_MAX_INFO_KEY + 1];
    MPI_Info_get_nthkey(info, k, key);
    CHECK(strlen(key) > 0 && strlen(key) < MPI_MAX_INFO_KEY, "%s: key %d is \"%s\"", what, k, key);
    /* buflen 0 asks for the length; the value argument is still a buffer (whether it may be NULL the
     * standard does not say, and MPICH refuses NULL). */
    char untouched = SENTINEL;
    int buflen = 0, flag = 0;
    MPI_Info_get_string(info, key, &buflen, &untouched, &flag);
    CHECK(untouched == SENTINEL, "%s: Info_get_string with buflen 0 wrote the value of \"%s\"", what, key);
    CHECK(flag && buflen >= 1, "%s: key \"%s\" has flag %d, buflen %d", what, key, flag, buflen);
    char* value = malloc((size_t)buflen);
    int room = buflen;
    MPI_Info_get_string(info, key, &buflen, value, &flag);
    CHECK(flag && buflen == room && (int)strlen(value) == room - 1,
          "%s: key \"%s\" read back at %d bytes as "
          "\"%.40s\", buflen %d",
          what, key, room, value, buflen);
    if (strcmp(key, "thread_level") == 0)
      CHECK(strcmp(value, "MPI_THREAD_SINGLE") == 0 || strcmp(value, "MPI_THREAD_FUNNELED") == 0 ||
                strcmp(value, "MPI_THREAD_SERIALIZED") == 0 || strcmp(value, "MPI_THREAD_MULTIPLE") == 0,
            "%s: thread_level is \"%s\"", what, value);
    free(value);
  }
}

/* ---- MPI_Info_create_env, before MPI_Init (recorded in `before`) and after it. */
static void calls_before_init(int argc, char** argv) {
  before.create_env = MPI_Info_create_env(argc, argv, &before.env);
  before.nkeys_env = MPI_Info_get_nkeys(before.env, &before.nkeys);
  MPI_Info info;
  before.create = MPI_Info_create(&info);
  before.set = MPI_Info_set(info, "set_before_init", "yes, before MPI_Init");
  before.buflen = VALUE_ROOM;
  before.get = MPI_Info_get_string(info, "set_before_init", &before.buflen, before.value, &before.flag);
  MPI_Info_free(&info);
}

static void create_env(int argc, char** argv) {
  CHECK(before.create_env == MPI_SUCCESS && before.nkeys_env == MPI_SUCCESS && before.nkeys >= 0,
        "Info_create_env before MPI_Init returned %d, Info_get_nkeys %d (%d keys)", before.create_env, before.nkeys_env,
        before.nkeys);
  CHECK(before.create == MPI_SUCCESS && before.set == MPI_SUCCESS && before.get == MPI_SUCCESS && before.flag &&
            strcmp(before.value, "yes, before MPI_Init") == 0 && before.buflen == 21,
        "info calls before MPI_Init: create %d, set %d, get_string %d, flag %d, \"%s\", buflen %d", before.create,
        before.set, before.get, before.flag, before.value, before.buflen);
  CHECK(before.env != MPI_INFO_NULL && before.env != MPI_INFO_ENV,
        "Info_create_env before MPI_Init gave no info of "
        "its own");
  read_all_keys(before.env, "the info of Info_create_env before MPI_Init");
  MPI_Info_free(&before.env);

  MPI_Info env = MPI_INFO_NULL, copy = MPI_INFO_NULL, bare = MPI_INFO_NULL;
  MPI_Info_create_env(argc, argv, &env);
  CHECK(env != MPI_INFO_NULL && env != MPI_INFO_ENV, "Info_create_env gave MPI_INFO_NULL or MPI_INFO_ENV");
  read_all_keys(env, "the info of Info_create_env");
  int nkeys = -1, nkeys_after = -1, flag = 0, buflen = VALUE_ROOM;
  MPI_Info_get_nkeys(env, &nkeys);
  /* A new object of the caller's: it can be changed and duplicated. */
  MPI_Info_set(env, "weft_test_added", "1");
  MPI_Info_get_nkeys(env, &nkeys_after);
  CHECK(nkeys_after == nkeys + 1, "a key added to the info of Info_create_env: %d keys, then %d", nkeys, nkeys_after);
  MPI_Info_dup(env, &copy);
  char value[VALUE_ROOM];
  MPI_Info_get_string(copy, "weft_test_added", &buflen, value, &flag);
  CHECK(flag && strcmp(value, "1") == 0, "the dup of the info of Info_create_env lost a key");
  read_all_keys(copy, "a dup of the info of Info_create_env");
  MPI_Info_free(&copy);
  MPI_Info_free(&env);
  CHECK(env == MPI_INFO_NULL && copy == MPI_INFO_NULL, "Info_free left a handle");
  MPI_Info_create_env(0, NULL, &bare);
  CHECK(bare != MPI_INFO_NULL && bare != MPI_INFO_ENV, "Info_create_env(0, NULL) gave no info of its own");
  read_all_keys(bare, "the info of Info_create_env(0, NULL)");
  MPI_Info_free(&bare);
  /* MPI_INFO_ENV is not affected by any of it. */
  MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
  flag = 1;
  buflen = VALUE_ROOM;
  MPI_Info_get_string(MPI_INFO_ENV, "weft_test_added", &buflen, value, &flag);
  CHECK(!flag, "a key set on the info of Info_create_env appeared in MPI_INFO_ENV");
  read_all_keys(MPI_INFO_ENV, "MPI_INFO_ENV");
}

/* ---- Communicators. */

/* An info with the given asserts "true", and a key no implementation knows. */
static MPI_Info assert_info(int first, int count) {
  MPI_Info info;
  MPI_Info_create(&info);
  for (int a = first; a < first + count; a++) MPI_Info_set(info, asserts[a], "true");
  MPI_Info_set(info, "weft_test_no_such_hint", "42");
  return info;
}

/* The hints of comm: asserts [first, first + count) must read "true" where kept (and be kept under Weft);
 * the other asserts must not read "true" (default false, and hints do not propagate). */
static void expect_hints(MPI_Comm comm, int first, int count, const char* what) {
  MPI_Info info = MPI_INFO_NULL;
  MPI_Comm_get_info(comm, &info);
  CHECK(info != MPI_INFO_NULL, "%s: Comm_get_info gave MPI_INFO_NULL", what);
  read_all_keys(info, what);
  for (int a = 0; a < ASSERTS; a++) {
    char value[VALUE_ROOM];
    int buflen = VALUE_ROOM, flag = 0, given = a >= first && a < first + count;
    MPI_Info_get_string(info, asserts[a], &buflen, value, &flag);
    if (given) {
      CHECK(flag || !MPITEST_ON_WEFT, "%s: Comm_get_info lost %s", what, asserts[a]);
      CHECK(!flag || strcmp(value, "true") == 0, "%s: %s given \"true\" reads \"%s\"", what, asserts[a], value);
    } else {
      CHECK(!flag || strcmp(value, "true") != 0, "%s: %s reads \"true\", never given to it", what, asserts[a]);
    }
  }
  MPI_Info_free(&info);
}

/* comm is a copy of MPI_COMM_WORLD: same group, its own context, and it carries traffic that respects all
 * four asserts: specific sources and tags, exact lengths, distinct tags per message between a pair. */
static void expect_copy_of_world(MPI_Comm comm, int salt, const char* what) {
  int result = MPI_UNEQUAL, crank = -1, csize = -1;
  MPI_Comm_compare(MPI_COMM_WORLD, comm, &result);
  MPI_Comm_rank(comm, &crank);
  MPI_Comm_size(comm, &csize);
  CHECK(result == MPI_CONGRUENT && crank == rank && csize == size,
        "%s: compares %d to the world (MPI_CONGRUENT is %d), rank %d of %d", what, result, MPI_CONGRUENT, crank, csize);
  MPI_Group world_group, group;
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  MPI_Comm_group(comm, &group);
  MPI_Group_compare(world_group, group, &result);
  CHECK(result == MPI_IDENT, "%s: its group compares %d to the world's", what, result);
  MPI_Group_free(&group);
  MPI_Group_free(&world_group);

  /* Its own context: the message on comm goes first, the one on the world second, with the same tag; the
   * receive on the world must take the world's. */
  int on_comm[2] = {salt, rank}, on_world[2] = {-salt, rank}, got[2] = {0, 0};
  MPI_Request sends[2];
  MPI_Isend(on_comm, 2, MPI_INT, right, 7, comm, &sends[0]);
  MPI_Isend(on_world, 2, MPI_INT, right, 7, MPI_COMM_WORLD, &sends[1]);
  MPI_Recv(got, 2, MPI_INT, left, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  CHECK(got[0] == -salt && got[1] == left, "%s: a receive on the world took (%d, %d), a message of the copy", what,
        got[0], got[1]);
  MPI_Recv(got, 2, MPI_INT, left, 7, comm, MPI_STATUS_IGNORE);
  CHECK(got[0] == salt && got[1] == left, "%s: the receive on the copy took (%d, %d)", what, got[0], got[1]);
  MPI_Status send_statuses[2];
  MPI_Waitall(2, sends, send_statuses);

  /* Three messages to the right, tag t with t ints (t = 1..3), received with exact lengths in the reverse
   * order of their tags. */
  int out[3][3], in[3][3];
  MPI_Request requests[6];
  for (int t = 3; t >= 1; t--) {
    for (int i = 0; i < t; i++) in[t - 1][i] = -1;
    MPI_Irecv(in[t - 1], t, MPI_INT, left, t, comm, &requests[t - 1]);
  }
  for (int t = 1; t <= 3; t++) {
    for (int i = 0; i < t; i++) out[t - 1][i] = ((salt * 1000 + rank % 1000) * 4 + t) * 4 + i;
    MPI_Isend(out[t - 1], t, MPI_INT, right, t, comm, &requests[2 + t]);
  }
  MPI_Status statuses[6];
  MPI_Waitall(6, requests, statuses);
  for (int t = 1; t <= 3; t++) {
    int count = -1;
    MPI_Get_count(&statuses[t - 1], MPI_INT, &count);
    CHECK(statuses[t - 1].MPI_SOURCE == left && statuses[t - 1].MPI_TAG == t && count == t,
          "%s: the receive of tag %d has source %d, tag %d, count %d", what, t, statuses[t - 1].MPI_SOURCE,
          statuses[t - 1].MPI_TAG, count);
    for (int i = 0; i < t; i++) {
      int want = ((salt * 1000 + left % 1000) * 4 + t) * 4 + i;
      CHECK(in[t - 1][i] == want, "%s: element %d of tag %d is %d, expected %d", what, i, t, in[t - 1][i], want);
    }
  }
  int sum = 0, one = 1;
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm);
  CHECK(sum == size, "%s: Allreduce gave %d", what, sum);
}

/* MPI_Comm_dup_with_info of the world and of a communicator with hints of its own; MPI_Comm_dup of the
 * latter, which must not take its hints along. */
static void dup_with_info(void) {
  MPI_Info info = assert_info(0, ASSERTS);
  MPI_Comm all, some, plain;
  MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &all);
  MPI_Info_free(&info); /* the communicator keeps what it took */
  expect_copy_of_world(all, 1, "Comm_dup_with_info of the world with all four asserts");
  expect_hints(all, 0, ASSERTS, "Comm_dup_with_info of the world with all four asserts");

  /* From `all`, with only mpi_assert_exact_length: the hints of `all` are not duplicated. */
  info = assert_info(2, 1);
  MPI_Comm_dup_with_info(all, info, &some);
  MPI_Info_free(&info);
  expect_copy_of_world(some, 2, "Comm_dup_with_info with one assert of a communicator with four");
  expect_hints(some, 2, 1, "Comm_dup_with_info with one assert of a communicator with four");
  MPI_Comm_dup(all, &plain);
  expect_copy_of_world(plain, 3, "Comm_dup of a communicator with four asserts");
  expect_hints(plain, 0, 0, "Comm_dup of a communicator with four asserts");

  /* MPI_INFO_NULL: a plain duplicate. */
  MPI_Comm none;
  MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &none);
  expect_copy_of_world(none, 4, "Comm_dup_with_info of the world with MPI_INFO_NULL");
  expect_hints(none, 0, 0, "Comm_dup_with_info of the world with MPI_INFO_NULL");
  MPI_Comm_free(&none);
  MPI_Comm_free(&plain);
  MPI_Comm_free(&some);
  MPI_Comm_free(&all);
  CHECK(all == MPI_COMM_NULL, "Comm_free left the handle");
}

/* MPI_Comm_idup_with_info pending while a ring exchange and an Iallreduce run on the world; the info is
 * changed and freed before the idup completes, which must not matter. */
static void idup_with_info(void) {
  MPI_Info info = assert_info(0, ASSERTS);
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Request requests[4];
  MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &comm, &requests[0]);
  MPI_Info_set(info, asserts[0], "false");
  MPI_Info_delete(info, asserts[1]);
  MPI_Info_free(&info);
  int out[2] = {rank, 77}, in[2] = {-1, -1}, one = 1, sum = 0;
  MPI_Irecv(in, 2, MPI_INT, left, 8, MPI_COMM_WORLD, &requests[1]);
  MPI_Isend(out, 2, MPI_INT, right, 8, MPI_COMM_WORLD, &requests[2]);
  MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &requests[3]);
  MPI_Status statuses[4];
  MPI_Waitall(4, requests, statuses);
  CHECK(in[0] == left && in[1] == 77, "the ring beside Comm_idup_with_info gave (%d, %d)", in[0], in[1]);
  CHECK(sum == size, "the Iallreduce beside Comm_idup_with_info gave %d", sum);
  CHECK(comm != MPI_COMM_NULL, "Comm_idup_with_info gave MPI_COMM_NULL");
  expect_copy_of_world(comm, 5, "Comm_idup_with_info of the world");
  expect_hints(comm, 0, ASSERTS, "Comm_idup_with_info of the world, its info changed while pending");

  /* An idup of that communicator with one assert, completed by a Test loop while a message waits. */
  MPI_Comm second = MPI_COMM_NULL;
  info = assert_info(3, 1);
  MPI_Comm_idup_with_info(comm, info, &second, &requests[0]);
  MPI_Info_free(&info);
  MPI_Irecv(in, 2, MPI_INT, left, 9, comm, &requests[1]);
  MPI_Isend(out, 2, MPI_INT, right, 9, comm, &requests[2]);
  for (int flag = 0; !flag;) MPI_Testall(3, requests, &flag, statuses);
  CHECK(in[0] == left && in[1] == 77, "the message beside the second Comm_idup_with_info gave (%d, %d)", in[0], in[1]);
  expect_copy_of_world(second, 6, "Comm_idup_with_info of a copy with four asserts, given one");
  expect_hints(second, 3, 1, "Comm_idup_with_info of a copy with four asserts, given one");
  MPI_Comm_free(&second);
  MPI_Comm_free(&comm);
}

/* MPI_Comm_set_info with the asserts in two calls: what the first set is kept by the second. */
static void set_info(void) {
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Info first = assert_info(0, 2), second = assert_info(2, 2);
  MPI_Comm_set_info(comm, first);
  int kept[ASSERTS] = {0};
  MPI_Info info;
  MPI_Comm_get_info(comm, &info);
  for (int a = 0; a < 2; a++) {
    char value[VALUE_ROOM];
    int buflen = VALUE_ROOM;
    MPI_Info_get_string(info, asserts[a], &buflen, value, &kept[a]);
    CHECK(!kept[a] || strcmp(value, "true") == 0, "after Comm_set_info, %s reads \"%s\"", asserts[a], value);
  }
  MPI_Info_free(&info);
  MPI_Comm_set_info(comm, second);
  MPI_Comm_get_info(comm, &info);
  for (int a = 0; a < ASSERTS; a++) {
    char value[VALUE_ROOM];
    int buflen = VALUE_ROOM, flag = 0;
    MPI_Info_get_string(info, asserts[a], &buflen, value, &flag);
    CHECK(!flag || strcmp(value, "true") == 0, "after two Comm_set_info calls, %s reads \"%s\"", asserts[a], value);
    if (a < 2) CHECK(flag || !kept[a], "a second Comm_set_info without %s dropped it", asserts[a]);
  }
  MPI_Info_free(&info);
  MPI_Info_free(&first);
  MPI_Info_free(&second);
  expect_copy_of_world(comm, 7, "a copy of the world after Comm_set_info with the asserts");
  MPI_Comm_free(&comm);
}

/* MPI_ERRORS_ABORT set, read back and inherited; calls that succeed do not invoke it. MPICH 4.0.2 fails an
 * assertion when MPI_ERRORS_ABORT is set on anything (pmodels/mpich#6028, fixed after 4.0.2), so there only
 * the handle itself is checked. */
static void errors_abort(void) {
  CHECK(MPI_ERRORS_ABORT != MPI_ERRHANDLER_NULL && MPI_ERRORS_ABORT != MPI_ERRORS_ARE_FATAL &&
            MPI_ERRORS_ABORT != MPI_ERRORS_RETURN,
        "MPI_ERRORS_ABORT is the handle of another handler");
  if (!MPITEST_ON_WEFT) return;
  MPI_Comm comm, dup, dup_info;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_ABORT);
  MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
  MPI_Comm_get_errhandler(comm, &handler);
  CHECK(handler == MPI_ERRORS_ABORT, "Comm_get_errhandler after setting MPI_ERRORS_ABORT gave another handler");
  MPI_Comm_dup(comm, &dup);
  MPI_Comm_get_errhandler(dup, &handler);
  CHECK(handler == MPI_ERRORS_ABORT, "Comm_dup did not carry MPI_ERRORS_ABORT over");
  MPI_Info info = assert_info(0, 1);
  MPI_Comm_dup_with_info(comm, info, &dup_info);
  MPI_Info_free(&info);
  MPI_Comm_get_errhandler(dup_info, &handler);
  CHECK(handler == MPI_ERRORS_ABORT, "Comm_dup_with_info did not carry MPI_ERRORS_ABORT over");
  expect_copy_of_world(dup_info, 8, "a copy of the world under MPI_ERRORS_ABORT");
  /* Back and forth with the other predefined handlers. */
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  MPI_Comm_get_errhandler(comm, &handler);
  CHECK(handler == MPI_ERRORS_RETURN, "Comm_get_errhandler after MPI_ERRORS_RETURN gave another handler");
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_ABORT);
  MPI_Comm_get_errhandler(comm, &handler);
  CHECK(handler == MPI_ERRORS_ABORT, "Comm_get_errhandler after MPI_ERRORS_ABORT again gave another handler");
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ABORT);
  MPI_Comm_get_errhandler(MPI_COMM_SELF, &handler);
  CHECK(handler == MPI_ERRORS_ABORT, "MPI_COMM_SELF: Comm_get_errhandler after MPI_ERRORS_ABORT gave another one");
  int self_value = -1, mine = rank;
  MPI_Allreduce(&mine, &self_value, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF);
  CHECK(self_value == rank, "an Allreduce on MPI_COMM_SELF under MPI_ERRORS_ABORT gave %d", self_value);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
  MPI_Comm_free(&dup_info);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&comm);
}

int main(int argc, char** argv) {
  calls_before_init(argc, argv);
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  get_string();
  create_env(argc, argv);
  dup_with_info();
  idup_with_info();
  set_info();
  errors_abort();
  report_ok(program);
  MPI_Finalize();
  return 0;
}
