#pragma once
// Messages other ranks leave for a rank without waking it (shm's message rings). The rank takes them in
// whenever it looks for something to happen: at every poll of a wait, when it yields, and before it parks,
// so that every wait sees them, whatever it waits for. Only a rank that parks is woken for them: it asks
// to be (watch) after its last look, and a sender that finds it asking wakes it.
//
// Senders look whether the rank asks with no more than a compiler barrier after their write
// (asymmetric_fence.hpp), so a sender may miss a watch that began just before its write became visible.
// The rank's worker makes up for it: after a heavy fence it looks again at the ranks that parked watching
// such senders since its last one (worker::confirm_watchers), before it sleeps and every few dozen switches.

namespace weft::runtime {

class arrivals {
 public:
  // Moves what arrived into the rank's matching; true when anything did (what the rank waits for may have
  // completed). Called by the rank itself.
  virtual bool take() = 0;
  // Before parking: asks to be woken by the next arrival; false, without asking, when something has arrived.
  virtual bool watch() = 0;
  // After parking: the rank runs again and need not be woken.
  virtual void unwatch() noexcept = 0;
  // Whether anything has arrived, from any thread: exact after a heavy fence, a hint otherwise.
  virtual bool arrived() const noexcept = 0;
  // Whether anyone may leave the rank something with the light fence alone. A sender that becomes one
  // looks with a full fence first, so a rank that parked without such senders needs no second look.
  virtual bool has_senders() const noexcept = 0;

 protected:
  ~arrivals() = default;
};

}  // namespace weft::runtime
