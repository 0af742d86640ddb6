#include "rma/remote_origin.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "rma/remote_transport.hpp"
#include "runtime/scheduler.hpp"
#include "shm/layout_cursor.hpp"

namespace weft::rma {

// What the origin does with a reply: count it, and put its data where the origin asked.
struct pending_reply {
  remote_origin* origin;
  reply_group* group = nullptr;    // a request-based operation's, which counts it too
  shm::typed_span into{};          // null base: nothing comes back
  shm::type_layout::pointer hold;  // keeps `into`'s layout alive
  std::size_t offset = 0;          // of the reply's data in `into`'s stream

  // Counts the record as awaited by its origin, once it has room; returns its cookie.
  static std::uint64_t await(std::unique_ptr<pending_reply> record) {
    remote_origin& origin = *record->origin;
    if (origin.outstanding_.load(std::memory_order_acquire) >= remote_origin::max_in_flight)
      origin.wait_until_at_most(remote_origin::max_in_flight - 1);
    origin.outstanding_.fetch_add(1, std::memory_order_relaxed);
    if (record->group != nullptr) record->group->outstanding_.fetch_add(1, std::memory_order_relaxed);
    return reinterpret_cast<std::uintptr_t>(record.release());
  }

  void answered(const wire::header& reply, std::span<const std::byte> data) {
    if (into.base != nullptr || into.count != 0)
      shm::typed_copy(into, offset, shm::byte_span(data.data(), data.size()), 0, data.size());
    // A request's failure is reported by its request, the others' by the next completion point.
    remote_origin::failure& failed = group != nullptr ? group->failed_ : origin->failed_;
    if (reply.status != wire::reply_status::done && failed.status == wire::reply_status::done)
      failed = {reply.status, reply.target};
    // The counts go down last, their owners read before: a rank that sees its count fall may free the
    // group (with its request) or the origin (with its window) at once. A rank waits for none or for one
    // fewer than max_in_flight to be unanswered: woken at either, it looks again.
    if (group != nullptr) {
      runtime::rank* owner = group->owner_;
      if (group->outstanding_.fetch_sub(1, std::memory_order_acq_rel) == 1) runtime::unpark(owner);
    }
    runtime::rank* owner = origin->owner_;
    int left = origin->outstanding_.fetch_sub(1, std::memory_order_acq_rel) - 1;
    if (left == 0 || left == remote_origin::max_in_flight - 1) runtime::unpark(owner);
  }
};

namespace {

remote_transport& transport() { return *installed_transport(); }

wire::header header_for(wire::message_kind kind, const remote_member& to, int target) {
  wire::header h{};
  h.kind = kind;
  h.origin = runtime::current_rank()->id;
  h.target = target;
  h.window = to.node_window;
  return h;
}

// The header of an operation on the target bytes of `access`: `blocks` pieces, `bytes` in all.
wire::header access_header(wire::message_kind kind, const remote_member& to, const remote_access& access,
                           std::size_t blocks, std::size_t bytes) {
  wire::header h = header_for(kind, to, access.target);
  h.blocks = static_cast<std::uint32_t>(blocks);
  h.bytes = bytes;
  h.displacement = access.displacement;
  return h;
}

// A message of `h`, `blocks` and room for `data_bytes` after them; sends it once filled.
std::vector<std::byte> message_of(const wire::header& h, std::span<const wire::block> blocks, std::size_t data_bytes) {
  std::vector<std::byte> message(sizeof h + blocks.size_bytes() + data_bytes);
  std::memcpy(message.data(), &h, sizeof h);
  if (!blocks.empty()) std::memcpy(message.data() + sizeof h, blocks.data(), blocks.size_bytes());
  return message;
}

// Sends `message` to `to`, answered through `record` unless it is null.
void send_awaited(std::unique_ptr<pending_reply> record, const remote_member& to, std::vector<std::byte> message) {
  if (record != nullptr) {
    std::uint64_t cookie = pending_reply::await(std::move(record));
    std::memcpy(message.data() + offsetof(wire::header, cookie), &cookie, sizeof cookie);
  }
  transport().send(to.job_rank, std::move(message));
}

// The dense runs of the target's data, in stream order, as offsets from the target's displacement.
std::vector<wire::block> runs_of(const remote_access& access) {
  std::vector<wire::block> runs;
  std::size_t total = access.count * access.layout->size();
  if (total == 0) return runs;
  shm::layout_cursor cursor(*access.layout, access.count, 0, total);
  for (std::size_t done = 0; done < total;) {
    std::size_t bytes = cursor.run_bytes();
    runs.push_back({static_cast<std::int64_t>(cursor.run_offset()), bytes});
    done += bytes;
    cursor.consume(bytes);
  }
  return runs;
}

// Splits the target's data into messages that each fit the transport with their blocks, on element
// boundaries (`element` bytes), and calls send(blocks, stream offset, bytes) for each.
template <class Send>
void in_chunks(const remote_access& access, std::size_t element, Send&& send) {
  std::vector<wire::block> runs = runs_of(access);
  const std::size_t room = transport().message_capacity() - sizeof(wire::header);
  std::size_t run = 0, used = 0, position = 0;  // the first run not sent whole, and how much of it was
  std::vector<wire::block> blocks;
  while (run < runs.size()) {
    blocks.clear();
    std::size_t bytes = 0, budget = room;
    for (std::size_t r = run, u = used; r < runs.size() && budget > sizeof(wire::block); ++r, u = 0) {
      std::size_t take = std::min(runs[r].length - u, budget - sizeof(wire::block));
      blocks.push_back({runs[r].offset + static_cast<std::int64_t>(u), take});
      budget -= sizeof(wire::block) + take;
      bytes += take;
      if (u + take < runs[r].length) break;
    }
    // Whole elements only, so that each is combined at once.
    for (std::size_t cut = bytes % element; cut != 0;) {
      std::size_t trimmed = std::min(cut, static_cast<std::size_t>(blocks.back().length));
      blocks.back().length -= trimmed;
      if (blocks.back().length == 0) blocks.pop_back();
      cut -= trimmed;
      bytes -= trimmed;
    }
    send(std::span<const wire::block>(blocks), position, bytes);
    position += bytes;
    for (std::size_t left = bytes; left != 0;) {
      std::size_t take = std::min(left, static_cast<std::size_t>(runs[run].length) - used);
      used += take;
      left -= take;
      if (used == runs[run].length) ++run, used = 0;
    }
  }
}

std::unique_ptr<pending_reply> record_for(remote_origin& origin, reply_group* group = nullptr) {
  auto record = std::make_unique<pending_reply>();
  record->origin = &origin;
  record->group = group;
  return record;
}

const remote_member& member_of(window& w, int target) { return *w.remote(target); }

}  // namespace

void remote_origin::wait_until_at_most(int messages) {
  runtime::wait_until([this, messages] { return outstanding_.load(std::memory_order_acquire) <= messages; });
}

remote_origin::failure remote_origin::wait_for_replies() {
  wait_until_at_most(0);
  return std::exchange(failed_, failure{});
}

void remote_put(const remote_access& access, const shm::const_typed_span& data) {
  const remote_member& to = member_of(access.w, access.target);
  in_chunks(access, 1, [&](std::span<const wire::block> blocks, std::size_t position, std::size_t bytes) {
    wire::header h = access_header(wire::message_kind::put, to, access, blocks.size(), bytes);
    std::vector<std::byte> message = message_of(h, blocks, bytes);
    shm::typed_copy(shm::byte_span(message.data() + message.size() - bytes, bytes), 0, data, position, bytes);
    send_awaited(record_for(access.origin, access.group), to, std::move(message));
  });
}

void remote_get(const remote_access& access, const shm::typed_span& into, shm::type_layout::pointer hold) {
  const remote_member& to = member_of(access.w, access.target);
  in_chunks(access, 1, [&](std::span<const wire::block> blocks, std::size_t position, std::size_t bytes) {
    wire::header h = access_header(wire::message_kind::get, to, access, blocks.size(), bytes);
    auto record = record_for(access.origin, access.group);
    record->into = into;
    record->hold = hold;
    record->offset = position;
    send_awaited(std::move(record), to, message_of(h, blocks, 0));
  });
}

void remote_accumulate(const remote_access& access, const shm::const_typed_span& data, std::uint32_t op_code,
                       const element_op& op, const shm::typed_span* result, shm::type_layout::pointer hold) {
  const remote_member& to = member_of(access.w, access.target);
  bool sends_data = op.what != element_op::kind::no_op;
  in_chunks(
      access, op.element->size(), [&](std::span<const wire::block> blocks, std::size_t position, std::size_t bytes) {
        wire::header h = access_header(wire::message_kind::accumulate, to, access, blocks.size(), bytes);
        h.op = static_cast<std::uint8_t>(op.what);
        h.op_code = op_code;
        h.with_result = result != nullptr;
        std::vector<std::byte> message = message_of(h, blocks, sends_data ? bytes : 0);
        if (sends_data)
          shm::typed_copy(shm::byte_span(message.data() + message.size() - bytes, bytes), 0, data, position, bytes);
        auto record = record_for(access.origin, access.group);
        if (result != nullptr) {
          record->into = *result;
          record->hold = hold;
          record->offset = position;
        }
        send_awaited(std::move(record), to, std::move(message));
      });
}

void remote_compare_and_swap(const remote_access& access, const std::byte* value, const std::byte* compare,
                             std::byte* result) {
  const remote_member& to = member_of(access.w, access.target);
  const std::size_t size = access.layout->size();
  wire::header h = access_header(wire::message_kind::compare_and_swap, to, access, 1, size);
  wire::block one{access.layout->true_lb(), size};
  std::vector<std::byte> message = message_of(h, std::span(&one, 1), 2 * size);
  std::memcpy(message.data() + message.size() - 2 * size, value, size);
  std::memcpy(message.data() + message.size() - size, compare, size);
  auto record = record_for(access.origin, access.group);
  record->into = shm::byte_span(result, size);
  send_awaited(std::move(record), to, std::move(message));
}

namespace {

// Sends a synchronization message to `to` and waits for its answer.
void ask(remote_origin& origin, const remote_member& to, wire::header h) {
  send_awaited(record_for(origin), to, message_of(h, {}, 0));
  origin.complete_all();
}

}  // namespace

void remote_lock(window& w, remote_origin& origin, int target, lock_kind kind) {
  wire::header h = header_for(wire::message_kind::lock, member_of(w, target), target);
  h.lock = kind == lock_kind::exclusive;
  ask(origin, member_of(w, target), h);
}

void remote_unlock(window& w, remote_origin& origin, int target, lock_kind kind) {
  wire::header h = header_for(wire::message_kind::unlock, member_of(w, target), target);
  h.lock = kind == lock_kind::exclusive;
  ask(origin, member_of(w, target), h);
}

void remote_lock_all(window& w, remote_origin& origin) {
  for (const remote_member& node : w.other_nodes()) {
    send_awaited(record_for(origin), node, message_of(header_for(wire::message_kind::lock_all, node, -1), {}, 0));
  }
  origin.complete_all();
}

void remote_unlock_all(window& w, remote_origin& origin) {
  for (const remote_member& node : w.other_nodes()) {
    send_awaited(record_for(origin), node, message_of(header_for(wire::message_kind::unlock_all, node, -1), {}, 0));
  }
  origin.complete_all();
}

void remote_post(window& w, int self, int peer) {
  const remote_member& to = member_of(w, peer);
  wire::header h = header_for(wire::message_kind::post, to, peer);
  h.peer = self;
  send_awaited(nullptr, to, message_of(h, {}, 0));
}

void remote_complete(window& w, int self, int peer) {
  const remote_member& to = member_of(w, peer);
  wire::header h = header_for(wire::message_kind::complete, to, peer);
  h.peer = self;
  send_awaited(nullptr, to, message_of(h, {}, 0));
}

void receive_reply(const wire::header& reply, std::span<const std::byte> data) {
  std::unique_ptr<pending_reply> record(reinterpret_cast<pending_reply*>(reply.cookie));
  record->answered(reply, data);
}

}  // namespace weft::rma
