#include "model/model.h"

#include <algorithm>

namespace kelvin::core {

const Block* Model::findBlock(const std::string& id) const {
  auto it = std::find_if(blocks.begin(), blocks.end(), [&](const Block& b) { return b.id == id; });
  return it == blocks.end() ? nullptr : &*it;
}

Block* Model::findBlock(const std::string& id) {
  return const_cast<Block*>(static_cast<const Model*>(this)->findBlock(id));
}

}  // namespace kelvin::core
