#pragma once
// Work a rank has started and that advances only when the rank itself runs it: nonblocking collectives,
// whose steps are the rank's own. Whenever the rank is about to park, whatever it waits for, the runtime
// first lets this work advance, so an operation started earlier never waits for the rank to wait on it
// (the rank that other ranks need may be blocked in an unrelated receive).

namespace weft::runtime {

class background_work {
 public:
  // Advances what can advance without waiting. Returns true when anything did (the caller's own condition
  // may hold now, so it must not park); before returning false, asks to be woken (unpark) when something
  // can advance.
  virtual bool advance() = 0;

 protected:
  ~background_work() = default;
};

}  // namespace weft::runtime
