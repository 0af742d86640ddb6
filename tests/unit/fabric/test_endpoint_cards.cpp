// Endpoint cards, what node processes publish at wire-up: the names come back in worker order, and a card of
// another wire version, a short one or an inconsistent one is refused with a reason that says what is wrong.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "fabric/endpoint_cards.hpp"
#include "fabric/wire_format.hpp"

using namespace weft::fabric;

namespace {

std::vector<std::byte> name_of(int worker, std::size_t length) {
  std::vector<std::byte> name(length);
  for (std::size_t i = 0; i < length; ++i) name[i] = static_cast<std::byte>(worker * 16 + i);
  return name;
}

std::string refusal(const std::vector<std::byte>& card) {
  auto read = read_card(card);
  return std::holds_alternative<std::string>(read) ? std::get<std::string>(read) : "";
}

}  // namespace

TEST_CASE("a card gives back its workers' endpoint names in order", "[endpoint_cards]") {
  std::vector<std::vector<std::byte>> names = {name_of(0, 24), name_of(1, 24), name_of(2, 24)};
  std::vector<std::byte> card = card_of(names);
  auto read = read_card(card);
  REQUIRE(std::holds_alternative<endpoint_card>(read));
  const endpoint_card& got = std::get<endpoint_card>(read);
  REQUIRE(got.names.size() == 3);
  for (std::size_t w = 0; w < 3; ++w)
    CHECK(std::vector<std::byte>(got.names[w].begin(), got.names[w].end()) == names[w]);
}

TEST_CASE("a card of another wire version is refused with both versions", "[endpoint_cards]") {
  std::vector<std::vector<std::byte>> names = {name_of(0, 16)};
  std::vector<std::byte> card = card_of(names);
  std::uint32_t other = wire_version + 1;
  std::memcpy(card.data(), &other, sizeof other);
  std::string why = refusal(card);
  CHECK(why.find("version " + std::to_string(other)) != std::string::npos);
  CHECK(why.find("this node " + std::to_string(wire_version)) != std::string::npos);
  CHECK(why.find("same Weft") != std::string::npos);
}

TEST_CASE("a short or inconsistent card is refused", "[endpoint_cards]") {
  std::vector<std::vector<std::byte>> names = {name_of(0, 16), name_of(1, 16)};
  std::vector<std::byte> card = card_of(names);
  CHECK_FALSE(refusal(std::vector<std::byte>(card.begin(), card.begin() + 5)).empty());
  card.pop_back();
  CHECK(refusal(card).find("2 workers of 16-byte endpoints") != std::string::npos);
  CHECK_FALSE(refusal(card_of({})).empty());  // no workers
}
