// Parsing of configuration values.

#include <catch2/catch.hpp>

#include "runtime/config.hpp"

using weft::runtime::parse_size;

TEST_CASE("sizes accept binary suffixes", "[config]") {
  CHECK(parse_size("4096") == 4096);
  CHECK(parse_size("64k") == 64 * 1024);
  CHECK(parse_size("64K") == 64 * 1024);
  CHECK(parse_size("8M") == 8u << 20);
  CHECK(parse_size("1G") == 1u << 30);
}

TEST_CASE("malformed sizes are rejected", "[config]") {
  CHECK(parse_size("") == 0);
  CHECK(parse_size("M") == 0);
  CHECK(parse_size("8MB") == 0);
  CHECK(parse_size("-1") == 0);
  CHECK(parse_size("99999999999999999999G") == 0);
}

TEST_CASE("every setting is documented", "[config]") {
  for (const auto& setting : weft::runtime::settings()) {
    CHECK(setting.name.starts_with("WEFT_"));
    CHECK(!setting.doc.empty());
  }
}

TEST_CASE("WEFT_ variables that are no setting are named, in order, and only they", "[config]") {
  const char* environment[] = {"WEFT_WORKERS=2",
                               "WEFT_TILED_SLICE_MIN=1",
                               "HOME=/root",
                               "WEFT_CC=clang-19",
                               "MY_WEFT_THING=1",
                               "WEFT_CXX=clang++-19",
                               "WEFT_NRANKS",
                               "WEFT_=",
                               "WEFT_POLL_COUNT_X=3",
                               "WEFT_BUILD_DIR=/tmp/b",
                               "WEFT_FUZZ_BUILD_DIR=/tmp/f",
                               nullptr};
  CHECK(weft::runtime::unknown_settings(environment) ==
        std::vector<std::string>{"WEFT_TILED_SLICE_MIN", "WEFT_", "WEFT_POLL_COUNT_X"});
  const char* none[] = {"PATH=/usr/bin", nullptr};
  CHECK(weft::runtime::unknown_settings(none).empty());
}
