/* The wire-up Weft's processes will do under Slurm, with PMIx alone: run by `srun --mpi=pmix -n K`, every
 * process publishes its rank and a string, exchanges them all with one fence that collects the data, and
 * reads its successor's. Rank 0 prints "pmix_wireup: ok" once every process has checked what it read; a
 * failed check prints what went wrong and aborts the whole step through PMIx, so it cannot pass or hang. */
#include <pmix.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pmix_proc_t self;

static void fail(const char* format, ...) {
  char reason[256];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(reason, sizeof reason, format, arguments);
  va_end(arguments);
  fprintf(stderr, "pmix_wireup: rank %u: %s\n", self.rank, reason);
  PMIx_Abort(1, reason, NULL, 0);
  exit(1);
}

static void check_status(pmix_status_t status, const char* call) {
  if (status != PMIX_SUCCESS) fail("%s: %s", call, PMIx_Error_string(status));
}

/* Publishes `data` of `type` under `key` for every process of the job. */
static void put(const char* key, const void* data, pmix_data_type_t type) {
  pmix_value_t value;
  PMIX_VALUE_CONSTRUCT(&value);
  check_status(PMIx_Value_load(&value, data, type), "PMIx_Value_load");
  check_status(PMIx_Put(PMIX_GLOBAL, key, &value), "PMIx_Put");
  PMIX_VALUE_DESTRUCT(&value);
}

/* The value of `key` that process `rank` of this job put, of the type expected. */
static pmix_value_t* get(pmix_rank_t rank, const char* key, pmix_data_type_t type) {
  pmix_proc_t process;
  PMIX_LOAD_PROCID(&process, self.nspace, rank);
  pmix_value_t* value = NULL;
  check_status(PMIx_Get(&process, key, NULL, 0, &value), "PMIx_Get");
  if (value->type != type)
    fail("%s of rank %u has type %s, not %s", key, rank, PMIx_Data_type_string(value->type),
         PMIx_Data_type_string(type));
  return value;
}

static void greeting_of(pmix_rank_t rank, char* greeting, size_t size) {
  snprintf(greeting, size, "hello from rank %u", rank);
}

/* A fence over the whole job; with `collect`, every process gets every other's data at once. */
static void fence(bool collect) {
  pmix_proc_t job;
  PMIX_LOAD_PROCID(&job, self.nspace, PMIX_RANK_WILDCARD);
  pmix_info_t collect_data;
  PMIX_INFO_CONSTRUCT(&collect_data);
  check_status(PMIx_Info_load(&collect_data, PMIX_COLLECT_DATA, &collect, PMIX_BOOL), "PMIx_Info_load");
  check_status(PMIx_Fence(&job, 1, &collect_data, 1), "PMIx_Fence");
  PMIX_INFO_DESTRUCT(&collect_data);
}

int main(void) {
  check_status(PMIx_Init(&self, NULL, 0), "PMIx_Init");

  /* PMIx's rank must be the one Slurm gave the task. */
  const char* procid = getenv("SLURM_PROCID");
  if (!procid || strtoul(procid, NULL, 10) != self.rank) fail("SLURM_PROCID is %s", procid ? procid : "not set");
  pmix_value_t* job_size = get(PMIX_RANK_WILDCARD, PMIX_JOB_SIZE, PMIX_UINT32);
  uint32_t size = job_size->data.uint32;
  PMIX_VALUE_RELEASE(job_size);
  const char* ntasks = getenv("SLURM_NTASKS");
  if (!ntasks || strtoul(ntasks, NULL, 10) != size)
    fail("PMIx's job size is %u, SLURM_NTASKS %s", size, ntasks ? ntasks : "not set");

  put("weft.test.rank", &self.rank, PMIX_UINT32);
  char greeting[64];
  greeting_of(self.rank, greeting, sizeof greeting);
  put("weft.test.greeting", greeting, PMIX_STRING);
  check_status(PMIx_Commit(), "PMIx_Commit");
  fence(true);

  pmix_rank_t peer = (self.rank + 1) % size;
  pmix_value_t* peer_rank = get(peer, "weft.test.rank", PMIX_UINT32);
  if (peer_rank->data.uint32 != peer) fail("rank %u put %u as its rank", peer, peer_rank->data.uint32);
  PMIX_VALUE_RELEASE(peer_rank);
  pmix_value_t* peer_greeting = get(peer, "weft.test.greeting", PMIX_STRING);
  greeting_of(peer, greeting, sizeof greeting);
  if (strcmp(peer_greeting->data.string, greeting) != 0)
    fail("rank %u put \"%s\", not \"%s\"", peer, peer_greeting->data.string, greeting);
  PMIX_VALUE_RELEASE(peer_greeting);

  fence(false);
  if (self.rank == 0) printf("pmix_wireup: ok (%u processes)\n", size);
  check_status(PMIx_Finalize(NULL, 0), "PMIx_Finalize");
  return 0;
}
