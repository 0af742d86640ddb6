#include "mpi_api/not_implemented.hpp"

#include "mpi_api/errors.hpp"

namespace weft::mpi {

int report_not_implemented(const char* call) {
  return raise_error(MPI_COMM_WORLD, MPI_ERR_OTHER, call,
                     "%s is not implemented in Weft yet (docs/mpi-coverage.md lists what is missing)", call);
}

}  // namespace weft::mpi
