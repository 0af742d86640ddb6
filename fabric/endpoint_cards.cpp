#include "fabric/endpoint_cards.hpp"

#include <cstdint>
#include <cstring>

#include "fabric/wire_format.hpp"

namespace weft::fabric {
namespace {

// The card starts with three words: the wire version, the number of workers, the length of a name.
constexpr std::size_t words = 3;
constexpr std::size_t head_bytes = words * sizeof(std::uint32_t);

}  // namespace

std::vector<std::byte> card_of(std::span<const std::vector<std::byte>> names) {
  std::uint32_t head[words] = {wire_version, static_cast<std::uint32_t>(names.size()),
                               names.empty() ? 0u : static_cast<std::uint32_t>(names.front().size())};
  std::vector<std::byte> card(head_bytes);
  std::memcpy(card.data(), head, head_bytes);
  for (const std::vector<std::byte>& name : names) card.insert(card.end(), name.begin(), name.end());
  return card;
}

std::variant<endpoint_card, std::string> read_card(std::span<const std::byte> card) {
  std::uint32_t head[words] = {};
  if (card.size() < head_bytes) return "it is " + std::to_string(card.size()) + " bytes long";
  std::memcpy(head, card.data(), head_bytes);
  auto [version, workers, length] = head;
  if (version != wire_version)
    return "it speaks version " + std::to_string(version) + " of the wire format, this node " +
           std::to_string(wire_version) + ": every node of a job must run the same Weft";
  if (workers == 0 || card.size() != head_bytes + std::size_t{workers} * length)
    return "it names " + std::to_string(workers) + " workers of " + std::to_string(length) + "-byte endpoints in " +
           std::to_string(card.size()) + " bytes";
  endpoint_card read;
  for (std::uint32_t w = 0; w < workers; ++w) read.names.push_back(card.subspan(head_bytes + w * length, length));
  return read;
}

}  // namespace weft::fabric
