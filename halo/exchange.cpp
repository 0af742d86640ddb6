// Binding, activation and the steps of an exchange (the commit's messages are in commit.cpp).

#include "halo/exchange.hpp"

#include <algorithm>
#include <utility>

#include "halo/tags.hpp"
#include "shm/point_to_point.hpp"

namespace weft::halo {

void exchange::bind_local(cell& local) {
  local.bind(role::local);
  locals_.push_back(&local);
}

void exchange::bind_remote(cell& remote, int owner, std::string owner_label) {
  remote.bind(role::remote);
  remotes_.push_back({&remote, owner, std::move(owner_label)});
}

void exchange::count_requests(std::vector<int>& per_owner) const {
  for (const remote_binding& binding : remotes_) ++per_owner[binding.owner];
}

exchange::link& exchange::link_to(int peer, const exchange_setup& setup) {
  auto found = std::find_if(links_.begin(), links_.end(), [peer](const link& l) { return l.peer == peer; });
  if (found != links_.end()) return *found;
  link& added = links_.emplace_back();
  added.peer = peer;
  added.peer_job_rank = setup.job_ranks[peer];
  return added;
}

cell* exchange::find_local(std::string_view label, commit_failure& failure) const {
  cell* found = nullptr;
  for (cell* local : locals_) {
    if (local->label() != label) continue;
    if (found != nullptr) {
      failure = commit_failure::duplicate_label;
      return nullptr;
    }
    found = local;
  }
  if (found != nullptr) return found;
  bool remote = std::any_of(remotes_.begin(), remotes_.end(),
                            [label](const remote_binding& b) { return b.remote->label() == label; });
  failure = remote ? commit_failure::wrong_role : commit_failure::unknown_label;
  return nullptr;
}

// Each link's access is the pair's, the same at both ends: an owner sends addresses exactly when its reader
// expects them.
void exchange::activate() {
  for (link& l : links_) {
    l.mode = access_between(job_rank_, l.peer_job_rank);
    for (cell* remote : l.read_from_peer) remote->set_access(l.mode);
    bool views = l.mode == access::view;
    l.outgoing.assign(1 + (views ? l.read_by_peer.size() : 0), 0);
    l.incoming.assign(1 + (views ? l.read_from_peer.size() : 0), 0);
    l.sends = std::vector<std::optional<shm::send_request>>(1 + (views ? 0 : l.read_by_peer.size()));
    l.receives = std::vector<std::optional<shm::recv_request>>(1 + (views ? 0 : l.read_from_peer.size()));
  }
  committed_ = true;
}

void exchange::discard() noexcept { links_.clear(); }

const cell* exchange::unset_local_cell() const noexcept {
  for (const link& l : links_)
    for (const cell* local : l.read_by_peer)
      if (local->data() == nullptr) return local;
  return nullptr;
}

void exchange::send_step(link& to, std::uint64_t step) {
  to.outgoing[0] = step;
  for (std::size_t i = 1; i < to.outgoing.size(); ++i)
    to.outgoing[i] = reinterpret_cast<std::uintptr_t>(to.read_by_peer[i - 1]->data());
  shm::start_send(to.sends[0].emplace(), to.outgoing.data(), to.outgoing.size() * sizeof(std::uint64_t),
                  {context_, rank_, tags::step}, to.peer_job_rank, shm::send_mode::standard);
}

void exchange::start() {
  ++step_;
  in_flight_ = true;
  for (remote_binding& binding : remotes_) binding.remote->hide();
  // Receives first: a copy whose owner comes later then lands straight in the cell.
  for (link& l : links_) {
    shm::start_recv(l.receives[0].emplace(), l.incoming.data(), l.incoming.size() * sizeof(std::uint64_t),
                    {context_, l.peer, tags::step}, job_rank_);
    for (std::size_t i = 1; i < l.receives.size(); ++i)
      shm::start_recv(l.receives[i].emplace(), l.read_from_peer[i - 1]->copy_room(),
                      {context_, l.peer, tags::first_copy + static_cast<int>(i - 1)}, job_rank_);
  }
  for (link& l : links_) {
    send_step(l, step_);
    for (std::size_t i = 1; i < l.sends.size(); ++i)
      shm::start_send(l.sends[i].emplace(), l.read_by_peer[i - 1]->data_span(),
                      {context_, rank_, tags::first_copy + static_cast<int>(i - 1)}, l.peer_job_rank,
                      shm::send_mode::standard);
  }
}

namespace {

// Waits for an operation of the step, or cancels it when its peer is out of step (an operation matched
// meanwhile completes anyway). Operations of earlier steps are complete already; those never started
// (copies, before the first step) are empty.
template <class Operation, class Cancel>
void settle(std::optional<Operation>& operation, bool wait, Cancel cancel) {
  if (!operation || operation->done.done()) return;
  if (wait || !cancel(*operation)) operation->done.wait();
}

}  // namespace

// The step messages first: a peer out of step sends no copies and receives none, so the copies to and from
// it are cancelled instead of waited for.
step_mismatch exchange::wait_step(std::uint64_t step) {
  step_mismatch mismatch;
  for (link& l : links_) {
    l.receives[0]->done.wait();
    bool in_step = l.incoming[0] == step;
    if (!in_step && mismatch.peer < 0) mismatch = {l.peer, step, l.incoming[0]};
    for (std::size_t i = 1; i < l.receives.size(); ++i)
      settle(l.receives[i], in_step, [this](shm::recv_request& r) { return shm::cancel_recv(r, job_rank_); });
    for (std::optional<shm::send_request>& send : l.sends)
      settle(send, in_step, [](shm::send_request& s) { return shm::cancel_send(s); });
  }
  return mismatch;
}

step_mismatch exchange::finish() {
  step_mismatch mismatch = wait_step(step_);
  in_flight_ = false;
  if (mismatch.peer >= 0) return mismatch;
  for (link& l : links_)
    for (std::size_t i = 0; i < l.read_from_peer.size(); ++i)
      l.read_from_peer[i]->show(l.mode == access::view ? reinterpret_cast<void*>(l.incoming[1 + i]) : nullptr);
  return mismatch;
}

step_mismatch exchange::release() {
  step_mismatch mismatch;
  if (committed_) {
    for (link& l : links_)
      shm::start_recv(l.receives[0].emplace(), l.incoming.data(), l.incoming.size() * sizeof(std::uint64_t),
                      {context_, l.peer, tags::step}, job_rank_);
    for (link& l : links_) send_step(l, released_step);
    mismatch = wait_step(released_step);
  }
  for (cell* local : locals_) local->unbind();
  for (remote_binding& binding : remotes_) binding.remote->unbind();
  locals_.clear();
  remotes_.clear();
  links_.clear();
  committed_ = false;
  return mismatch;
}

}  // namespace weft::halo
