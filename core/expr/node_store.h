#pragma once
// The nodes of an ExprPool, in chunks of 2 MB: growing never copies the nodes made so far
// (a single array that doubles copies the whole pool each time, and touches, page by page,
// about twice the memory it ends up holding). The first chunk grows like a vector until it is
// full, so a small pool costs what it did; every later chunk is allocated whole at once (on
// one huge page), so a big pool copies no node and touches each page once.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "expr/huge_page_allocator.h"

namespace kelvin::core {

template <class Node>
class NodeStore {
 public:
  const Node& operator[](std::uint32_t id) const { return chunks_[id >> kShift][id & kMask]; }
  Node& operator[](std::uint32_t id) { return chunks_[id >> kShift][id & kMask]; }
  std::size_t size() const { return size_; }

  void push_back(const Node& node) {
    if ((size_ >> kShift) == chunks_.size()) {
      chunks_.emplace_back();
      if (chunks_.size() > 1) chunks_.back().reserve(kChunk);
    }
    chunks_.back().push_back(node);
    ++size_;
  }

  /// Makes room for `nodes` nodes in all: the first chunk is allocated whole when they fill it.
  void reserve(std::size_t nodes) {
    if (chunks_.empty()) chunks_.emplace_back();
    chunks_.front().reserve(std::min<std::size_t>(nodes, kChunk));
    chunks_.reserve((nodes + kChunk - 1) / kChunk);
  }

  /// Memory held, in bytes.
  std::size_t bytes() const {
    std::size_t total = chunks_.capacity() * sizeof(Chunk);
    for (const Chunk& c : chunks_) total += c.capacity() * sizeof(Node);
    return total;
  }

 private:
  static constexpr unsigned kShift = 16;  // 65,536 nodes of 32 bytes: 2 MB
  static constexpr std::size_t kChunk = std::size_t{1} << kShift;
  static constexpr std::uint32_t kMask = (1u << kShift) - 1;
  using Chunk = std::vector<Node, HugePageAllocator<Node>>;
  std::vector<Chunk> chunks_;
  std::size_t size_ = 0;
};

}  // namespace kelvin::core
