#pragma once
// The process's way onto the network: one libfabric provider's fabric, domain and address vector, shared by
// the endpoints of all workers (endpoint.hpp). The provider is the one FI_PROVIDER names, tcp when unset
// (its reliable-datagram form, tcp;ofi_rxm), asked for tagged messages and RMA.
//
// Opening fails only when no provider can serve: the job cannot run across nodes then, so the failure is
// fatal, with the libfabric call, its error and what to set.

#include <rdma/fabric.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fabric/handles.hpp"

namespace weft::fabric {

class network {
 public:
  // Opens the provider for endpoints reachable at `node` (an address of this host, "127.0.0.1" for jobs
  // on one machine).
  explicit network(const char* node);

  const fi_info& info() const noexcept { return *info_; }
  fid_fabric* fabric() const noexcept { return fabric_.get(); }
  fid_domain* domain() const noexcept { return domain_.get(); }
  fid_av* addresses() const noexcept { return addresses_.get(); }

  // The key to ask for when registering memory: unique, unless the provider picks keys itself.
  std::uint64_t requested_key() noexcept;

  // The address by which endpoints of this network reach the endpoint whose name is `name`.
  fi_addr_t insert(std::span<const std::byte> name);

 private:
  info_handle info_;
  handle<fid_fabric> fabric_;
  handle<fid_domain> domain_;
  handle<fid_av> addresses_;
  std::atomic<std::uint64_t> next_key_{1};
};

// Ends the job reporting `call` failed with libfabric error `error` (a negative fi_errno), unless it is 0.
void check(int error, const char* call);

}  // namespace weft::fabric
