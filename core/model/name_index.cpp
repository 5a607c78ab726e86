#include "model/name_index.h"

#include <functional>

namespace kelvin::core {

NameIndex::NameIndex(std::size_t expected) {
  std::size_t slots = 16;
  while (slots < 2 * expected) slots *= 2;
  slots_.resize(slots);
}

void NameIndex::rehash(std::size_t slots) {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(slots, Slot{});
  const std::size_t mask = slots - 1;
  for (const Slot& s : old) {
    if (s.value < 0) continue;
    std::size_t at = s.hash & mask;
    while (slots_[at].value >= 0) at = (at + 1) & mask;
    slots_[at] = s;
  }
}

std::pair<int, bool> NameIndex::insert(std::string_view name, int value) {
  if (2 * (size_ + 1) > slots_.size()) rehash(2 * slots_.size());
  const std::uint64_t hash = std::hash<std::string_view>{}(name);
  const std::size_t mask = slots_.size() - 1;
  std::size_t at = hash & mask;
  for (; slots_[at].value >= 0; at = (at + 1) & mask)
    if (slots_[at].hash == hash && slots_[at].name == name) return {slots_[at].value, false};
  slots_[at] = Slot{name, hash, value};
  ++size_;
  return {value, true};
}

int NameIndex::find(std::string_view name) const {
  const std::uint64_t hash = std::hash<std::string_view>{}(name);
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t at = hash & mask; slots_[at].value >= 0; at = (at + 1) & mask)
    if (slots_[at].hash == hash && slots_[at].name == name) return slots_[at].value;
  return -1;
}

}  // namespace kelvin::core
