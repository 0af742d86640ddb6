#pragma once
// Tags of an exchange's messages. They travel on the exchange's own context, so no other message, of the
// user or of another exchange, can match them.

namespace weft::halo::tags {

inline constexpr int commit_request = 0;
inline constexpr int commit_reply = 1;
inline constexpr int step = 2;
inline constexpr int first_copy = 3;  // the copy of the i-th cell a peer reads: first_copy + i

}  // namespace weft::halo::tags
