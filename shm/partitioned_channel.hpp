#pragma once
// Where a partitioned send and its receive meet when both ranks are on this node (MPI-4.1, 4.2): every send
// partition is copied once, straight from the sender's buffer into the receiver's, as soon as both the
// partition is ready and the receiver has started the round; by the sender when it readies a partition of a
// round the receiver has started, by the receiver when it starts a round whose partitions were readied
// before. A receive partition has arrived once every byte of it has, so the receiver may read it while
// the rest is still on its way, whatever the two sides' partitionings are (only their total must agree).
// A round ends for both sides when the last send partition has been copied.
//
// Rounds count each side's MPI_Start calls. The sender publishes a partition's round before it looks at
// the receiver's, the receiver its round before it looks at the partitions', both sequentially consistent,
// so at least one of them sees the other; a per-partition claim makes the copy happen once.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <tuple>
#include <vector>

#include "shm/completion.hpp"
#include "shm/typed_copy.hpp"

namespace weft::shm {

class partitioned_channel {
 public:
  // The channel of the next partitioned send (`receives` false) or receive from job rank `sender` to
  // `receiver` on `context` with `tag`: the k-th send init of that quadruple meets the k-th receive init
  // (MPI-4.1, 4.2.2: in init order). Made by the side that comes first, shared until both have let go.
  static std::shared_ptr<partitioned_channel> join(std::uint32_t context, int sender, int receiver, int tag,
                                                   bool receives);
  // Drops this side's use. The channel goes once both sides have joined and left: a side may be done with
  // it before the other comes (both freed unstarted, or nothing to send).
  static void leave(std::shared_ptr<partitioned_channel>& channel);

  // Each side's buffer, as bound at its init: `partitions` partitions of `data`'s bytes (which divide
  // evenly). False when the other side's total differs (the pair is erroneous).
  [[nodiscard]] bool bind_sender(const const_typed_span& data, int partitions);
  [[nodiscard]] bool bind_receiver(const typed_span& room, int partitions);
  std::size_t sender_bytes() const noexcept { return sender_bytes_; }
  std::size_t receiver_bytes() const noexcept { return receiver_bytes_; }

  // MPI_Start on each side; `done` completes when the round's data has left the send buffer (sender) or
  // all arrived (receiver).
  void start_send(completion& done);
  void start_receive(completion& done);

  // MPI_Pready of send partition `partition`.
  void ready(int partition);

  // MPI_Parrived of receive partition `partition` in the receiver's current round.
  bool arrived(int partition) const noexcept;

 private:
  partitioned_channel() noexcept = default;

  // Copies send partition `partition` of round `round` unless the other side has claimed it.
  void move(int partition, std::uint64_t round);

  // Its place in the registry: context, sender, receiver, tag, and the init's number for that quadruple.
  std::tuple<std::uint32_t, int, int, int, std::uint64_t> key_;
  int users_ = 0;  // sides joined and not left (under the registry's lock)
  bool sender_joined_ = false, receiver_joined_ = false;

  // The sender's binding, published by send_partitions_ (0 until it is bound): the receiver may start
  // while the sender's init is binding.
  const_typed_span from_;
  std::atomic<int> send_partitions_{0};
  std::size_t sender_bytes_ = 0;
  typed_span to_;
  int receive_partitions_ = 0;
  std::size_t receiver_bytes_ = 0;

  // Per send partition: the round it was last readied in, and the last round whose copy someone claimed.
  std::unique_ptr<std::atomic<std::uint64_t>[]> readied_, claimed_;
  // Per receive partition: its bytes arrived in the receiver's current round.
  std::unique_ptr<std::atomic<std::size_t>[]> arrived_;

  std::uint64_t sender_round_ = 0;   // the sender's business
  completion* send_done_ = nullptr;  // the sender's, for its current round
  std::atomic<int> moved_{0};        // send partitions copied in the current round
  // Movers between counting their partition as moved and telling the receive partitions it filled: the
  // receiver's next round clears those counts only once none is left.
  std::atomic<int> publishing_{0};
  alignas(64) std::atomic<std::uint64_t> receiver_round_{0};
  completion* receive_done_ = nullptr;  // the receiver's, for its current round
};

}  // namespace weft::shm
