#include "fabric/domain.hpp"

#include <rdma/fi_errno.h>

namespace weft::fabric {

domain::domain(network& net) : info_(net.info()), fabric_(net.fabric()) {
  fid_domain* opened = nullptr;
  check(fi_domain(fabric_, const_cast<fi_info*>(&info_), &opened, nullptr), "fi_domain");
  domain_.reset(opened);
  fi_av_attr attributes{};
  attributes.type = FI_AV_TABLE;
  fid_av* addresses = nullptr;
  check(fi_av_open(opened, &attributes, &addresses, nullptr), "fi_av_open");
  addresses_.reset(addresses);
}

std::uint64_t domain::requested_key() noexcept {
  if ((info_.domain_attr->mr_mode & FI_MR_PROV_KEY) != 0) return 0;
  return next_key_++;
}

fi_addr_t domain::insert(std::span<const std::byte> name) {
  fi_addr_t address = FI_ADDR_UNSPEC;
  int inserted = fi_av_insert(addresses_.get(), name.data(), 1, &address, 0, nullptr);
  if (inserted != 1) check(inserted < 0 ? inserted : -FI_EINVAL, "fi_av_insert");
  return address;
}

}  // namespace weft::fabric
