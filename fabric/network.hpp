#pragma once
// The process's way onto the network: one libfabric provider and its fabric, in which each worker opens a
// domain of its own (domain.hpp). The provider is the one FI_PROVIDER names, else TCP in its native
// reliable-datagram form (net before libfabric 1.18, tcp from it), asked for tagged messages and RMA.
//
// Opening fails only when no provider can serve: the job cannot run across nodes then, so the failure is
// fatal, with the libfabric call, its error and what to set.

#include <rdma/fabric.h>

#include "fabric/handles.hpp"

namespace weft::fabric {

class network {
 public:
  // Opens the provider for endpoints reachable at `node` (an address of this host, "127.0.0.1" for jobs
  // on one machine).
  explicit network(const char* node);

  const fi_info& info() const noexcept { return *info_; }
  fid_fabric* fabric() const noexcept { return fabric_.get(); }

 private:
  info_handle info_;
  handle<fid_fabric> fabric_;
};

// Ends the job reporting `call` failed with libfabric error `error` (a negative fi_errno), unless it is 0.
void check(int error, const char* call);

}  // namespace weft::fabric
