/* Info objects: keys in the order set, overwrite in place, truncated gets, dup independence, and wrong
 * input under MPI_ERRORS_RETURN; then MPI_Alloc_mem/MPI_Free_mem, MPI_Pcontrol and MPI_Status_set_cancelled. */
#include "mpitest.h"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Info info, copy;
  MPI_Info_create(&info);
  char rank_text[16];
  snprintf(rank_text, sizeof rank_text, "%d", rank);
  MPI_Info_set(info, "alpha", "1");
  MPI_Info_set(info, "beta", "two words");
  MPI_Info_set(info, "rank", rank_text);
  MPI_Info_set(info, "alpha", "one"); /* overwrite keeps the key's place */
  int nkeys = -1, flag = 0, length = -1;
  MPI_Info_get_nkeys(info, &nkeys);
  CHECK(nkeys == 3, "%d keys, expected 3", nkeys);
  const char* order[] = {"alpha", "beta", "rank"};
  char key[MPI_MAX_INFO_KEY], value[MPI_MAX_INFO_VAL];
  for (int i = 0; i < 3; i++) {
    MPI_Info_get_nthkey(info, i, key);
    CHECK(strcmp(key, order[i]) == 0, "key %d is \"%s\", expected \"%s\"", i, key, order[i]);
  }
  MPI_Info_get(info, "alpha", MPI_MAX_INFO_VAL - 1, value, &flag);
  CHECK(flag && strcmp(value, "one") == 0, "alpha is \"%s\" (flag %d)", value, flag);
  MPI_Info_get(info, "beta", 3, value, &flag); /* 3 characters and the terminator */
  CHECK(flag && strcmp(value, "two") == 0, "beta cut to 3 is \"%s\"", value);
  MPI_Info_get_valuelen(info, "beta", &length, &flag);
  CHECK(flag && length == 9, "the value of beta has length %d", length);
  MPI_Info_get(info, "gamma", MPI_MAX_INFO_VAL - 1, value, &flag);
  CHECK(!flag, "a missing key was found");
  MPI_Info_get(info, "rank", MPI_MAX_INFO_VAL - 1, value, &flag);
  CHECK(flag && strcmp(value, rank_text) == 0, "rank is \"%s\": info objects are shared between ranks", value);

  MPI_Info_dup(info, &copy);
  MPI_Info_delete(info, "beta");
  MPI_Info_get_nkeys(info, &nkeys);
  MPI_Info_get_nthkey(info, 1, key);
  CHECK(nkeys == 2 && strcmp(key, "rank") == 0, "after delete: %d keys, second \"%s\"", nkeys, key);
  MPI_Info_get_nkeys(copy, &nkeys);
  CHECK(nkeys == 3, "the dup lost a key when the original did (%d keys)", nkeys);

  MPI_Info_get_nkeys(MPI_INFO_ENV, &nkeys);
  CHECK(nkeys >= 0, "MPI_INFO_ENV has %d keys", nkeys);

  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  expect_error(MPI_Info_set(info, "", "x"), MPI_ERR_INFO_KEY, "Info_set with an empty key");
  char long_key[MPI_MAX_INFO_KEY + 2];
  memset(long_key, 'k', sizeof long_key - 1);
  long_key[sizeof long_key - 1] = '\0';
  expect_error(MPI_Info_set(info, long_key, "x"), MPI_ERR_INFO_KEY, "Info_set with a key too long");
  expect_error(MPI_Info_delete(info, "beta"), MPI_ERR_INFO_NOKEY, "Info_delete of a missing key");
  expect_error(MPI_Info_get_nthkey(info, 2, key), MPI_ERR_ARG, "Info_get_nthkey past the end");
  expect_error(MPI_Info_set(MPI_INFO_NULL, "a", "b"), MPI_ERR_INFO, "Info_set on MPI_INFO_NULL");
  expect_error(MPI_Info_set(MPI_INFO_ENV, "a", "b"), MPI_ERR_INFO, "Info_set on MPI_INFO_ENV");
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Info_free(&info);
  MPI_Info_free(&copy);
  CHECK(info == MPI_INFO_NULL && copy == MPI_INFO_NULL, "Info_free did not set the handles to MPI_INFO_NULL");

  /* Memory from MPI_Alloc_mem is usable and aligned. */
  double* memory = NULL;
  MPI_Alloc_mem(1000 * sizeof(double), MPI_INFO_NULL, &memory);
  CHECK(memory != NULL && ((size_t)memory % 64) == 0, "MPI_Alloc_mem gave %p", (void*)memory);
  for (int i = 0; i < 1000; i++) memory[i] = i;
  MPI_Free_mem(memory);
  CHECK(MPI_Pcontrol(1) == MPI_SUCCESS, "MPI_Pcontrol failed");

  MPI_Status status;
  MPI_Status_set_cancelled(&status, 1);
  MPI_Test_cancelled(&status, &flag);
  CHECK(flag, "MPI_Status_set_cancelled(1) is not seen by MPI_Test_cancelled");
  MPI_Status_set_cancelled(&status, 0);
  MPI_Test_cancelled(&status, &flag);
  CHECK(!flag, "MPI_Status_set_cancelled(0) is not seen by MPI_Test_cancelled");
  report_ok("info");
  MPI_Finalize();
  return 0;
}
