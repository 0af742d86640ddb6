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

// What fi_getinfo finds of `provider` (a name as FI_PROVIDER takes it) at `node`, into `found`; its error.
int find_provider(const char* provider, const char* node, info_handle& found) {
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
  hints->fabric_attr->prov_name = strdup(provider);
  fi_info* list = nullptr;
  int error = fi_getinfo(api_version, node, nullptr, 0, hints.get(), &list);
  found.reset(list);
  return error;
}

// The provider FI_PROVIDER names, else reliable datagrams over TCP in the provider's native form. libfabric
// 1.15 to 1.17 has that as "net", its "tcp" being connection-oriented there and reaching datagrams only
// under ofi_rxm (1.18 made net the tcp provider): net took 6-7 us for a 0-byte message one way on loopback
// where tcp;ofi_rxm took 9-10, and 16 MB per node process where rxm's buffers made 173. net reads its
// interface from FI_NET_IFACE when libfabric starts, at the first fi_getinfo: FI_TCP_IFACE (which mpirun
// sets) names it unless the user set that one.
info_handle query(const char* node) {
  const char* chosen = std::getenv("FI_PROVIDER");
  info_handle found;
  if (chosen == nullptr || *chosen == '\0') {
    if (const char* interface = std::getenv("FI_TCP_IFACE")) ::setenv("FI_NET_IFACE", interface, 0);
    if (find_provider("net", node, found) == 0) return found;
    chosen = "tcp";
  }
  if (int error = find_provider(chosen, node, found); error != 0)
    runtime::fatal(1,
                   "no libfabric provider \"%s\" serves reliable datagrams with tagged messages and RMA%s%s: "
                   "fi_getinfo: %s (choose another with FI_PROVIDER; fi_info lists them)",
                   chosen, node != nullptr ? " at " : "", node != nullptr ? node : "", fi_strerror(-error));
  return found;
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
