#pragma once
// libfabric objects as owned handles: each closes its fid (or frees its fi_info) when it goes, so a layer
// that opens several of them in order never leaks one on an early return.

#include <rdma/fabric.h>

#include <memory>

namespace weft::fabric {

template <class Fid>
struct fid_closer {
  void operator()(Fid* object) const noexcept { fi_close(&object->fid); }
};

template <class Fid>
using handle = std::unique_ptr<Fid, fid_closer<Fid>>;

struct info_freer {
  void operator()(fi_info* info) const noexcept { fi_freeinfo(info); }
};

using info_handle = std::unique_ptr<fi_info, info_freer>;

}  // namespace weft::fabric
