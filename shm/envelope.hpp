#pragma once
// What a receive matches on: the communicator's context, the sender's rank in it, and the tag.

#include <cstdint>

namespace weft::shm {

inline constexpr int any_source = -1;
inline constexpr int any_tag = -1;

// Passed by value: it fits two registers, and a copy read from a struct its caller has just written field by
// field stalled the core until its stores drained (a load wider than each store cannot be forwarded).
struct envelope {
  std::uint32_t context;
  int source;
  int tag;
};

// `pattern` may hold wildcards; `message` never does.
inline bool matches(envelope pattern, envelope message) noexcept {
  return pattern.context == message.context && (pattern.source == any_source || pattern.source == message.source) &&
         (pattern.tag == any_tag || pattern.tag == message.tag);
}

}  // namespace weft::shm
