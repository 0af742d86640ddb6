#pragma once
// What MPI keeps per rank that a process-based MPI would keep per process.

#include <mpi.h>

#include <array>
#include <atomic>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "collectives/schedule.hpp"
#include "mpi_api/file_representations.hpp"
#include "mpi_api/handles.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"

namespace weft::mpi {

struct rank_state {
  bool initialized = false;
  bool finalized = false;
  int thread_level = MPI_THREAD_SINGLE;
  weft_comm_s world;  // what MPI_COMM_WORLD stands for on this rank
  weft_comm_s self;   // and MPI_COMM_SELF
  // MPI_Finalize's barrier: the world's members on contexts of their own, so that a rank that skipped one of
  // the world's collectives and went on to finalize is not taken for its missing participant.
  weft_comm_s finalizing;
  // The sessions open on this rank (MPI_Session_init not yet matched by MPI_Session_finalize): MPI is
  // usable while there are some, whether or not MPI_Init was called (sessions.cpp).
  int open_sessions = 0;
  // The world's members on contexts of their own, through which MPI_Comm_create_from_group's members
  // agree on the new communicator's contexts.
  weft_comm_s sessions;
  std::vector<weft_request_s*> orphans;   // freed by MPI_Request_free before their operations completed
  coll::collective_schedule collectives;  // the rank's collectives under way
  int last_used_code = MPI_ERR_LASTCODE;  // the value of the attribute MPI_LASTUSEDCODE points to
  // MPI_FILE_NULL's error handler (held): that of the files the rank opens; MPI_ERRORS_RETURN at first,
  // as MPI-3.1 (13.7) says, so that I/O errors come back to the program.
  MPI_Errhandler file_errhandler = MPI_ERRORS_RETURN;
  // The data representations the rank registered (MPI_Register_datarep), by name.
  std::map<std::string, registered_datarep, std::less<>> datareps;
  // MPI_T_init_thread calls not yet matched by MPI_T_finalize; any thread of the rank may make them.
  std::atomic<int> tool_interface_opens{0};
  // The (point-to-point context, peer, tag, receives) of the rank's partitioned requests (partitioned.cpp).
  std::set<std::tuple<std::uint32_t, int, int, bool>> partitioned_channels;
  // MPI_Type_create_f90_*'s types by (combiner, p, r): made once, never freed (parameterized_types.cpp).
  std::map<std::array<int, 3>, MPI_Datatype> parameterized_types;
};

// Sets up the calling rank's MPI_COMM_WORLD and MPI_COMM_SELF (communicators.cpp).
void initialize_predefined_communicators(rank_state& state, int job_rank);

// Ends the job: the calling thread acts for no rank, which the calls' entry guards rule out (call_guard.hpp).
[[noreturn]] void refuse_call_from_other_thread();

// The calling rank's index in the job (its rank in MPI_COMM_WORLD).
inline int this_rank_id() noexcept {
  runtime::rank* self = runtime::current_rank();
  if (self == nullptr) [[unlikely]]
    refuse_call_from_other_thread();
  return self->id;
}

// The calling rank's state. Inline: a call resolves MPI_COMM_WORLD and checks its state several times.
inline rank_state& this_rank() noexcept {
  static runtime::rank_slots<rank_state> states(initialize_predefined_communicators);
  return states[this_rank_id()];
}

}  // namespace weft::mpi
