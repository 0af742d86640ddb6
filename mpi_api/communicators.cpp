// MPI_COMM_WORLD, MPI_COMM_SELF and the calls that ask them who is there.

#include "mpi_api/checks.hpp"
#include "mpi_api/communicators.hpp"
#include "mpi_api/pmpi.hpp"

// Contexts come in pairs: even for point-to-point, odd for the communicator's collectives.
weft_comm_s weft_mpi_comm_world{"MPI_COMM_WORLD", 0, false};
weft_comm_s weft_mpi_comm_self{"MPI_COMM_SELF", 2, true};

using namespace weft::mpi;

WEFT_PMPI_ALIAS(Comm_rank)
extern "C" int PMPI_Comm_rank(MPI_Comm comm, int* rank) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, rank, "rank")) return error;
  *rank = comm_rank(comm);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_size)
extern "C" int PMPI_Comm_size(MPI_Comm comm, int* size) {
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, size, "size")) return error;
  *size = comm_size(comm);
  return MPI_SUCCESS;
}
