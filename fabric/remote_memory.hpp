#pragma once
// Memory that endpoints of other processes may read and write with RMA (fi_read, fi_write): registered with
// a domain (domain.hpp), whose endpoints serve it, for as long as this object lives. A peer names it by its
// address and key (what at() returns), sent to it in a message: the rendezvous of large messages reads a
// sender's buffer this way.

#include <rdma/fabric.h>
#include <rdma/fi_domain.h>

#include <cstddef>
#include <cstdint>

#include "fabric/domain.hpp"

namespace weft::fabric {

// Where a peer's registered bytes are, as RMA calls take it.
struct remote_bytes {
  std::uint64_t address;  // a virtual address, or an offset into the region where the provider counts so
  std::uint64_t key;
};

class remote_memory {
 public:
  remote_memory(domain& owner, void* data, std::size_t bytes);

  remote_bytes at(std::size_t offset) const noexcept { return {origin_ + offset, fi_mr_key(region_.get())}; }
  // The local descriptor an operation on this memory passes to the provider.
  void* descriptor() const noexcept { return fi_mr_desc(region_.get()); }

 private:
  std::uint64_t origin_;  // what names the region's first byte: its address (FI_MR_VIRT_ADDR) or 0
  handle<fid_mr> region_;
};

}  // namespace weft::fabric
