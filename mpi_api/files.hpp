#pragma once
// An open file as one of its members sees it (MPI-3.1, chapter 13). What the members on one node share
// (the descriptor, the shared file pointer, the state of collective transfers) is the io::node_file; this
// object holds what MPI keeps per process: the view, the individual file pointer, the error handler, the
// hints, the atomic mode and a split collective under way.

#include <mpi.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/collective_buffering.hpp"
#include "io/file_view.hpp"
#include "io/posix_file.hpp"
#include "io/view_transfer.hpp"
#include "mpi_api/errors.hpp"
#include "mpi_api/file_representations.hpp"
#include "mpi_api/handles.hpp"

namespace weft::mpi {

// What the members of an open file on one node share; made by the first of them, which opened the file.
struct node_file : std::enable_shared_from_this<node_file> {
  node_file(io::posix_file opened, int members, std::vector<int> aggregators, std::size_t buffer_bytes)
      : file(std::move(opened)),
        buffering(members, std::move(aggregators), buffer_bytes),
        hosts_share_it(file.shared_between_hosts()) {}
  io::posix_file file;
  io::collective_buffering buffering;
  // Whether the file lives on a file system several hosts share (file_domains.hpp).
  const bool hosts_share_it;
  // The shared file pointer when the file's members are all on this node (file_pointers.hpp).
  std::atomic<MPI_Offset> shared_position{0};
  // Atomic mode (MPI_File_set_atomicity): an independent transfer holds this lock, against the node's
  // other members, and a lock of the file's bytes it touches, against other nodes'. Its holder (a rank, or
  // the transfer thread for a nonblocking transfer) makes no MPI call and never leaves its thread meanwhile,
  // so blocking a worker on it cannot deadlock.
  std::mutex atomic_transfers;
};

}  // namespace weft::mpi

namespace weft::mpi {

// When the members span nodes, whether collective transfers go through the nodes' file domains
// (file_domains.hpp): ROMIO's hints romio_cb_write and romio_cb_read. Automatic: in atomic mode, and when
// the nodes' data interleaves in a file on a file system that hosts share.
enum class domain_exchange { automatic, enable, disable };

}  // namespace weft::mpi

struct weft_file_s : weft::mpi::object_header {
  weft_file_s() noexcept : object_header(weft::mpi::object_kind::file) {}
  ~weft_file_s();
  weft_file_s(const weft_file_s&) = delete;
  weft_file_s& operator=(const weft_file_s&) = delete;

  std::string path;
  int amode = 0;
  // The opening communicator's members on a context of the file's own, for its collective calls, and
  // those of them on this node (both held).
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm node = MPI_COMM_NULL;
  // When the members span nodes: the first member of each node, which exchange the data of collective
  // transfers (file_domains.hpp); MPI_COMM_NULL on the others (held).
  MPI_Comm leaders = MPI_COMM_NULL;
  std::shared_ptr<weft::mpi::node_file> shared;
  MPI_Errhandler errhandler = MPI_ERRORS_RETURN;  // held
  // The shared file pointer's window when the members span nodes (file_pointers.hpp).
  MPI_Win shared_pointer = MPI_WIN_NULL;
  std::vector<std::pair<std::string, std::string>> hints;
  bool atomic = false;
  weft::mpi::domain_exchange exchange_writes = weft::mpi::domain_exchange::automatic;
  weft::mpi::domain_exchange exchange_reads = weft::mpi::domain_exchange::automatic;

  // The view (MPI_File_set_view): byte displacement, etype and filetype (held), data representation. In
  // a converting representation `view` holds the etypes densely, `etype_file_bytes` each.
  weft::io::file_view view;
  MPI_Datatype etype = MPI_BYTE;
  MPI_Datatype filetype = MPI_BYTE;
  std::string datarep = "native";
  weft::mpi::file_representation representation;
  std::size_t etype_file_bytes = 1;
  MPI_Offset position = 0;  // the individual file pointer, in etypes of the view

  weft::io::staging_buffer staging;
  // On a node's first member, when the members span nodes: the image of the other nodes' ranges in a round
  // of the exchange through file domains (file_domains.hpp), kept between transfers as `staging` is.
  weft::io::staging_buffer exchange_staging;
  // A split collective begun and not yet ended (MPI-3.1, 13.4.5): its begin call's name, its buffer and
  // the status its end reports; the transfer is done by the begin call.
  struct split_collective {
    const char* call;
    const void* buffer;
    MPI_Status status;
  };
  std::optional<split_collective> split;
  // The member's nonblocking transfers whose data is still moving (file_data_access.cpp).
  std::atomic<int> transfers_under_way{0};
};

namespace weft::mpi {

// What a file request reports when it completes (MPI_Wait, MPI_Test ...): `status` counts the bytes moved;
// the error that stopped the transfer, if any, goes to its file's handler.
int transfer_outcome(const file_transfer& transfer, MPI_Status* status, const char* call);

// Waits until the member's nonblocking transfers on `file` have moved their data: the calls that change the
// file or its view, or end it, do so first, so that no transfer runs under them.
void finish_transfers(MPI_File file);

}  // namespace weft::mpi
