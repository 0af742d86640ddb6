/* The Sessions Model (MPI 4.1 12.3) alone and beside the World Model:
 *  - before MPI_Init: a session error handler made before any initialization (MPI_Session_create_errhandler
 *    is always available, 12.4.1) and given to MPI_Session_init; sessions initialized, used and finalized
 *    several times in a row with nothing else open; then an outer session kept open while three more are
 *    initialized, used and finalized in turn;
 *  - each session: MPI_Session_get_num_psets (at least 2) and every MPI_Session_get_nth_pset: pset_len 0
 *    gives the length and leaves the name, an exact buffer the name, a short one the name cut and null
 *    terminated, a long one the name whole, pset_len coming back as the length needed; "mpi://WORLD" and
 *    "mpi://SELF" listed once each; MPI_Session_get_pset_info's "mpi_size" against the size of the group of
 *    MPI_Group_from_session_pset (1 for SELF); an unknown process set giving MPI_GROUP_NULL;
 *    MPI_Session_get_info with a valid "thread_level"; the handler given to MPI_Session_init the session's;
 *  - MPI_Comm_create_from_group with string tags: rank and size as the group's, a ring exchange, an
 *    allreduce and a broadcast checked; two communicators of one group with different tags congruent and not
 *    crossing (one tag sent on both, received in the other order, by wildcards); communicators of the even
 *    and of the odd ranks made at once with one tag by their members only; MPI_GROUP_EMPTY giving
 *    MPI_COMM_NULL; the errhandler argument attached to the new communicator; a tag used again once its
 *    communicator is freed;
 *  - error handlers: MPI_Session_get_errhandler, MPI_Session_set_errhandler, MPI_Session_call_errhandler
 *    reaching the user's function with the session and the code (nothing under MPI_ERRORS_RETURN), failing
 *    calls on a session (process set indexes past the end and negative) returning their code and calling
 *    the user's handler, or not under MPI_ERRORS_RETURN, a handler freed while attached still called;
 *  - MPI_Init while the outer session is open (with the argument "init-after-sessions", after every session
 *    was finalized instead); the outer session's communicator working after it, apart from MPI_COMM_WORLD
 *    (one tag on both); sessions in a row inside the World Model, "mpi_size" equal to
 *    MPI_Comm_size(MPI_COMM_WORLD); a session kept open across MPI_Finalize, its communicator used after
 *    it, a new session made then; last, with everything finalized, one more session. The closing line
 *    comes after MPI_Finalize, from rank 0 of MPI_COMM_WORLD.
 * MPICH 4.0.2 (which needs no world model for sessions) cannot initialize MPI again once its last session,
 * and the world if initialized, is finalized: MPI_Session_init or MPI_Init then crashes in its startup. It
 * accepts sessions before MPI_Init as long as one of them stays open until MPI_Init returns, sessions in
 * a row while the world or another session is open, sessions open across MPI_Finalize and new ones while
 * one is. MPI 4.1 allows the rest (sessions are made and freed "multiple times", 12.3; MPI_Finalize leaves
 * sessions alone, 12.2.2; an application may use both models, 12.1). Where MPICH 4.0.2 departs from the
 * standard in other ways (each place says how: errors of session calls always fatal, the handler given
 * to MPI_Session_init ignored, pset_len not set, an unknown process set an error, an index past the end
 * read, MPI_Session_create_errhandler refused before initialization, MPI_GROUP_EMPTY on one process) the
 * check runs under Weft only. */
#include "../mpi/mpitest.h"

enum { TAG = 5, REPEATS = 3 };

static int world_rank = -1;                 /* for the closing line, printed after MPI_Finalize */
static int session_rank = -1;               /* in mpi://WORLD, for failure reports */
static MPI_Comm abort_comm = MPI_COMM_NULL; /* a session communicator to abort through outside the World Model */

/* CHECK for every phase: MPI_COMM_WORLD is valid only between MPI_Init and MPI_Finalize. */
__attribute__((noreturn, format(printf, 3, 4))) static void session_fail(const char* file, int line, const char* fmt,
                                                                         ...) {
  char why[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  fprintf(stderr, "check failed on rank %d at %s:%d: %s\n", session_rank, file, line, why);
  fflush(stderr);
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) MPI_Abort(MPI_COMM_WORLD, 1);
  if (abort_comm != MPI_COMM_NULL) MPI_Abort(abort_comm, 1);
  exit(1);
}
#define SCHECK(cond, ...) ((cond) ? (void)0 : session_fail(__FILE__, __LINE__, __VA_ARGS__))

/* The session error handler's record. */
static int handler_calls, handler_code;
static MPI_Session handler_session;

static void record(MPI_Session* session, int* code, ...) {
  handler_calls++;
  handler_code = *code;
  handler_session = *session;
}

static int value(int rank, int salt) { return rank * 1009 + salt * 7 + 1; }

/* A communicator made from a session's group: its rank and size are the group's; a ring, an allreduce and a
 * broadcast carry the right values. */
static void check_comm(MPI_Comm comm, MPI_Group group, int salt, const char* what) {
  int rank, size, group_rank, group_size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Group_rank(group, &group_rank);
  MPI_Group_size(group, &group_size);
  SCHECK(rank == group_rank && size == group_size, "%s: rank %d of %d, the group says %d of %d", what, rank, size,
         group_rank, group_size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size, out[3], in[3] = {-1, -1, -1};
  for (int i = 0; i < 3; i++) out[i] = value(rank, salt) + i;
  MPI_Status status;
  MPI_Sendrecv(out, 3, MPI_INT, right, TAG, in, 3, MPI_INT, left, TAG, comm, &status);
  for (int i = 0; i < 3; i++)
    SCHECK(in[i] == value(left, salt) + i, "%s: ring element %d from rank %d is %d, expected %d", what, i, left, in[i],
           value(left, salt) + i);
  SCHECK(status.MPI_SOURCE == left && status.MPI_TAG == TAG, "%s: ring status source %d tag %d", what,
         status.MPI_SOURCE, status.MPI_TAG);
  long long mine[2] = {rank + 1, (long long)salt * rank}, sums[2] = {0, 0};
  MPI_Allreduce(mine, sums, 2, MPI_LONG_LONG, MPI_SUM, comm);
  long long n = size;
  SCHECK(sums[0] == n * (n + 1) / 2 && sums[1] == (long long)salt * n * (n - 1) / 2, "%s: allreduce gave %lld and %lld",
         what, sums[0], sums[1]);
  int root = size - 1, word = rank == root ? value(root, salt) : -1;
  MPI_Bcast(&word, 1, MPI_INT, root, comm);
  SCHECK(word == value(root, salt), "%s: broadcast from rank %d gave %d", what, root, word);
}

/* Two communicators of one group, made with different tags: the same tag sent on both from every rank is
 * received on each from its own sends, in the opposite order to the sends. */
static void check_no_crossing(MPI_Comm a, MPI_Comm b, const char* what) {
  int result = -1, rank, size;
  MPI_Comm_compare(a, b, &result);
  SCHECK(result == MPI_CONGRUENT, "%s: MPI_Comm_compare of the two communicators gave %d", what, result);
  MPI_Comm_rank(a, &rank);
  MPI_Comm_size(a, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int on_a = value(rank, 1), on_b = value(rank, 2), got_a = -1, got_b = -1;
  MPI_Request requests[2];
  MPI_Isend(&on_b, 1, MPI_INT, right, TAG, b, &requests[0]);
  MPI_Isend(&on_a, 1, MPI_INT, right, TAG, a, &requests[1]);
  MPI_Recv(&got_a, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, a, MPI_STATUS_IGNORE);
  MPI_Recv(&got_b, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, b, MPI_STATUS_IGNORE);
  MPI_Status statuses[2];
  MPI_Waitall(2, requests, statuses);
  SCHECK(got_a == value(left, 1) && got_b == value(left, 2),
         "%s: the communicators crossed: received %d on the first (expected %d) and %d on the second (expected %d)",
         what, got_a, value(left, 1), got_b, value(left, 2));
}

static int info_int(MPI_Info info, const char* key, int* found) {
  char text[64] = "";
  int length = (int)sizeof text, flag = 0;
  MPI_Info_get_string(info, key, &length, text, &flag);
  *found = flag;
  return flag ? atoi(text) : -1;
}

/* The process sets of a session; returns the size of mpi://WORLD. */
static int check_psets(MPI_Session session, const char* what) {
  int count = -1;
  SCHECK(MPI_Session_get_num_psets(session, MPI_INFO_NULL, &count) == MPI_SUCCESS && count >= 2,
         "%s: MPI_Session_get_num_psets gave %d", what, count);
  int saw_world = 0, saw_self = 0;
  for (int n = 0; n < count; n++) {
    char name[MPI_MAX_PSET_NAME_LEN + 1], cut[8];
    int length = 0;
    strcpy(name, "untouched");
    MPI_Session_get_nth_pset(session, MPI_INFO_NULL, n, &length, name);
    SCHECK(length >= 2 && length <= MPI_MAX_PSET_NAME_LEN + 1 && strcmp(name, "untouched") == 0,
           "%s: process set %d: pset_len 0 gave length %d and name \"%s\"", what, n, length, name);
    int needed = length;
    MPI_Session_get_nth_pset(session, MPI_INFO_NULL, n, &length, name);
    SCHECK(length == needed && (int)strlen(name) == needed - 1,
           "%s: process set %d: \"%s\" (%zu characters) with pset_len %d, which came back as %d", what, n, name,
           strlen(name), needed, length);
    /* A short buffer: the name cut and null terminated. A long one: the name whole. Either way pset_len
     * comes back as the length needed, which MPICH 4.0.2 leaves as it was passed: under Weft only. */
    int short_length = 4, long_length = (int)sizeof name;
    memset(cut, 'x', sizeof cut);
    MPI_Session_get_nth_pset(session, MPI_INFO_NULL, n, &short_length, cut);
    SCHECK(cut[3] == '\0' && strncmp(cut, name, 3) == 0 && cut[4] == 'x',
           "%s: process set %d truncated to 4 bytes: \"%.4s\"", what, n, cut);
    char whole[MPI_MAX_PSET_NAME_LEN + 1];
    MPI_Session_get_nth_pset(session, MPI_INFO_NULL, n, &long_length, whole);
    SCHECK(strcmp(whole, name) == 0, "%s: process set %d is \"%s\" with a long buffer, \"%s\" with an exact one", what,
           n, whole, name);
    if (MPITEST_ON_WEFT)
      SCHECK(short_length == needed && long_length == needed,
             "%s: process set %d: pset_len came back as %d from 4 and %d from %zu, not %d", what, n, short_length,
             long_length, sizeof name, needed);
    saw_world += strcmp(name, "mpi://WORLD") == 0;
    saw_self += strcmp(name, "mpi://SELF") == 0;
  }
  SCHECK(saw_world == 1 && saw_self == 1, "%s: \"mpi://WORLD\" listed %d times, \"mpi://SELF\" %d times", what,
         saw_world, saw_self);

  int world_size = -1;
  const char* names[2] = {"mpi://WORLD", "mpi://SELF"};
  for (int k = 0; k < 2; k++) {
    MPI_Info info = MPI_INFO_NULL;
    MPI_Session_get_pset_info(session, names[k], &info);
    SCHECK(info != MPI_INFO_NULL, "%s: no info for %s", what, names[k]);
    int found = 0, mpi_size = info_int(info, "mpi_size", &found);
    MPI_Info_free(&info);
    MPI_Group group = MPI_GROUP_NULL;
    MPI_Group_from_session_pset(session, names[k], &group);
    SCHECK(group != MPI_GROUP_NULL, "%s: MPI_Group_from_session_pset(%s) gave MPI_GROUP_NULL", what, names[k]);
    int group_size = -1, group_rank = -1;
    MPI_Group_size(group, &group_size);
    MPI_Group_rank(group, &group_rank);
    MPI_Group_free(&group);
    SCHECK(found && mpi_size == group_size && group_rank >= 0 && group_rank < group_size,
           "%s: %s has mpi_size %d (found %d), its group size %d and rank %d", what, names[k], mpi_size, found,
           group_size, group_rank);
    if (k == 0) {
      world_size = group_size;
      if (session_rank < 0) session_rank = group_rank;
    } else {
      SCHECK(group_size == 1 && group_rank == 0, "%s: mpi://SELF has %d members, the caller rank %d", what, group_size,
             group_rank);
    }
  }

  /* A process set that does not exist gives MPI_GROUP_NULL (MPI 4.1 8.3.2), whether or not the call also
   * raises an error (returned here: the session's handler is MPI_ERRORS_RETURN). MPICH 4.0.2 raises it as
   * fatal: under Weft only. */
  if (MPITEST_ON_WEFT) {
    MPI_Group none = MPI_GROUP_EMPTY;
    MPI_Group_from_session_pset(session, "weft://no-such-process-set", &none);
    SCHECK(none == MPI_GROUP_NULL, "%s: an unknown process set did not give MPI_GROUP_NULL", what);
  }

  MPI_Info used = MPI_INFO_NULL;
  MPI_Session_get_info(session, &used);
  SCHECK(used != MPI_INFO_NULL, "%s: MPI_Session_get_info gave MPI_INFO_NULL", what);
  char level[64] = "";
  int length = (int)sizeof level, flag = 0;
  MPI_Info_get_string(used, "thread_level", &length, level, &flag);
  /* The level provided "can be determined via a subsequent call to MPI_SESSION_GET_INFO" (12.3.1). */
  SCHECK(flag && (strcmp(level, "MPI_THREAD_SINGLE") == 0 || strcmp(level, "MPI_THREAD_FUNNELED") == 0 ||
                  strcmp(level, "MPI_THREAD_SERIALIZED") == 0 || strcmp(level, "MPI_THREAD_MULTIPLE") == 0),
         "%s: the session's thread_level is \"%s\" (found %d)", what, level, flag);
  MPI_Info_free(&used);
  return world_size;
}

/* A session's communicators: one of mpi://WORLD checked, two of it with other tags not crossing, the even
 * and the odd ranks' at once with one tag, mpi://SELF's, and the empty group's. */
static void check_session_comms(MPI_Session session, int salt, const char* what) {
  MPI_Group world, self;
  MPI_Group_from_session_pset(session, "mpi://WORLD", &world);
  MPI_Group_from_session_pset(session, "mpi://SELF", &self);
  MPI_Comm a = MPI_COMM_NULL, b = MPI_COMM_NULL;
  SCHECK(MPI_Comm_create_from_group(world, "org.weft.tests.mpi4_sessions.a", MPI_INFO_NULL, MPI_ERRORS_RETURN, &a) ==
                 MPI_SUCCESS &&
             a != MPI_COMM_NULL,
         "%s: MPI_Comm_create_from_group failed", what);
  MPI_Errhandler attached = MPI_ERRHANDLER_NULL;
  MPI_Comm_get_errhandler(a, &attached);
  SCHECK(attached == MPI_ERRORS_RETURN, "%s: the new communicator's error handler is not the one given", what);
  MPI_Errhandler_free(&attached);
  check_comm(a, world, salt, what);
  /* A tag of MPI_MAX_STRINGTAG_LEN's least value, 63 characters with the null (8.4.2). */
  static const char long_tag[] = "org.weft.tests.mpi4_sessions.b.a-tag-of-sixty-two-characters!!";
  SCHECK(MPI_MAX_STRINGTAG_LEN >= 63 && MPI_MAX_PSET_NAME_LEN >= 63 && sizeof long_tag == 63,
         "MPI_MAX_STRINGTAG_LEN %d, MPI_MAX_PSET_NAME_LEN %d: at least 63", MPI_MAX_STRINGTAG_LEN,
         MPI_MAX_PSET_NAME_LEN);
  MPI_Comm_create_from_group(world, long_tag, MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &b);
  check_no_crossing(a, b, what);
  check_comm(b, world, salt + 1, what);
  MPI_Comm_free(&b);

  /* The even ranks and the odd ranks each make a communicator, with one tag, at the same time. */
  int rank, size;
  MPI_Group_rank(world, &rank);
  MPI_Group_size(world, &size);
  int *members = malloc((size_t)size * sizeof(int)), count = 0;
  for (int r = rank % 2; r < size; r += 2) members[count++] = r;
  MPI_Group half;
  MPI_Group_incl(world, count, members, &half);
  free(members);
  MPI_Comm half_comm = MPI_COMM_NULL;
  MPI_Comm_create_from_group(half, "org.weft.tests.mpi4_sessions.half", MPI_INFO_NULL, MPI_ERRORS_RETURN, &half_comm);
  SCHECK(half_comm != MPI_COMM_NULL, "%s: no communicator for the %s ranks", what, rank % 2 ? "odd" : "even");
  check_comm(half_comm, half, salt + 2 + rank % 2, what);
  MPI_Comm_free(&half_comm);
  MPI_Group_free(&half);

  MPI_Comm self_comm = MPI_COMM_NULL;
  MPI_Comm_create_from_group(self, "org.weft.tests.mpi4_sessions.self", MPI_INFO_NULL, MPI_ERRORS_RETURN, &self_comm);
  check_comm(self_comm, self, salt + 4, what);
  MPI_Comm_free(&self_comm);
  /* The empty group: a local call giving MPI_COMM_NULL. MPICH 4.0.2 fails an assertion (is_self_group) when
   * the job has one process: there under Weft only. */
  if (MPITEST_ON_WEFT || size > 1) {
    MPI_Comm empty = MPI_COMM_SELF;
    SCHECK(MPI_Comm_create_from_group(MPI_GROUP_EMPTY, "org.weft.tests.mpi4_sessions.empty", MPI_INFO_NULL,
                                      MPI_ERRORS_RETURN, &empty) == MPI_SUCCESS &&
               empty == MPI_COMM_NULL,
           "%s: the empty group did not give MPI_COMM_NULL", what);
  }

  /* A tag used again once its communicator is freed. */
  MPI_Comm_free(&a);
  MPI_Comm_create_from_group(world, "org.weft.tests.mpi4_sessions.a", MPI_INFO_NULL, MPI_ERRORS_RETURN, &a);
  check_comm(a, world, salt + 5, what);
  MPI_Comm_free(&a);
  MPI_Group_free(&world);
  MPI_Group_free(&self);
}

/* A session made, checked and finalized; returns the size of its mpi://WORLD. */
static int session_round(int salt, const char* what) {
  MPI_Session session = MPI_SESSION_NULL;
  SCHECK(MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session) == MPI_SUCCESS && session != MPI_SESSION_NULL,
         "%s: MPI_Session_init failed", what);
  int world_size = check_psets(session, what);
  /* The handler given to MPI_Session_init is the session's. MPICH 4.0.2 ignores it (its sessions' errors are
   * fatal): under Weft only. */
  if (MPITEST_ON_WEFT) {
    MPI_Errhandler got = MPI_ERRHANDLER_NULL;
    MPI_Session_get_errhandler(session, &got);
    SCHECK(got == MPI_ERRORS_RETURN, "%s: the session's handler is not the MPI_ERRORS_RETURN it was made with", what);
    MPI_Errhandler_free(&got);
  }
  check_session_comms(session, salt, what);
  SCHECK(MPI_Session_finalize(&session) == MPI_SUCCESS && session == MPI_SESSION_NULL,
         "%s: MPI_Session_finalize failed or left the handle", what);
  return world_size;
}

/* Error handlers of a session whose handler is the user's `record` (given to MPI_Session_init under Weft,
 * set afterwards under MPICH). MPICH 4.0.2 raises the errors of session calls as fatal whatever the
 * session's handler (MPI_ERRORS_RETURN or the user's), so the failing calls run under Weft only. */
static void check_errhandlers(MPI_Session session) {
  MPI_Errhandler got = MPI_ERRHANDLER_NULL;
  MPI_Session_get_errhandler(session, &got);
  SCHECK(got != MPI_ERRHANDLER_NULL && got != MPI_ERRORS_RETURN && got != MPI_ERRORS_ARE_FATAL,
         "MPI_Session_get_errhandler did not give the user's handler");
  MPI_Errhandler_free(&got);
  /* A call on the session's handler reaches the user's function with the session and the code. */
  int calls = handler_calls;
  SCHECK(MPI_Session_call_errhandler(session, MPI_ERR_OTHER) == MPI_SUCCESS && handler_calls == calls + 1 &&
             handler_code == MPI_ERR_OTHER && handler_session == session,
         "MPI_Session_call_errhandler: %d calls, code %d", handler_calls - calls, handler_code);
  int count = 0, length = 0;
  char name[8];
  MPI_Session_get_num_psets(session, MPI_INFO_NULL, &count);
  if (MPITEST_ON_WEFT) {
    /* A failing call on the session: a process set index past the last (MPICH 4.0.2 reads past its list). */
    int code = MPI_Session_get_nth_pset(session, MPI_INFO_NULL, count, &length, name);
    SCHECK(code != MPI_SUCCESS && handler_calls == calls + 2 && handler_code == code && handler_session == session,
           "a process set index out of range returned %d, the handler saw %d calls and code %d", code,
           handler_calls - calls - 1, handler_code);
  }

  /* MPI_ERRORS_RETURN set and read back; the failing call returns its code without the handler. */
  MPI_Session_set_errhandler(session, MPI_ERRORS_RETURN);
  MPI_Session_get_errhandler(session, &got);
  SCHECK(got == MPI_ERRORS_RETURN, "MPI_Session_get_errhandler did not give MPI_ERRORS_RETURN once set");
  MPI_Errhandler_free(&got);
  calls = handler_calls;
  SCHECK(MPI_Session_call_errhandler(session, MPI_ERR_OTHER) == MPI_SUCCESS && handler_calls == calls,
         "MPI_Session_call_errhandler under MPI_ERRORS_RETURN");
  if (MPITEST_ON_WEFT) {
    int code = MPI_Session_get_nth_pset(session, MPI_INFO_NULL, -1, &length, name), error_class = -1;
    MPI_Error_class(code, &error_class);
    SCHECK(code != MPI_SUCCESS && error_class == MPI_ERR_ARG && handler_calls == calls,
           "a negative process set index under MPI_ERRORS_RETURN gave %d (class %d)", code, error_class);
  }

  /* A new user handler set, freed while attached, still called. */
  MPI_Errhandler another;
  MPI_Session_create_errhandler(record, &another);
  MPI_Session_set_errhandler(session, another);
  MPI_Errhandler_free(&another);
  SCHECK(another == MPI_ERRHANDLER_NULL, "MPI_Errhandler_free did not reset the handle");
  MPI_Session_call_errhandler(session, MPI_ERR_ARG);
  SCHECK(handler_calls == calls + 1 && handler_code == MPI_ERR_ARG && handler_session == session,
         "a freed but attached handler was not called");
  MPI_Session_set_errhandler(session, MPI_ERRORS_RETURN);
}

int main(int argc, char** argv) {
  const int init_after_sessions = argc > 1 && strcmp(argv[1], "init-after-sessions") == 0;
  int flag = 1;
  MPI_Initialized(&flag);
  SCHECK(!flag, "MPI_Initialized is true before any initialization");

  /* Made before any initialization (MPI 4.1 Table 9) and given to MPI_Session_init. MPICH 4.0.2 refuses
   * ("before initializing or after finalizing"): there it is made once the session exists, and set. */
  MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
  if (MPITEST_ON_WEFT) MPI_Session_create_errhandler(record, &handler);
  MPI_Info hints;
  MPI_Info_create(&hints);
  MPI_Info_set(hints, "thread_level", "MPI_THREAD_SERIALIZED");

  /* Sessions in a row with nothing else open: MPICH 4.0.2 crashes initializing again. */
  if (MPITEST_ON_WEFT)
    for (int i = 0; i < REPEATS; i++) session_round(10 + i, "a session before anything else");

  /* The outer session, and sessions in a row inside it. */
  MPI_Session outer = MPI_SESSION_NULL;
  MPI_Session_init(hints, MPITEST_ON_WEFT ? handler : MPI_ERRORS_RETURN, &outer);
  SCHECK(outer != MPI_SESSION_NULL, "MPI_Session_init gave MPI_SESSION_NULL");
  if (!MPITEST_ON_WEFT) {
    MPI_Session_create_errhandler(record, &handler);
    MPI_Session_set_errhandler(outer, handler);
  }
  MPI_Info_free(&hints);
  MPI_Initialized(&flag);
  SCHECK(!flag, "MPI_Initialized is true with only a session");
  check_errhandlers(outer);
  MPI_Session_set_errhandler(outer, MPI_ERRORS_RETURN);
  MPI_Errhandler_free(&handler);
  int world_size = check_psets(outer, "the outer session");
  check_session_comms(outer, 20, "the outer session");
  for (int i = 0; i < REPEATS; i++) session_round(30 + i, "a session inside another");

  /* Its communicator, kept across MPI_Init. */
  MPI_Group outer_world;
  MPI_Group_from_session_pset(outer, "mpi://WORLD", &outer_world);
  MPI_Comm kept;
  MPI_Comm_create_from_group(outer_world, "org.weft.tests.mpi4_sessions.kept", MPI_INFO_NULL, MPI_ERRORS_RETURN, &kept);
  abort_comm = kept;
  check_comm(kept, outer_world, 40, "before MPI_Init");

  /* MPI_Init after every session was finalized: MPICH 4.0.2 crashes in MPI_Init. */
  const int close_first = init_after_sessions && MPITEST_ON_WEFT;
  if (init_after_sessions && !MPITEST_ON_WEFT && session_rank == 0)
    fprintf(stderr, "mpi4_sessions: init-after-sessions runs under Weft only; the outer session stays open\n");
  if (close_first) {
    abort_comm = MPI_COMM_NULL;
    MPI_Comm_free(&kept);
    MPI_Group_free(&outer_world);
    MPI_Session_finalize(&outer);
  }

  MPI_Init(&argc, &argv);
  MPI_Initialized(&flag);
  SCHECK(flag, "MPI_Initialized is false after MPI_Init");
  int size;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  SCHECK(size == world_size, "mpi://WORLD had %d processes, MPI_COMM_WORLD has %d", world_size, size);

  if (!close_first) {
    /* The session's communicator still works, apart from MPI_COMM_WORLD: one tag sent on both. */
    check_comm(kept, outer_world, 41, "after MPI_Init");
    int kept_rank, kept_size;
    MPI_Comm_rank(kept, &kept_rank);
    MPI_Comm_size(kept, &kept_size);
    int on_world = value(world_rank, 3), on_kept = value(kept_rank, 4), got_world = -1, got_kept = -1;
    MPI_Request requests[2];
    MPI_Isend(&on_kept, 1, MPI_INT, (kept_rank + 1) % kept_size, TAG, kept, &requests[0]);
    MPI_Isend(&on_world, 1, MPI_INT, (world_rank + 1) % size, TAG, MPI_COMM_WORLD, &requests[1]);
    MPI_Recv(&got_world, 1, MPI_INT, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&got_kept, 1, MPI_INT, MPI_ANY_SOURCE, TAG, kept, MPI_STATUS_IGNORE);
    MPI_Status statuses[2];
    MPI_Waitall(2, requests, statuses);
    SCHECK(got_world == value((world_rank + size - 1) % size, 3) &&
               got_kept == value((kept_rank + kept_size - 1) % kept_size, 4),
           "MPI_COMM_WORLD and a session's communicator crossed: got %d and %d", got_world, got_kept);
    abort_comm = MPI_COMM_NULL;
    MPI_Comm_free(&kept);
    MPI_Group_free(&outer_world);
    SCHECK(MPI_Session_finalize(&outer) == MPI_SUCCESS && outer == MPI_SESSION_NULL,
           "finalizing the outer session after MPI_Init");
  }

  /* Sessions in a row in the World Model, beside collectives on MPI_COMM_WORLD. */
  for (int i = 0; i < REPEATS; i++) {
    int pset_size = session_round(50 + i, "a session in the World Model");
    SCHECK(pset_size == size, "mpi://WORLD has %d processes, MPI_COMM_WORLD %d", pset_size, size);
    int one = 1, total = 0;
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    SCHECK(total == size, "MPI_COMM_WORLD allreduce between sessions gave %d", total);
  }

  /* A session kept open across MPI_Finalize. */
  MPI_Session last = MPI_SESSION_NULL;
  MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &last);
  MPI_Group last_world;
  MPI_Group_from_session_pset(last, "mpi://WORLD", &last_world);
  MPI_Comm across;
  MPI_Comm_create_from_group(last_world, "org.weft.tests.mpi4_sessions.across", MPI_INFO_NULL, MPI_ERRORS_RETURN,
                             &across);
  check_comm(across, last_world, 60, "before MPI_Finalize");
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  abort_comm = across;
  MPI_Finalized(&flag);
  SCHECK(flag, "MPI_Finalized is false after MPI_Finalize");
  check_comm(across, last_world, 61, "after MPI_Finalize");
  session_round(70, "a session after MPI_Finalize");
  abort_comm = MPI_COMM_NULL;
  MPI_Comm_free(&across);
  MPI_Group_free(&last_world);
  SCHECK(MPI_Session_finalize(&last) == MPI_SUCCESS && last == MPI_SESSION_NULL,
         "finalizing a session after MPI_Finalize");

  /* With the world and every session finalized, a session again: MPICH 4.0.2 crashes. */
  if (MPITEST_ON_WEFT) session_round(80, "a session after everything was finalized");

  if (world_rank == 0) {
    printf("mpi4_sessions: ok\n");
    fflush(stdout);
  }
  return 0;
}
