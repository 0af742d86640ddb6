#pragma once
// A reliable-datagram endpoint of a domain (domain.hpp) with its own completion queue: one per worker, so
// that no lock of the process is on the path of a send. Tagged sends and receives, RMA reads and writes
// are posted with an fi_context owned by the caller until the operation completes; progress() reads the completions
// (libfabric's manual progress: nothing moves unless someone polls).

#include <rdma/fabric.h>
#include <rdma/fi_endpoint.h>
#include <sys/uio.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fabric/domain.hpp"
#include "fabric/remote_memory.hpp"

namespace weft::fabric {

// A finished operation: its context, and for a receive the bytes and the tag that arrived.
struct completion {
  fi_context* context;
  std::size_t bytes;
  std::uint64_t tag;
};

class endpoint {
 public:
  explicit endpoint(domain& owner);

  // What other endpoints insert (domain::insert) to reach this one.
  std::vector<std::byte> name() const;

  // Post a tagged send or receive; false when the provider has no room now (progress, then post again).
  // A receive matches tags equal to `tag` in the bits `ignore` leaves out.
  [[nodiscard]] bool send(const void* data, std::size_t bytes, fi_addr_t to, std::uint64_t tag, fi_context* context);
  // A send of `count` parts gathered into one message, at most iov_limit() of them.
  [[nodiscard]] bool send(const iovec* parts, std::size_t count, fi_addr_t to, std::uint64_t tag, fi_context* context);
  std::size_t iov_limit() const noexcept { return iov_limit_; }
  [[nodiscard]] bool receive(void* data, std::size_t bytes, fi_addr_t from, std::uint64_t tag, std::uint64_t ignore,
                             fi_context* context);

  // RMA: reads `bytes` of a peer's registered memory into `data`, or writes `data` there; false when the
  // provider has no room now. Completions come as those of sends do (bytes and tag 0).
  [[nodiscard]] bool read(void* data, std::size_t bytes, fi_addr_t from, remote_bytes source, fi_context* context);
  [[nodiscard]] bool write(const void* data, std::size_t bytes, fi_addr_t to, remote_bytes destination,
                           fi_context* context);

  // Reads up to `room` completions into `done`; returns how many. An operation that failed ends the job
  // with the provider's reason.
  std::size_t progress(completion* done, std::size_t room);

  // A file descriptor that becomes readable when a completion may be waiting, for a worker that sleeps.
  int wait_fd() const noexcept { return wait_fd_; }
  // Whether the caller may sleep on wait_fd() now: false when completions are already there to be read.
  bool may_sleep() noexcept;

 private:
  fid_fabric* fabric_;
  handle<fid_cq> completions_;
  handle<fid_ep> endpoint_;
  int wait_fd_ = -1;
  std::size_t iov_limit_;
};

}  // namespace weft::fabric
