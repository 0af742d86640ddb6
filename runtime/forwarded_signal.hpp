#pragma once
// How mpirun hands a signal to a node process on another host: a remote shell passes none (sshd does
// not signal a command without a terminal), so mpirun's PMIx server notifies the job's nodes of this
// event, with the signal's number and the node it is for under these keys, and that node's process
// raises the signal in itself. (The event goes to the whole namespace: Debian's PMIx 4.2 server does not
// deliver an event of a custom range.)

#include <pmix_common.h>

namespace weft {

inline constexpr pmix_status_t forwarded_signal_event = PMIX_EXTERNAL_ERR_BASE - 1;
inline constexpr char forwarded_signal_key[] = "weft.signal";
inline constexpr char forwarded_signal_node_key[] = "weft.signal.node";

}  // namespace weft
