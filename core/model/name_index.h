#pragma once
// The positions of names, for lookup by name: the block ids of one diagram level
// (hundreds of thousands in a large model) to their places in the caller's
// vectors. One flat open-addressing table of 8-byte slots (a part of the name's hash
// and the place of its entry) over the entries in the order added: a table for
// 200,000 names is 4 MB and stays in the cache, and lookups in about the order the
// names were added read the entries in order. Each entry holds a copy of its name, so
// a lookup reads nothing but the index (a name of up to 15 bytes, as block ids are,
// is copied without allocation).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kelvin::core {

class NameIndex {
 public:
  /// How many names ahead of its lookups a caller prefetches: enough for the memory to answer
  /// meanwhile, few enough that the lines fetched are still in the cache when used.
  static constexpr std::size_t kLookAhead = 8;

  /// An empty index with room for `expected` names.
  explicit NameIndex(std::size_t expected = 0);

  /// Adds `name` -> `value` (>= 0) unless the name is there already. Returns the value
  /// stored for the name and whether it was added now.
  std::pair<int, bool> insert(std::string_view name, int value);
  /// The value stored for `name`, or -1 if it has none.
  int find(std::string_view name) const;
  /// Starts fetching the part of the table where `name` would be, for an insert or a find of it a
  /// few names later: in a large index each lookup would otherwise wait for memory in turn.
  void prefetch(std::string_view name) const {
    __builtin_prefetch(&slots_[std::hash<std::string_view>{}(name) & (slots_.size() - 1)]);
  }
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::string name;
    int value = 0;
  };
  struct Slot {
    std::uint32_t tag = 0;    // the high half of the name's hash
    std::uint32_t entry = 0;  // 1 + its place in entries_; 0: free
  };
  /// The slot holding `name`, or the free slot where it would go.
  std::size_t slotOf(std::string_view name, std::uint64_t hash) const;
  void rehash(std::size_t slots);

  std::vector<Entry> entries_;
  std::vector<std::uint64_t> hashes_;  // of each entry, for rehashing without hashing again
  std::vector<Slot> slots_;            // a power of two, at most half full
};

}  // namespace kelvin::core
