#pragma once
// Collective transfers of a file whose members span nodes and whose nodes' data interleaves in the file:
// two-phase I/O between nodes. The range that
// the transfer's aggregated parts span on all nodes is cut into one file domain per node (io::domain_of),
// and each node's first member moves its node's domain in rounds of the buffer's size. In each round the
// nodes exchange, over the file's leaders communicator, only the bytes that cross domains: for a write,
// each domain's owner gets the runs of every other node's data in its round's range and writes the
// merged image; for a read, it gets the runs each node's parts cover there, reads them all, and sends
// each node its runs' bytes back. A node's own parts are read and filled in place
// (io/collective_buffering.hpp): within the node nothing is shipped.

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "io/view_transfer.hpp"

namespace weft::mpi {

using file_ranges = std::vector<io::transfer_part::file_range>;

// What the nodes' first members learn of each other after the node's first meeting of a collective
// transfer: the file bytes each node's aggregated parts span, by node, and whether any node finds the file
// on a file system that hosts share.
struct node_layout {
  file_ranges ranges;
  bool shared_between_hosts = false;
};
node_layout gather_layout(MPI_File file);

// Whether the nodes' ranges overlap: then a node's data lies between other nodes' and exchanging it pays
// on a file system hosts share, where small interleaved writes of several hosts contend for the same
// blocks (ROMIO's rule for romio_cb_write=automatic, by node). On a local file system the node processes
// are on one host and share its page cache: there exchanging measured 2.7 to 5 x slower than each node
// moving its own data.
bool ranges_interleave(file_ranges ranges);

// By the node's first member, between the node's meetings: the node's share of the exchange, given every
// node's range. The errno met, or 0; the caller reports it on every member.
int exchange_write(MPI_File file, const file_ranges& ranges);
int exchange_read(MPI_File file, const file_ranges& ranges, std::uint64_t end_of_file);

}  // namespace weft::mpi
