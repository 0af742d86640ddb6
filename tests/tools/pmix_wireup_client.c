/* Stands in for the Weft runtime of one node process until that wires itself up: it does what the
 * runtime does through mpirun's PMIx server (Init, Put, Commit, Fence collecting the data, Get of every
 * peer's value, Finalize) and checks every value. Node 0 prints "pmix_wireup_client: ok" at the end.
 *
 * Usage: pmix_wireup_client [--pid-files FOLDER] [--stall-on NODE] [--abort-on NODE STATUS]
 *   --pid-files: after the fence, every node writes its process id to FOLDER/node-N.pid.
 *   --stall-on:  node NODE sleeps after the fence until it is killed (a test kills it from outside and
 *                checks how mpirun ends the job).
 *   --abort-on:  node NODE calls PMIx_Abort(STATUS) after the fence. */
#include <pmix.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char* const key = "weft.test.address";

static int fail(const pmix_proc_t* me, const char* what, pmix_status_t status) {
  fprintf(stderr, "pmix_wireup_client: node %u: %s failed: %s\n", me->rank, what, PMIx_Error_string(status));
  return 1;
}

/* The value node `node` publishes: distinct per node and checkable by every peer. */
static void value_of(unsigned node, char* value, size_t size) { snprintf(value, size, "address-of-node-%u", node); }

int main(int argc, char** argv) {
  long stall_node = -1, abort_node = -1;
  const char* pid_folder = NULL;
  int abort_status = 0;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--pid-files") == 0 && i + 1 < argc) {
      pid_folder = argv[++i];
    } else if (strcmp(argv[i], "--stall-on") == 0 && i + 1 < argc) {
      stall_node = atol(argv[++i]);
    } else if (strcmp(argv[i], "--abort-on") == 0 && i + 2 < argc) {
      abort_node = atol(argv[++i]);
      abort_status = atoi(argv[++i]);
    } else {
      fprintf(stderr, "usage: pmix_wireup_client [--pid-files FOLDER] [--stall-on NODE] [--abort-on NODE STATUS]\n");
      return 2;
    }
  }

  pmix_proc_t me;
  pmix_status_t status = PMIx_Init(&me, NULL, 0);
  if (status != PMIX_SUCCESS) {
    fprintf(stderr, "pmix_wireup_client: PMIx_Init failed: %s\n", PMIx_Error_string(status));
    return 1;
  }

  pmix_proc_t job;
  PMIX_LOAD_PROCID(&job, me.nspace, PMIX_RANK_WILDCARD);
  pmix_value_t* got = NULL;
  status = PMIx_Get(&job, PMIX_JOB_SIZE, NULL, 0, &got);
  if (status != PMIX_SUCCESS) return fail(&me, "PMIx_Get(PMIX_JOB_SIZE)", status);
  unsigned nodes = got->data.uint32;
  PMIX_VALUE_RELEASE(got);
  const char* node_ranks = getenv("WEFT_NODE_RANKS");
  const char* fabric_interface = getenv("FI_TCP_IFACE");
  const char* yield_when_idle = getenv("WEFT_YIELD_WHEN_IDLE");

  char mine[64];
  value_of(me.rank, mine, sizeof mine);
  pmix_value_t value;
  PMIX_VALUE_LOAD(&value, mine, PMIX_STRING);
  if ((status = PMIx_Put(PMIX_GLOBAL, key, &value)) != PMIX_SUCCESS) return fail(&me, "PMIx_Put", status);
  PMIX_VALUE_DESTRUCT(&value);
  if ((status = PMIx_Commit()) != PMIX_SUCCESS) return fail(&me, "PMIx_Commit", status);
  pmix_info_t collect;
  bool yes = true;
  PMIX_INFO_LOAD(&collect, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
  if ((status = PMIx_Fence(NULL, 0, &collect, 1)) != PMIX_SUCCESS) return fail(&me, "PMIx_Fence", status);
  PMIX_INFO_DESTRUCT(&collect);

  int wrong = 0;
  for (unsigned node = 0; node < nodes; ++node) {
    pmix_proc_t peer;
    PMIX_LOAD_PROCID(&peer, me.nspace, node);
    char expected[64];
    value_of(node, expected, sizeof expected);
    if ((status = PMIx_Get(&peer, key, NULL, 0, &got)) != PMIX_SUCCESS)
      return fail(&me, "PMIx_Get of a peer's value", status);
    if (got->type != PMIX_STRING || strcmp(got->data.string, expected) != 0) {
      fprintf(stderr, "pmix_wireup_client: node %u got the wrong value of node %u\n", me.rank, node);
      wrong = 1;
    }
    PMIX_VALUE_RELEASE(got);
  }

  if (pid_folder) {
    char path[4096];
    snprintf(path, sizeof path, "%s/node-%u.pid", pid_folder, me.rank);
    FILE* file = fopen(path, "w");
    if (!file) return fail(&me, "writing the pid file", PMIX_ERROR);
    fprintf(file, "%ld\n", (long)getpid());
    fclose(file);
  }
  if ((long)me.rank == stall_node)
    for (;;) pause();
  if ((long)me.rank == abort_node) PMIx_Abort(abort_status, "the test client aborts", NULL, 0);

  printf("node %u of %u: %u peers checked, WEFT_NODE_RANKS=%s FI_TCP_IFACE=%s WEFT_YIELD_WHEN_IDLE=%s\n", me.rank,
         nodes, nodes, node_ranks ? node_ranks : "(unset)", fabric_interface ? fabric_interface : "(unset)",
         yield_when_idle ? yield_when_idle : "(unset)");
  fflush(stdout);
  if ((status = PMIx_Fence(NULL, 0, NULL, 0)) != PMIX_SUCCESS) return fail(&me, "the last PMIx_Fence", status);
  if (me.rank == 0 && !wrong) printf("pmix_wireup_client: ok\n");
  PMIx_Finalize(NULL, 0);
  return wrong;
}
