#pragma once
// Walks the levels of a model's hierarchy: the top level and every subsystem
// inside it, each with the path prefix of its blocks ("", "Sub1/", "Sub1/Inner/").

#include <string>
#include <vector>

#include "model/model.h"

namespace kelvin::gui {

/// Calls visit(prefix, blocks, connections) for the top level and every subsystem inside it.
template <typename Visit>
inline void forEachLevel(const std::vector<core::Block>& blocks, const std::vector<core::Connection>& connections,
                  const std::string& prefix, const Visit& visit) {
  visit(prefix, blocks, connections);
  for (const core::Block& block : blocks)
    if (!block.blocks.empty() || block.type == "Subsystem")
      forEachLevel(block.blocks, block.connections, prefix + block.id + "/", visit);
}

}  // namespace kelvin::gui
