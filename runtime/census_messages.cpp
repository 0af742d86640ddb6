#include "runtime/census_messages.hpp"

#include <cstring>
#include <type_traits>

namespace weft::runtime {
namespace {

class writer {
 public:
  template <class T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* bytes = reinterpret_cast<const std::byte*>(&value);
    out_.insert(out_.end(), bytes, bytes + sizeof value);
  }
  std::vector<std::byte> take() { return std::move(out_); }

 private:
  std::vector<std::byte> out_;
};

class reader {
 public:
  explicit reader(std::span<const std::byte> in) : in_(in) {}
  // False (and `value` untouched) past the end.
  template <class T>
  bool get(T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    if (in_.size() < sizeof value) return false;
    std::memcpy(&value, in_.data(), sizeof value);
    in_ = in_.subspan(sizeof value);
    return true;
  }
  bool at_end() const noexcept { return in_.empty(); }
  std::size_t left() const noexcept { return in_.size(); }

 private:
  std::span<const std::byte> in_;
};

// The wire forms have no padding: every byte sent is a field's (the fillers are zeroed by the aggregate
// initializations below), none is whatever the stack held.
struct wire_row {
  std::int32_t rank;
  std::int32_t peer;
  std::uint64_t call;
  std::uint64_t group;
  std::uint8_t finished;
  std::uint8_t filler[7];
};
static_assert(std::has_unique_object_representations_v<wire_row>);

struct wire_state {
  std::uint64_t stretch;
  std::uint64_t started;
  std::uint64_t completed;
  std::uint8_t quiet;
  std::uint8_t any_blocked;
  std::uint8_t filler[6];
};
static_assert(std::has_unique_object_representations_v<wire_state>);

}  // namespace

std::vector<std::byte> encode(const census_message& message) {
  writer out;
  out.put(message.what);
  out.put(message.wave);
  if (message.what != census_message::kind::answer) return out.take();
  const node_quiet& state = message.state;
  out.put(wire_state{state.stretch, state.started, state.completed, state.quiet, state.any_blocked, {}});
  out.put(static_cast<std::uint64_t>(message.waits.ranks.size()));
  for (const rank_wait& row : message.waits.ranks)
    out.put(wire_row{row.rank, row.peer, row.call, row.group, row.finished, {}});
  out.put(static_cast<std::uint64_t>(message.waits.members.size()));
  for (const auto& [group, members] : message.waits.members) {
    out.put(group);
    out.put(static_cast<std::uint64_t>(members.size()));
    for (int member : members) out.put(static_cast<std::int32_t>(member));
  }
  return out.take();
}

std::optional<census_message> decode(std::span<const std::byte> bytes) {
  reader in(bytes);
  census_message message;
  if (!in.get(message.what) || !in.get(message.wave) || message.what > census_message::kind::reported) return {};
  if (message.what != census_message::kind::answer) return in.at_end() ? std::optional(message) : std::nullopt;
  wire_state state;
  std::uint64_t rows = 0, groups = 0;
  if (!in.get(state) || !in.get(rows) || rows > in.left() / sizeof(wire_row)) return {};
  message.state = {state.quiet != 0, state.any_blocked != 0, state.stretch, state.started, state.completed};
  for (std::uint64_t r = 0; r < rows; ++r) {
    wire_row row;
    in.get(row);
    message.waits.ranks.push_back({row.rank, row.finished != 0, row.call, row.peer, row.group});
  }
  if (!in.get(groups)) return {};
  for (std::uint64_t g = 0; g < groups; ++g) {
    std::uint64_t group = 0, count = 0;
    if (!in.get(group) || !in.get(count) || count > in.left() / sizeof(std::int32_t)) return {};
    std::vector<int>& members = message.waits.members[group];
    for (std::uint64_t m = 0; m < count; ++m) {
      std::int32_t member;
      in.get(member);
      members.push_back(member);
    }
  }
  if (!in.at_end()) return {};
  return message;
}

}  // namespace weft::runtime
