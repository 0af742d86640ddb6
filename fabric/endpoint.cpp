#include "fabric/endpoint.hpp"

#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_eq.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>
#include <rdma/fi_tagged.h>

#include "runtime/report.hpp"

namespace weft::fabric {

endpoint::endpoint(domain& owner) : fabric_(owner.fabric()), iov_limit_(owner.info().tx_attr->iov_limit) {
  fi_cq_attr attributes{};
  attributes.format = FI_CQ_FORMAT_TAGGED;
  // Polled by the worker's scheduler loop; its descriptor lets an idle worker sleep until the network has
  // something for it.
  attributes.wait_obj = FI_WAIT_FD;
  fid_cq* completions = nullptr;
  check(fi_cq_open(owner.get(), &attributes, &completions, nullptr), "fi_cq_open");
  completions_.reset(completions);
  check(fi_control(&completions->fid, FI_GETWAIT, &wait_fd_), "fi_control(FI_GETWAIT)");
  fid_ep* ep = nullptr;
  check(fi_endpoint(owner.get(), const_cast<fi_info*>(&owner.info()), &ep, nullptr), "fi_endpoint");
  endpoint_.reset(ep);
  check(fi_ep_bind(ep, &owner.addresses()->fid, 0), "fi_ep_bind (address vector)");
  check(fi_ep_bind(ep, &completions->fid, FI_TRANSMIT | FI_RECV), "fi_ep_bind (completion queue)");
  check(fi_enable(ep), "fi_enable");
}

std::vector<std::byte> endpoint::name() const {
  std::size_t length = 0;
  int error = fi_getname(&endpoint_->fid, nullptr, &length);
  if (error != -FI_ETOOSMALL) check(error, "fi_getname");
  std::vector<std::byte> name(length);
  check(fi_getname(&endpoint_->fid, name.data(), &length), "fi_getname");
  name.resize(length);
  return name;
}

bool endpoint::send(const void* data, std::size_t bytes, fi_addr_t to, std::uint64_t tag, fi_context* context) {
  ssize_t posted = fi_tsend(endpoint_.get(), data, bytes, nullptr, to, tag, context);
  if (posted == -FI_EAGAIN) return false;
  check(static_cast<int>(posted), "fi_tsend");
  return true;
}

bool endpoint::send(const iovec* parts, std::size_t count, fi_addr_t to, std::uint64_t tag, fi_context* context) {
  ssize_t posted = fi_tsendv(endpoint_.get(), parts, nullptr, count, to, tag, context);
  if (posted == -FI_EAGAIN) return false;
  check(static_cast<int>(posted), "fi_tsendv");
  return true;
}

bool endpoint::receive(void* data, std::size_t bytes, fi_addr_t from, std::uint64_t tag, std::uint64_t ignore,
                       fi_context* context) {
  ssize_t posted = fi_trecv(endpoint_.get(), data, bytes, nullptr, from, tag, ignore, context);
  if (posted == -FI_EAGAIN) return false;
  check(static_cast<int>(posted), "fi_trecv");
  return true;
}

bool endpoint::read(void* data, std::size_t bytes, fi_addr_t from, remote_bytes source, fi_context* context) {
  ssize_t posted = fi_read(endpoint_.get(), data, bytes, nullptr, from, source.address, source.key, context);
  if (posted == -FI_EAGAIN) return false;
  check(static_cast<int>(posted), "fi_read");
  return true;
}

bool endpoint::write(const void* data, std::size_t bytes, fi_addr_t to, remote_bytes destination, fi_context* context) {
  ssize_t posted = fi_write(endpoint_.get(), data, bytes, nullptr, to, destination.address, destination.key, context);
  if (posted == -FI_EAGAIN) return false;
  check(static_cast<int>(posted), "fi_write");
  return true;
}

bool endpoint::may_sleep() noexcept {
  fid* waited[] = {&completions_->fid};
  return fi_trywait(fabric_, waited, 1) == FI_SUCCESS;
}

std::size_t endpoint::progress(completion* done, std::size_t room) {
  constexpr std::size_t batch = 16;
  fi_cq_tagged_entry entries[batch];
  ssize_t read = fi_cq_read(completions_.get(), entries, room < batch ? room : batch);
  if (read == -FI_EAGAIN) return 0;
  if (read == -FI_EAVAIL) {
    fi_cq_err_entry failure{};
    fi_cq_readerr(completions_.get(), &failure, 0);
    runtime::fatal(1, "libfabric: an operation failed: %s (%s)", fi_strerror(failure.err),
                   fi_cq_strerror(completions_.get(), failure.prov_errno, failure.err_data, nullptr, 0));
  }
  check(read < 0 ? static_cast<int>(read) : 0, "fi_cq_read");
  for (ssize_t i = 0; i < read; ++i)
    done[i] = {static_cast<fi_context*>(entries[i].op_context), entries[i].len, entries[i].tag};
  return static_cast<std::size_t>(read);
}

}  // namespace weft::fabric
