#pragma once
// The messages of one-sided communication between node processes (remote_origin.hpp sends them,
// remote_target.cpp handles them): a header, then for an operation on data the target's blocks, then the
// data the target needs (a put's, an accumulate's operand, compare-and-swap's value and comparand).
// Every message that carries a cookie is answered by exactly one reply to its origin rank, which carries
// a status and the data the origin asked for (a get's, an accumulate's previous contents, a granted lock
// carries nothing); post and complete carry no cookie and are not answered.

#include <cstdint>

namespace weft::rma::wire {

enum class message_kind : std::uint8_t {
  put,
  get,
  accumulate,  // with or without a result (get_accumulate, fetch_and_op)
  compare_and_swap,
  lock,  // the target's lock, shared or exclusive (`lock`), granted by the reply
  unlock,
  lock_all,  // lock_all on every target of the receiving node
  unlock_all,
  post,      // `target` (an origin on the receiving node) was posted to by window rank `peer`
  complete,  // window rank `peer` completed its access to `target`
  reply,
};

enum class reply_status : std::int32_t {
  done,
  out_of_range,  // a dynamic window's target bytes are not in memory the target attached
};

struct header {
  message_kind kind;
  std::uint8_t lock;            // lock: 0 shared, 1 exclusive
  std::uint8_t op;              // accumulate: the element operation's kind (element_op::kind)
  std::uint8_t with_result;     // accumulate: whether the previous contents are returned
  std::uint32_t op_code;        // accumulate: the operation and basic type, as the installed decoder reads them
  std::int32_t origin;          // the job rank replies go to
  std::int32_t target;          // the window rank whose memory or state the message is for
  std::int32_t peer;            // post, complete: the window rank of the other side
  std::uint32_t blocks;         // target blocks following the header
  reply_status status;          // reply
  std::uint64_t window;         // the receiving node's window (its address there)
  std::uint64_t cookie;         // the origin's record of what it waits for; 0: no reply
  std::uint64_t bytes;          // data bytes at the target (for compare-and-swap: of one element)
  std::uint64_t result_offset;  // reply: where in the origin's result stream its data goes
  std::int64_t displacement;    // bytes from the target's segment (an address in a dynamic window)
};

// A dense run of target bytes, from the displacement, in the order of the data stream.
struct block {
  std::int64_t offset;
  std::uint64_t length;
};

}  // namespace weft::rma::wire
