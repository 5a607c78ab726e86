#pragma once
// One level of a model's hierarchy as the editor sees it: the top level
// (Model::blocks and ::connections) or the inside of a Subsystem block
// (Block::blocks, ::connections and its boundary ports). Observers into a
// core::Model, valid until that model's structure changes.

#include <string>
#include <vector>

#include <QStringList>

#include "model/model.h"

namespace kelvin::gui {

/// Subsystem ids from the top level down; empty for the top level.
using LevelPath = QStringList;

struct ConstDiagramLevel {
  const std::vector<core::Block>* blocks = nullptr;
  const std::vector<core::Connection>* connections = nullptr;
  const std::vector<core::BoundaryPort>* ports = nullptr;
  const core::Block* owner = nullptr;

  explicit operator bool() const { return blocks != nullptr; }
  const core::Block* findBlock(const std::string& id) const;
  const core::BoundaryPort* findPort(const std::string& name) const;
};

struct DiagramLevel {
  std::vector<core::Block>* blocks = nullptr;
  std::vector<core::Connection>* connections = nullptr;
  std::vector<core::BoundaryPort>* ports = nullptr;  // null at the top level
  core::Block* owner = nullptr;                      // the Subsystem block; null at the top level

  explicit operator bool() const { return blocks != nullptr; }
  operator ConstDiagramLevel() const { return {blocks, connections, ports, owner}; }
  /// The block with this id at this level, or nullptr.
  core::Block* findBlock(const std::string& id) const;
  /// The boundary port with this name, or nullptr (always at the top level).
  core::BoundaryPort* findPort(const std::string& name) const;
};

/// The level `path` of `model`; empty when a path element is not a Subsystem block of the level above.
DiagramLevel levelOf(core::Model& model, const LevelPath& path);
ConstDiagramLevel levelOf(const core::Model& model, const LevelPath& path);

/// Splits "R1.p" into {"R1", "p"}; a bare "p" (a boundary port inside a subsystem) gives {"", "p"}.
std::pair<std::string, std::string> splitEndpoint(const std::string& endpoint);

}  // namespace kelvin::gui
