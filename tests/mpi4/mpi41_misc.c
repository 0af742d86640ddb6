/* MPI-4.1 additions, compiled only against an MPI of version 4.1 or later (MPITEST_MPI41 below); against
 * an older one only the parts that MPI-4.0 has run, and rank 0 still prints the ok line.
 *
 * Always: user error classes, codes and strings (MPI_Add_error_*, MPI_Error_class, MPI_Error_string,
 * MPI_LASTUSEDCODE); MPI_Request_get_status of pending, complete, null and inactive requests; buffered
 * sends through an attached process buffer, detached; MPI_MAXLOC over MPI_FLOAT_INT and MPI_DOUBLE_INT.
 *
 * MPI-4.1 only:
 * - MPI_Request_get_status_any, _all and _some (4.7.6) over receives of which none, one, then all are
 *   complete, with MPI_REQUEST_NULL and an inactive persistent request among them: none of them frees or
 *   deactivates a request (the same complete request is reported again, and the handles stay); indices and
 *   statuses (source, tag, count) of what completed; flag false and index MPI_UNDEFINED, flag false, and
 *   outcount 0 while nothing is complete; with no active request at all (and with count 0): flag true,
 *   index MPI_UNDEFINED and an empty status, flag true with empty statuses, and outcount MPI_UNDEFINED.
 * - MPI_Status_set_source, _set_tag, _set_error and MPI_Status_get_source, _get_tag, _get_error (4.2.5,
 *   14.3): the fields change and nothing else (MPI_Get_count of a count set by MPI_Status_set_elements
 *   stays); a generalized request whose query function fills its status with them.
 * - MPI_Remove_error_string, _code and _class (10.5.1), always in the order the standard requires (string
 *   before its code, codes before their class): a removed string reads back as "", MPI_LASTUSEDCODE comes
 *   back to its value before the classes were added, and classes, codes and strings can be added again.
 * - MPI_Type_get_value_index (7.9.4): MPI_FLOAT+MPI_INT is MPI_FLOAT_INT, MPI_DOUBLE+MPI_INT MPI_DOUBLE_INT,
 *   likewise MPI_LONG_INT, MPI_SHORT_INT, MPI_2INT and MPI_LONG_DOUBLE_INT (combiner MPI_COMBINER_NAMED);
 *   MPI_DATATYPE_NULL and MPI_SUCCESS for pairs that no predefined type has (a derived value type, a
 *   floating index type, MPI_C_BOOL values); double+long, if the implementation has an unnamed type for it,
 *   has the C struct's size and extent, the combiner NAMED or VALUE_INDEX (whose contents name the two
 *   types), and works with MPI_MAXLOC.
 * - MPI_Get_hw_resource_info (10.1.2.5): an info whose keys are URIs ("provider://...") with values "true"
 *   or "false".
 * - MPI_Comm_attach_buffer, MPI_Comm_flush_buffer, MPI_Comm_iflush_buffer, MPI_Comm_detach_buffer,
 *   MPI_Buffer_flush and MPI_Buffer_iflush (4.6): buffered sends through a communicator's buffer sized for
 *   K messages, flushed, then K more through the same buffer (which only fits after the flush), iflushed;
 *   detach hands back the address and size; the process buffer likewise with MPI_Buffer_flush and
 *   MPI_Buffer_iflush; MPI_BUFFER_AUTOMATIC on a communicator (many more messages than K, flushed, detach
 *   returns MPI_BUFFER_AUTOMATIC). Every receive is posted before the sends, so flushes can finish.
 * - MPI_Session_attach_buffer, _flush_buffer, _iflush_buffer, _detach_buffer (4.6): a session's buffer
 *   sized for K messages serves the buffered sends of a communicator made from its mpi://WORLD group and of
 *   that communicator's duplicate (2 K messages each way, flushed between), while no process buffer is
 *   attached; a communicator buffer of its own takes precedence (4 K messages through it while the session's
 *   holds K); the session's buffer does not serve MPI_COMM_WORLD (MPI_ERR_BUFFER there); the _c forms of the
 *   attach and detach calls of all three (rank 0 attaching a process buffer of more than 2^31 bytes). */
#include "../mpi/mpitest.h"

static const char* program = "mpi41_misc";

/* The MPI-4.1 part, against an MPI whose mpi.h says 4.1 or later. */
#define MPITEST_MPI41 (MPI_VERSION > 4 || (MPI_VERSION == 4 && MPI_SUBVERSION >= 1))

enum { N = 16, K = 4 };

static int rank, size, left, right;

static int value(int sender, int round, int i) { return sender * 100000 + round * 1000 + i; }

static int last_used_code(void) {
  int *value_ptr = NULL, flag = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &value_ptr, &flag);
  CHECK(flag && value_ptr != NULL, "MPI_LASTUSEDCODE is not set on MPI_COMM_WORLD");
  return *value_ptr;
}

static void expect_error_string(int code, const char* want, const char* what) {
  char text[MPI_MAX_ERROR_STRING];
  int length = -1;
  MPI_Error_string(code, text, &length);
  CHECK(strcmp(text, want) == 0 && length == (int)strlen(want),
        "%s: Error_string of %d is \"%s\" (length %d), "
        "expected \"%s\"",
        what, code, text, length, want);
}

/* ---- Always: error classes, codes and strings added. */
static void added_errors(int* classes, int* codes) {
  int before = last_used_code();
  CHECK(before >= MPI_ERR_LASTCODE, "MPI_LASTUSEDCODE %d is below MPI_ERR_LASTCODE %d", before, MPI_ERR_LASTCODE);
  MPI_Add_error_class(&classes[0]);
  MPI_Add_error_code(classes[0], &codes[0]);
  MPI_Add_error_class(&classes[1]);
  MPI_Add_error_code(classes[1], &codes[1]);
  MPI_Add_error_code(classes[1], &codes[2]);
  CHECK(classes[0] > MPI_ERR_LASTCODE && classes[1] > MPI_ERR_LASTCODE && classes[0] != classes[1],
        "added classes %d and %d", classes[0], classes[1]);
  CHECK(last_used_code() >= classes[1] && last_used_code() >= classes[0],
        "MPI_LASTUSEDCODE %d below the added "
        "classes %d and %d",
        last_used_code(), classes[0], classes[1]);
  const int owner[3] = {0, 1, 1};
  for (int c = 0; c < 3; c++) {
    int error_class = -1;
    MPI_Error_class(codes[c], &error_class);
    CHECK(error_class == classes[owner[c]], "code %d is of class %d, expected %d", codes[c], error_class,
          classes[owner[c]]);
  }
  MPI_Add_error_string(classes[0], "the first added class");
  MPI_Add_error_string(codes[0], "a code of the first class");
  MPI_Add_error_string(codes[1], "a code of the second class");
  MPI_Add_error_string(codes[1], "a code of the second class, renamed"); /* replaces the string */
  expect_error_string(classes[0], "the first added class", "an added class");
  expect_error_string(codes[0], "a code of the first class", "an added code");
  expect_error_string(codes[1], "a code of the second class, renamed", "a replaced string");
  expect_error_string(codes[2], "", "a code without a string");
  expect_error_string(classes[1], "", "a class without a string");
}

/* ---- Always: MPI_Request_get_status of the basic cases. */
static void get_status_single(void) {
  int in = -1, out = value(rank, 1, 0), flag = 1;
  MPI_Request request;
  MPI_Status status;
  MPI_Irecv(&in, 1, MPI_INT, left, 20, MPI_COMM_WORLD, &request);
  MPI_Request_get_status(request, &flag, &status);
  CHECK(!flag, "Request_get_status of a receive whose message is not sent yet gave flag true");
  MPI_Barrier(MPI_COMM_WORLD); /* every rank checked before any sends */
  MPI_Send(&out, 1, MPI_INT, right, 20, MPI_COMM_WORLD);
  for (flag = 0; !flag;) MPI_Request_get_status(request, &flag, &status);
  CHECK(request != MPI_REQUEST_NULL && status.MPI_SOURCE == left && status.MPI_TAG == 20 && in == value(left, 1, 0),
        "Request_get_status: source %d, tag %d, value %d", status.MPI_SOURCE, status.MPI_TAG, in);
  MPI_Wait(&request, &status);
  CHECK(request == MPI_REQUEST_NULL, "Wait left the request");
  MPI_Request_get_status(request, &flag, &status);
  CHECK(flag && status.MPI_SOURCE == MPI_ANY_SOURCE && status.MPI_TAG == MPI_ANY_TAG,
        "Request_get_status of MPI_REQUEST_NULL: flag %d, source %d, tag %d", flag, status.MPI_SOURCE, status.MPI_TAG);
}

/* ---- Always: buffered sends through the process buffer. */
static void process_buffer(void) {
  int bytes = 0;
  MPI_Pack_size(N, MPI_INT, MPI_COMM_WORLD, &bytes);
  int room = K * (bytes + MPI_BSEND_OVERHEAD);
  char* buffer = malloc((size_t)room);
  MPI_Buffer_attach(buffer, room);
  int out[K][N], in[K][N];
  MPI_Request requests[K];
  for (int m = 0; m < K; m++) MPI_Irecv(in[m], N, MPI_INT, left, 30 + m, MPI_COMM_WORLD, &requests[m]);
  for (int m = 0; m < K; m++) {
    for (int i = 0; i < N; i++) out[m][i] = value(rank, 30 + m, i);
    MPI_Bsend(out[m], N, MPI_INT, right, 30 + m, MPI_COMM_WORLD);
  }
  MPI_Status statuses[K];
  MPI_Waitall(K, requests, statuses);
  for (int m = 0; m < K; m++)
    for (int i = 0; i < N; i++)
      CHECK(in[m][i] == value(left, 30 + m, i), "buffered message %d: element %d is %d", m, i, in[m][i]);
  void* detached = NULL;
  int detached_size = -1;
  MPI_Buffer_detach(&detached, &detached_size);
  CHECK(detached == buffer && detached_size == room, "Buffer_detach gave %p and %d, attached %p and %d", detached,
        detached_size, (void*)buffer, room);
  free(buffer);
}

/* ---- Always: MAXLOC over the named pair types. */
static void maxloc_pairs(void) {
  struct {
    float value;
    int index;
  } f = {(float)((rank * 7) % 5), rank}, fmax;
  struct {
    double value;
    int index;
  } d = {(double)((rank * 3) % 4), rank}, dmax;
  MPI_Allreduce(&f, &fmax, 1, MPI_FLOAT_INT, MPI_MAXLOC, MPI_COMM_WORLD);
  MPI_Allreduce(&d, &dmax, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
  float fwant = -1;
  double dwant = -1;
  int fat = -1, dat = -1;
  for (int r = 0; r < size; r++) {
    if ((float)((r * 7) % 5) > fwant) fwant = (float)((r * 7) % 5), fat = r;
    if ((double)((r * 3) % 4) > dwant) dwant = (double)((r * 3) % 4), dat = r;
  }
  CHECK(fmax.value == fwant && fmax.index == fat, "MAXLOC over MPI_FLOAT_INT gave (%g, %d), expected (%g, %d)",
        (double)fmax.value, fmax.index, (double)fwant, fat);
  CHECK(dmax.value == dwant && dmax.index == dat, "MAXLOC over MPI_DOUBLE_INT gave (%g, %d), expected (%g, %d)",
        dmax.value, dmax.index, dwant, dat);
}

#if MPITEST_MPI41

static void expect_empty(const MPI_Status* status, const char* what) {
  int count = -1, cancelled = -1;
  MPI_Get_count(status, MPI_INT, &count);
  MPI_Test_cancelled(status, &cancelled);
  CHECK(status->MPI_SOURCE == MPI_ANY_SOURCE && status->MPI_TAG == MPI_ANY_TAG && count == 0 && !cancelled,
        "%s: not an empty status (source %d, tag %d, count %d, cancelled %d)", what, status->MPI_SOURCE,
        status->MPI_TAG, count, cancelled);
}

static void expect_received(const MPI_Status* status, int tag, const char* what) {
  int count = -1;
  MPI_Get_count(status, MPI_INT, &count);
  CHECK(status->MPI_SOURCE == left && status->MPI_TAG == tag && count == N,
        "%s: status source %d, tag %d, count %d; expected %d, %d, %d", what, status->MPI_SOURCE, status->MPI_TAG, count,
        left, tag, N);
}

/* ---- MPI_Request_get_status_any, _all, _some. Requests: three receives from the left with tags 41..43,
 * MPI_REQUEST_NULL, and an inactive persistent receive. */
enum { R = 5 };
static void get_status_many(void) {
  int in[3][N], out[3][N];
  MPI_Request requests[R], kept[R];
  MPI_Status status, statuses[R];
  int index, flag, outcount, indices[R];
  for (int t = 0; t < 3; t++) {
    for (int i = 0; i < N; i++) {
      in[t][i] = -1;
      out[t][i] = value(rank, 41 + t, i);
    }
    MPI_Irecv(in[t], N, MPI_INT, left, 41 + t, MPI_COMM_WORLD, &requests[t]);
  }
  int unused[N];
  requests[3] = MPI_REQUEST_NULL;
  MPI_Recv_init(unused, N, MPI_INT, left, 49, MPI_COMM_WORLD, &requests[4]);
  memcpy(kept, requests, sizeof kept);

  /* Nothing sent yet. */
  index = -7;
  flag = 1;
  MPI_Request_get_status_any(R, requests, &index, &flag, &status);
  CHECK(!flag && index == MPI_UNDEFINED, "get_status_any with nothing complete: flag %d, index %d", flag, index);
  flag = 1;
  MPI_Request_get_status_all(R, requests, &flag, statuses);
  CHECK(!flag, "get_status_all with nothing complete gave flag true");
  outcount = -7;
  MPI_Request_get_status_some(R, requests, &outcount, indices, statuses);
  CHECK(outcount == 0, "get_status_some with nothing complete: outcount %d", outcount);
  CHECK(memcmp(kept, requests, sizeof kept) == 0, "a get_status call changed a request handle");
  MPI_Barrier(MPI_COMM_WORLD); /* every rank checked before any sends */

  /* The message of tag 42 only: index 1, again and again; the others stay incomplete. */
  MPI_Send(out[1], N, MPI_INT, right, 42, MPI_COMM_WORLD);
  for (flag = 0; !flag;) MPI_Request_get_status_any(R, requests, &index, &flag, &status);
  CHECK(index == 1, "get_status_any after the message of tag 42: index %d", index);
  expect_received(&status, 42, "get_status_any");
  flag = 0;
  MPI_Request_get_status_any(R, requests, &index, &flag, &status);
  CHECK(flag && index == 1, "a second get_status_any: flag %d, index %d (the complete request is still there)", flag,
        index);
  outcount = -7;
  MPI_Request_get_status_some(R, requests, &outcount, indices, statuses);
  CHECK(outcount == 1 && indices[0] == 1, "get_status_some after the message of tag 42: outcount %d, index %d",
        outcount, outcount > 0 ? indices[0] : -1);
  expect_received(&statuses[0], 42, "get_status_some");
  flag = 1;
  MPI_Request_get_status_all(R, requests, &flag, statuses);
  CHECK(!flag, "get_status_all with two receives incomplete gave flag true");
  CHECK(memcmp(kept, requests, sizeof kept) == 0, "a get_status call freed or changed a request");
  for (int i = 0; i < N; i++)
    CHECK(in[1][i] == value(left, 42, i), "the message of tag 42: element %d is %d", i, in[1][i]);
  MPI_Wait(&requests[1], &status);
  expect_received(&status, 42, "Wait after the get_status calls");
  CHECK(requests[1] == MPI_REQUEST_NULL, "Wait left the receive of tag 42");
  kept[1] = MPI_REQUEST_NULL;
  MPI_Request_get_status_some(R, requests, &outcount, indices, statuses);
  CHECK(outcount == 0, "get_status_some after the complete one was waited for: outcount %d", outcount);

  /* The other two: get_status_all until true; the null and inactive entries have empty statuses. */
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Send(out[2], N, MPI_INT, right, 43, MPI_COMM_WORLD);
  MPI_Send(out[0], N, MPI_INT, right, 41, MPI_COMM_WORLD);
  for (flag = 0; !flag;) MPI_Request_get_status_all(R, requests, &flag, statuses);
  expect_received(&statuses[0], 41, "get_status_all, entry 0");
  expect_empty(&statuses[1], "get_status_all, entry 1 (now MPI_REQUEST_NULL)");
  expect_received(&statuses[2], 43, "get_status_all, entry 2");
  expect_empty(&statuses[3], "get_status_all, entry 3 (MPI_REQUEST_NULL)");
  expect_empty(&statuses[4], "get_status_all, entry 4 (inactive)");
  CHECK(memcmp(kept, requests, sizeof kept) == 0, "get_status_all freed or changed a request");
  MPI_Request_get_status_some(R, requests, &outcount, indices, statuses);
  CHECK(outcount == 2, "get_status_some with two complete: outcount %d", outcount);
  for (int k = 0; k < outcount; k++) {
    CHECK(indices[k] == 0 || indices[k] == 2, "get_status_some gave index %d", indices[k]);
    expect_received(&statuses[k], indices[k] == 0 ? 41 : 43, "get_status_some of two");
  }
  CHECK(outcount != 2 || indices[0] != indices[1], "get_status_some gave index %d twice", indices[0]);
  MPI_Waitall(R, requests, statuses);
  expect_received(&statuses[0], 41, "Waitall, entry 0");
  expect_received(&statuses[2], 43, "Waitall, entry 2");
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < N; i++)
      CHECK(in[t][i] == value(left, 41 + t, i), "the message of tag %d: element %d is %d", 41 + t, i, in[t][i]);
  CHECK(requests[4] != MPI_REQUEST_NULL, "Waitall freed the inactive persistent request");

  /* No active request: null and inactive handles only, and an empty list. */
  index = -7;
  flag = 0;
  MPI_Request_get_status_any(R, requests, &index, &flag, &status);
  CHECK(flag && index == MPI_UNDEFINED, "get_status_any without active requests: flag %d, index %d", flag, index);
  expect_empty(&status, "get_status_any without active requests");
  flag = 0;
  MPI_Request_get_status_all(R, requests, &flag, statuses);
  CHECK(flag, "get_status_all without active requests gave flag false");
  for (int k = 0; k < R; k++) expect_empty(&statuses[k], "get_status_all without active requests");
  outcount = -7;
  MPI_Request_get_status_some(R, requests, &outcount, indices, statuses);
  CHECK(outcount == MPI_UNDEFINED, "get_status_some without active requests: outcount %d", outcount);
  index = -7;
  flag = 0;
  MPI_Request_get_status_any(0, requests, &index, &flag, &status);
  CHECK(flag && index == MPI_UNDEFINED, "get_status_any of no requests: flag %d, index %d", flag, index);
  flag = 0;
  MPI_Request_get_status_all(0, requests, &flag, statuses);
  CHECK(flag, "get_status_all of no requests gave flag false");
  MPI_Request_free(&requests[4]);
}

/* ---- Status fields set and read through procedures. */
static int query_calls;
static int query(void* extra_state, MPI_Status* status) {
  query_calls++;
  int salt = *(int*)extra_state;
  MPI_Status_set_source(status, salt);
  MPI_Status_set_tag(status, salt + 1);
  MPI_Status_set_error(status, MPI_SUCCESS);
  MPI_Status_set_elements(status, MPI_INT, 3);
  MPI_Status_set_cancelled(status, 0);
  return MPI_SUCCESS;
}
static int free_fn(void* extra_state) {
  (void)extra_state;
  return MPI_SUCCESS;
}
static int cancel_fn(void* extra_state, int complete) {
  (void)extra_state;
  (void)complete;
  return MPI_SUCCESS;
}

static void status_fields(void) {
  MPI_Status status;
  MPI_Status_set_elements(&status, MPI_INT, 5);
  MPI_Status_set_source(&status, 3 + rank);
  MPI_Status_set_tag(&status, 77);
  MPI_Status_set_error(&status, MPI_ERR_TAG);
  CHECK(status.MPI_SOURCE == 3 + rank && status.MPI_TAG == 77 && status.MPI_ERROR == MPI_ERR_TAG,
        "after Status_set_source/tag/error the fields are %d, %d, %d", status.MPI_SOURCE, status.MPI_TAG,
        status.MPI_ERROR);
  int source = -1, tag = -1, error = -1, count = -1;
  MPI_Status_get_source(&status, &source);
  MPI_Status_get_tag(&status, &tag);
  MPI_Status_get_error(&status, &error);
  CHECK(source == 3 + rank && tag == 77 && error == MPI_ERR_TAG, "Status_get_source/tag/error gave %d, %d, %d", source,
        tag, error);
  MPI_Get_count(&status, MPI_INT, &count);
  CHECK(count == 5, "setting source, tag and error changed the count to %d", count);
  /* Direct writes are seen by the get procedures. */
  status.MPI_SOURCE = MPI_ANY_SOURCE;
  status.MPI_TAG = MPI_ANY_TAG;
  status.MPI_ERROR = MPI_SUCCESS;
  MPI_Status_get_source(&status, &source);
  MPI_Status_get_tag(&status, &tag);
  MPI_Status_get_error(&status, &error);
  CHECK(source == MPI_ANY_SOURCE && tag == MPI_ANY_TAG && error == MPI_SUCCESS,
        "Status_get_* after direct writes gave %d, %d, %d", source, tag, error);

  /* A generalized request's query function fills the status with them. */
  int salt = 1000 + rank;
  MPI_Request request;
  MPI_Grequest_start(query, free_fn, cancel_fn, &salt, &request);
  MPI_Grequest_complete(request);
  MPI_Wait(&request, &status);
  MPI_Get_count(&status, MPI_INT, &count);
  CHECK(query_calls == 1 && status.MPI_SOURCE == salt && status.MPI_TAG == salt + 1 && count == 3,
        "a generalized request's status: %d query calls, source %d, tag %d, count %d", query_calls, status.MPI_SOURCE,
        status.MPI_TAG, count);
}

/* ---- Removing what was added, in the required order. */
static void removed_errors(int* classes, int* codes, int before) {
  /* The second class: the string of its first code, its codes, then the class. */
  MPI_Remove_error_string(codes[1]);
  expect_error_string(codes[1], "", "a code whose string was removed");
  MPI_Remove_error_code(codes[1]);
  MPI_Remove_error_code(codes[2]);
  MPI_Remove_error_class(classes[1]);
  CHECK(last_used_code() >= classes[0], "with the first class still there MPI_LASTUSEDCODE is %d, below it (%d)",
        last_used_code(), classes[0]);
  expect_error_string(codes[0], "a code of the first class", "a code of a class still there");
  /* The first class: its code's string, the code, the class's string, the class. */
  MPI_Remove_error_string(codes[0]);
  MPI_Remove_error_code(codes[0]);
  MPI_Remove_error_string(classes[0]);
  expect_error_string(classes[0], "", "a class whose string was removed");
  MPI_Remove_error_class(classes[0]);
  CHECK(last_used_code() == before, "with every added class removed MPI_LASTUSEDCODE is %d, was %d before",
        last_used_code(), before);
  /* And again. */
  int again, code;
  MPI_Add_error_class(&again);
  MPI_Add_error_code(again, &code);
  MPI_Add_error_string(code, "added after removals");
  int error_class = -1;
  MPI_Error_class(code, &error_class);
  CHECK(error_class == again, "a code added after removals is of class %d, expected %d", error_class, again);
  expect_error_string(code, "added after removals", "a code added after removals");
  MPI_Remove_error_string(code);
  MPI_Remove_error_code(code);
  MPI_Remove_error_class(again);
  CHECK(last_used_code() == before, "MPI_LASTUSEDCODE is %d after the second round, was %d", last_used_code(), before);
}

/* ---- MPI_Type_get_value_index. */
static void value_index(void) {
  const struct {
    MPI_Datatype value, index, pair;
    const char* name;
  } named[] = {{MPI_FLOAT, MPI_INT, MPI_FLOAT_INT, "MPI_FLOAT_INT"},
               {MPI_DOUBLE, MPI_INT, MPI_DOUBLE_INT, "MPI_DOUBLE_INT"},
               {MPI_LONG, MPI_INT, MPI_LONG_INT, "MPI_LONG_INT"},
               {MPI_SHORT, MPI_INT, MPI_SHORT_INT, "MPI_SHORT_INT"},
               {MPI_INT, MPI_INT, MPI_2INT, "MPI_2INT"},
               {MPI_LONG_DOUBLE, MPI_INT, MPI_LONG_DOUBLE_INT, "MPI_LONG_DOUBLE_INT"}};
  for (int k = 0; k < (int)(sizeof named / sizeof named[0]); k++) {
    MPI_Datatype pair = MPI_DATATYPE_NULL;
    int code = MPI_Type_get_value_index(named[k].value, named[k].index, &pair);
    CHECK(code == MPI_SUCCESS && pair == named[k].pair, "Type_get_value_index did not give %s", named[k].name);
    int ni, na, nd, combiner = -1;
    MPI_Type_get_envelope(pair, &ni, &na, &nd, &combiner);
    CHECK(combiner == MPI_COMBINER_NAMED, "%s from Type_get_value_index has combiner %d", named[k].name, combiner);
  }

  /* Pairs without a predefined type: MPI_DATATYPE_NULL and MPI_SUCCESS. */
  MPI_Datatype two_ints;
  MPI_Type_contiguous(2, MPI_INT, &two_ints);
  MPI_Type_commit(&two_ints);
  const struct {
    MPI_Datatype value, index;
    const char* what;
  } none[] = {{two_ints, MPI_INT, "a derived value type"},
              {MPI_DOUBLE, MPI_FLOAT, "a floating-point index type"},
              {MPI_C_BOOL, MPI_INT, "MPI_C_BOOL values (no MPI_MAX on them)"}};
  for (int k = 0; k < (int)(sizeof none / sizeof none[0]); k++) {
    MPI_Datatype pair = MPI_INT;
    int code = MPI_Type_get_value_index(none[k].value, none[k].index, &pair);
    CHECK(code == MPI_SUCCESS && pair == MPI_DATATYPE_NULL,
          "Type_get_value_index of %s returned %d and no MPI_DATATYPE_NULL", none[k].what, code);
  }
  MPI_Type_free(&two_ints);

  /* double with a long index: an unnamed predefined type if the implementation has one. */
  MPI_Datatype pair = MPI_INT;
  MPI_Type_get_value_index(MPI_DOUBLE, MPI_LONG, &pair);
  if (pair == MPI_DATATYPE_NULL) return;
  struct dl {
    double value;
    long index;
  } mine = {(double)((rank * 5) % 3), 10L * rank}, best;
  int type_size = -1;
  MPI_Aint lb = -1, extent = -1;
  MPI_Type_size(pair, &type_size);
  MPI_Type_get_extent(pair, &lb, &extent);
  CHECK(type_size == (int)(sizeof(double) + sizeof(long)) && lb == 0 && extent == (MPI_Aint)sizeof(struct dl),
        "the double+long pair has size %d, lb %ld, extent %ld", type_size, (long)lb, (long)extent);
  int ni = -1, na = -1, nd = -1, combiner = -1;
  MPI_Type_get_envelope(pair, &ni, &na, &nd, &combiner);
  CHECK(combiner == MPI_COMBINER_NAMED || combiner == MPI_COMBINER_VALUE_INDEX, "the double+long pair has combiner %d",
        combiner);
  if (combiner == MPI_COMBINER_VALUE_INDEX) {
    CHECK(ni == 0 && na == 0 && nd == 2, "MPI_COMBINER_VALUE_INDEX envelope %d, %d, %d", ni, na, nd);
    int no_ints[1];
    MPI_Aint no_addresses[1];
    MPI_Datatype types[2] = {MPI_DATATYPE_NULL, MPI_DATATYPE_NULL};
    MPI_Type_get_contents(pair, 0, 0, 2, no_ints, no_addresses, types);
    CHECK(types[0] == MPI_DOUBLE && types[1] == MPI_LONG, "the contents of the double+long pair name other types");
  }
  MPI_Allreduce(&mine, &best, 1, pair, MPI_MAXLOC, MPI_COMM_WORLD);
  double want = -1;
  long at = -1;
  for (int r = 0; r < size; r++)
    if ((double)((r * 5) % 3) > want) want = (double)((r * 5) % 3), at = 10L * r;
  CHECK(best.value == want && best.index == at, "MAXLOC over the double+long pair gave (%g, %ld), expected (%g, %ld)",
        best.value, best.index, want, at);
}

/* ---- MPI_Get_hw_resource_info. */
static void hw_resource_info(void) {
  MPI_Info info = MPI_INFO_NULL;
  MPI_Get_hw_resource_info(&info);
  CHECK(info != MPI_INFO_NULL, "Get_hw_resource_info gave MPI_INFO_NULL");
  int nkeys = -1;
  MPI_Info_get_nkeys(info, &nkeys);
  CHECK(nkeys >= 0, "the hardware info has %d keys", nkeys);
  for (int k = 0; k < nkeys; k++) {
    char key[MPI_MAX_INFO_KEY + 1], value[MPI_MAX_INFO_VAL + 1];
    int buflen = (int)sizeof value, flag = 0;
    MPI_Info_get_nthkey(info, k, key);
    MPI_Info_get_string(info, key, &buflen, value, &flag);
    const char* sep = strstr(key, "://");
    CHECK(sep != NULL && sep != key, "hardware info key \"%s\" is no URI", key);
    CHECK(flag && (strcmp(value, "true") == 0 || strcmp(value, "false") == 0), "hardware info key \"%s\" is \"%s\"",
          key, value);
  }
  MPI_Info_free(&info);
}

/* ---- Buffers of a communicator and of the process, flushed. */
static void post_receives(MPI_Request* requests, int (*in)[N], int count, int tag, MPI_Comm comm) {
  for (int m = 0; m < count; m++) {
    for (int i = 0; i < N; i++) in[m][i] = -1;
    MPI_Irecv(in[m], N, MPI_INT, left, tag + m, comm, &requests[m]);
  }
}

static void bsend_batch(int (*out)[N], int first, int count, int tag, MPI_Comm comm) {
  for (int m = first; m < first + count; m++) {
    for (int i = 0; i < N; i++) out[m][i] = value(rank, tag + m, i);
    MPI_Bsend(out[m], N, MPI_INT, right, tag + m, comm);
  }
}

static void check_batch(MPI_Request* requests, int (*in)[N], int count, int tag, const char* what) {
  MPI_Status statuses[4 * K];
  MPI_Waitall(count, requests, statuses);
  for (int m = 0; m < count; m++)
    for (int i = 0; i < N; i++)
      CHECK(in[m][i] == value(left, tag + m, i), "%s: message %d, element %d is %d", what, m, i, in[m][i]);
}

static void buffers(void) {
  int bytes = 0;
  MPI_Pack_size(N, MPI_INT, MPI_COMM_WORLD, &bytes);
  const int room = K * (bytes + MPI_BSEND_OVERHEAD);
  static int out[4 * K][N], in[4 * K][N];
  MPI_Request requests[4 * K], flush;
  MPI_Status status;

  /* A communicator's buffer: K messages, flush, K more (they fit only once the first are out), iflush. */
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  char* buffer = malloc((size_t)room);
  MPI_Comm_attach_buffer(comm, buffer, room);
  post_receives(requests, in, 2 * K, 100, comm);
  bsend_batch(out, 0, K, 100, comm);
  MPI_Comm_flush_buffer(comm);
  bsend_batch(out, K, K, 100, comm);
  MPI_Comm_iflush_buffer(comm, &flush);
  MPI_Wait(&flush, &status);
  CHECK(flush == MPI_REQUEST_NULL, "Wait left the request of Comm_iflush_buffer");
  check_batch(requests, in, 2 * K, 100, "through a communicator's buffer");
  void* detached = NULL;
  int detached_size = -1;
  MPI_Comm_detach_buffer(comm, &detached, &detached_size);
  CHECK(detached == buffer && detached_size == room, "Comm_detach_buffer gave %p and %d, attached %p and %d", detached,
        detached_size, (void*)buffer, room);

  /* The process buffer, flushed by MPI_Buffer_flush and MPI_Buffer_iflush (completed by a Test loop). */
  MPI_Buffer_attach(buffer, room);
  post_receives(requests, in, 2 * K, 200, MPI_COMM_WORLD);
  bsend_batch(out, 0, K, 200, MPI_COMM_WORLD);
  MPI_Buffer_flush();
  bsend_batch(out, K, K, 200, MPI_COMM_WORLD);
  MPI_Buffer_iflush(&flush);
  for (int flag = 0; !flag;) MPI_Test(&flush, &flag, &status);
  check_batch(requests, in, 2 * K, 200, "through the process buffer");
  MPI_Buffer_detach(&detached, &detached_size);
  CHECK(detached == buffer && detached_size == room, "Buffer_detach gave %p and %d, attached %p and %d", detached,
        detached_size, (void*)buffer, room);
  free(buffer);

  /* Automatic buffering on the communicator: 4 K messages with no room given, flushed. */
  MPI_Comm_attach_buffer(comm, MPI_BUFFER_AUTOMATIC, 0);
  post_receives(requests, in, 4 * K, 300, comm);
  bsend_batch(out, 0, 4 * K, 300, comm);
  MPI_Comm_flush_buffer(comm);
  check_batch(requests, in, 4 * K, 300, "through automatic buffering");
  MPI_Comm_detach_buffer(comm, &detached, &detached_size);
  CHECK(detached == MPI_BUFFER_AUTOMATIC, "Comm_detach_buffer after MPI_BUFFER_AUTOMATIC gave %p", detached);
  MPI_Comm_free(&comm);
}

/* ---- A session's buffer, behind a communicator's own and apart from the process's. */
static void session_buffers(void) {
  int bytes = 0;
  MPI_Pack_size(N, MPI_INT, MPI_COMM_WORLD, &bytes);
  const int room = K * (bytes + MPI_BSEND_OVERHEAD);
  static int out[4 * K][N], in[4 * K][N];
  MPI_Request requests[4 * K], flush;
  MPI_Session session;
  MPI_Group world;
  MPI_Comm comm, dup;
  MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &session);
  MPI_Group_from_session_pset(session, "mpi://WORLD", &world);
  MPI_Comm_create_from_group(world, "org.weft.tests.mpi41_misc", MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &comm);
  MPI_Comm_dup(comm, &dup);
  char* buffer = malloc((size_t)room);
  MPI_Session_attach_buffer_c(session, buffer, room);

  /* The session's buffer serves both communicators: K at a time, flushed between batches. */
  post_receives(requests, in, 2 * K, 400, comm);
  bsend_batch(out, 0, K, 400, comm);
  MPI_Session_flush_buffer(session);
  bsend_batch(out, K, K, 400, comm);
  check_batch(requests, in, 2 * K, 400, "through a session's buffer");
  post_receives(requests, in, 2 * K, 500, dup);
  bsend_batch(out, 0, K, 500, dup);
  MPI_Session_iflush_buffer(session, &flush);
  MPI_Wait(&flush, MPI_STATUS_IGNORE);
  bsend_batch(out, K, K, 500, dup);
  check_batch(requests, in, 2 * K, 500, "through a session's buffer, from a duplicate");

  /* A communicator's own buffer comes first: 4 K messages would not fit in the session's. */
  MPI_Comm_attach_buffer_c(dup, MPI_BUFFER_AUTOMATIC, 0);
  post_receives(requests, in, 4 * K, 600, dup);
  bsend_batch(out, 0, 4 * K, 600, dup);
  MPI_Comm_flush_buffer(dup);
  check_batch(requests, in, 4 * K, 600, "through a session communicator's own buffer");
  void* detached = NULL;
  MPI_Count detached_count = -1;
  MPI_Comm_detach_buffer_c(dup, &detached, &detached_count);
  CHECK(detached == MPI_BUFFER_AUTOMATIC && detached_count == 0, "Comm_detach_buffer_c gave %p and %lld", detached,
        (long long)detached_count);

  /* MPI_COMM_WORLD is not the session's: with no process buffer its buffered send has nowhere to go. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int error = MPI_Bsend(out[0], N, MPI_INT, right, 700, MPI_COMM_WORLD), error_class = -1;
  MPI_Error_class(error, &error_class);
  CHECK(error_class == MPI_ERR_BUFFER, "a buffered send on MPI_COMM_WORLD with only a session buffer gave %d",
        error_class);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

  MPI_Session_detach_buffer_c(session, &detached, &detached_count);
  CHECK(detached == buffer && detached_count == room, "Session_detach_buffer_c gave %p and %lld, attached %p and %d",
        detached, (long long)detached_count, (void*)buffer, room);
  MPI_Session_attach_buffer(session, MPI_BUFFER_AUTOMATIC, 0);
  int detached_size = -1;
  MPI_Session_detach_buffer(session, &detached, &detached_size);
  CHECK(detached == MPI_BUFFER_AUTOMATIC, "Session_detach_buffer after MPI_BUFFER_AUTOMATIC gave %p", detached);
  free(buffer);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&comm);
  MPI_Group_free(&world);
  MPI_Session_finalize(&session);

  /* A process buffer larger than an int can say, attached and detached by the _c forms (never written). */
  if (rank == 0) {
    const MPI_Count huge = ((MPI_Count)1 << 31) + 64;
    char* big = malloc((size_t)huge);
    CHECK(big != NULL, "no memory for a buffer of %lld bytes", (long long)huge);
    MPI_Buffer_attach_c(big, huge);
    MPI_Buffer_detach_c(&detached, &detached_count);
    CHECK(detached == big && detached_count == huge, "Buffer_detach_c gave %p and %lld, attached %p and %lld", detached,
          (long long)detached_count, (void*)big, (long long)huge);
    free(big);
  }
}

#endif /* MPITEST_MPI41 */

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  right = (rank + 1) % size;
  left = (rank + size - 1) % size;
  int before = last_used_code(), classes[2], codes[3];
  added_errors(classes, codes);
  get_status_single();
  process_buffer();
  maxloc_pairs();
#if MPITEST_MPI41
  get_status_many();
  status_fields();
  removed_errors(classes, codes, before);
  value_index();
  hw_resource_info();
  buffers();
  session_buffers();
#else
  (void)before;
#endif
  report_ok(program);
  MPI_Finalize();
  return 0;
}
