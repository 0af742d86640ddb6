#include "fabric/remote_memory.hpp"

namespace weft::fabric {

remote_memory::remote_memory(domain& owner, void* data, std::size_t bytes)
    : origin_((owner.info().domain_attr->mr_mode & FI_MR_VIRT_ADDR) != 0 ? reinterpret_cast<std::uint64_t>(data) : 0) {
  fid_mr* region = nullptr;
  check(fi_mr_reg(owner.get(), data, bytes, FI_REMOTE_READ | FI_REMOTE_WRITE | FI_READ | FI_WRITE, 0,
                  owner.requested_key(), 0, &region, nullptr),
        "fi_mr_reg");
  region_.reset(region);
}

}  // namespace weft::fabric
