#include "shm/partitioned_channel.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "runtime/cpu_relax.hpp"

namespace weft::shm {

namespace {

// Channels are made and dropped at init and free calls, rarely: one lock for the node process.
struct registry {
  std::mutex lock;
  std::map<std::tuple<std::uint32_t, int, int, int, std::uint64_t>, std::shared_ptr<partitioned_channel>> channels;
  // How many inits each side has made per (context, sender, receiver, tag, receives).
  std::map<std::tuple<std::uint32_t, int, int, int, bool>, std::uint64_t> inits;
};

registry& the_registry() {
  static registry instance;
  return instance;
}

template <class Counter>
std::unique_ptr<std::atomic<Counter>[]> zeros(int n) {
  auto counters = std::make_unique<std::atomic<Counter>[]>(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) counters[i].store(0, std::memory_order_relaxed);
  return counters;
}

}  // namespace

std::shared_ptr<partitioned_channel> partitioned_channel::join(std::uint32_t context, int sender, int receiver, int tag,
                                                               bool receives) {
  registry& r = the_registry();
  std::lock_guard held(r.lock);
  std::uint64_t number = r.inits[{context, sender, receiver, tag, receives}]++;
  auto key = std::make_tuple(context, sender, receiver, tag, number);
  std::shared_ptr<partitioned_channel>& channel = r.channels[key];
  if (!channel) {
    channel.reset(new partitioned_channel);
    channel->key_ = key;
  }
  ++channel->users_;
  (receives ? channel->receiver_joined_ : channel->sender_joined_) = true;
  return channel;
}

void partitioned_channel::leave(std::shared_ptr<partitioned_channel>& channel) {
  registry& r = the_registry();
  std::lock_guard held(r.lock);
  if (--channel->users_ == 0 && channel->sender_joined_ && channel->receiver_joined_) r.channels.erase(channel->key_);
  channel.reset();
}

// The two sides bind under the registry's lock, so that each sees whether the other has bound and what.
bool partitioned_channel::bind_sender(const const_typed_span& data, int partitions) {
  std::lock_guard held(the_registry().lock);
  from_ = data;
  sender_bytes_ = data.bytes();
  readied_ = zeros<std::uint64_t>(partitions);
  claimed_ = zeros<std::uint64_t>(partitions);
  send_partitions_.store(partitions, std::memory_order_release);
  return to_.layout == nullptr || receiver_bytes_ == sender_bytes_;
}

bool partitioned_channel::bind_receiver(const typed_span& room, int partitions) {
  std::lock_guard held(the_registry().lock);
  to_ = room;
  receive_partitions_ = partitions;
  receiver_bytes_ = room.bytes();
  arrived_ = zeros<std::size_t>(partitions);
  return from_.layout == nullptr || receiver_bytes_ == sender_bytes_;
}

void partitioned_channel::start_send(completion& done) {
  ++sender_round_;
  moved_.store(0, std::memory_order_relaxed);
  send_done_ = &done;  // published to the receiver by the release of the first readied_ store
}

void partitioned_channel::start_receive(completion& done) {
  std::uint64_t round = receiver_round_.load(std::memory_order_relaxed) + 1;
  // A mover of the last round may still be telling its receive partitions (move): a few stores away.
  while (publishing_.load(std::memory_order_acquire) != 0) runtime::cpu_relax();
  for (int j = 0; j < receive_partitions_; ++j) arrived_[j].store(0, std::memory_order_relaxed);
  receive_done_ = &done;
  receiver_round_.store(round, std::memory_order_seq_cst);
  int partitions = send_partitions_.load(std::memory_order_acquire);  // 0: the sender has not bound yet
  for (int i = 0; i < partitions; ++i)
    if (readied_[i].load(std::memory_order_seq_cst) == round) move(i, round);
}

void partitioned_channel::ready(int partition) {
  std::uint64_t round = sender_round_;
  readied_[partition].store(round, std::memory_order_seq_cst);
  if (receiver_round_.load(std::memory_order_seq_cst) >= round) move(partition, round);
}

// An empty partition arrives with the round's end, which the request's completion tells.
bool partitioned_channel::arrived(int partition) const noexcept {
  std::size_t size = receiver_bytes_ / static_cast<std::size_t>(receive_partitions_);
  return size > 0 && arrived_[partition].load(std::memory_order_acquire) == size;
}

void partitioned_channel::move(int partition, std::uint64_t round) {
  std::uint64_t before = round - 1;
  if (!claimed_[partition].compare_exchange_strong(before, round, std::memory_order_acq_rel)) return;
  int partitions = send_partitions_.load(std::memory_order_relaxed);  // bound: a partition was readied
  std::size_t size = sender_bytes_ / static_cast<std::size_t>(partitions);
  std::size_t first = static_cast<std::size_t>(partition) * size;
  typed_copy(to_, first, from_, first, size);
  // The last partition completes the round before its receive partitions show as arrived, so that a
  // receiver that saw every partition arrive (MPI_Parrived) finds its request complete (MPICH's tests ask so).
  publishing_.fetch_add(1, std::memory_order_acq_rel);
  if (moved_.fetch_add(1, std::memory_order_acq_rel) + 1 == partitions) {
    // The receiver may start its next round as soon as its completion shows: the sender's goes first.
    completion* sent = send_done_;
    completion* received = receive_done_;
    sent->complete();
    received->complete();
  }
  // The receive partitions the copied bytes fall in, each told how many of its bytes came.
  std::size_t part = size > 0 ? receiver_bytes_ / static_cast<std::size_t>(receive_partitions_) : 0;
  for (std::size_t at = first; at < first + size;) {
    std::size_t j = at / part;
    std::size_t end = std::min(first + size, (j + 1) * part);
    arrived_[j].fetch_add(end - at, std::memory_order_release);
    at = end;
  }
  publishing_.fetch_sub(1, std::memory_order_release);
}

}  // namespace weft::shm
