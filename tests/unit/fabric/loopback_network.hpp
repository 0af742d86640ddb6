#pragma once
// The network of the fabric tests: the provider FI_PROVIDER names (tcp by default) on the loopback
// interface, so that every byte stays on this machine unless the environment chose otherwise.

#include <cstdlib>

#include "fabric/network.hpp"

namespace weft::fabric {

inline network& loopback_network() {
  // libfabric 1.17's two TCP providers read their interface from different variables.
  setenv("FI_TCP_IFACE", "lo", 0);
  setenv("FI_NET_IFACE", "lo", 0);
  static network loopback("127.0.0.1");
  return loopback;
}

}  // namespace weft::fabric
