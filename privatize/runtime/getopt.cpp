// The scanning algorithm of glibc 2.36's getopt family, reproduced behaviour for behaviour (permutation of
// argv, abbreviated long options, -W, the exact error messages), with its state in a caller-owned
// getopt_state instead of statics so that every rank parses its own argv.

#include "privatize/runtime/getopt.hpp"

#include <libintl.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cwchar>
#include <optional>
#include <string>
#include <string_view>

namespace weft::privatize {
namespace {

using ordering_mode = getopt_state::ordering_mode;

// glibc looks its messages up in its own text domain, so a translated locale gets the same text from us.
constexpr const char* libc_text_domain = "libc";

// Writes a message the way glibc's __fxprintf does: to stderr, and if stderr is wide-oriented, through
// vfwprintf with the format widened character by character.
[[gnu::format(printf, 1, 2)]] void print_error(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  if (std::fwide(stderr, 0) > 0) {
    const std::wstring wide_format(format, format + std::strlen(format));
    std::vfwprintf(stderr, wide_format.c_str(), args);
  } else {
    std::vfprintf(stderr, format, args);
  }
  va_end(args);
}

// One call's view of the scan: the state plus the arguments, with optstring past its ordering prefix.
struct scan {
  getopt_state& state;
  int argc;
  char** argv;
  const char* optstring;
  const option* longopts;
  int* longindex;
  bool long_only;
  bool print_errors;
};

// "-" alone and anything not starting with '-' are operands.
bool is_operand(const char* element) { return element[0] != '-' || element[1] == '\0'; }

const char* initialize(getopt_state& state, const char* optstring) {
  if (state.optind == 0) state.optind = 1;
  state.first_nonopt = state.last_nonopt = state.optind;
  state.nextchar = nullptr;
  if (optstring[0] == '-') {
    state.ordering = ordering_mode::return_in_order;
    ++optstring;
  } else if (optstring[0] == '+') {
    state.ordering = ordering_mode::require_order;
    ++optstring;
  } else if (std::getenv("POSIXLY_CORRECT") != nullptr) {
    state.ordering = ordering_mode::require_order;
  } else {
    state.ordering = ordering_mode::permute;
  }
  state.initialized = true;
  return optstring;
}

// Moves the options scanned since the skipped operands, [last_nonopt, optind), in front of those operands,
// [first_nonopt, last_nonopt), and records where the operands are now.
void exchange(char** argv, getopt_state& state) {
  std::rotate(argv + state.first_nonopt, argv + state.last_nonopt, argv + state.optind);
  state.first_nonopt += state.optind - state.last_nonopt;
  state.last_nonopt = state.optind;
}

// Steps to the next element once the current group of short options is used up. Returns the result of the
// call when the scan ends or meets an operand it reports; otherwise optind is left at an option element.
std::optional<int> advance(const scan& s) {
  getopt_state& state = s.state;
  // The caller may have moved optind back (perhaps over new arguments): keep the skipped range behind it.
  state.last_nonopt = std::min(state.last_nonopt, state.optind);
  state.first_nonopt = std::min(state.first_nonopt, state.optind);

  if (state.ordering == ordering_mode::permute) {
    if (state.first_nonopt != state.last_nonopt && state.last_nonopt != state.optind)
      exchange(s.argv, state);
    else if (state.last_nonopt != state.optind)
      state.first_nonopt = state.optind;
    while (state.optind < s.argc && is_operand(s.argv[state.optind])) ++state.optind;
    state.last_nonopt = state.optind;
  }

  // "--" ends the options: it moves in front of the skipped operands like an option, and everything after
  // it counts as operands.
  if (state.optind != s.argc && std::strcmp(s.argv[state.optind], "--") == 0) {
    ++state.optind;
    if (state.first_nonopt != state.last_nonopt && state.last_nonopt != state.optind)
      exchange(s.argv, state);
    else if (state.first_nonopt == state.last_nonopt)
      state.first_nonopt = state.optind;
    state.last_nonopt = s.argc;
    state.optind = s.argc;
  }

  if (state.optind == s.argc) {
    // Point the caller at the operands that were skipped (and moved behind the options).
    if (state.first_nonopt != state.last_nonopt) state.optind = state.first_nonopt;
    return -1;
  }

  if (is_operand(s.argv[state.optind])) {
    if (state.ordering == ordering_mode::require_order) return -1;
    state.optarg = s.argv[state.optind++];
    return 1;
  }
  return std::nullopt;
}

// Two abbreviation matches are ambiguous unless they would act alike; getopt_long_only allows no duplicates.
bool conflicts(const option& first, const option& other, bool long_only) {
  return long_only || first.has_arg != other.has_arg || first.flag != other.flag || first.val != other.val;
}

void report_ambiguous(const scan& s, const char* prefix, std::string_view typed_name, int first_index, bool long_only) {
  const option& first = s.longopts[first_index];
  // Held across the pieces so that the message comes out whole, as glibc holds it.
  flockfile(stderr);
  print_error(dgettext(libc_text_domain, "%s: option '%s%s' is ambiguous; possibilities:"), s.argv[0], prefix,
              s.state.nextchar);
  for (int i = 0; s.longopts[i].name != nullptr; ++i) {
    const option& candidate = s.longopts[i];
    if (std::string_view(candidate.name).starts_with(typed_name) &&
        (i == first_index || conflicts(first, candidate, long_only)))
      print_error(" '%s%s'", prefix, candidate.name);
  }
  print_error("\n");
  funlockfile(stderr);
}

// The element at optind names the matched long option `found`; name_end is the '=' or the end of the name
// as typed. Consumes the option and its argument.
int take_long_option(const scan& s, const char* prefix, const option& found, int index, char* name_end) {
  getopt_state& state = s.state;
  ++state.optind;
  state.nextchar = nullptr;
  if (*name_end == '=') {
    if (found.has_arg == no_argument) {
      if (s.print_errors)
        print_error(dgettext(libc_text_domain, "%s: option '%s%s' doesn't allow an argument\n"), s.argv[0], prefix,
                    found.name);
      state.optopt = found.val;
      return '?';
    }
    state.optarg = name_end + 1;
  } else if (found.has_arg == required_argument) {
    if (state.optind >= s.argc) {
      if (s.print_errors)
        print_error(dgettext(libc_text_domain, "%s: option '%s%s' requires an argument\n"), s.argv[0], prefix,
                    found.name);
      state.optopt = found.val;
      return s.optstring[0] == ':' ? ':' : '?';
    }
    state.optarg = s.argv[state.optind++];
  }

  if (s.longindex != nullptr) *s.longindex = index;
  if (found.flag != nullptr) {
    *found.flag = found.val;
    return 0;
  }
  return found.val;
}

// Reads state.nextchar (the element past its prefix, e.g. "name=value") as a long option. Returns no value,
// with the state untouched, when getopt_long_only should read the element as short options instead.
std::optional<int> process_long_option(const scan& s, const char* prefix, bool long_only) {
  getopt_state& state = s.state;
  char* const name_end = state.nextchar + std::strcspn(state.nextchar, "=");
  const std::string_view typed_name(state.nextchar, static_cast<std::size_t>(name_end - state.nextchar));

  // An exact match wins; otherwise the name may abbreviate one option (or several that act alike).
  for (int i = 0; s.longopts[i].name != nullptr; ++i) {
    if (s.longopts[i].name == typed_name) return take_long_option(s, prefix, s.longopts[i], i, name_end);
  }
  int found = -1;
  bool ambiguous = false;
  for (int i = 0; s.longopts[i].name != nullptr; ++i) {
    if (!std::string_view(s.longopts[i].name).starts_with(typed_name)) continue;
    if (found < 0)
      found = i;
    else if (conflicts(s.longopts[found], s.longopts[i], long_only))
      ambiguous = true;
  }

  if (ambiguous) {
    if (s.print_errors) report_ambiguous(s, prefix, typed_name, found, long_only);
    state.nextchar += std::strlen(state.nextchar);
    ++state.optind;
    state.optopt = 0;
    return '?';
  }
  if (found >= 0) return take_long_option(s, prefix, s.longopts[found], found, name_end);

  // getopt_long_only falls back to short options when the first character is one.
  if (long_only && s.argv[state.optind][1] != '-' && std::strchr(s.optstring, *state.nextchar) != nullptr)
    return std::nullopt;
  if (s.print_errors)
    print_error(dgettext(libc_text_domain, "%s: unrecognized option '%s%s'\n"), s.argv[0], prefix, state.nextchar);
  state.nextchar = nullptr;
  ++state.optind;
  state.optopt = 0;
  return '?';
}

// Decides whether the option element at optind is a long option, and if so processes it.
std::optional<int> try_long_option(const scan& s) {
  if (s.longopts == nullptr) return std::nullopt;
  getopt_state& state = s.state;
  char* const element = s.argv[state.optind];
  if (element[1] == '-') {
    state.nextchar = element + 2;
    return process_long_option(s, "--", s.long_only);
  }
  // For getopt_long_only, "-f" with f a short option stays that option (else it could never be given),
  // while "-fu" may still abbreviate a long option "fubar".
  if (s.long_only && (element[2] != '\0' || std::strchr(s.optstring, element[1]) == nullptr)) {
    state.nextchar = element + 1;
    return process_long_option(s, "-", true);
  }
  return std::nullopt;
}

int missing_short_argument(const scan& s, char option_char) {
  if (s.print_errors)
    print_error(dgettext(libc_text_domain, "%s: option requires an argument -- '%c'\n"), s.argv[0], option_char);
  s.state.optopt = option_char;
  return s.optstring[0] == ':' ? ':' : '?';
}

// "W;" in optstring: -Wname and -W name stand for --name (POSIX reserves -W for such extensions).
int process_w_option(const scan& s, char option_char) {
  getopt_state& state = s.state;
  if (*state.nextchar == '\0') {
    if (state.optind == s.argc) return missing_short_argument(s, option_char);
    state.nextchar = s.argv[state.optind];
  }
  // Without long_only there is no fallback to short options, so a value always comes back.
  return *process_long_option(s, "-W ", false);
}

// Handles the short option character at state.nextchar. The character stays a plain char, as in glibc,
// so that bytes above 0x7f come back (and land in optopt) with the same sign.
int process_short_option(const scan& s) {
  getopt_state& state = s.state;
  const char option_char = *state.nextchar++;
  const char* const spec = std::strchr(s.optstring, option_char);
  // optind moves past the element as soon as its last character is taken.
  if (*state.nextchar == '\0') ++state.optind;

  if (spec == nullptr || option_char == ':' || option_char == ';') {
    if (s.print_errors) print_error(dgettext(libc_text_domain, "%s: invalid option -- '%c'\n"), s.argv[0], option_char);
    state.optopt = option_char;
    return '?';
  }
  if (spec[0] == 'W' && spec[1] == ';' && s.longopts != nullptr) return process_w_option(s, option_char);
  if (spec[1] != ':') return option_char;

  const bool argument_is_optional = spec[2] == ':';
  if (*state.nextchar != '\0') {
    // The rest of the element is the argument.
    state.optarg = state.nextchar;
    ++state.optind;
  } else if (!argument_is_optional) {
    if (state.optind == s.argc) {
      state.nextchar = nullptr;
      return missing_short_argument(s, option_char);
    }
    state.optarg = s.argv[state.optind++];
  }
  state.nextchar = nullptr;
  return option_char;
}

int getopt_internal(getopt_state& state, int argc, char* const argv[], const char* optstring, const option* longopts,
                    int* longindex, bool long_only) {
  if (argc < 1) return -1;
  state.optarg = nullptr;
  if (state.optind == 0 || !state.initialized)
    optstring = initialize(state, optstring);
  else if (optstring[0] == '-' || optstring[0] == '+')
    ++optstring;

  const bool print_errors = state.opterr != 0 && optstring[0] != ':';
  // Like glibc, permute the pointer array although the standard prototype declares it constant.
  const scan s{state, argc, const_cast<char**>(argv), optstring, longopts, longindex, long_only, print_errors};
  if (state.nextchar == nullptr || *state.nextchar == '\0') {
    if (const auto result = advance(s)) return *result;
    if (const auto result = try_long_option(s)) return *result;
    state.nextchar = s.argv[state.optind] + 1;  // past the '-'
  }
  return process_short_option(s);
}

}  // namespace

int getopt(getopt_state& state, int argc, char* const argv[], const char* optstring) {
  return getopt_internal(state, argc, argv, optstring, nullptr, nullptr, false);
}

int getopt_long(getopt_state& state, int argc, char* const argv[], const char* optstring, const struct option* longopts,
                int* longindex) {
  return getopt_internal(state, argc, argv, optstring, longopts, longindex, false);
}

int getopt_long_only(getopt_state& state, int argc, char* const argv[], const char* optstring,
                     const struct option* longopts, int* longindex) {
  return getopt_internal(state, argc, argv, optstring, longopts, longindex, true);
}

}  // namespace weft::privatize
