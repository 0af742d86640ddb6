// The commit's messages. The counting is done by the caller (a reduction over the communicator, as the
// paper does), so every owner knows how many requests to serve and no rank waits for one that never
// comes. Each reader sends one request per remote binding to the binding's owner; each owner receives
// its requests from any source, checks each against its cells and answers. Requests from one reader
// arrive in the order it sent them, so both ends list the cells of a link in the same order.

#include <algorithm>
#include <array>
#include <cstring>
#include <map>

#include "halo/exchange.hpp"
#include "halo/tags.hpp"
#include "shm/point_to_point.hpp"

namespace weft::halo {
namespace {

struct commit_request {
  std::array<char, max_label_length + 1> owner_label{};  // the label asked for
  std::array<char, max_label_length + 1> reader_label{};
  cell_shape reader_shape;
};

struct commit_reply {
  commit_failure failure = commit_failure::none;
  cell_shape owner_shape;
};

void copy_label(std::array<char, max_label_length + 1>& field, const std::string& label) noexcept {
  std::size_t length = std::min(label.size(), max_label_length);
  std::memcpy(field.data(), label.data(), length);
  field[length] = '\0';
}

template <class Request>
void wait_all(std::vector<std::optional<Request>>& requests) {
  for (std::optional<Request>& request : requests) request->done.wait();
}

}  // namespace

std::vector<commit_error> exchange::commit(const exchange_setup& setup) {
  context_ = setup.context;
  rank_ = setup.rank;
  job_rank_ = setup.job_ranks[setup.rank];
  links_.clear();
  std::vector<commit_error> errors;

  // Requests, and the receives of their answers, posted first: an owner answers each reader in order.
  std::size_t asked = remotes_.size();
  std::vector<commit_request> requests(asked);
  std::vector<commit_reply> replies(asked);
  std::vector<std::optional<shm::send_request>> request_sends(asked);
  std::vector<std::optional<shm::recv_request>> reply_receives(asked);
  for (std::size_t i = 0; i < asked; ++i) {
    const remote_binding& binding = remotes_[i];
    copy_label(requests[i].owner_label, binding.owner_label);
    copy_label(requests[i].reader_label, binding.remote->label());
    requests[i].reader_shape = binding.remote->shape();
    shm::start_recv(reply_receives[i].emplace(), &replies[i], sizeof replies[i],
                    {context_, binding.owner, tags::commit_reply}, job_rank_);
    shm::start_send(request_sends[i].emplace(), &requests[i], sizeof requests[i],
                    {context_, rank_, tags::commit_request}, setup.job_ranks[binding.owner], shm::send_mode::standard);
  }

  // Answers to the requests for the caller's cells.
  auto incoming = static_cast<std::size_t>(setup.incoming_requests);
  std::vector<commit_reply> answers(incoming);
  std::vector<std::optional<shm::send_request>> answer_sends(incoming);
  std::vector<std::string> duplicates_asked_for;
  for (std::size_t j = 0; j < incoming; ++j) {
    commit_request request;
    shm::recv_request receive;
    shm::start_recv(receive, &request, sizeof request, {context_, shm::any_source, tags::commit_request}, job_rank_);
    receive.done.wait();
    int reader = receive.source;
    cell* found = find_local(request.owner_label.data(), answers[j].failure);
    if (found != nullptr) {
      answers[j].owner_shape = found->shape();
      shape_match match = compare(request.reader_shape, found->shape());
      if (match == shape_match::different_types) answers[j].failure = commit_failure::different_types;
      if (match == shape_match::different_sizes) answers[j].failure = commit_failure::different_sizes;
    }
    if (answers[j].failure == commit_failure::none) {
      link_to(reader, setup).read_by_peer.push_back(found);
    } else {
      errors.push_back({answers[j].failure, reader, rank_, request.reader_label.data(), request.owner_label.data(),
                        request.reader_shape, answers[j].owner_shape});
      if (answers[j].failure == commit_failure::duplicate_label)
        duplicates_asked_for.push_back(request.owner_label.data());
    }
    shm::start_send(answer_sends[j].emplace(), &answers[j], sizeof answers[j], {context_, rank_, tags::commit_reply},
                    setup.job_ranks[reader], shm::send_mode::standard);
  }
  wait_all(request_sends);
  wait_all(reply_receives);
  wait_all(answer_sends);

  for (std::size_t i = 0; i < asked; ++i) {
    const remote_binding& binding = remotes_[i];
    if (replies[i].failure == commit_failure::none)
      link_to(binding.owner, setup).read_from_peer.push_back(binding.remote);
    else
      errors.push_back({replies[i].failure, rank_, binding.owner, binding.remote->label(), binding.owner_label,
                        binding.remote->shape(), replies[i].owner_shape});
  }

  // Two local cells of one label that nobody asked for are an error of their owner alone.
  std::map<std::string, int> uses;
  for (const cell* local : locals_) ++uses[local->label()];
  for (const auto& [label, count] : uses) {
    bool reported =
        std::find(duplicates_asked_for.begin(), duplicates_asked_for.end(), label) != duplicates_asked_for.end();
    if (count > 1 && !reported) {
      commit_error error;
      error.failure = commit_failure::duplicate_label;
      error.owner = rank_;
      error.owner_label = label;
      errors.push_back(error);
    }
  }
  return errors;
}

}  // namespace weft::halo
