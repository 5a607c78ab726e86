#include "elaborate/block_registry.h"

#include <stdexcept>

namespace kelvin::core {

void BlockRegistry::add(ComponentType type) {
  std::string name = type.type;
  auto [it, inserted] = types_.emplace(name, std::make_unique<ComponentType>(std::move(type)));
  if (!inserted) throw std::logic_error("component type registered twice: " + name);
  byName_.emplace(it->first, it->second.get());
}

const ComponentType* BlockRegistry::find(const std::string& type) const {
  // A model's layer is mostly empty: its blocks are the library's, hashed once, there.
  if (!byName_.empty())
    if (auto it = byName_.find(type); it != byName_.end()) return it->second;
  return base_ ? base_->find(type) : nullptr;
}

std::vector<const ComponentType*> BlockRegistry::all() const {
  std::map<std::string, const ComponentType*> merged;
  if (base_)
    for (const ComponentType* type : base_->all()) merged.emplace(type->type, type);
  for (const auto& [name, type] : types_) merged[name] = type.get();
  std::vector<const ComponentType*> list;
  for (const auto& [name, type] : merged) list.push_back(type);
  return list;
}

std::vector<const ComponentType*> BlockRegistry::own() const {
  std::vector<const ComponentType*> list;
  for (const auto& [name, type] : types_) list.push_back(type.get());
  return list;
}

}  // namespace kelvin::core
