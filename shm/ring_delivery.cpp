#include "shm/ring_delivery.hpp"

#include <boost/container/flat_map.hpp>
#include <cstdint>
#include <memory>

#include "runtime/config.hpp"
#include "runtime/job.hpp"
#include "runtime/log.hpp"
#include "runtime/path_report.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/scheduler.hpp"
#include "runtime/worker.hpp"
#include "runtime/worker_blocks.hpp"
#include "shm/buffer_pool.hpp"
#include "shm/delivery.hpp"
#include "shm/ownership_passing.hpp"

namespace weft::shm {
namespace {

// A sender gets a ring to a receiver once it has sent this many small messages there without one: ranks
// that exchange a message or two keep the receiver's ring places, and their memory, for steady partners.
constexpr std::uint32_t ring_after_sends = 16;

// What a sending rank knows of a destination it sends small messages to.
struct outgoing_ring {
  // No ring ever: the receiver had its WEFT_RING_PEERS rings when asked, or it shares the sender's worker.
  bool without_ring = false;
  std::uint32_t sends = 0;          // small messages sent while there was no ring
  message_ring* ring = nullptr;     // owned by the receiver's inbox once attached
  bool first_message_sent = false;  // through the ring (ring_inbox::wake_after_first_message)
};

// A rank's destinations, touched by that rank alone: sized by the ranks it talks to, not by the job; a
// sorted vector, so a lookup is a short binary search with no allocation.
using outgoing_rings = boost::container::flat_map<int, outgoing_ring>;

outgoing_rings& outgoing_of(int rank_id) {
  static runtime::rank_slots<outgoing_rings> tables;
  return tables[rank_id];
}

// Whether rank `destination` runs on the calling rank's worker, and so never at the same time: a receive it
// posted is there when the sender runs, and the engine's direct copy into it, with the receiver queued on
// the same thread, costs less than a ring the receiver would have to take in (a ping-pong on one worker
// took 0.18 us one way through a ring, 0.13 us directly).
bool shares_worker(int destination) {
  const runtime::worker* here = runtime::worker::current();
  if (here == nullptr) return false;  // a thread of the rank (MPI_THREAD_MULTIPLE) runs beside its worker
  const runtime::job& job = runtime::job::current();
  const runtime::node_map& nodes = job.nodes();
  int worker = runtime::worker_of_rank(destination - nodes.first_local(), nodes.local_count(), job.worker_count());
  return worker == here->index();
}

bool open_ring(outgoing_ring& out, int destination) {
  if (out.without_ring || ++out.sends <= ring_after_sends) return false;
  if (shares_worker(destination)) {
    out.without_ring = true;
    return false;
  }
  auto ring = std::make_unique<message_ring>();
  matching_engine& engine = engine_of(destination);
  auto lock = engine.lock();
  if (!engine.inbox().attach(ring.get())) {
    out.without_ring = true;
    if (runtime::logging(runtime::log_subsystem::shm, runtime::log_level::info)) [[unlikely]]
      runtime::write_log(runtime::log_subsystem::shm,
                         "rank %d: no message ring to rank %d, which has its WEFT_RING_PEERS (%d) rings already: "
                         "small messages to it take the matching engine's path",
                         runtime::current_rank()->id, destination, runtime::job_config().ring_peers);
    return false;
  }
  out.ring = ring.release();
  if (runtime::logging(runtime::log_subsystem::shm, runtime::log_level::debug)) [[unlikely]]
    runtime::write_log(runtime::log_subsystem::shm, "rank %d: a message ring to rank %d", runtime::current_rank()->id,
                       destination);
  return true;
}

// A ring message meets its receive: the match recorded, a take given its buffer from the pool of the
// rank that holds the lock, the data copied.
void receive_record(recv_request& receive, const message_ring::record& m) {
  record(receive, m.env, m.size);
  if (receive.taken != nullptr) [[unlikely]]
    provide_buffer(receive, own_pool());
  m.copy_to(receive.buffer, receive.received());
}

// Takes the rings' ready messages in, in order, until `wanting` (if any) receives one; true when it did.
// Sets `any` when a message was taken in.
bool take_in(matching_engine& engine, recv_request* wanting, bool& any) {
  ring_inbox& inbox = engine.inbox();
  runtime::rank* self = runtime::current_rank();
  message_ring::record m;
  for (int i = 0, n = inbox.ring_count(); i < n; ++i) {
    message_ring& ring = inbox.ring(i);
    while (ring.front(m)) {
      any = true;
      if (recv_request* receive = engine.take_posted(m.env)) {
        receive_record(*receive, m);
        ring.pop();
        receive->done.complete_from(self);
        continue;
      }
      if (wanting != nullptr && matches(wanting->pattern, m.env)) {
        receive_record(*wanting, m);
        ring.pop();
        return true;
      }
      inline_message* queued = engine.new_inline(m.env, m.size);
      m.copy_to(byte_span(queued->bytes(), m.size), m.size);
      ring.pop();
      engine.queue_unexpected(queued);
    }
  }
  return false;
}

// What a rank's waits take in (runtime/arrivals.hpp): its own engine's rings.
class ring_arrivals final : public runtime::arrivals {
 public:
  matching_engine* engine = nullptr;

  bool take() override {
    if (!engine->inbox().has_ready()) return false;
    auto lock = engine->lock();
    bool any = false;
    take_in(*engine, nullptr, any);
    return any;
  }
  bool watch() override { return engine->inbox().watch(runtime::current_rank()); }
  void unwatch() noexcept override { engine->inbox().unwatch(); }
  bool arrived() const noexcept override { return engine->inbox().has_ready(); }
  bool has_senders() const noexcept override { return engine->inbox().ring_count() != 0; }
};

}  // namespace

bool ring_send(const const_typed_span& data, envelope env, int destination) {
  const runtime::config& config = runtime::job_config();
  std::size_t size = data.bytes();
  runtime::rank* self = runtime::current_rank();
  if (size > config.inline_max || size > message_ring::largest_message || config.ring_peers == 0 || self == nullptr)
    return false;
  outgoing_ring& out = outgoing_of(self->id)[destination];
  if (out.ring == nullptr && !open_ring(out, destination)) return false;
  matching_engine& engine = engine_of(destination);
  // Past the budget the message takes the engine's path, which makes it wait for its receive.
  if (engine.over_budget() || !out.ring->try_push(env, data)) return false;
  engine.inbox().notify();
  if (!out.first_message_sent) [[unlikely]] {
    out.first_message_sent = true;
    engine.inbox().wake_after_first_message();
    if (runtime::reporting_paths()) [[unlikely]]
      runtime::report_path("point-to-point", "send", "ring",
                           "%zu B, at most WEFT_INLINE_MAX, to a steady partner on another worker: written into "
                           "the receiver's message ring, the send complete",
                           size);
  }
  return true;
}

std::unique_lock<runtime::spinlock> lock_engine(matching_engine& engine) {
  auto lock = engine.lock();
  bool any = false;
  take_in(engine, nullptr, any);
  return lock;
}

bool take_ring_messages_for(matching_engine& engine, recv_request& wanting) {
  bool any = false;
  return take_in(engine, &wanting, any);
}

void take_rings_when_waiting(int self) {
  runtime::rank* rank = runtime::current_rank();
  if (rank == nullptr || rank->inbox.load(std::memory_order_relaxed) != nullptr || rank->id != self) [[likely]]
    return;
  static runtime::rank_slots<ring_arrivals> all([](ring_arrivals& a, int id) { a.engine = &engine_of(id); });
  rank->inbox.store(&all[self], std::memory_order_release);
}

}  // namespace weft::shm
