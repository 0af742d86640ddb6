// The entry point through which the runtime loads this layer for a job across nodes (runtime/network_module.cpp).

#include "fabric/node_network.hpp"

extern "C" weft::runtime::network_module* weft_fabric_connect(weft::runtime::job* owner) {
  // Lives until the process exits: workers poll it to the end, and ranks that called exit() keep theirs.
  return new weft::fabric::node_network(*owner);
}
