/* Attribute caching: copy callbacks run by MPI_Comm_dup and MPI_Type_dup (and what they decide to copy),
 * delete callbacks run when an attribute is replaced or deleted and when its object is freed, errors
 * from callbacks failing the call, keyvals freed while attributes use them, the MPI-1 forms, the
 * predefined attributes, info hints on communicators (accepted, ignored), a delete callback deleting
 * other attributes, and MPI_COMM_SELF's attributes deleted first thing
 * in MPI_Finalize: the "ok" line is printed from that delete callback. */
#include <stdlib.h>
#include <string.h>

#include "mpitest.h"

static int copies, deletes;

static int copy_plus_one(MPI_Comm comm, int keyval, void* extra, void* in, void* out, int* flag) {
  (void)comm, (void)keyval;
  CHECK(extra == &copies, "the copy callback got extra_state %p", extra);
  copies++;
  *(void**)out = (char*)in + 1; /* the copy's value differs, so a test can tell */
  *flag = 1;
  return MPI_SUCCESS;
}

static int count_delete(MPI_Comm comm, int keyval, void* value, void* extra) {
  (void)comm, (void)keyval, (void)value, (void)extra;
  deletes++;
  return MPI_SUCCESS;
}

static int failing_copy(MPI_Comm comm, int keyval, void* extra, void* in, void* out, int* flag) {
  (void)comm, (void)keyval, (void)extra, (void)in, (void)out, (void)flag;
  return MPI_ERR_OTHER;
}

static int deletes_fail; /* failing_delete fails while set */

static int failing_delete(MPI_Comm comm, int keyval, void* value, void* extra) {
  (void)comm, (void)keyval, (void)value, (void)extra;
  return deletes_fail ? MPI_ERR_ARG : MPI_SUCCESS;
}

static int print_at_finalize(MPI_Comm comm, int keyval, void* value, void* extra) {
  (void)keyval, (void)value, (void)extra;
  CHECK(comm == MPI_COMM_SELF, "the finalize callback got another communicator");
  int rank, finalized;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank); /* MPI is still usable while SELF's attributes go */
  MPI_Finalized(&finalized);
  CHECK(!finalized, "MPI_COMM_SELF's attributes were deleted after finalization");
  if (rank == 0) printf("attributes: ok\n");
  return MPI_SUCCESS;
}

static void* get(MPI_Comm comm, int keyval, int* flag) {
  void* value = NULL;
  MPI_Comm_get_attr(comm, keyval, &value, flag);
  return value;
}

static void communicator_attributes(void) {
  int plus_one, dup, no_copy;
  char base[4];
  MPI_Comm_create_keyval(copy_plus_one, count_delete, &plus_one, &copies);
  MPI_Comm_create_keyval(MPI_COMM_DUP_FN, count_delete, &dup, NULL);
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &no_copy, NULL);
  MPI_Comm comm, copy;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Comm_set_attr(comm, plus_one, base);
  MPI_Comm_set_attr(comm, dup, base + 2);
  MPI_Comm_set_attr(comm, no_copy, base + 3);
  int flag;
  CHECK(get(comm, plus_one, &flag) == base && flag, "get after set");

  MPI_Comm_dup(comm, &copy);
  CHECK(copies == 1, "Comm_dup ran %d copy callbacks", copies);
  CHECK(get(copy, plus_one, &flag) == base + 1 && flag, "the copied attribute is not the callback's value");
  CHECK(get(copy, dup, &flag) == base + 2 && flag, "MPI_COMM_DUP_FN did not copy the value");
  get(copy, no_copy, &flag);
  CHECK(!flag, "MPI_COMM_NULL_COPY_FN copied the attribute");

  /* Replacing runs the delete callback on the old value; deleting runs it too. */
  MPI_Comm_set_attr(comm, plus_one, base + 1);
  CHECK(deletes == 1, "replacing an attribute ran %d delete callbacks", deletes);
  MPI_Comm_delete_attr(comm, dup);
  CHECK(deletes == 2, "deleting an attribute ran %d delete callbacks in all", deletes);
  get(comm, dup, &flag);
  CHECK(!flag, "a deleted attribute is still there");

  /* A keyval freed while attributes use it: they stay readable and are deleted with their object. */
  int kept = no_copy;
  MPI_Comm_free_keyval(&no_copy);
  CHECK(no_copy == MPI_KEYVAL_INVALID, "Comm_free_keyval did not reset the keyval");
  CHECK(get(comm, kept, &flag) == base + 3 && flag, "the attribute of a freed keyval is gone");
  MPI_Comm_free(&comm); /* plus_one and kept */
  CHECK(deletes == 4, "Comm_free ran %d delete callbacks in all, expected 4", deletes);
  MPI_Comm_free(&copy); /* plus_one and dup */
  CHECK(deletes == 6, "freeing the copy ran %d delete callbacks in all, expected 6", deletes);

  /* Errors: a failing copy callback fails the dup, a failing delete callback the free. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int fails_copy, fails_delete;
  MPI_Comm_create_keyval(failing_copy, MPI_COMM_NULL_DELETE_FN, &fails_copy, NULL);
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, failing_delete, &fails_delete, NULL);
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  MPI_Comm_set_attr(comm, fails_copy, base);
  int code = MPI_Comm_dup(comm, &copy);
  CHECK(code == MPI_ERR_OTHER && copy == MPI_COMM_NULL, "Comm_dup with a failing copy callback returned %d", code);
  MPI_Comm_delete_attr(comm, fails_copy);
  MPI_Comm_set_attr(comm, fails_delete, base);
  deletes_fail = 1;
  code = MPI_Comm_free(&comm);
  CHECK(code == MPI_ERR_ARG && comm != MPI_COMM_NULL, "Comm_free with a failing delete callback returned %d", code);
  deletes_fail = 0; /* the communicator is still there, and now goes */
  code = MPI_Comm_free(&comm);
  CHECK(code == MPI_SUCCESS && comm == MPI_COMM_NULL, "Comm_free after the delete callback stopped failing returned %d",
        code);
  MPI_Comm_free_keyval(&fails_delete);

  expect_error(MPI_Comm_set_attr(MPI_COMM_WORLD, 12345, base), MPI_ERR_KEYVAL, "set_attr with an unknown keyval");
  expect_error(MPI_Comm_set_attr(MPI_COMM_WORLD, MPI_TAG_UB, base), MPI_ERR_KEYVAL, "setting MPI_TAG_UB");
  int type_keyval;
  MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &type_keyval, NULL);
  expect_error(MPI_Comm_set_attr(MPI_COMM_WORLD, type_keyval, base), MPI_ERR_KEYVAL, "a datatype keyval on a comm");
  MPI_Type_free_keyval(&type_keyval);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

  /* The MPI-1 forms. */
  int legacy;
  MPI_Keyval_create(MPI_DUP_FN, MPI_NULL_DELETE_FN, &legacy, NULL);
  MPI_Attr_put(MPI_COMM_WORLD, legacy, base);
  void* value;
  MPI_Attr_get(MPI_COMM_WORLD, legacy, &value, &flag);
  CHECK(flag && value == base, "Attr_get after Attr_put");
  MPI_Attr_delete(MPI_COMM_WORLD, legacy);
  MPI_Keyval_free(&legacy);
  MPI_Comm_free_keyval(&plus_one);
  MPI_Comm_free_keyval(&dup);
}

static int key_a, key_c;

static int delete_others(MPI_Comm comm, int keyval, void* value, void* extra) {
  (void)keyval, (void)value, (void)extra;
  MPI_Comm_delete_attr(comm, key_a);
  MPI_Comm_delete_attr(comm, key_c);
  deletes++;
  return MPI_SUCCESS;
}

/* A delete callback that deletes other attributes of its communicator, on delete and on free. */
static void callbacks_that_delete(void) {
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  int key_b, flag;
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &key_a, NULL);
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_others, &key_b, NULL);
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &key_c, NULL);
  MPI_Comm_set_attr(comm, key_a, NULL);
  MPI_Comm_set_attr(comm, key_b, NULL);
  MPI_Comm_set_attr(comm, key_c, NULL);
  int before = deletes;
  MPI_Comm_delete_attr(comm, key_b);
  CHECK(deletes == before + 3, "deleting one attribute deleted %d", deletes - before);
  get(comm, key_a, &flag);
  CHECK(!flag, "the attribute the callback deleted is still there");
  MPI_Comm_set_attr(comm, key_a, NULL);
  MPI_Comm_set_attr(comm, key_b, NULL);
  MPI_Comm_set_attr(comm, key_c, NULL);
  MPI_Comm_free(&comm); /* c, then b, which deletes a */
  CHECK(deletes == before + 6, "freeing ran %d delete callbacks, expected 3", deletes - before - 3);
  /* Freed twice through copies of the handle while an attribute holds it: tolerated, as MPICH does. */
  MPI_Comm_set_attr(MPI_COMM_SELF, key_a, NULL);
  int still_a = key_a, again = key_a;
  MPI_Comm_free_keyval(&key_a);
  MPI_Comm_free_keyval(&again);
  MPI_Comm_delete_attr(MPI_COMM_SELF, still_a);
  MPI_Comm_free_keyval(&key_b);
  MPI_Comm_free_keyval(&key_c);
}

static void predefined_attributes(int size) {
  int flag, *value;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag);
  CHECK(flag && *value >= 32767, "MPI_TAG_UB: flag %d", flag);
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_HOST, &value, &flag);
  CHECK(flag && *value == MPI_PROC_NULL, "MPI_HOST");
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_IO, &value, &flag);
  CHECK(flag && *value == MPI_ANY_SOURCE, "MPI_IO");
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag);
  /* One process's clock is every rank's; node processes (on other hosts) do not synchronize theirs. */
  const char* node_ranks = getenv("WEFT_NODE_RANKS");
  int one_process = node_ranks == NULL || strchr(node_ranks, ',') == NULL;
  CHECK(flag && *value == one_process, "MPI_WTIME_IS_GLOBAL: %d in a job of %s node processes", flag ? *value : -1,
        one_process ? "one" : "several");
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_UNIVERSE_SIZE, &value, &flag);
  CHECK(flag && *value >= size, "MPI_UNIVERSE_SIZE");
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, &value, &flag);
  CHECK(flag && *value == 0, "MPI_APPNUM");
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &value, &flag);
  CHECK(flag && *value >= MPI_ERR_LASTCODE, "MPI_LASTUSEDCODE");
}

static int type_copies, type_deletes;

static int type_copy(MPI_Datatype type, int keyval, void* extra, void* in, void* out, int* flag) {
  (void)type, (void)keyval, (void)extra;
  type_copies++;
  *(void**)out = in;
  *flag = 1;
  return MPI_SUCCESS;
}

static int type_delete(MPI_Datatype type, int keyval, void* value, void* extra) {
  (void)type, (void)keyval, (void)value, (void)extra;
  type_deletes++;
  return MPI_SUCCESS;
}

static void datatype_attributes(void) {
  int keyval, flag;
  char mark;
  void* value;
  MPI_Type_create_keyval(type_copy, type_delete, &keyval, NULL);
  MPI_Datatype pair, copy;
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_set_attr(pair, keyval, &mark);
  MPI_Type_dup(pair, &copy);
  MPI_Type_get_attr(copy, keyval, &value, &flag);
  CHECK(type_copies == 1 && flag && value == &mark, "Type_dup did not copy the attribute");
  MPI_Type_free(&pair);
  MPI_Type_free(&copy);
  CHECK(type_deletes == 2, "freeing two types ran %d delete callbacks", type_deletes);
  /* Predefined types take attributes too, each rank its own. */
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Type_set_attr(MPI_INT, keyval, (void*)(long)(rank + 1));
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Type_get_attr(MPI_INT, keyval, &value, &flag);
  CHECK(flag && value == (void*)(long)(rank + 1), "MPI_INT's attribute was changed by another rank");
  MPI_Type_delete_attr(MPI_INT, keyval);
  MPI_Type_free_keyval(&keyval);
}

/* Weft acts on no hints: they are accepted and not reported back (MPI-3.1, 6.4.4). */
static void hints(void) {
  MPI_Info info, used;
  MPI_Info_create(&info);
  MPI_Info_set(info, "weft_test_hint", "yes");
  MPI_Comm comm, plain;
  MPI_Comm_dup_with_info(MPI_COMM_WORLD, info, &comm);
  MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &plain);
  MPI_Comm_set_info(comm, info);
  MPI_Comm_get_info(comm, &used);
  int nkeys;
  MPI_Info_get_nkeys(used, &nkeys);
  CHECK(nkeys == 0, "Comm_get_info reported %d hints that Weft ignores", nkeys);
  MPI_Info_free(&used);
  MPI_Info_free(&info);
  MPI_Comm_free(&comm);
  MPI_Comm_free(&plain);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  communicator_attributes();
  callbacks_that_delete();
  predefined_attributes(size);
  datatype_attributes();
  hints();
  int at_finalize;
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, print_at_finalize, &at_finalize, NULL);
  MPI_Comm_set_attr(MPI_COMM_SELF, at_finalize, NULL);
  MPI_Finalize();
  return 0;
}
