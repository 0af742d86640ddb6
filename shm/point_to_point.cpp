#include "shm/point_to_point.hpp"

#include <cstdlib>
#include <new>
#include <optional>

#include "runtime/config.hpp"
#include "runtime/job.hpp"
#include "runtime/report.hpp"
#include "shm/buffer_pool.hpp"
#include "shm/delivery.hpp"
#include "shm/matching_engine.hpp"
#include "shm/ownership_passing.hpp"
#include "shm/remote_channel.hpp"

namespace weft::shm {
namespace {

// Records the match; a take gets its buffer now, from the pool of the rank that matched.
void accept(recv_request& receive, const envelope& env, std::size_t size) {
  record(receive, env, size);
  if (receive.taken != nullptr) [[unlikely]]
    provide_buffer(receive, own_pool());
}

// The network layer's channel to ranks of other nodes, on jobs across nodes.
remote_channel* remote = nullptr;

bool worth_sharing(std::size_t bytes) noexcept { return bytes >= 2 * runtime::job_config().copy_block; }

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

// Receives message `m`, an inline_data or remote one, into `receive`, taken from the posted receives (the
// engine's lock released); a take gets its buffer from `pool()`, the pool of whoever matched.
template <class Pool>
void receive_posted(recv_request& receive, message* m, Pool pool) {
  record(receive, m->env, m->size);
  if (receive.taken != nullptr) [[unlikely]]
    provide_buffer(receive, pool());
  if (m->kind == message_kind::remote) {
    remote->fetch(receive, m);
    return;
  }
  fill(receive, m->data);
  receive.done.complete();
  inline_message::destroy(static_cast<inline_message*>(m));
}

// Hands message `m` to the oldest matching receive of rank `destination`, or queues it there.
template <class Pool>
void hand_over(message* m, int destination, Pool pool) {
  matching_engine& engine = engine_of(destination);
  auto lock = engine.lock();
  recv_request* receive = engine.take_posted(m->env);
  if (receive == nullptr) {
    engine.queue_unexpected(m);
    return;
  }
  lock.unlock();
  receive_posted(*receive, m, pool);
}

}  // namespace

inline_message* inline_message::create(const envelope& env, const const_typed_span& data) {
  std::size_t size = data.bytes();
  void* block = std::malloc(sizeof(inline_message) + size);
  if (block == nullptr) runtime::fatal(1, "out of memory for a %zu-byte message", size);
  auto* m = new (block) inline_message;
  m->env = env;
  m->size = size;
  m->kind = message_kind::inline_data;
  typed_span packed = byte_span(m->bytes(), size);
  m->data = packed;
  typed_copy(packed, data, 0, size);
  return m;
}

void inline_message::destroy(inline_message* m) noexcept {
  m->~inline_message();
  std::free(m);
}

void install_remote_channel(remote_channel& channel) noexcept { remote = &channel; }

void start_send(send_request& request, const const_typed_span& data, const envelope& env, int destination,
                send_mode mode) {
  if (!runtime::job::current().nodes().is_local(destination)) [[unlikely]] {
    request.done.expect_from_network();
    remote->start_send(request, data, env, destination, mode);
    return;
  }
  std::size_t size = data.bytes();
  matching_engine& engine = engine_of(destination);
  auto lock = engine.lock();
  if (recv_request* receive = engine.take_posted(env)) {
    lock.unlock();
    accept(*receive, env, size);
    if (std::size_t bytes = receive->received(); worth_sharing(bytes)) {
      request.transfer.start(receive->buffer, data, bytes, &request.done);
      copy_with_peer(request.transfer, request.done, receive->done);
      return;
    }
    fill(*receive, data);
    receive->done.complete();
    request.done.complete_by_owner();
    return;
  }
  if (mode == send_mode::standard && size <= runtime::job_config().inline_max && engine.inline_fits(size)) {
    // Copy outside the lock; a receive posted meanwhile is matched when the lock is taken again.
    lock.unlock();
    hand_over(inline_message::create(env, data), destination, own_pool);
    request.done.complete_by_owner();
    return;
  }
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
  matching_engine& engine = engine_of(self);
  for (;;) {
    {
      auto lock = engine.lock();
      if (auto found = look(engine)) return found;
      engine.await_arrival(runtime::current_rank());
    }
    runtime::park();
  }
}

// Receives a message taken from the queue (the engine's lock released), completing both sides.
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
  if (std::size_t bytes = request.received(); m->kind == message_kind::rendezvous && worth_sharing(bytes)) {
    send_request& sender = *m->sender;
    sender.transfer.start(request.buffer, m->data, bytes, &request.done);
    copy_with_peer(sender.transfer, request.done, sender.done);
    return;
  }
  fill(request, m->data);
  if (m->kind == message_kind::rendezvous) m->sender->done.complete();
  else inline_message::destroy(static_cast<inline_message*>(m));
  request.done.complete_by_owner();
}

}  // namespace

namespace {

// By the receiver's worker while the receiver does not run: a take gets its buffer from its pool.
auto pool_of_receiver(int destination) {
  return [destination]() -> buffer_pool& { return pool_of(destination); };
}

}  // namespace

void deliver(message* m, int destination) { hand_over(m, destination, pool_of_receiver(destination)); }

bool deliver_if_posted(message* m, int destination) {
  matching_engine& engine = engine_of(destination);
  auto lock = engine.lock();
  recv_request* receive = engine.take_posted(m->env);
  if (receive == nullptr) return false;
  lock.unlock();
  receive_posted(*receive, m, pool_of_receiver(destination));
  return true;
}

void expect_sender(recv_request& request, int sender) noexcept {
  const runtime::node_map& nodes = runtime::job::current().nodes();
  if (nodes.node_count() > 1 && (sender == any_source || !nodes.is_local(sender))) request.done.expect_from_network();
}

void start_recv(recv_request& request, const typed_span& buffer, const envelope& pattern, int self) {
  request.pattern = pattern;
  request.buffer = buffer;
  request.capacity = buffer.bytes();
  matching_engine& engine = engine_of(self);
  auto lock = engine.lock();
  message* m = engine.take_unexpected(pattern);
  if (m == nullptr) {
    engine.post(&request);
    return;
  }
  engine.release_taken(m);
  lock.unlock();
  receive_message(request, m);
}

message* take_message(int self, const envelope& pattern) {
  matching_engine& engine = engine_of(self);
  auto lock = engine.lock();
  message* m = engine.take_unexpected(pattern);
  engine.release_taken(m);
  return m;
}

message* await_message(int self, const envelope& pattern) {
  return await_arrival(self, [&](matching_engine& engine) {
    message* m = engine.take_unexpected(pattern);
    engine.release_taken(m);
    return m;
  });
}

void start_recv_matched(recv_request& request, const typed_span& buffer, message* m) {
  request.pattern = m->env;
  request.buffer = buffer;
  request.capacity = buffer.bytes();
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

bool iprobe(int self, const envelope& pattern, probe_result& result) {
  matching_engine& engine = engine_of(self);
  auto lock = engine.lock();
  const message* m = engine.find_unexpected(pattern);
  if (m == nullptr) return false;
  result = {m->env.source, m->env.tag, m->size};
  return true;
}

probe_result probe(int self, const envelope& pattern) {
  return *await_arrival(self, [&](matching_engine& engine) -> std::optional<probe_result> {
    if (const message* m = engine.find_unexpected(pattern)) return probe_result{m->env.source, m->env.tag, m->size};
    return std::nullopt;
  });
}

void send(const const_typed_span& data, const envelope& env, int destination) {
  send_request request;
  start_send(request, data, env, destination, send_mode::standard);
  request.done.wait();
}

recv_error recv(const typed_span& buffer, const envelope& pattern, int self) {
  recv_request request;
  start_recv(request, buffer, pattern, self);
  request.done.wait();
  return request.error;
}

}  // namespace weft::shm
