#include "collectives/spanning/peer_messages.hpp"

#include "shm/point_to_point.hpp"
#include "shm/reduction_op.hpp"

namespace weft::coll {

// Tags below 2^30, which the library's other internal tags start from (mpi_api/checks.hpp): 20 bits of the
// sequence number (a member is never a million collectives behind another of the same communicator) and
// 10 of the step.
int peer_messages::tag(int step) const noexcept {
  return static_cast<int>(((sequence_ & 0xfffff) << 10) | (static_cast<std::uint64_t>(step) & 0x3ff));
}

void peer_messages::send(const shm::const_typed_span& data, int peer, int step) {
  shm::send_request& request = sends_.emplace_back();
  shm::start_send(request, data, {comm_.context, comm_.rank, tag(step)}, comm_.job_rank(peer),
                  shm::send_mode::standard);
}

shm::recv_request& peer_messages::receive(const shm::typed_span& room, int peer, int step) {
  shm::recv_request& request = receives_.emplace_back();
  shm::expect_sender(request, comm_.job_rank(peer));
  sources_.push_back(peer);
  shm::start_recv(request, room, {comm_.context, peer, tag(step)}, comm_.job_rank(comm_.rank));
  return request;
}

task peer_messages::all_done(truncation* seen) {
  for (shm::send_request& request : sends_) co_await completed{request.done};
  for (std::size_t i = 0; i < receives_.size(); ++i) {
    shm::recv_request& request = receives_[i];
    co_await completed{request.done};
    if (seen != nullptr && request.error == shm::recv_error::truncated && !seen->found)
      *seen = {true, sources_[i], comm_.rank, request.message_size, request.capacity};
  }
}

shm::typed_span elements_at(void* origin, std::size_t count, std::size_t element_size, const shm::reduction_op& op) {
  if (op.layout == nullptr) return shm::byte_span(origin, count * element_size);
  return {static_cast<std::byte*>(origin), op.layout, count};
}

}  // namespace weft::coll
