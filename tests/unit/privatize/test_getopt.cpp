// Differential tests of the reentrant getopt family against glibc's own getopt. Every case runs through
// glibc (its scan in process-wide globals, restarted with optind = 0) and through a fresh getopt_state,
// each on its own copy of argv, and the two must agree after every call on the return value, optind,
// optarg, optopt, longindex, the flags stored and the text written to stderr, and at the end on the order
// of argv. Each test also checks a few of glibc's results, to show that its case exercises what it is
// named after.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "privatize/runtime/getopt.hpp"

namespace {

namespace priv = weft::privatize;

enum class api { getopt, getopt_long, getopt_long_only };

struct long_spec {
  const char* name;
  int has_arg;
  bool flag;  // store val through a flag pointer instead of returning it
  int val;
};

struct getopt_case {
  std::vector<std::string> args{};  // argv, program name first
  std::string optstring{};
  api function = api::getopt;
  std::vector<long_spec> longopts{};
  bool null_longopts = false;  // give getopt_long no table at all
  bool pass_longindex = true;
  int opterr = 1;
  const char* posixly_correct = nullptr;       // POSIXLY_CORRECT during the case; unset when null
  std::map<std::size_t, int> optind_stores{};  // before call k, the caller stores the value into optind
};

// Sets (or, given no value, unsets) an environment variable for the life of the object.
class scoped_env {
 public:
  scoped_env(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    set(value);
  }
  ~scoped_env() { set(old_ ? old_->c_str() : nullptr); }
  scoped_env(const scoped_env&) = delete;
  scoped_env& operator=(const scoped_env&) = delete;

 private:
  void set(const char* value) { value != nullptr ? ::setenv(name_, value, 1) : ::unsetenv(name_); }

  const char* name_;
  std::optional<std::string> old_;
};

// Runs `call` with file descriptor 2 redirected to a temporary file; returns what was written there.
std::string capture_stderr(const std::function<void()>& call) {
  std::FILE* sink = std::tmpfile();
  REQUIRE(sink != nullptr);
  std::fflush(stderr);
  const int saved = ::dup(2);
  ::dup2(::fileno(sink), 2);
  call();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::string text;
  std::rewind(sink);
  for (int ch; (ch = std::fgetc(sink)) != EOF;) text.push_back(static_cast<char>(ch));
  std::fclose(sink);
  return text;
}

// One side's own copy of a case's argv and long option table, with the flags that table points at.
class arguments {
 public:
  explicit arguments(const getopt_case& c) : text_(c.args), flags_(c.longopts.size(), 0) {
    for (std::string& element : text_) given_.push_back(element.data());
    argv_ = given_;
    argv_.push_back(nullptr);
    for (std::size_t i = 0; i < c.longopts.size(); ++i) {
      const long_spec& spec = c.longopts[i];
      options_.push_back({spec.name, spec.has_arg, spec.flag ? &flags_[i] : nullptr, spec.val});
    }
    options_.push_back({nullptr, 0, nullptr, 0});
  }
  arguments(const arguments&) = delete;
  arguments& operator=(const arguments&) = delete;

  int argc() const { return static_cast<int>(given_.size()); }
  char** argv() { return argv_.data(); }
  const option* longopts() const { return options_.data(); }
  const std::vector<int>& flags() const { return flags_; }

  // Where a pointer into the arguments points, e.g. argv[2]+1 "oo", comparable across the two copies.
  std::string locate(const char* pointer) const {
    if (pointer == nullptr) return "null";
    const std::less_equal<const char*> before_or_at;
    for (std::size_t i = 0; i < text_.size(); ++i) {
      const char* begin = text_[i].data();
      if (before_or_at(begin, pointer) && before_or_at(pointer, begin + text_[i].size()))
        return "argv[" + std::to_string(i) + "]+" + std::to_string(pointer - begin) + " \"" + pointer + "\"";
    }
    return std::string("outside argv \"") + pointer + "\"";
  }

  // The final order of argv, as the indices the elements were given at.
  std::vector<int> order() const {
    std::vector<int> indices;
    for (int k = 0; k < argc(); ++k) {
      int index = -1;
      for (int i = 0; i < argc(); ++i)
        if (given_[static_cast<std::size_t>(i)] == argv_[static_cast<std::size_t>(k)]) index = i;
      indices.push_back(index);
    }
    return indices;
  }

 private:
  std::vector<std::string> text_;
  std::vector<char*> given_;
  std::vector<char*> argv_;
  std::vector<int> flags_;
  std::vector<option> options_;
};

// What one call returned and left behind.
struct step {
  int result;
  int optind;
  std::string optarg;
  int optopt;
  int longindex;
  std::vector<int> flags;
  std::string message;

  bool operator==(const step&) const = default;
};

std::ostream& operator<<(std::ostream& out, const step& s) {
  out << "{result " << s.result << ", optind " << s.optind << ", optarg " << s.optarg << ", optopt " << s.optopt
      << ", longindex " << s.longindex << ", flags";
  for (int flag : s.flags) out << ' ' << flag;
  return out << ", stderr \"" << s.message << "\"}";
}

struct trace {
  std::vector<step> steps;
  std::vector<int> order;
};

// glibc's getopt: the scan lives in its globals, so only one can be under way.
class glibc_getopt {
 public:
  explicit glibc_getopt(const getopt_case& c) {
    reset_optopt();
    ::optind = 0;  // restart
    ::opterr = c.opterr;
  }
  int call(const getopt_case& c, arguments& args, int* longindex) {
    const option* longopts = c.null_longopts ? nullptr : args.longopts();
    switch (c.function) {
      case api::getopt:
        return ::getopt(args.argc(), args.argv(), c.optstring.c_str());
      case api::getopt_long:
        return ::getopt_long(args.argc(), args.argv(), c.optstring.c_str(), longopts, longindex);
      case api::getopt_long_only:
        return ::getopt_long_only(args.argc(), args.argv(), c.optstring.c_str(), longopts, longindex);
    }
    FAIL("unknown api");
    return -1;
  }
  void store_optind(int value) { ::optind = value; }
  int optind() const { return ::optind; }
  const char* optarg() const { return ::optarg; }
  int optopt() const { return ::optopt; }

 private:
  // glibc copies optopt out of its hidden state after each call but never back in, so a scan would start
  // with whatever optopt the previous one left. An invalid "-?" sets it to '?', as in a fresh process.
  static void reset_optopt() {
    char program[] = "reset";
    char option[] = "-?";
    char* argv[] = {program, option, nullptr};
    ::optind = 0;
    ::opterr = 0;
    ::getopt(2, argv, "");
  }
};

// The reentrant getopt, with its scan in a state of its own.
class weft_getopt {
 public:
  explicit weft_getopt(const getopt_case& c) { state_.opterr = c.opterr; }
  int call(const getopt_case& c, arguments& args, int* longindex) {
    const option* longopts = c.null_longopts ? nullptr : args.longopts();
    switch (c.function) {
      case api::getopt:
        return priv::getopt(state_, args.argc(), args.argv(), c.optstring.c_str());
      case api::getopt_long:
        return priv::getopt_long(state_, args.argc(), args.argv(), c.optstring.c_str(), longopts, longindex);
      case api::getopt_long_only:
        return priv::getopt_long_only(state_, args.argc(), args.argv(), c.optstring.c_str(), longopts, longindex);
    }
    FAIL("unknown api");
    return -1;
  }
  void store_optind(int value) { state_.optind = value; }
  int optind() const { return state_.optind; }
  const char* optarg() const { return state_.optarg; }
  int optopt() const { return state_.optopt; }

 private:
  priv::getopt_state state_{};
};

// Calls getopt over a case until it returns -1, and once more: what a call after the end does is glibc's
// behaviour too. A scan that does not end stops at a bound, and then cannot match glibc's.
template <class Getopt>
class scan_driver {
 public:
  explicit scan_driver(const getopt_case& c) : case_(c), args_(c), getopt_(c) {}

  bool finished() const { return steps_.size() == max_calls || (end_.has_value() && steps_.size() > *end_ + 1); }

  void call() {
    if (const auto store = case_.optind_stores.find(steps_.size()); store != case_.optind_stores.end())
      getopt_.store_optind(store->second);
    int result = 0;
    int* const longindex = case_.pass_longindex ? &longindex_ : nullptr;
    const std::string message = capture_stderr([&] { result = getopt_.call(case_, args_, longindex); });
    steps_.push_back({result, getopt_.optind(), args_.locate(getopt_.optarg()), getopt_.optopt(), longindex_,
                      args_.flags(), message});
    if (result == -1 && !end_) end_ = steps_.size() - 1;
  }

  trace run() {
    while (!finished()) call();
    return result();
  }

  trace result() const { return {steps_, args_.order()}; }

 private:
  static constexpr std::size_t max_calls = 64;

  const getopt_case& case_;
  arguments args_;
  Getopt getopt_;
  int longindex_ = -1;              // glibc writes it only when it returns a long option
  std::optional<std::size_t> end_;  // the call that first returned -1
  std::vector<step> steps_;
};

void compare(const trace& expected, const trace& actual) {
  for (std::size_t i = 0; i < std::min(expected.steps.size(), actual.steps.size()); ++i) {
    INFO("call " << i);
    CHECK(actual.steps[i] == expected.steps[i]);
  }
  CHECK(actual.steps.size() == expected.steps.size());
  CHECK(actual.order == expected.order);
}

// Runs a case through glibc and through a fresh getopt_state and compares them call by call. Returns
// glibc's trace.
trace compare_with_glibc(const getopt_case& c) {
  const scoped_env posixly_correct("POSIXLY_CORRECT", c.posixly_correct);
  const trace expected = scan_driver<glibc_getopt>(c).run();
  compare(expected, scan_driver<weft_getopt>(c).run());
  return expected;
}

// What the calls returned, up to the first -1.
std::vector<int> results(const trace& t) {
  std::vector<int> values;
  for (const step& s : t.steps) {
    values.push_back(s.result);
    if (s.result == -1) break;
  }
  return values;
}

std::string messages(const trace& t) {
  std::string text;
  for (const step& s : t.steps) text += s.message;
  return text;
}

const std::vector<long_spec> verbosity_options = {
    {"verbose", no_argument, false, 'v'},
    {"version", no_argument, false, 'V'},
    {"output", required_argument, false, 'o'},
    {"level", optional_argument, false, 'l'},
};

}  // namespace

TEST_CASE("grouped short options are returned one at a time", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "-abc", "-b"}, .optstring = "abc"});
  CHECK(results(t) == std::vector<int>{'a', 'b', 'c', 'b', -1});
  CHECK(t.steps[1].optind == 1);  // still inside "-abc"
  CHECK(t.steps[2].optind == 2);
}

TEST_CASE("required arguments are taken attached or from the next element", "[getopt]") {
  const trace t =
      compare_with_glibc({.args = {"prog", "-afoo", "-a", "bar", "-bafoo", "-ba", "-b"}, .optstring = "a:b"});
  CHECK(results(t) == std::vector<int>{'a', 'a', 'b', 'a', 'b', 'a', -1});
  CHECK(t.steps[0].optarg == "argv[1]+2 \"foo\"");
  CHECK(t.steps[1].optarg == "argv[3]+0 \"bar\"");
  CHECK(t.steps[5].optarg == "argv[6]+0 \"-b\"");  // an argument may look like an option
}

TEST_CASE("optional arguments are taken only when attached", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "-afoo", "-a", "bar", "-ba"}, .optstring = "a::b"});
  CHECK(results(t) == std::vector<int>{'a', 'a', 'b', 'a', -1});
  CHECK(t.steps[0].optarg == "argv[1]+2 \"foo\"");
  CHECK(t.steps[1].optarg == "null");
  CHECK(t.order == std::vector<int>{0, 1, 2, 4, 3});
}

TEST_CASE("a missing argument is reported with a message", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "-ba"}, .optstring = "ba:"});
  CHECK(results(t) == std::vector<int>{'b', '?', -1});
  CHECK(t.steps[1].optopt == 'a');
  CHECK(t.steps[1].message == "prog: option requires an argument -- 'a'\n");
}

TEST_CASE("a leading colon returns a colon for a missing argument and prints nothing", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "-x", "-a"}, .optstring = ":a:"});
  CHECK(results(t) == std::vector<int>{'?', ':', -1});
  CHECK(t.steps[0].optopt == 'x');
  CHECK(t.steps[1].optopt == 'a');
  CHECK(messages(t).empty());
}

TEST_CASE("unknown short options set optopt and print a message", "[getopt]") {
  // ':' and ';' are never options even though optstring contains them; bytes above 0x7f keep char's sign.
  const getopt_case c{.args = {"prog", "-x", "-:", "-;", "-b", "-\xe9", "-cx"}, .optstring = "a:b;c"};
  const trace t = compare_with_glibc(c);
  CHECK(results(t) == std::vector<int>{'?', '?', '?', 'b', '?', 'c', '?', -1});
  CHECK(t.steps[1].optopt == ':');
  CHECK(t.steps[4].optopt == '\xe9');
  CHECK(t.steps[0].message == "prog: invalid option -- 'x'\n");
}

TEST_CASE("opterr 0 silences messages but still sets optopt", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "-x", "--nope", "-a"},
                                      .optstring = "a:",
                                      .function = api::getopt_long,
                                      .longopts = verbosity_options,
                                      .opterr = 0});
  CHECK(results(t) == std::vector<int>{'?', '?', '?', -1});
  CHECK(t.steps[0].optopt == 'x');
  CHECK(t.steps[1].optopt == 0);
  CHECK(t.steps[2].optopt == 'a');
  CHECK(messages(t).empty());
}

TEST_CASE("options after operands are permuted in front of them", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "x", "-a", "y", "-b", "arg", "z", "-c"}, .optstring = "ab:c"});
  CHECK(results(t) == std::vector<int>{'a', 'b', 'c', -1});
  CHECK(t.steps[1].optarg == "argv[5]+0 \"arg\"");
  CHECK(t.order == std::vector<int>{0, 2, 4, 5, 7, 1, 3, 6});
  CHECK(t.steps[3].optind == 5);
}

TEST_CASE("long runs of operands and options are permuted like glibc", "[getopt]") {
  const trace t = compare_with_glibc(
      {.args = {"prog", "p", "q", "r", "-a", "s", "-bc", "-d", "t", "u", "v", "w", "-e", "-a", "x", "y", "-b"},
       .optstring = "abcde"});
  CHECK(results(t) == std::vector<int>{'a', 'b', 'c', 'd', 'e', 'a', 'b', -1});
  CHECK(t.order == std::vector<int>{0, 4, 6, 7, 12, 13, 16, 1, 2, 3, 5, 8, 9, 10, 11, 14, 15});
  CHECK(t.steps[7].optind == 7);
}

TEST_CASE("a double dash ends the options", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "x", "-a", "--", "-b", "y"}, .optstring = "ab"});
  CHECK(results(t) == std::vector<int>{'a', -1});
  CHECK(t.steps[1].optind == 3);  // at "x", moved behind "--"

  const trace last = compare_with_glibc({.args = {"prog", "-a", "--"}, .optstring = "ab"});
  CHECK(last.steps[1].optind == 3);
}

TEST_CASE("a lone dash is an operand", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "-", "-a"}, .optstring = "a"});
  CHECK(results(t) == std::vector<int>{'a', -1});
  CHECK(t.order == std::vector<int>{0, 2, 1});
}

TEST_CASE("a plus prefix stops at the first operand", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "-a", "x", "-b"}, .optstring = "+ab"});
  CHECK(results(t) == std::vector<int>{'a', -1});
  CHECK(t.steps[1].optind == 2);
  CHECK(t.order == std::vector<int>{0, 1, 2, 3});
}

TEST_CASE("POSIXLY_CORRECT stops at the first operand", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "-a", "x", "-b"}, .optstring = "ab", .posixly_correct = "1"});
  CHECK(results(t) == std::vector<int>{'a', -1});
  CHECK(t.order == std::vector<int>{0, 1, 2, 3});
}

TEST_CASE("a minus prefix returns operands in order as option 1", "[getopt]") {
  const trace t = compare_with_glibc({.args = {"prog", "x", "-a", "y", "--", "-b", "z"}, .optstring = "-ab"});
  CHECK(results(t) == std::vector<int>{1, 'a', 1, -1});
  CHECK(t.steps[0].optarg == "argv[1]+0 \"x\"");
  CHECK(t.steps[2].optarg == "argv[3]+0 \"y\"");

  const trace long_options = compare_with_glibc({.args = {"prog", "x", "--out", "f", "y"},
                                                 .optstring = "-",
                                                 .function = api::getopt_long,
                                                 .longopts = verbosity_options});
  CHECK(results(long_options) == std::vector<int>{1, 'o', 1, -1});
}

TEST_CASE("ordering prefixes combine with a leading colon", "[getopt]") {
  const trace require_order = compare_with_glibc({.args = {"prog", "-a", "-x"}, .optstring = "+:a:b"});
  CHECK(results(require_order) == std::vector<int>{'a', -1});  // "-x" is the argument
  const trace missing = compare_with_glibc({.args = {"prog", "-b", "-a"}, .optstring = "+:a:b"});
  CHECK(results(missing) == std::vector<int>{'b', ':', -1});
  const trace in_order = compare_with_glibc({.args = {"prog", "x", "-y", "-a"}, .optstring = "-:a:"});
  CHECK(results(in_order) == std::vector<int>{1, '?', ':', -1});
  CHECK(messages(in_order).empty());
}

TEST_CASE("long options match exactly or by a unique prefix", "[getopt][long]") {
  const std::vector<long_spec> options = {
      {"verbose", no_argument, false, 'v'},
      {"output", required_argument, false, 'o'},
      {"on", no_argument, false, 'n'},
      {"one", no_argument, false, '1'},
  };
  const trace t = compare_with_glibc({.args = {"prog", "--verbose", "--verb", "--out", "file", "--on", "--one"},
                                      .optstring = "",
                                      .function = api::getopt_long,
                                      .longopts = options});
  CHECK(results(t) == std::vector<int>{'v', 'v', 'o', 'n', '1', -1});
  CHECK(t.steps[2].longindex == 1);
  CHECK(t.steps[3].longindex == 2);  // an exact name wins over a longer one it abbreviates
  CHECK(t.steps[4].longindex == 3);
}

TEST_CASE("ambiguous long prefixes list the possibilities", "[getopt][long]") {
  const std::vector<long_spec> options = {
      {"verbose", no_argument, false, 'v'},
      {"version", no_argument, false, 'V'},
      {"verify", required_argument, false, 'y'},
  };
  const trace t = compare_with_glibc({.args = {"prog", "-x", "--ver", "--ver=x", "--=x", "--verb"},
                                      .optstring = "",
                                      .function = api::getopt_long,
                                      .longopts = options});
  CHECK(results(t) == std::vector<int>{'?', '?', '?', '?', 'v', -1});
  CHECK(t.steps[1].optopt == 0);
  CHECK(t.steps[1].message == "prog: option '--ver' is ambiguous; possibilities: '--verbose' '--version' '--verify'\n");
  CHECK(t.steps[2].message ==
        "prog: option '--ver=x' is ambiguous; possibilities: '--verbose' '--version' '--verify'\n");

  const trace silent = compare_with_glibc(
      {.args = {"prog", "--ver"}, .optstring = ":", .function = api::getopt_long, .longopts = options});
  CHECK(results(silent) == std::vector<int>{'?', -1});
  CHECK(messages(silent).empty());
}

TEST_CASE("prefixes of long options that act alike are not ambiguous", "[getopt][long]") {
  std::vector<long_spec> options = {
      {"color", required_argument, false, 'c'},
      {"colour", required_argument, false, 'c'},
  };
  const trace alike = compare_with_glibc(
      {.args = {"prog", "--col", "red"}, .optstring = "", .function = api::getopt_long, .longopts = options});
  CHECK(results(alike) == std::vector<int>{'c', -1});
  CHECK(alike.steps[0].longindex == 0);

  // Only the first match and those that differ from it are listed.
  options.push_back({"colors", no_argument, false, 'C'});
  const trace different = compare_with_glibc(
      {.args = {"prog", "--col"}, .optstring = "", .function = api::getopt_long, .longopts = options});
  CHECK(different.steps[0].message == "prog: option '--col' is ambiguous; possibilities: '--color' '--colors'\n");
}

TEST_CASE("long option values follow an equals sign or come in the next element", "[getopt][long]") {
  const trace t = compare_with_glibc(
      {.args = {"prog", "--output=a", "--output", "b", "--out=", "--level=3", "--level", "x", "--output", "-v"},
       .optstring = "v",
       .function = api::getopt_long,
       .longopts = verbosity_options});
  CHECK(results(t) == std::vector<int>{'o', 'o', 'o', 'l', 'l', 'o', -1});
  CHECK(t.steps[0].optarg == "argv[1]+9 \"a\"");
  CHECK(t.steps[1].optarg == "argv[3]+0 \"b\"");
  CHECK(t.steps[2].optarg == "argv[4]+6 \"\"");
  CHECK(t.steps[4].optarg == "null");  // an optional value must follow '='
  CHECK(t.steps[5].optarg == "argv[9]+0 \"-v\"");
}

TEST_CASE("a long option missing its value", "[getopt][long]") {
  const trace t = compare_with_glibc(
      {.args = {"prog", "--out"}, .optstring = "", .function = api::getopt_long, .longopts = verbosity_options});
  CHECK(results(t) == std::vector<int>{'?', -1});
  CHECK(t.steps[0].optopt == 'o');
  CHECK(t.steps[0].message == "prog: option '--output' requires an argument\n");

  const trace colon = compare_with_glibc(
      {.args = {"prog", "--output"}, .optstring = ":", .function = api::getopt_long, .longopts = verbosity_options});
  CHECK(results(colon) == std::vector<int>{':', -1});
  CHECK(messages(colon).empty());
}

TEST_CASE("a long option given a value it does not take", "[getopt][long]") {
  const trace t = compare_with_glibc({.args = {"prog", "--verbose=1", "--verb=2"},
                                      .optstring = "",
                                      .function = api::getopt_long,
                                      .longopts = verbosity_options});
  CHECK(results(t) == std::vector<int>{'?', '?', -1});
  CHECK(t.steps[0].optopt == 'v');
  CHECK(t.steps[1].message == "prog: option '--verbose' doesn't allow an argument\n");
}

TEST_CASE("unrecognized long options set optopt to 0", "[getopt][long]") {
  const trace t = compare_with_glibc({.args = {"prog", "-x", "--nope", "--nope=1"},
                                      .optstring = "a",
                                      .function = api::getopt_long,
                                      .longopts = verbosity_options});
  CHECK(results(t) == std::vector<int>{'?', '?', '?', -1});
  CHECK(t.steps[0].optopt == 'x');
  CHECK(t.steps[1].optopt == 0);
  CHECK(t.steps[2].message == "prog: unrecognized option '--nope=1'\n");
}

TEST_CASE("flag pointers receive val and the call returns 0", "[getopt][long]") {
  const std::vector<long_spec> options = {
      {"fast", no_argument, true, 7},
      {"level", required_argument, true, 3},
      {"slow", no_argument, true, 9},
  };
  const trace t = compare_with_glibc({.args = {"prog", "--fast=1", "--fast", "--level", "2", "--slow"},
                                      .optstring = "",
                                      .function = api::getopt_long,
                                      .longopts = options});
  CHECK(results(t) == std::vector<int>{'?', 0, 0, 0, -1});
  CHECK(t.steps[0].optopt == 7);
  CHECK(t.steps[0].flags == std::vector<int>{0, 0, 0});  // an error stores nothing
  CHECK(t.steps[2].longindex == 1);
  CHECK(t.steps[3].flags == std::vector<int>{7, 3, 9});
}

TEST_CASE("a null longindex pointer is accepted", "[getopt][long]") {
  const trace t = compare_with_glibc({.args = {"prog", "--verbose"},
                                      .optstring = "",
                                      .function = api::getopt_long,
                                      .longopts = verbosity_options,
                                      .pass_longindex = false});
  CHECK(results(t) == std::vector<int>{'v', -1});
  CHECK(t.steps[0].longindex == -1);
}

TEST_CASE("getopt_long without a table reads a double dash word as short options", "[getopt][long]") {
  const trace t = compare_with_glibc(
      {.args = {"prog", "--ab"}, .optstring = "ab", .function = api::getopt_long, .null_longopts = true});
  CHECK(results(t) == std::vector<int>{'?', 'a', 'b', -1});
  CHECK(t.steps[0].message == "prog: invalid option -- '-'\n");
}

TEST_CASE("getopt_long_only accepts single dash long options", "[getopt][long_only]") {
  const trace t = compare_with_glibc({.args = {"prog", "-verbose", "-out", "f", "-output=g", "--verb", "-lev=1"},
                                      .optstring = "ab",
                                      .function = api::getopt_long_only,
                                      .longopts = verbosity_options});
  CHECK(results(t) == std::vector<int>{'v', 'o', 'o', 'v', 'l', -1});
  CHECK(t.steps[2].optarg == "argv[4]+8 \"g\"");
}

TEST_CASE("getopt_long_only falls back to short options", "[getopt][long_only]") {
  const std::vector<long_spec> options = {
      {"alpha", no_argument, false, 'A'},
      {"beta", no_argument, false, 'B'},
  };
  const trace t = compare_with_glibc({.args = {"prog", "-a", "-al", "-ab", "-bval", "-zz", "--a", "-x"},
                                      .optstring = "ab:x",
                                      .function = api::getopt_long_only,
                                      .longopts = options});
  // "-a" is the short option, "-al" abbreviates alpha, "-ab" is no long option but starts with a short one.
  CHECK(results(t) == std::vector<int>{'a', 'A', 'a', 'b', '?', 'A', 'x', -1});
  CHECK(t.steps[3].optarg == "argv[4]+0 \"-bval\"");
  CHECK(t.steps[4].message == "prog: unrecognized option '-zz'\n");
}

TEST_CASE("getopt_long_only treats any two matching prefixes as ambiguous", "[getopt][long_only]") {
  const std::vector<long_spec> options = {
      {"color", required_argument, false, 'c'},
      {"colour", required_argument, false, 'c'},
  };
  const trace t = compare_with_glibc(
      {.args = {"prog", "-col", "--col"}, .optstring = "", .function = api::getopt_long_only, .longopts = options});
  CHECK(results(t) == std::vector<int>{'?', '?', -1});
  CHECK(t.steps[0].message == "prog: option '-col' is ambiguous; possibilities: '-color' '-colour'\n");
  CHECK(t.steps[1].message == "prog: option '--col' is ambiguous; possibilities: '--color' '--colour'\n");
}

TEST_CASE("W semicolon reads -W name as --name", "[getopt][long]") {
  const trace t = compare_with_glibc({.args = {"prog", "-Wverbose", "-W", "out=f", "-W", "output", "g", "-Wver",
                                               "-Wnope", "-Wverbose=2", "-aW", "verb"},
                                      .optstring = "aW;",
                                      .function = api::getopt_long,
                                      .longopts = verbosity_options});
  CHECK(results(t) == std::vector<int>{'v', 'o', 'o', '?', '?', '?', 'a', 'v', -1});
  CHECK(t.steps[1].optarg == "argv[3]+4 \"f\"");
  CHECK(t.steps[3].message == "prog: option '-W ver' is ambiguous; possibilities: '-W verbose' '-W version'\n");
  CHECK(t.steps[4].message == "prog: unrecognized option '-W nope'\n");
  CHECK(t.steps[5].message == "prog: option '-W verbose' doesn't allow an argument\n");

  const trace missing = compare_with_glibc(
      {.args = {"prog", "-W"}, .optstring = "W;", .function = api::getopt_long, .longopts = verbosity_options});
  CHECK(results(missing) == std::vector<int>{'?', -1});
  CHECK(missing.steps[0].message == "prog: option requires an argument -- 'W'\n");

  const trace long_only = compare_with_glibc({.args = {"prog", "-Wverbose", "-W", "level"},
                                              .optstring = "W;",
                                              .function = api::getopt_long_only,
                                              .longopts = verbosity_options});
  CHECK(results(long_only) == std::vector<int>{'v', 'l', -1});

  // Without long options (plain getopt) W is an ordinary option.
  const trace plain = compare_with_glibc({.args = {"prog", "-W", "x"}, .optstring = "W;"});
  CHECK(results(plain) == std::vector<int>{'W', -1});
}

TEST_CASE("storing 0 into optind restarts the scan", "[getopt]") {
  const trace t =
      compare_with_glibc({.args = {"prog", "-a", "x", "-bc", "-c"}, .optstring = "abc", .optind_stores = {{2, 0}}});
  CHECK(results(t) == std::vector<int>{'a', 'b', 'a', 'b', 'c', 'c', -1});
}

TEST_CASE("moving optind back rescans the elements", "[getopt]") {
  const trace t =
      compare_with_glibc({.args = {"prog", "x", "-a", "-b", "y", "-c"}, .optstring = "abc", .optind_stores = {{2, 1}}});
  CHECK(results(t)[2] == 'a');
}

TEST_CASE("an empty argument vector ends the scan at once", "[getopt]") {
  const trace t = compare_with_glibc({.args = {}, .optstring = "a", .optind_stores = {{0, 1}}});
  CHECK(results(t) == std::vector<int>{-1});
  CHECK(t.steps[0].optind == 1);
}

TEST_CASE("two states advance independently when interleaved", "[getopt][reentrant]") {
  const getopt_case first{.args = {"prog", "x", "-ab", "--out", "f", "-c", "--ver", "y"},
                          .optstring = "abc",
                          .function = api::getopt_long,
                          .longopts = verbosity_options};
  const getopt_case second{.args = {"other", "-dc", "-z", "w", "-d"}, .optstring = "+cd"};
  const scoped_env posixly_correct("POSIXLY_CORRECT", nullptr);
  const trace first_alone = scan_driver<glibc_getopt>(first).run();
  const trace second_alone = scan_driver<glibc_getopt>(second).run();
  CHECK(results(first_alone) == std::vector<int>{'a', 'b', 'o', 'c', '?', -1});
  CHECK(results(second_alone) == std::vector<int>{'d', 'c', '?', -1});

  scan_driver<weft_getopt> first_scan(first);
  scan_driver<weft_getopt> second_scan(second);
  while (!first_scan.finished() || !second_scan.finished()) {
    if (!first_scan.finished()) first_scan.call();
    if (!second_scan.finished()) second_scan.call();
  }
  compare(first_alone, first_scan.result());
  compare(second_alone, second_scan.result());
}

TEST_CASE("messages are translated as glibc translates them", "[getopt][messages]") {
  const std::string saved_locale = std::setlocale(LC_ALL, nullptr);
  REQUIRE(std::setlocale(LC_ALL, "C.UTF-8") != nullptr);
  const auto [t, short_option] = [] {
    const scoped_env language("LANGUAGE", "de");
    return std::pair{compare_with_glibc({.args = {"prog", "-x", "--nope", "--ver", "--verbose=1", "--output"},
                                         .optstring = "",
                                         .function = api::getopt_long,
                                         .longopts = verbosity_options}),
                     compare_with_glibc({.args = {"prog", "-a"}, .optstring = "a:"})};
  }();
  std::setlocale(LC_ALL, saved_locale.c_str());
  CHECK(results(t) == std::vector<int>{'?', '?', '?', '?', '?', -1});
  CHECK(results(short_option) == std::vector<int>{'?', -1});
  if (t.steps[0].message == "prog: invalid option -- 'x'\n")
    WARN("no translation of glibc's messages is installed; they were compared untranslated");
}

TEST_CASE("messages follow a wide-oriented stderr", "[getopt][messages]") {
  // A stream's orientation is fixed once it is used, and this process's stderr is byte-oriented by now:
  // each implementation writes from a child that reopens stderr, which clears the orientation.
  const auto message_in_child = [](bool use_glibc) {
    std::string path = (std::filesystem::temp_directory_path() / "getopt-wide-XXXXXX").string();
    const int fd = ::mkstemp(path.data());
    REQUIRE(fd >= 0);
    ::close(fd);
    std::fflush(nullptr);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      if (std::freopen(path.c_str(), "w", stderr) == nullptr || std::fwide(stderr, 1) <= 0) ::_exit(2);
      char program[] = "prog";
      char option[] = "-x";
      char* argv[] = {program, option, nullptr};
      priv::getopt_state state;
      ::optind = 0;
      const int result = use_glibc ? ::getopt(2, argv, "a") : priv::getopt(state, 2, argv, "a");
      std::fflush(stderr);
      ::_exit(result == '?' ? 0 : 1);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    std::ifstream file(path, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    std::filesystem::remove(path);
    return text;
  };
  const std::string expected = message_in_child(true);
  CHECK(expected == "prog: invalid option -- 'x'\n");
  CHECK(message_in_child(false) == expected);
}
