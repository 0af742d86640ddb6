#pragma once
// Messages other ranks leave for a rank without waking it (shm's message rings). The rank takes them in
// whenever it looks for something to happen: at every poll of a wait, when it yields, and before it parks,
// so that every wait sees them, whatever it waits for. Only a rank that parks is woken for them: it asks
// to be (watch) after its last look, and a sender that finds it asking wakes it.

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

 protected:
  ~arrivals() = default;
};

}  // namespace weft::runtime
