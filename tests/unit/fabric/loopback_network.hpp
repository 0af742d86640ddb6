#pragma once
// The network of the fabric tests: the provider FI_PROVIDER names (tcp by default) on the loopback
// interface, so that every byte stays on this machine unless the environment chose otherwise.

#include <cstdlib>

#include "fabric/network.hpp"

namespace weft::fabric {

inline network& loopback_network() {
  // The network hands it on to the net provider, which reads FI_NET_IFACE (network.cpp).
  setenv("FI_TCP_IFACE", "lo", 0);
  static network loopback("127.0.0.1");
  return loopback;
}

}  // namespace weft::fabric
