#pragma once
// Everything a rank owns that a process would own alone: its copy of the privatized globals, its exit
// handlers and its libc state. The scheduler switches it in with the rank (switch_in) on every resume.

#include "privatize/runtime/exit_handlers.hpp"
#include "privatize/runtime/libc_state.hpp"
#include "privatize/runtime/rank_image.hpp"

namespace weft::privatize {

class rank_globals {
 public:
  // Called on the rank's own fiber before its main: copies the images, switches them in, runs the
  // per-rank constructors.
  void start();

  // When the rank ends (main returned or exit() was called): thread-local destructors, atexit
  // handlers, then destructors, as a process runs them at exit.
  void finish();

  exit_handlers& handlers() noexcept { return handlers_; }
  libc_state& libc() noexcept { return libc_; }
  const rank_image& image() const noexcept { return image_; }

  // The rank whose globals are switched in on this thread; null outside ranks.
  static rank_globals* current() noexcept;
  // On a worker, as it switches to the rank's fiber (null: to none).
  static void switch_in(rank_globals* globals) noexcept;
  // On any other thread, which from now on works for the rank (null: for none): it sees the rank's globals
  // and a copy of the thread-locals of its own, made when it first works for that rank.
  static void enter_thread(rank_globals* globals);
  // Whether the calling thread works for the current rank through enter_thread, not as the rank's fiber.
  static bool on_other_thread() noexcept;

  // The thread-locals of a thread that works for ranks, a copy per rank.
  class thread_images;
  // enter_thread in two halves, for a thread created to work for the rank: its creator makes its copy of
  // the thread-locals (null: out of memory), the new thread enters with it before anything else. A
  // sanitizer's own start routine runs after that, and until it has set the thread up the thread may
  // neither allocate nor run instrumented code; enter_prepared_thread does neither. discard_prepared_thread
  // frees a preparation whose thread was not created.
  static thread_images* prepare_thread(const rank_globals& globals) noexcept;
  static void enter_prepared_thread(rank_globals* globals, thread_images* images) noexcept;
  static void discard_prepared_thread(thread_images* images) noexcept;

 private:
  rank_image image_;
  exit_handlers handlers_;
  libc_state libc_;
};

}  // namespace weft::privatize
