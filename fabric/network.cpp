#include "fabric/network.hpp"

#include <rdma/fi_domain.h>
#include <rdma/fi_errno.h>

#include <cstdlib>
#include <cstring>

#include "runtime/report.hpp"

namespace weft::fabric {

namespace {

// The oldest interface version the calls below need: Debian 12 ships 1.17, clusters newer ones.
constexpr std::uint32_t api_version = FI_VERSION(1, 15);

info_handle query(const char* node) {
  info_handle hints(fi_allocinfo());
  hints->ep_attr->type = FI_EP_RDM;
  hints->caps = FI_MSG | FI_TAGGED | FI_RMA;
  // Operations carry an fi_context the provider may use (psm3 needs it). Each worker drives a domain of its
  // own (domain.hpp); FI_THREAD_DOMAIN, which that would allow, is to be measured against FI_THREAD_SAFE.
  hints->mode = FI_CONTEXT;
  hints->domain_attr->threading = FI_THREAD_SAFE;
  // Registered memory is named by a key the provider picks, and its bytes by their virtual address where
  // the provider asks for that, else by their offset (remote_memory.hpp).
  hints->domain_attr->mr_mode = FI_MR_VIRT_ADDR | FI_MR_ALLOCATED | FI_MR_PROV_KEY;
  const char* provider = std::getenv("FI_PROVIDER");
  hints->fabric_attr->prov_name = strdup(provider != nullptr && *provider != '\0' ? provider : "tcp");
  fi_info* found = nullptr;
  int error = fi_getinfo(api_version, node, nullptr, 0, hints.get(), &found);
  if (error != 0)
    runtime::fatal(1, "no libfabric provider \"%s\" serves reliable datagrams with tagged messages and RMA at %s: "
                      "fi_getinfo: %s (choose another with FI_PROVIDER; fi_info lists them)",
                   hints->fabric_attr->prov_name, node, fi_strerror(-error));
  return info_handle(found);
}

}  // namespace

void check(int error, const char* call) {
  if (error != 0) runtime::fatal(1, "libfabric: %s: %s", call, fi_strerror(error < 0 ? -error : error));
}

network::network(const char* node) : info_(query(node)) {
  fid_fabric* fabric = nullptr;
  check(fi_fabric(info_->fabric_attr, &fabric, nullptr), "fi_fabric");
  fabric_.reset(fabric);
}

}  // namespace weft::fabric
