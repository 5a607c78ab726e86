#pragma once
// The set of component types a model may use, looked up by type name.
// Filled by kelvin::blocks::registerAll (blocks/) at start-up; read-only after.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "elaborate/component_type.h"

namespace kelvin::core {

class BlockRegistry {
 public:
  /// Adds a type. Throws std::logic_error if the name is taken.
  void add(ComponentType type);
  /// The type, or nullptr. Valid for the registry's lifetime.
  const ComponentType* find(const std::string& type) const;
  /// All types, ordered by name.
  std::vector<const ComponentType*> all() const;

 private:
  std::map<std::string, std::unique_ptr<ComponentType>> types_;
};

}  // namespace kelvin::core
