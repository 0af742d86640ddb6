#include "privatize/runtime/rank_globals.hpp"

#include <cxxabi.h>
#include <pthread.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

#include "privatize/runtime/initialization.hpp"
#include "privatize/runtime/module_registry.hpp"

// The running rank's delta table, read by every function of privatized code that touches a global
// (see abi::deltas_symbol). libweft.so is loaded with the program, so initial-exec TLS is allowed.
extern "C" {
[[gnu::tls_model("initial-exec")]] __thread const std::intptr_t* __weft_priv_deltas =
    weft::privatize::rank_image::process_deltas;
}

namespace weft::privatize {

// A copy per rank the thread has worked for (an OpenMP pool thread serves the ranks of a worker in turn).
class rank_globals::thread_images {
 public:
  const rank_image& of(const rank_globals& globals) {
    for (const auto& [owner, image] : images_)
      if (owner == &globals) return *image;
    return *images_.emplace_back(&globals, std::make_unique<rank_image>(rank_image::thread_of{globals.image()})).second;
  }

  // The table of the copy made by prepare_thread, which enter_prepared_thread reads without a call.
  const std::intptr_t* prepared_deltas = nullptr;

 private:
  std::vector<std::pair<const rank_globals*, std::unique_ptr<rank_image>>> images_;
};

namespace {

[[gnu::tls_model("initial-exec")]] constinit thread_local rank_globals* current_globals = nullptr;
// Whether the calling thread works for a rank through an image of its own (enter_thread), not as its fiber.
[[gnu::tls_model("initial-exec")]] constinit thread_local bool in_thread_image = false;

// The thread's images, freed by a thread-specific key when the thread ends: its destructors run after the
// C++ thread_local destructors of the program, which still use the copies. Made as libweft loads, before any
// thread that reads it without synchronizing (enter_prepared_thread) can exist.
[[gnu::tls_model("initial-exec")]] constinit thread_local rank_globals::thread_images* this_thread_images = nullptr;
const pthread_key_t images_key = [] {
  pthread_key_t key{};
  if (pthread_key_create(&key, [](void* images) { delete static_cast<rank_globals::thread_images*>(images); }) != 0) {
    std::fputs("weft: no thread-specific key is left for the thread-locals of ranks' threads\n", stderr);
    std::abort();
  }
  return key;
}();

rank_globals::thread_images& this_thread_images_made() {
  if (this_thread_images == nullptr) {
    this_thread_images = new rank_globals::thread_images;
    pthread_setspecific(images_key, this_thread_images);
  }
  return *this_thread_images;
}

}  // namespace

void rank_globals::start() {
  switch_in(this);
  run_constructors();
}

void rank_globals::finish() {
  handlers_.run();
  run_destructors();
}

rank_globals* rank_globals::current() noexcept { return current_globals; }

void rank_globals::switch_in(rank_globals* globals) noexcept {
  current_globals = globals;
  __weft_priv_deltas = globals != nullptr ? globals->image_.deltas() : rank_image::process_deltas;
}

void rank_globals::enter_thread(rank_globals* globals) {
  current_globals = globals;
  in_thread_image = globals != nullptr;
  __weft_priv_deltas =
      globals != nullptr ? this_thread_images_made().of(*globals).deltas() : rank_image::process_deltas;
}

rank_globals::thread_images* rank_globals::prepare_thread(const rank_globals& globals) noexcept {
  try {
    auto images = std::make_unique<thread_images>();
    images->prepared_deltas = images->of(globals).deltas();
    return images.release();
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

[[clang::disable_sanitizer_instrumentation]] void rank_globals::enter_prepared_thread(rank_globals* globals,
                                                                                      thread_images* images) noexcept {
  this_thread_images = images;
  pthread_setspecific(images_key, images);
  current_globals = globals;
  in_thread_image = true;
  __weft_priv_deltas = images->prepared_deltas;
}

void rank_globals::discard_prepared_thread(thread_images* images) noexcept { delete images; }

bool rank_globals::on_other_thread() noexcept { return in_thread_image; }

}  // namespace weft::privatize

using weft::privatize::module_registry;
using weft::privatize::rank_globals;

extern "C" {

// The running rank's copy of a global that privatized code declares but does not define: libc's getopt
// variables map to the rank's own, a privatized global of any module to the rank's copy (a thread-local to
// the calling thread's), anything else (libc's stdout, a library's global) stays what it is.
void* __weft_priv_resolve(void* address) {
  rank_globals* globals = rank_globals::current();
  if (globals == nullptr) return address;
  if (void* variable = globals->libc().variable(address)) return variable;
  const weft::privatize::module_sections* module = module_registry::instance().find(address);
  if (module == nullptr) return address;
  return static_cast<std::byte*>(address) + __weft_priv_deltas[module->index];
}

int __weft___cxa_atexit(void (*function)(void*), void* argument, void* library) {
  rank_globals* globals = rank_globals::current();
  if (globals == nullptr) return __cxxabiv1::__cxa_atexit(function, argument, library);
  globals->handlers().at_exit(function, argument);
  return 0;
}

int __weft_atexit(void (*function)()) {
  rank_globals* globals = rank_globals::current();
  if (globals == nullptr) return std::atexit(function);
  globals->handlers().at_exit([](void* handler) { reinterpret_cast<void (*)()>(handler)(); },
                              reinterpret_cast<void*>(function));
  return 0;
}

// A rank's fiber destroys its thread-locals when the rank ends; any other thread, when it ends.
int __weft___cxa_thread_atexit(void (*function)(void*), void* object, void* library) {
  rank_globals* globals = rank_globals::current();
  if (globals == nullptr || rank_globals::on_other_thread())
    return __cxxabiv1::__cxa_thread_atexit(function, object, library);
  globals->handlers().at_thread_exit(function, object);
  return 0;
}

}  // extern "C"
