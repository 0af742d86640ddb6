#pragma once
// What a node process publishes through PMIx at wire-up, and reads of every other: the wire version it
// speaks (wire_format.hpp), its number of workers and the names of their endpoints, in worker order. A
// card of another version, or malformed, is refused with the reason, so that nodes running different
// builds of Weft stop at start-up instead of misreading each other's packets.

#include <cstddef>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace weft::fabric {

// The card of a node whose workers' endpoints have `names` (all of one length).
std::vector<std::byte> card_of(std::span<const std::vector<std::byte>> names);

// The endpoint names a card holds, by worker; valid while the card is.
struct endpoint_card {
  std::vector<std::span<const std::byte>> names;
};

// The card's names, or why it cannot be read.
std::variant<endpoint_card, std::string> read_card(std::span<const std::byte> card);

}  // namespace weft::fabric
