// WEFT_LOG's levels: one level for every subsystem, subsystem:level items with later ones winning, warnings
// for all when empty, and a refusal that names what is wrong and what is accepted.
#include <catch2/catch.hpp>
#include <string>
#include <variant>

#include "runtime/log.hpp"

using namespace weft::runtime;

namespace {

log_level level_of(const log_levels& levels, log_subsystem subsystem) {
  return levels[static_cast<std::size_t>(subsystem)];
}

}  // namespace

TEST_CASE("WEFT_LOG sets levels per subsystem, later items winning", "[log]") {
  auto empty = parse_log_levels("");
  REQUIRE(std::holds_alternative<log_levels>(empty));
  CHECK(level_of(std::get<log_levels>(empty), log_subsystem::fabric) == log_level::warn);

  auto all = parse_log_levels("debug");
  REQUIRE(std::holds_alternative<log_levels>(all));
  for (log_level level : std::get<log_levels>(all)) CHECK(level == log_level::debug);

  auto mixed = parse_log_levels("info,fabric:debug,io:off");
  REQUIRE(std::holds_alternative<log_levels>(mixed));
  const log_levels& levels = std::get<log_levels>(mixed);
  CHECK(level_of(levels, log_subsystem::fabric) == log_level::debug);
  CHECK(level_of(levels, log_subsystem::io) == log_level::off);
  CHECK(level_of(levels, log_subsystem::shm) == log_level::info);

  auto overridden = parse_log_levels("fabric:debug,error");
  REQUIRE(std::holds_alternative<log_levels>(overridden));
  CHECK(level_of(std::get<log_levels>(overridden), log_subsystem::fabric) == log_level::error);
}

TEST_CASE("WEFT_LOG refuses an unknown level or subsystem, naming the known ones", "[log]") {
  auto level = parse_log_levels("fabric:loud");
  REQUIRE(std::holds_alternative<std::string>(level));
  CHECK(std::get<std::string>(level) == "'loud' is no level: the levels are off, error, warn, info, debug");
  auto subsystem = parse_log_levels("info,network:debug");
  REQUIRE(std::holds_alternative<std::string>(subsystem));
  CHECK(std::get<std::string>(subsystem) ==
        "'network' is no subsystem: the subsystems are runtime, shm, coll, rma, io, fabric");
}

TEST_CASE("logging tests the level of its subsystem", "[log]") {
  log_levels levels;
  levels.fill(log_level::warn);
  levels[static_cast<std::size_t>(log_subsystem::shm)] = log_level::debug;
  set_log_levels(levels);
  CHECK(logging(log_subsystem::shm, log_level::debug));
  CHECK(logging(log_subsystem::fabric, log_level::warn));
  CHECK_FALSE(logging(log_subsystem::fabric, log_level::info));
  levels.fill(log_level::warn);
  set_log_levels(levels);
}
