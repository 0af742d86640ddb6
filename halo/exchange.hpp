#pragma once
// An exchange: the cells one rank binds, and after commit its links, one per peer it reads from or is
// read by. Each step sends every peer one small message that carries the addresses of the cells the peer
// reads (view) and tells that the sender has left the views of the step before; the step completes when
// every peer's message has arrived. So an owner's step k+1 completes only after each of its readers has
// entered step k+1: memory published at step k may be written again from then on, never before. Copies
// (access::copy) travel as messages of their own, from the owner's layout into the reader's.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "halo/cell.hpp"
#include "halo/commit_error.hpp"
#include "halo/peer_access.hpp"
#include "shm/operations.hpp"

namespace weft::halo {

// What the commit fixes: where the exchange's messages travel and who its members are.
struct exchange_setup {
  std::uint32_t context;           // a context of the exchange's own, which no communicator uses
  int rank;                        // the caller's rank in the exchange's communicator
  std::span<const int> job_ranks;  // the communicator's members, as job ranks
  int incoming_requests;           // bindings of any rank to the caller's cells, counted by a reduction
};

// A peer whose step message did not match the caller's step: it has released the exchange, or called
// it a different number of times.
struct step_mismatch {
  int peer = -1;  // -1: none
  std::uint64_t expected = 0, received = 0;
};

inline constexpr std::uint64_t released_step = ~std::uint64_t{0};

class exchange {
 public:
  // Before commit; the caller has checked that the cell is unbound.
  void bind_local(cell& local);
  void bind_remote(cell& remote, int owner, std::string owner_label);

  // Adds one to the entry of each remote binding's owner: the requests the commit will send it.
  void count_requests(std::vector<int>& per_owner) const;

  // The commit's messages (commit.cpp): every rank asks the owners of its remote cells for the labels, each
  // owner checks and answers. Returns the errors of refused bindings, each on both of its ranks. The links
  // wait for activate(), once every rank has succeeded, or discard().
  std::vector<commit_error> commit(const exchange_setup& setup);
  void activate();
  void discard() noexcept;
  bool committed() const noexcept { return committed_; }

  // A local cell some peer reads that has no data yet; null when there is none.
  const cell* unset_local_cell() const noexcept;

  // Step k: start() sends and posts what the step needs and ends the views of step k-1; finish() waits
  // for it and shows the new views.
  void start();
  step_mismatch finish();
  bool in_flight() const noexcept { return in_flight_; }
  std::uint64_t steps() const noexcept { return step_; }

  // The last round: tells every peer that the caller views nothing of theirs any more and waits until
  // every peer says the same, then unbinds the cells. An uncommitted exchange only unbinds them.
  step_mismatch release();

 private:
  struct remote_binding {
    cell* remote;
    int owner;
    std::string owner_label;
  };

  struct link {
    int peer = 0;
    int peer_job_rank = 0;
    access mode = access::view;
    std::vector<cell*> read_by_peer;                // the caller's local cells the peer reads, in the order it asked
    std::vector<cell*> read_from_peer;              // the caller's remote cells the peer owns, in the order it asked
    std::vector<std::uint64_t> outgoing, incoming;  // this step's messages: the step, then addresses
    std::vector<std::optional<shm::send_request>> sends;  // the step message, then copies
    std::vector<std::optional<shm::recv_request>> receives;
  };

  link& link_to(int peer, const exchange_setup& setup);
  // The one local cell labelled `label`; null with the reason when there is none or more than one.
  cell* find_local(std::string_view label, commit_failure& failure) const;
  void send_step(link& to, std::uint64_t step);
  step_mismatch wait_step(std::uint64_t step);

  std::vector<cell*> locals_;
  std::vector<remote_binding> remotes_;
  std::vector<link> links_;
  std::uint32_t context_ = 0;
  int rank_ = 0;
  int job_rank_ = 0;
  bool committed_ = false;
  bool in_flight_ = false;
  std::uint64_t step_ = 0;
};

}  // namespace weft::halo
