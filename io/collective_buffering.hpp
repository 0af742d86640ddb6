#pragma once
// Collective transfers of a file's members on one node (two-phase I/O without the first phase's
// messages). Each member publishes its part; after the members met, a few of them, the aggregators,
// split the file range the parts span into one domain each and move their domain in ranges of the
// buffer's size, reading or filling every member's memory in place (view_transfer.hpp); after they meet
// again, each member reads the aggregators' outcome. A large part that is one stretch of the file and of
// memory is moved by its own member meanwhile, straight between them: a copy through a buffer would only
// add work (ROMIO likewise leaves accesses that do not interleave to independent I/O). The meetings are
// the caller's (a barrier of the node's members): this object holds what they share in between.
//
// When the file's members span nodes and the nodes' data interleaves in the file, it meets in file domains
// of one node each instead (mpi_api/file_domains.cpp): each member moves its own large part as here, and
// the node's first member exchanges the rest with the other nodes, reading the node's parts in place
// through this object. Otherwise each node moves its own members' data.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "io/posix_file.hpp"
#include "io/view_transfer.hpp"

namespace weft::io {

// Range [first, last) cut in `count` domains of nearly even size beginning on 1 MiB boundaries (so that two
// domains never share a file system block, or a stripe of a parallel file system's default size): the
// bounds of domain `index` (empty for some when the range is small).
transfer_part::file_range domain_of(std::uint64_t first, std::uint64_t last, std::size_t count, std::size_t index);

class collective_buffering {
 public:
  // `aggregators`: the members (indexes among the node's members of the file) that move data, in order.
  collective_buffering(int members, std::vector<int> aggregators, std::size_t buffer_bytes);

  // Before the first meeting: member `member`'s part of this transfer (empty to take part with nothing);
  // `together`: aggregated whatever its shape (atomic mode, where a member's own write could interleave
  // with an aggregator's).
  void publish(int member, const transfer_part& part, bool together);

  // Between the meetings: the share of `member`, its own part if it moves it itself and a domain if it
  // aggregates. A read moves the bytes below `end_of_file`, the size every member sees.
  void write_share(int member, const posix_file& file, staging_buffer& staging);
  void read_share(int member, const posix_file& file, std::uint64_t end_of_file, staging_buffer& staging);

  // Between the meetings, when the members span nodes: member `member`'s own part if it moves it itself.
  void write_alone(int member, const posix_file& file);
  void read_alone(int member, const posix_file& file, std::uint64_t end_of_file);
  // The file bytes the parts aggregated this time span, and those of them whose data lies in [first, last).
  transfer_part::file_range aggregated_range() const noexcept;
  std::vector<transfer_part> parts_in(std::uint64_t first, std::uint64_t last) const;
  // What the exchange between nodes met (errno), reported by error() with the others.
  void set_exchange_error(int error) noexcept { exchange_error_ = error; }
  // Whether this transfer goes through the nodes' file domains: decided by the node's first member,
  // read by the others after a meeting.
  void set_through_domains(bool through) noexcept { through_domains_ = through; }
  bool through_domains() const noexcept { return through_domains_; }

  // After the second meeting: the first error a member met (errno), or 0.
  int error() const noexcept;

  // Parts from this many bytes on, one stretch of file and memory, are moved by their members.
  static constexpr std::uint64_t moved_alone_from = 256 << 10;

  std::size_t buffer_bytes() const noexcept { return buffer_bytes_; }
  int aggregator_count() const noexcept { return static_cast<int>(aggregators_.size()); }

 private:
  struct slot {
    transfer_part part;
    transfer_part::file_range range;
    bool alone = false;  // moved by its member
    int error = 0;       // what the member met moving it
  };
  template <class Move>
  void each_range(int member, staging_buffer& staging, Move move);

  std::vector<slot> slots_;
  std::vector<int> aggregators_;
  std::vector<int> errors_;  // per aggregator, this transfer's
  std::size_t buffer_bytes_;
  int exchange_error_ = 0;
  bool through_domains_ = false;
};

}  // namespace weft::io
