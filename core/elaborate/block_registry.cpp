#include "elaborate/block_registry.h"

#include <stdexcept>

namespace kelvin::core {

void BlockRegistry::add(ComponentType type) {
  std::string name = type.type;
  auto [it, inserted] = types_.emplace(name, std::make_unique<ComponentType>(std::move(type)));
  if (!inserted) throw std::logic_error("component type registered twice: " + name);
}

const ComponentType* BlockRegistry::find(const std::string& type) const {
  auto it = types_.find(type);
  return it == types_.end() ? nullptr : it->second.get();
}

std::vector<const ComponentType*> BlockRegistry::all() const {
  std::vector<const ComponentType*> list;
  for (const auto& [name, type] : types_) list.push_back(type.get());
  return list;
}

}  // namespace kelvin::core
