/* Weft's MPI_T events interface (MPI-4) and two MPI-4.1 calls:
 * - before MPI_T_init_thread the event calls return MPI_T_ERR_NOT_INITIALIZED; after it there are no events
 *   (MPI_T_event_get_num 0; an index, a name, a registration or an instance is invalid, each with its error
 *   class) and one source, the rank's monotonic clock: its name (length query, exact buffer, cut buffer),
 *   ordered, 10^9 ticks per second, an info object, timestamps that never go back; no category holds an
 *   event;
 * - MPI_Status_get_source, _tag and _error read back what MPI_Status_set_* set, and what a receive set;
 * - MPI_Get_hw_resource_info: keys that are URIs, values "true" or "false", one of them true.
 * Weft only: MPICH 4.0.2 has neither MPI-4.1 call. */
#include "../mpi/mpitest.h"

static void events(void) {
  int count = -1;
  CHECK(MPI_T_event_get_num(&count) == MPI_T_ERR_NOT_INITIALIZED, "MPI_T_event_get_num before MPI_T_init_thread");
  int provided;
  MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
  CHECK(MPI_T_event_get_num(&count) == MPI_SUCCESS && count == 0, "MPI_T_event_get_num gave %d", count);
  char name[64];
  int name_len = (int)sizeof name, index = -1;
  CHECK(MPI_T_event_get_info(0, name, &name_len, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL) ==
            MPI_T_ERR_INVALID_INDEX,
        "MPI_T_event_get_info(0) with no events");
  CHECK(MPI_T_event_get_index("no_such_event", &index) == MPI_T_ERR_INVALID_NAME, "MPI_T_event_get_index");
  MPI_T_event_registration registration;
  CHECK(MPI_T_event_handle_alloc(0, NULL, MPI_INFO_NULL, &registration) == MPI_T_ERR_INVALID_INDEX,
        "MPI_T_event_handle_alloc(0)");
  CHECK(MPI_T_event_read(NULL, 0, name) == MPI_T_ERR_INVALID_HANDLE, "MPI_T_event_read of no instance");
  CHECK(MPI_T_category_get_num_events(0, &count) == MPI_T_ERR_INVALID_INDEX, "MPI_T_category_get_num_events(0)");

  CHECK(MPI_T_source_get_num(&count) == MPI_SUCCESS && count == 1, "MPI_T_source_get_num gave %d", count);
  int needed = 0;
  CHECK(MPI_T_source_get_info(0, NULL, &needed, NULL, NULL, NULL, NULL, NULL, NULL) == MPI_SUCCESS &&
            needed == (int)strlen("weft_monotonic_clock") + 1,
        "the source's name length query gave %d", needed);
  char cut[5];
  int cut_len = (int)sizeof cut, desc_len = 0;
  MPI_T_source_order ordering = MPI_T_SOURCE_UNORDERED;
  MPI_Count ticks = 0, max_ticks = 0;
  MPI_Info info = MPI_INFO_NULL;
  name_len = (int)sizeof name;
  MPI_T_source_get_info(0, name, &name_len, NULL, &desc_len, &ordering, &ticks, &max_ticks, &info);
  MPI_T_source_get_info(0, cut, &cut_len, NULL, NULL, NULL, NULL, NULL, NULL);
  CHECK(strcmp(name, "weft_monotonic_clock") == 0 && name_len == needed && strcmp(cut, "weft") == 0 && cut_len == 5 &&
            desc_len > 1,
        "the source is \"%s\" (%d), cut \"%s\" (%d), description length %d", name, name_len, cut, cut_len, desc_len);
  CHECK(ordering == MPI_T_SOURCE_ORDERED && ticks == 1000000000 && max_ticks > 0 && info != MPI_INFO_NULL,
        "the source's ordering %d, %lld ticks a second, max %lld", (int)ordering, (long long)ticks,
        (long long)max_ticks);
  MPI_Info_free(&info);
  MPI_Count before = -1, after = -1;
  MPI_T_source_get_timestamp(0, &before);
  MPI_T_source_get_timestamp(0, &after);
  CHECK(before > 0 && after >= before, "timestamps %lld then %lld", (long long)before, (long long)after);
  CHECK(MPI_T_source_get_info(1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL) == MPI_T_ERR_INVALID_INDEX &&
            MPI_T_source_get_timestamp(-1, &before) == MPI_T_ERR_INVALID_INDEX,
        "a source index past the one source");
  MPI_T_finalize();
}

static void status_fields(int rank, int size) {
  MPI_Status status;
  MPI_Status_set_source(&status, 7);
  MPI_Status_set_tag(&status, 11);
  MPI_Status_set_error(&status, MPI_ERR_TAG);
  int source = -1, tag = -1, error = -1;
  MPI_Status_get_source(&status, &source);
  MPI_Status_get_tag(&status, &tag);
  MPI_Status_get_error(&status, &error);
  CHECK(source == 7 && tag == 11 && error == MPI_ERR_TAG, "set and read back: source %d tag %d error %d", source, tag,
        error);
  int right = (rank + 1) % size, left = (rank + size - 1) % size, out = rank, in = -1;
  MPI_Sendrecv(&out, 1, MPI_INT, right, 5, &in, 1, MPI_INT, left, 5, MPI_COMM_WORLD, &status);
  MPI_Status_get_source(&status, &source);
  MPI_Status_get_tag(&status, &tag);
  CHECK(source == left && tag == 5 && in == left, "a receive's status: source %d tag %d", source, tag);
}

static void hardware(void) {
  MPI_Info info = MPI_INFO_NULL;
  CHECK(MPI_Get_hw_resource_info(&info) == MPI_SUCCESS && info != MPI_INFO_NULL, "MPI_Get_hw_resource_info");
  int keys = 0, restricted = 0;
  MPI_Info_get_nkeys(info, &keys);
  CHECK(keys > 0, "no hardware resources listed");
  for (int k = 0; k < keys; k++) {
    char key[MPI_MAX_INFO_KEY + 1], value[16];
    int length = (int)sizeof value, flag = 0;
    MPI_Info_get_nthkey(info, k, key);
    MPI_Info_get_string(info, key, &length, value, &flag);
    CHECK(strstr(key, "://") != NULL && flag && (strcmp(value, "true") == 0 || strcmp(value, "false") == 0),
          "hardware resource \"%s\" is \"%s\"", key, value);
    restricted += strcmp(value, "true") == 0;
  }
  CHECK(restricted > 0, "the rank is restricted to none of its hardware resources");
  MPI_Info_free(&info);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  events();
  status_fields(rank, size);
  hardware();
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) printf("mpi41_tool_events: ok\n");
  MPI_Finalize();
  return 0;
}
