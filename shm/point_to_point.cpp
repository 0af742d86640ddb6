#include "shm/point_to_point.hpp"

#include <cstdlib>
#include <new>
#include <optional>

#include "runtime/config.hpp"
#include "runtime/job.hpp"
#include "runtime/path_report.hpp"
#include "runtime/report.hpp"
#include "shm/buffer_pool.hpp"
#include "shm/delivery.hpp"
#include "shm/matching_engine.hpp"
#include "shm/ownership_passing.hpp"
#include "shm/remote_channel.hpp"
#include "shm/ring_delivery.hpp"

namespace weft::shm {
namespace {

// Records the match; a take gets its buffer now, from the pool of the rank that matched.
void accept(recv_request& receive, envelope env, std::size_t size) {
  record(receive, env, size);
  if (receive.taken != nullptr) [[unlikely]]
    provide_buffer(receive, own_pool());
}

// The network layer's channel to ranks of other nodes, on jobs across nodes.
remote_channel* remote = nullptr;

bool worth_sharing(std::size_t bytes) noexcept { return bytes >= 2 * runtime::job_config().copy_block; }

// WEFT_PROTO_INFO's line for a message copied from the sender's buffer into the receiver's, by `operation`.
void report_copy(const char* operation, std::size_t bytes, bool shared, const char* when) {
  if (shared)
    runtime::report_path("point-to-point", operation, "cooperative copy",
                         "%zu B, at least 2 x WEFT_COPY_BLOCK, %s: both ranks copy blocks of it", bytes, when);
  else
    runtime::report_path("point-to-point", operation, "direct copy", "%zu B, %s: copied once", bytes, when);
}

// WEFT_PROTO_INFO's line for a send queued for its receive.
void report_queued(std::size_t size, send_mode mode, bool inline_data) {
  if (inline_data) {
    runtime::report_path("point-to-point", "send", "inline",
                         "%zu B, at most WEFT_INLINE_MAX, no receive posted: queued with its data, the send complete",
                         size);
    return;
  }
  const char* why = mode != send_mode::standard               ? "a synchronous or ready-mode send"
                    : size > runtime::job_config().inline_max ? "more than WEFT_INLINE_MAX"
                                                              : "the receiver holds WEFT_UNEXPECTED_BUDGET already";
  runtime::report_path("point-to-point", "send", "rendezvous",
                       "%zu B, %s, no receive posted: the receive copies it from the sender's buffer", size, why);
}

// Runs a started copy as its publisher: offers it to the peer, copies blocks, and finishes both
// operations when the peer did not join (see block_copy.hpp).
void copy_with_peer(block_copy& copy, completion& own, completion& peer) {
  peer.offer(&copy);
  copy.copy_blocks(runtime::job_config().copy_block);
  // The peer never joined (then this side copied every block), or it has and this side leaves second.
  if (peer.withdraw(&copy) || copy.leave()) {
    peer.complete();  // may free the copy when the peer is its sender: nothing of it is touched after
    own.complete_by_owner();
  }
}

// Receives message `m`, from another node, into `receive`, taken from the posted receives by the
// receiver's worker (the engine's lock released); a take gets its buffer from the receiver's pool.
void receive_posted(recv_request& receive, message* m, int destination) {
  record(receive, m->env, m->size);
  if (receive.taken != nullptr) [[unlikely]]
    provide_buffer(receive, pool_of(destination));
  remote->fetch(receive, m);
}

// Receives an inline message taken from `engine`'s queue, under its lock: at most WEFT_INLINE_MAX bytes,
// copied before its block goes back to the engine. The caller completes the receive.
void receive_inline(recv_request& request, inline_message* m, matching_engine& engine) {
  accept(request, m->env, m->size);
  fill(request, m->data);
  engine.free_inline(m);
}

// Field by field: callers build `buffer` so, just before the call, and a copy by wider loads could not
// take those stores' values from the store buffer: the core waited for them to reach the cache, about a
// tenth of a small receive's time.
void set_buffer(recv_request& request, const typed_span& buffer) noexcept {
  request.buffer.base = buffer.base;
  request.buffer.layout = buffer.layout;
  request.buffer.count = buffer.count;
}

}  // namespace

void install_remote_channel(remote_channel& channel) noexcept { remote = &channel; }

void start_send(send_request& request, const const_typed_span& data, envelope env, int destination, send_mode mode) {
  if (!runtime::job::current().nodes().is_local(destination)) [[unlikely]] {
    request.done.expect_from_network();
    remote->start_send(request, data, env, destination, mode);
    return;
  }
  std::size_t size = data.bytes();
  if (mode == send_mode::standard && ring_send(data, env, destination)) {
    request.done.complete_by_owner();
    return;
  }
  matching_engine& engine = engine_of(destination);
  auto lock = lock_engine(engine);
  if (recv_request* receive = engine.take_posted(env)) {
    lock.unlock();
    accept(*receive, env, size);
    std::size_t bytes = receive->received();
    if (runtime::reporting_paths()) [[unlikely]]
      report_copy("send", bytes, worth_sharing(bytes), "its receive posted");
    if (worth_sharing(bytes)) {
      request.transfer.start(receive->buffer, data, bytes, &request.done);
      copy_with_peer(request.transfer, request.done, receive->done);
      return;
    }
    fill(*receive, data);
    receive->done.complete_from(runtime::current_rank());  // a send to itself wakes nobody
    request.done.complete_by_owner();
    return;
  }
  if (mode == send_mode::standard && size <= runtime::job_config().inline_max && engine.inline_fits(size)) {
    // Copied under the lock: a few hundred bytes cost less than taking the lock a second time.
    inline_message* m = engine.new_inline(env, size);
    typed_copy(byte_span(m->bytes(), size), data, 0, size);
    engine.queue_unexpected(m);
    lock.unlock();
    if (runtime::reporting_paths()) [[unlikely]]
      report_queued(size, mode, true);
    request.done.complete_by_owner();
    return;
  }
  if (runtime::reporting_paths()) [[unlikely]]
    report_queued(size, mode, false);
  request.destination = destination;
  request.rendezvous.env = env;
  request.rendezvous.size = size;
  request.rendezvous.data = data;
  request.rendezvous.sender = &request;
  engine.queue_unexpected(&request.rendezvous);
}

namespace {

// Runs `look` on rank `self`'s engine under its lock until it finds something, parking in between: the
// next message queued there wakes the rank.
template <class Look>
auto await_arrival(int self, Look look) {
  take_rings_when_waiting(self);
  matching_engine& engine = engine_of(self);
  for (;;) {
    {
      auto lock = lock_engine(engine);
      if (auto found = look(engine)) return found;
      engine.await_arrival(runtime::current_rank());
    }
    runtime::park();
  }
}

// Receives a message other than an inline one, taken from the queue (the engine's lock released),
// completing both sides.
void receive_message(recv_request& request, message* m) {
  if (m->kind == message_kind::given) {
    receive_given(request, static_cast<given_message&>(*m));
    request.done.complete_by_owner();
    return;
  }
  accept(request, m->env, m->size);
  if (m->kind == message_kind::remote) {
    remote->fetch(request, m);
    return;
  }
  std::size_t bytes = request.received();
  if (runtime::reporting_paths()) [[unlikely]]
    report_copy("receive", bytes, m->kind == message_kind::rendezvous && worth_sharing(bytes),
                "its send waiting for it");
  if (m->kind == message_kind::rendezvous && worth_sharing(bytes)) {
    send_request& sender = *m->sender;
    sender.transfer.start(request.buffer, m->data, bytes, &request.done);
    copy_with_peer(sender.transfer, request.done, sender.done);
    return;
  }
  fill(request, m->data);
  m->sender->done.complete_from(runtime::current_rank());
  request.done.complete_by_owner();
}

}  // namespace

namespace {

// From another node, by the receiver's worker: hands `m` to the oldest matching posted receive, if any.
// Ring messages come from ranks of this node, never from its sender, so the rings need not be taken in.
bool hand_to_posted(matching_engine& engine, std::unique_lock<runtime::spinlock>& lock, message* m, int destination) {
  recv_request* receive = engine.take_posted(m->env);
  if (receive == nullptr) return false;
  lock.unlock();
  receive_posted(*receive, m, destination);
  return true;
}

}  // namespace

void deliver(message* m, int destination) {
  matching_engine& engine = engine_of(destination);
  auto lock = engine.lock();
  if (!hand_to_posted(engine, lock, m, destination)) engine.queue_unexpected(m);
}

bool take_back(message* m, int destination) {
  matching_engine& engine = engine_of(destination);
  auto lock = engine.lock();
  return engine.remove_unexpected(m);
}

bool deliver_if_posted(message* m, int destination) {
  matching_engine& engine = engine_of(destination);
  auto lock = engine.lock();
  return hand_to_posted(engine, lock, m, destination);
}

void expect_sender(recv_request& request, int sender) noexcept {
  const runtime::node_map& nodes = runtime::job::current().nodes();
  if (nodes.node_count() > 1 && (sender == any_source || !nodes.is_local(sender))) request.done.expect_from_network();
}

void start_recv(recv_request& request, const typed_span& buffer, envelope pattern, int self) {
  request.pattern = pattern;
  set_buffer(request, buffer);
  request.capacity = buffer.bytes();
  take_rings_when_waiting(self);
  matching_engine& engine = engine_of(self);
  auto lock = engine.lock();
  message* m = engine.take_unexpected(pattern);
  if (m == nullptr) {
    // Ring messages are younger than everything queued from their senders: looked at second.
    if (take_ring_messages_for(engine, request)) {
      lock.unlock();
      request.done.complete_by_owner();
      return;
    }
    engine.post(&request);
    return;
  }
  engine.release_taken(m);
  if (m->kind == message_kind::inline_data) {
    receive_inline(request, static_cast<inline_message*>(m), engine);
    lock.unlock();
    request.done.complete_by_owner();
    return;
  }
  lock.unlock();
  receive_message(request, m);
}

message* take_message(int self, envelope pattern) {
  take_rings_when_waiting(self);
  matching_engine& engine = engine_of(self);
  auto lock = lock_engine(engine);
  message* m = engine.take_unexpected(pattern);
  engine.release_taken(m);
  return m;
}

message* await_message(int self, envelope pattern) {
  return await_arrival(self, [&](matching_engine& engine) {
    message* m = engine.take_unexpected(pattern);
    engine.release_taken(m);
    return m;
  });
}

void start_recv_matched(recv_request& request, const typed_span& buffer, message* m) {
  request.pattern = m->env;
  set_buffer(request, buffer);
  request.capacity = buffer.bytes();
  if (m->kind == message_kind::inline_data) {
    matching_engine& engine = engine_of(runtime::current_rank()->id);
    auto lock = engine.lock();
    receive_inline(request, static_cast<inline_message*>(m), engine);
    lock.unlock();
    request.done.complete_by_owner();
    return;
  }
  receive_message(request, m);
}

bool cancel_recv(recv_request& request, int self) {
  matching_engine& engine = engine_of(self);
  auto lock = engine.lock();
  if (!engine.remove_posted(&request)) return false;
  request.done.complete_by_owner();
  return true;
}

bool cancel_send(send_request& request) {
  if (request.destination >= 0 && !runtime::job::current().nodes().is_local(request.destination)) [[unlikely]]
    return remote->cancel_send(request);
  if (request.destination < 0 || request.rendezvous.sender != &request) return false;  // never queued
  matching_engine& engine = engine_of(request.destination);
  auto lock = engine.lock();
  if (!engine.remove_unexpected(&request.rendezvous)) return false;
  request.done.complete_by_owner();
  return true;
}

bool iprobe(int self, envelope pattern, probe_result& result) {
  take_rings_when_waiting(self);
  matching_engine& engine = engine_of(self);
  auto lock = lock_engine(engine);
  const message* m = engine.find_unexpected(pattern);
  if (m == nullptr) return false;
  result = {m->env.source, m->env.tag, m->size};
  return true;
}

probe_result probe(int self, envelope pattern) {
  return *await_arrival(self, [&](matching_engine& engine) -> std::optional<probe_result> {
    if (const message* m = engine.find_unexpected(pattern)) return probe_result{m->env.source, m->env.tag, m->size};
    return std::nullopt;
  });
}

void send(const const_typed_span& data, envelope env, int destination) {
  send_request request;
  start_send(request, data, env, destination, send_mode::standard);
  request.done.wait();
}

recv_error recv(const typed_span& buffer, envelope pattern, int self) {
  recv_request request;
  start_recv(request, buffer, pattern, self);
  request.done.wait();
  return request.error;
}

}  // namespace weft::shm
