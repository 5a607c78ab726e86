#pragma once
// The positions of names, for lookup by name: the block ids of one diagram level
// (hundreds of thousands in a large model) to their places in the caller's
// vectors. One flat open-addressing table, no allocation per name; the names are
// observed, not copied, and must outlive the index.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace kelvin::core {

class NameIndex {
 public:
  /// An empty index with room for `expected` names.
  explicit NameIndex(std::size_t expected = 0);

  /// Adds `name` -> `value` (>= 0) unless the name is there already. Returns the value
  /// stored for the name and whether it was added now.
  std::pair<int, bool> insert(std::string_view name, int value);
  /// The value stored for `name`, or -1 if it has none.
  int find(std::string_view name) const;
  std::size_t size() const { return size_; }

 private:
  struct Slot {
    std::string_view name;
    std::uint64_t hash = 0;
    int value = -1;  // -1: free
  };
  void rehash(std::size_t slots);

  std::vector<Slot> slots_;  // a power of two, at most half full
  std::size_t size_ = 0;
};

}  // namespace kelvin::core
