#include "rma/remote_target.hpp"

#include <cstring>
#include <mutex>
#include <vector>

#include "rma/accumulate.hpp"
#include "rma/active_target.hpp"
#include "rma/passive_target.hpp"
#include "rma/remote_origin.hpp"
#include "rma/remote_protocol.hpp"
#include "rma/remote_transport.hpp"
#include "runtime/report.hpp"

namespace weft::rma {

namespace {

remote_transport* transport = nullptr;
element_op_decoder decode_element_op = nullptr;

// Answers `asked` with `status` and `data_bytes` of data that fill() writes.
template <class Fill>
void reply(const wire::header& asked, wire::reply_status status, std::size_t data_bytes, Fill&& fill) {
  if (asked.cookie == 0) return;
  wire::header answer{};
  answer.kind = wire::message_kind::reply;
  answer.status = status;
  answer.target = asked.target;
  answer.cookie = asked.cookie;
  std::vector<std::byte> message(sizeof answer + data_bytes);
  std::memcpy(message.data(), &answer, sizeof answer);
  if (status == wire::reply_status::done) fill(message.data() + sizeof answer);
  transport->send(asked.origin, std::move(message));
}

void reply_done(const wire::header& asked) {
  reply(asked, wire::reply_status::done, 0, [](std::byte*) {});
}

// The bytes the message's blocks name at the target, as one span of their data stream.
class target_data {
 public:
  target_data(window& w, const wire::header& h, const wire::block* blocks) {
    std::byte* base = w.flavor() == flavor::dynamic ? nullptr : w.member(h.target).base;
    auto* at = reinterpret_cast<std::byte*>(reinterpret_cast<std::uintptr_t>(base) + h.displacement);
    if (h.blocks == 1) {
      span_ = {at + blocks[0].offset, &shm::type_layout::bytes(), blocks[0].length};
      first_ = blocks[0].offset;
      last_ = first_ + static_cast<std::int64_t>(blocks[0].length);
      return;
    }
    std::vector<std::size_t> lengths(h.blocks);
    std::vector<std::ptrdiff_t> offsets(h.blocks);
    first_ = blocks[0].offset;
    last_ = first_;
    for (std::uint32_t i = 0; i < h.blocks; ++i) {
      lengths[i] = blocks[i].length;
      offsets[i] = blocks[i].offset;
      first_ = std::min(first_, blocks[i].offset);
      last_ = std::max(last_, blocks[i].offset + static_cast<std::int64_t>(blocks[i].length));
    }
    static const shm::type_layout::pointer byte = shm::type_layout::basic(1, 1);
    layout_ = shm::type_layout::hindexed(lengths, offsets, byte);
    span_ = {at, layout_.get(), 1};
  }

  const shm::typed_span& span() const noexcept { return span_; }

  // A dynamic window's target bytes must lie in memory the target attached; other windows' accesses
  // were checked by the origin, which knows the segment's size.
  bool in_range(window& w, const wire::header& h) const {
    if (w.flavor() != flavor::dynamic || last_ == first_) return true;
    return w.member(h.target).holds(reinterpret_cast<const std::byte*>(h.displacement + first_),
                                    static_cast<std::size_t>(last_ - first_));
  }

 private:
  shm::type_layout::pointer layout_;
  shm::typed_span span_;
  std::int64_t first_ = 0, last_ = 0;
};

void apply(window& w, const wire::header& h, std::span<const std::byte> body) {
  const auto* blocks = reinterpret_cast<const wire::block*>(body.data());
  const std::byte* data = body.data() + h.blocks * sizeof(wire::block);
  target_data target(w, h, blocks);
  if (!target.in_range(w, h)) {
    reply(h, wire::reply_status::out_of_range, 0, [](std::byte*) {});
    return;
  }
  const std::size_t bytes = h.bytes;
  switch (h.kind) {
    case wire::message_kind::put:
      shm::typed_copy(target.span(), 0, shm::byte_span(data, bytes), 0, bytes);
      reply_done(h);
      return;
    case wire::message_kind::get:
      reply(h, wire::reply_status::done, bytes,
            [&](std::byte* into) { shm::typed_copy(shm::byte_span(into, bytes), 0, target.span(), 0, bytes); });
      return;
    case wire::message_kind::accumulate: {
      element_op op = decode_element_op(h.op_code);
      // Operands and results travel packed: plain bytes of the data stream.
      shm::const_typed_span origin = shm::byte_span(data, bytes);
      if (h.with_result == 0) {
        accumulate(target.span(), origin, nullptr, op);
        reply_done(h);
        return;
      }
      reply(h, wire::reply_status::done, bytes, [&](std::byte* into) {
        shm::typed_span result = shm::byte_span(into, bytes);
        accumulate(target.span(), origin, &result, op);
      });
      return;
    }
    case wire::message_kind::compare_and_swap:
      reply(h, wire::reply_status::done, bytes,
            [&](std::byte* into) { compare_and_swap(target.span().base, data, data + bytes, into, bytes); });
      return;
    default:
      break;
  }
}

void ask_for_lock(window& w, const wire::header& h, lock_request::what asked) {
  {
    std::lock_guard guard(w.lock_requests_lock);
    w.lock_requests.push_back({asked, h.target, h.origin, h.cookie});
    w.lock_requests_waiting.store(true, std::memory_order_seq_cst);
  }
  grant_lock_requests(w);
}

}  // namespace

void install_remote_transport(remote_transport& installed) noexcept { transport = &installed; }
remote_transport* installed_transport() noexcept { return transport; }
void install_element_op_decoder(element_op_decoder decoder) noexcept { decode_element_op = decoder; }

void grant_lock_requests(window& w) {
  std::vector<lock_request> granted;
  {
    std::lock_guard guard(w.lock_requests_lock);
    std::erase_if(w.lock_requests, [&](lock_request& request) {
      if (!try_lock(w, request)) return false;
      granted.push_back(request);
      return true;
    });
    w.lock_requests_waiting.store(!w.lock_requests.empty(), std::memory_order_seq_cst);
  }
  // Sent once the list is free again: a send may progress the network and meet another request.
  for (const lock_request& request : granted) {
    wire::header asked{};
    asked.origin = request.origin;
    asked.cookie = request.cookie;
    asked.target = request.target;
    reply_done(asked);
  }
}

void handle_remote_message(std::span<const std::byte> message) {
  wire::header h;
  if (message.size() < sizeof h) runtime::fatal(1, "a one-sided message of %zu bytes is too short", message.size());
  std::memcpy(&h, message.data(), sizeof h);
  std::span<const std::byte> body = message.subspan(sizeof h);
  if (h.kind == wire::message_kind::reply) {
    receive_reply(h, body);
    return;
  }
  window& w = *reinterpret_cast<window*>(h.window);
  const lock_kind kind = h.lock != 0 ? lock_kind::exclusive : lock_kind::shared;
  switch (h.kind) {
    case wire::message_kind::put:
    case wire::message_kind::get:
    case wire::message_kind::accumulate:
    case wire::message_kind::compare_and_swap:
      apply(w, h, body);
      return;
    case wire::message_kind::lock:
      ask_for_lock(w, h, kind == lock_kind::exclusive ? lock_request::what::exclusive : lock_request::what::shared);
      return;
    case wire::message_kind::lock_all:
      ask_for_lock(w, h, lock_request::what::all);
      return;
    case wire::message_kind::unlock:
      unlock(w, h.target, kind);
      reply_done(h);
      return;
    case wire::message_kind::unlock_all:
      unlock_all(w);
      reply_done(h);
      return;
    case wire::message_kind::post:
      post(w, h.peer, std::span(&h.target, 1));
      return;
    case wire::message_kind::complete:
      complete(w, std::span(&h.target, 1));
      return;
    case wire::message_kind::reply:
      break;
  }
  runtime::fatal(1, "a one-sided message of unknown kind %u arrived", static_cast<unsigned>(h.kind));
}

}  // namespace weft::rma
