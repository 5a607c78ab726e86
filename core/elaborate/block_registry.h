#pragma once
// The set of component types a model may use, looked up by type name.
// The library's registry is filled by kelvin::blocks::registerAll (blocks/) at
// start-up and is read-only after. A model with components of its own gets a
// registry layered over the library: it holds the `user.NAME` types and asks
// its base for the rest.

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "elaborate/component_type.h"

namespace kelvin::core {

class BlockRegistry {
 public:
  /// `base` (may be null) is observed and must outlive this registry.
  explicit BlockRegistry(const BlockRegistry* base = nullptr) : base_(base) {}

  /// Adds a type. Throws std::logic_error if this layer already has the name.
  void add(ComponentType type);
  /// The type, from this layer or else the base, or nullptr. Valid for the registry's lifetime.
  const ComponentType* find(const std::string& type) const;
  /// All types of this layer and the base (a name of this layer hides the base's), ordered by name.
  std::vector<const ComponentType*> all() const;
  /// The types of this layer alone, ordered by name.
  std::vector<const ComponentType*> own() const;
  const BlockRegistry* base() const { return base_; }
  /// Replaces the base (observed; must outlive this registry, or be replaced first).
  void setBase(const BlockRegistry* base) { base_ = base; }

 private:
  const BlockRegistry* base_;
  std::map<std::string, std::unique_ptr<ComponentType>> types_;
  /// The types of this layer by name (views of types_'s keys): a model's blocks are each looked
  /// up, and a tree of names that mostly begin alike ("electrical.") compares many bytes a level.
  std::unordered_map<std::string_view, const ComponentType*> byName_;
};

}  // namespace kelvin::core
