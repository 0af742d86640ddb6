#pragma once
// Collective transfers of a file whose members span nodes: two-phase I/O between nodes. The range that
// the transfer's aggregated parts span on all nodes is cut into one file domain per node (io::domain_of),
// and each node's first member moves its node's domain in rounds of the buffer's size. In each round the
// nodes exchange, over the file's leaders communicator, only the bytes that cross domains: for a write,
// each domain's owner gets the runs of every other node's data in its round's range and writes the
// merged image; for a read, it gets the runs each node's parts cover there, reads them all, and sends
// each node its runs' bytes back. A node's own parts are read and filled in place
// (io/collective_buffering.hpp): within the node nothing is shipped.

#include <mpi.h>

#include <cstdint>

namespace weft::mpi {

// By the node's first member, between the node's two meetings of a collective transfer: the node's share
// of the exchange. The errno met, or 0; the caller reports it on every member.
int exchange_write(MPI_File file);
int exchange_read(MPI_File file, std::uint64_t end_of_file);

}  // namespace weft::mpi
