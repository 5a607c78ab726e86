#include "model/name_index.h"

#include <functional>

namespace kelvin::core {

NameIndex::NameIndex(std::size_t expected) {
  std::size_t slots = 16;
  while (slots < 2 * expected) slots *= 2;
  slots_.resize(slots);
  entries_.reserve(expected);
  hashes_.reserve(expected);
}

std::size_t NameIndex::slotOf(std::string_view name, std::uint64_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  const auto tag = static_cast<std::uint32_t>(hash >> 32);
  std::size_t at = hash & mask;
  for (; slots_[at].entry != 0; at = (at + 1) & mask)
    if (slots_[at].tag == tag && entries_[slots_[at].entry - 1].name == name) return at;
  return at;
}

void NameIndex::rehash(std::size_t slots) {
  slots_.assign(slots, Slot{});
  const std::size_t mask = slots - 1;
  for (std::size_t k = 0; k < hashes_.size(); ++k) {
    std::size_t at = hashes_[k] & mask;
    while (slots_[at].entry != 0) at = (at + 1) & mask;
    slots_[at] = {static_cast<std::uint32_t>(hashes_[k] >> 32), static_cast<std::uint32_t>(k + 1)};
  }
}

std::pair<int, bool> NameIndex::insert(std::string_view name, int value) {
  if (2 * (entries_.size() + 1) > slots_.size()) rehash(2 * slots_.size());
  const std::uint64_t hash = std::hash<std::string_view>{}(name);
  const std::size_t at = slotOf(name, hash);
  if (slots_[at].entry != 0) return {entries_[slots_[at].entry - 1].value, false};
  entries_.push_back({std::string(name), value});
  hashes_.push_back(hash);
  slots_[at] = {static_cast<std::uint32_t>(hash >> 32), static_cast<std::uint32_t>(entries_.size())};
  return {value, true};
}

int NameIndex::find(std::string_view name) const {
  const std::size_t at = slotOf(name, std::hash<std::string_view>{}(name));
  return slots_[at].entry != 0 ? entries_[slots_[at].entry - 1].value : -1;
}

}  // namespace kelvin::core
