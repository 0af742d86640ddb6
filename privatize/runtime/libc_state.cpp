#include "privatize/runtime/libc_state.hpp"

#include <getopt.h>

#include <cstring>
#include <string>

#include "privatize/runtime/rank_globals.hpp"

namespace weft::privatize {

libc_state::libc_state() { initstate_r(1, random_buffer, sizeof random_buffer, &random); }

void* libc_state::variable(const void* address) noexcept {
  if (address == &::optind) return &getopt.optind;
  if (address == &::optarg) return &getopt.optarg;
  if (address == &::opterr) return &getopt.opterr;
  if (address == &::optopt) return &getopt.optopt;
  return nullptr;
}

}  // namespace weft::privatize

using weft::privatize::libc_state;
using weft::privatize::rank_globals;

namespace {

// The running rank's libc state; null outside ranks, where the calls go to libc itself.
libc_state* rank_libc() noexcept {
  rank_globals* globals = rank_globals::current();
  return globals != nullptr ? &globals->libc() : nullptr;
}

}  // namespace

// Called instead of the libc functions of the same name (without the prefix) by privatized code.
extern "C" {

char* __weft_strtok(char* string, const char* delimiters) {
  libc_state* state = rank_libc();
  return state != nullptr ? strtok_r(string, delimiters, &state->strtok_position) : strtok(string, delimiters);
}

long __weft_random() {
  libc_state* state = rank_libc();
  if (state == nullptr) return random();
  std::int32_t value;
  random_r(&state->random, &value);
  return value;
}

int __weft_rand() { return static_cast<int>(__weft_random()); }

void __weft_srandom(unsigned seed) {
  libc_state* state = rank_libc();
  if (state != nullptr)
    srandom_r(seed, &state->random);
  else
    srandom(seed);
}

void __weft_srand(unsigned seed) { __weft_srandom(seed); }

double __weft_drand48() {
  libc_state* state = rank_libc();
  if (state == nullptr) return drand48();
  double value;
  drand48_r(&state->drand48, &value);
  return value;
}

double __weft_erand48(unsigned short seed[3]) {
  libc_state* state = rank_libc();
  if (state == nullptr) return erand48(seed);
  double value;
  erand48_r(seed, &state->drand48, &value);
  return value;
}

long __weft_lrand48() {
  libc_state* state = rank_libc();
  if (state == nullptr) return lrand48();
  long value;
  lrand48_r(&state->drand48, &value);
  return value;
}

long __weft_nrand48(unsigned short seed[3]) {
  libc_state* state = rank_libc();
  if (state == nullptr) return nrand48(seed);
  long value;
  nrand48_r(seed, &state->drand48, &value);
  return value;
}

long __weft_mrand48() {
  libc_state* state = rank_libc();
  if (state == nullptr) return mrand48();
  long value;
  mrand48_r(&state->drand48, &value);
  return value;
}

long __weft_jrand48(unsigned short seed[3]) {
  libc_state* state = rank_libc();
  if (state == nullptr) return jrand48(seed);
  long value;
  jrand48_r(seed, &state->drand48, &value);
  return value;
}

void __weft_srand48(long seed) {
  libc_state* state = rank_libc();
  if (state != nullptr)
    srand48_r(seed, &state->drand48);
  else
    srand48(seed);
}

unsigned short* __weft_seed48(unsigned short seed[3]) {
  libc_state* state = rank_libc();
  if (state == nullptr) return seed48(seed);
  seed48_r(seed, &state->drand48);
  return state->drand48.__old_x;
}

void __weft_lcong48(unsigned short parameters[7]) {
  libc_state* state = rank_libc();
  if (state != nullptr)
    lcong48_r(parameters, &state->drand48);
  else
    lcong48(parameters);
}

int __weft_getopt(int argc, char* const argv[], const char* options) {
  libc_state* state = rank_libc();
  return state != nullptr ? weft::privatize::getopt(state->getopt, argc, argv, options) : getopt(argc, argv, options);
}

// glibc's headers call this one in strict POSIX modes: getopt that stops at the first operand.
int __weft___posix_getopt(int argc, char* const argv[], const char* options) {
  bool ordering_given = options[0] == '+' || options[0] == '-';
  std::string posix_options = ordering_given ? options : std::string("+") + options;
  return __weft_getopt(argc, argv, posix_options.c_str());
}

int __weft_getopt_long(int argc, char* const argv[], const char* options, const option* long_options, int* index) {
  libc_state* state = rank_libc();
  return state != nullptr ? weft::privatize::getopt_long(state->getopt, argc, argv, options, long_options, index)
                          : getopt_long(argc, argv, options, long_options, index);
}

int __weft_getopt_long_only(int argc, char* const argv[], const char* options, const option* long_options, int* index) {
  libc_state* state = rank_libc();
  return state != nullptr ? weft::privatize::getopt_long_only(state->getopt, argc, argv, options, long_options, index)
                          : getopt_long_only(argc, argv, options, long_options, index);
}

}  // extern "C"
