// Starting and ending MPI on a rank, and the calls about the environment.

#include "mpi_api/environment.hpp"

#include <hwloc.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "collectives/blocking_collectives.hpp"
#include "mpi_api/attributes.hpp"
#include "mpi_api/buffered_sends.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/requests.hpp"
#include "mpi_api/wait_sites.hpp"
#include "runtime/job.hpp"
#include "runtime/report.hpp"
#include "shm/matching_engine.hpp"
#include "shm/ownership_passing.hpp"

using namespace weft::mpi;

namespace {

int initialize(const char* call, int required, int* provided) {
  rank_state& state = this_rank();
  if (state.initialized)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_OTHER, call,
                       state.finalized ? "called after MPI_Finalize" : "MPI is already initialized on this rank");
  int level = prepare_rank(required);
  state.initialized = true;
  if (provided != nullptr) *provided = level;
  return MPI_SUCCESS;
}

}  // namespace

int weft::mpi::prepare_rank(int required) {
  rank_state& state = this_rank();
  // The threads a rank starts may call MPI (call_guard.hpp), on one node or across nodes, where a thread
  // that waits moves its rank's worker's part of the network itself (runtime::progress_network). A level
  // once given stays: a session or MPI_Init asking for less does not take it from the others.
  state.thread_level = std::max(state.thread_level, std::clamp(required, MPI_THREAD_SINGLE, MPI_THREAD_MULTIPLE));
  if (state.thread_level >= MPI_THREAD_SERIALIZED)
    weft::runtime::current_rank()->threads_call_mpi.store(true, std::memory_order_relaxed);
  // The matching engines are made by their first user. Made here, they never make a rank's first message
  // wait for another rank's initialization, a wait that changes the rank's errno.
  weft::shm::engine_of(this_rank_id());
  describe_communicators_for_reports();
  return state.thread_level;
}

void weft::mpi::refuse_call_from_other_thread() {
  weft::runtime::fatal(1,
                       "MPI state used from a thread that acts for no rank: an MPI call without its entry guard "
                       "(mpi_api/call_guard.hpp)");
}

WEFT_PMPI_ALIAS(Init_thread)
extern "C" int PMPI_Init_thread(int*, char***, int required, int* provided) {
  const call_guard guard(WEFT_CALL_NAME);
  return initialize(WEFT_CALL_NAME, required, provided);
}

WEFT_PMPI_ALIAS(Init)
extern "C" int PMPI_Init(int*, char***) {
  const call_guard guard(WEFT_CALL_NAME);
  return initialize(WEFT_CALL_NAME, MPI_THREAD_SINGLE, nullptr);
}

WEFT_PMPI_ALIAS(Initialized)
extern "C" int PMPI_Initialized(int* flag) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (int error = check_output(WEFT_CALL_NAME, MPI_COMM_WORLD, flag, "flag")) return error;
  *flag = this_rank().initialized;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Finalized)
extern "C" int PMPI_Finalized(int* flag) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (int error = check_output(WEFT_CALL_NAME, MPI_COMM_WORLD, flag, "flag")) return error;
  *flag = this_rank().finalized;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Finalize)
extern "C" int PMPI_Finalize(void) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  // MPI-3.1, 8.7.1: MPI_COMM_SELF's attributes are deleted first, as if it were freed, so that libraries
  // can hook their cleanup there; then MPI_COMM_WORLD's.
  if (int error = delete_attributes(call, MPI_COMM_SELF, MPI_COMM_SELF, resolve(MPI_COMM_SELF)->attributes))
    return error;
  if (int error = delete_attributes(call, MPI_COMM_WORLD, MPI_COMM_WORLD, resolve(MPI_COMM_WORLD)->attributes))
    return error;
  complete_orphans(call);
  complete_buffered_sends();
  weft::shm::reclaim_given_copies(true);
  // A rank leaves only when every rank of its node has arrived: buffers of late peers may still be read from
  // it in place. Across nodes, node processes wait for each other when their ranks are done (runtime/job.cpp).
  record_collective_wait(call, *resolve(MPI_COMM_WORLD));
  wait_recorded recorded;
  weft::coll::barrier(node_view(this_rank().finalizing));
  this_rank().finalized = true;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Query_thread)
extern "C" int PMPI_Query_thread(int* provided) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (int error = check_ready(WEFT_CALL_NAME, MPI_COMM_WORLD)) return error;
  *provided = this_rank().thread_level;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Is_thread_main)
extern "C" int PMPI_Is_thread_main(int* flag) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);
  if (int error = check_ready(WEFT_CALL_NAME, MPI_COMM_WORLD)) return error;
  *flag = weft::runtime::this_thread::worker != nullptr;  // the rank's fiber is its main thread
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Abort)
extern "C" int PMPI_Abort(MPI_Comm comm, int errorcode) {
  const call_guard guard(WEFT_CALL_NAME, call_guard::query);  // from any thread: it ends the job
  const char* name = is_communicator(comm) ? display_name(*resolve(comm)) : "an invalid communicator";
  weft::runtime::fatal(errorcode, "rank %d called MPI_Abort(%s, %d); ending the job", this_rank_id(), name, errorcode);
}

WEFT_PMPI_ALIAS(Wtime)
extern "C" double PMPI_Wtime(void) {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

WEFT_PMPI_ALIAS(Wtick)
extern "C" double PMPI_Wtick(void) {
  timespec resolution;
  clock_getres(CLOCK_MONOTONIC, &resolution);
  return static_cast<double>(resolution.tv_sec) + 1e-9 * static_cast<double>(resolution.tv_nsec);
}

WEFT_PMPI_ALIAS(Get_processor_name)
extern "C" int PMPI_Get_processor_name(char* name, int* resultlen) {
  const call_guard guard(WEFT_CALL_NAME);
  if (gethostname(name, MPI_MAX_PROCESSOR_NAME) != 0) std::snprintf(name, MPI_MAX_PROCESSOR_NAME, "localhost");
  name[MPI_MAX_PROCESSOR_NAME - 1] = '\0';
  *resultlen = static_cast<int>(std::char_traits<char>::length(name));
  return MPI_SUCCESS;
}

// MPI-4.1: the hardware the rank is restricted to, named as hwloc names it. A rank's fiber runs on one
// worker, but the threads it starts (OpenMP teams) run on the node's other cores: it is restricted to the
// machine, not to a core or a package.
WEFT_PMPI_ALIAS(Get_hw_resource_info)
extern "C" int PMPI_Get_hw_resource_info(MPI_Info* hw_info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, hw_info, "hw_info")) return error;
  auto* info = new weft_info_s;
  info->entries.emplace_back("hwloc://Machine:0", "true");
  *hw_info = info;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Alloc_mem)
extern "C" int PMPI_Alloc_mem(MPI_Aint size, MPI_Info, void* baseptr) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, MPI_COMM_WORLD)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, baseptr, "baseptr")) return error;
  if (size < 0) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "negative size %td", size);
  // No info key changes where memory comes from: all of a node's memory is shared by its ranks already.
  void* memory = std::aligned_alloc(64, (static_cast<std::size_t>(size) + 63) & ~std::size_t{63});
  if (memory == nullptr && size > 0)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_NO_MEM, call, "cannot allocate %td bytes", size);
  *static_cast<void**>(baseptr) = memory;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Free_mem)
extern "C" int PMPI_Free_mem(void* base) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_ready(WEFT_CALL_NAME, MPI_COMM_WORLD)) return error;
  std::free(base);
  return MPI_SUCCESS;
}

// Weft records no profile of its own for MPI_Pcontrol to steer; profiling libraries intercept the call.
WEFT_PMPI_ALIAS(Pcontrol)
extern "C" int PMPI_Pcontrol(const int, ...) {
  const call_guard guard(WEFT_CALL_NAME);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Get_version)
extern "C" int PMPI_Get_version(int* version, int* subversion) {
  *version = MPI_VERSION;
  *subversion = MPI_SUBVERSION;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Get_library_version)
extern "C" int PMPI_Get_library_version(char* version, int* resultlen) {
  unsigned hwloc = hwloc_get_api_version();
  int length = std::snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING, "Weft %s (MPI %d.%d, hwloc %u.%u.%u)",
                             WEFT_VERSION, MPI_VERSION, MPI_SUBVERSION, hwloc >> 16, (hwloc >> 8) & 0xff, hwloc & 0xff);
  *resultlen = std::min(length, MPI_MAX_LIBRARY_VERSION_STRING - 1);
  return MPI_SUCCESS;
}
