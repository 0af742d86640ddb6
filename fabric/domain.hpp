#pragma once
// A libfabric domain of the process's network (network.hpp), with its address vector: one per worker, held
// by the worker's port (worker_port.hpp) and touched by one thread at a time, under the port's link lock
// (node_network.hpp). Memory registered for RMA
// (remote_memory.hpp) belongs to one domain, and that domain's endpoints serve peers' reads of it.
//
// Per worker, not per process: besides keeping workers off each other's provider locks, libfabric 1.17's
// TCP RDM provider (net) deregisters memory without the lock under which it registers memory and looks up
// the keys of arriving reads, so workers sharing a domain corrupt its table of registrations: a peer's read
// then meets "unknown key" and the provider closes the connection (fixed in libfabric 1.18.1).

#include <rdma/fabric.h>
#include <rdma/fi_domain.h>

#include <cstddef>
#include <cstdint>
#include <span>

#include "fabric/handles.hpp"
#include "fabric/network.hpp"

namespace weft::fabric {

class domain {
 public:
  explicit domain(network& net);

  const fi_info& info() const noexcept { return info_; }
  fid_fabric* fabric() const noexcept { return fabric_; }
  fid_domain* get() const noexcept { return domain_.get(); }
  fid_av* addresses() const noexcept { return addresses_.get(); }

  // The key to ask for when registering memory: unique in this domain, unless the provider picks keys itself.
  std::uint64_t requested_key() noexcept;

  // The address by which this domain's endpoints reach the endpoint whose name is `name`. The address vector
  // is a table: the n-th name inserted gets address n, in every domain alike.
  fi_addr_t insert(std::span<const std::byte> name);

 private:
  const fi_info& info_;
  fid_fabric* fabric_;
  handle<fid_domain> domain_;
  handle<fid_av> addresses_;
  std::uint64_t next_key_ = 1;
};

}  // namespace weft::fabric
