#include "shm/ownership_passing.hpp"

#include <memory>
#include <utility>
#include <vector>

#include "runtime/job.hpp"
#include "runtime/path_report.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/report.hpp"
#include "shm/buffer_pool.hpp"
#include "shm/delivery.hpp"
#include "shm/matching_engine.hpp"
#include "shm/point_to_point.hpp"
#include "shm/ring_delivery.hpp"

namespace weft::shm {
namespace {

bool same_piece(const type_layout::piece& a, const type_layout::piece& b) noexcept {
  return a.offset == b.offset && a.length == b.length && a.element == b.element && a.inner == b.inner &&
         a.depth == b.depth && a.loops == b.loops;
}

// Whether both layouts put every data byte of consecutive elements at the same offset from the base, so
// that the taker can read the giver's buffer as it is. Layouts that compare unequal here may still
// agree (nested pieces are compared by identity); they take the copy, which is always right.
bool same_placement(const type_layout& a, const type_layout& b) noexcept {
  if (&a == &b) return true;
  if (a.is_contiguous() && b.is_contiguous()) return a.true_lb() == b.true_lb();
  if (a.size() != b.size() || a.extent() != b.extent() || a.pieces().size() != b.pieces().size()) return false;
  for (std::size_t i = 0; i < a.pieces().size(); ++i)
    if (!same_piece(a.pieces()[i], b.pieces()[i])) return false;
  return true;
}

// A buffer given to a rank of another node: sent as an ordinary message, back to the giver's pool once sent.
struct given_copy {
  send_request request;
  pool_buffer* buffer;
  type_layout::pointer layout;  // the data's, alive until the send completes
};

// Per rank, its given copies whose sends may not have completed yet.
std::vector<std::unique_ptr<given_copy>>& given_copies() {
  static runtime::rank_slots<std::vector<std::unique_ptr<given_copy>>> per_rank;
  return per_rank[runtime::current_rank()->id];
}

void give_by_copy(pool_buffer& buffer, const const_typed_span& data, type_layout::pointer layout, envelope env,
                  int destination) {
  auto copy = std::make_unique<given_copy>();
  copy->buffer = &buffer;
  copy->layout = std::move(layout);
  start_send(copy->request, data, env, destination, send_mode::standard);
  given_copies().push_back(std::move(copy));
}

}  // namespace

void reclaim_given_copies(bool wait) {
  std::vector<std::unique_ptr<given_copy>>& copies = given_copies();
  if (copies.empty()) [[likely]]
    return;
  std::erase_if(copies, [wait](const std::unique_ptr<given_copy>& copy) {
    if (wait) copy->request.done.wait();
    if (!copy->request.done.done()) return false;
    own_pool().release(copy->buffer);
    return true;
  });
}

void give(pool_buffer& buffer, const const_typed_span& data, type_layout::pointer layout, envelope env,
          int destination) {
  reclaim_given_copies(false);
  if (!runtime::job::current().nodes().is_local(destination)) [[unlikely]] {
    if (runtime::reporting_paths()) [[unlikely]]
      runtime::report_path("point-to-point", "give", "to another node, copied",
                           "%zu B: sent as a message, the buffer back in the giver's pool once sent", data.bytes());
    give_by_copy(buffer, data, std::move(layout), env, destination);
    return;
  }
  buffer.state = buffer_state::given;
  given_message& m = buffer.in_flight;
  m.env = env;
  m.size = data.bytes();
  m.data = data;
  m.kind = message_kind::given;
  m.buffer = &buffer;
  m.layout = std::move(layout);
  matching_engine& engine = engine_of(destination);
  auto lock = lock_engine(engine);  // after the giver's ring messages
  if (recv_request* receive = engine.take_posted(env)) {
    lock.unlock();
    receive_given(*receive, m);
    receive->done.complete();
    return;
  }
  engine.queue_unexpected(&m);
}

void start_take(recv_request& request, const typed_span& shape, void** taken, envelope pattern, int self) {
  request.taken = taken;
  start_recv(request, shape, pattern, self);
}

void receive_given(recv_request& receive, given_message& m) {
  record(receive, m.env, m.size);
  pool_buffer& buffer = *m.buffer;
  bool passed = receive.taken != nullptr && same_placement(*receive.buffer.layout, *m.data.layout);
  if (runtime::reporting_paths()) [[unlikely]]
    runtime::report_path("point-to-point", "give", passed ? "ownership" : "ownership refused, copied", "%zu B %s",
                         m.size,
                         passed ? "given to an MPIX_Take: the taker receives the giver's buffer"
                                : "given to a receive that is not an MPIX_Take of the same layout");
  if (passed) [[likely]] {
    buffer.in_flight.layout.reset();
    buffer.state = buffer_state::owned;
    *receive.taken = buffer.data();
    return;
  }
  if (receive.taken != nullptr) provide_buffer(receive, own_pool());
  fill(receive, m.data);
  buffer.in_flight.layout.reset();
  own_pool().release(&buffer);
}

void provide_buffer(recv_request& take, buffer_pool& pool) {
  const type_layout& layout = *take.buffer.layout;
  std::size_t elements = layout.size() == 0 ? 0 : (take.received() + layout.size() - 1) / layout.size();
  // The datatype's data lies at non-negative offsets (checked by the take), so this much holds it.
  std::size_t bytes = elements == 0 ? 0 : (elements - 1) * layout.extent() + layout.true_ub();
  pool_buffer* buffer = pool.allocate(bytes);
  if (buffer == nullptr) runtime::fatal(1, "out of memory for a %zu-byte buffer taken by MPIX_Take", bytes);
  take.buffer.base = buffer->data();
  take.buffer.count = elements;
  *take.taken = buffer->data();
}

}  // namespace weft::shm
