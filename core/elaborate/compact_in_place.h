#pragma once
// Keeps the items of a vector that pass a test, moved down in place in their order (no second
// array made, whose pages would all be faulted in afresh), and tells where each went: what
// both eliminators do with the unknowns they keep.

#include <cstddef>
#include <utility>
#include <vector>

namespace kelvin::core {

/// Keeps items[i] for which keep(i) holds (asked once each, in order); returns each item's new
/// index, -1 for those dropped.
template <typename T, typename Keep>
std::vector<int> compactInPlace(std::vector<T>& items, Keep keep) {
  std::vector<int> newIndex(items.size(), -1);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!keep(static_cast<int>(i))) continue;
    if (kept != i) items[kept] = std::move(items[i]);
    newIndex[i] = static_cast<int>(kept++);
  }
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(kept), items.end());
  return newIndex;
}

}  // namespace kelvin::core
