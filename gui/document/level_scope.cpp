#include "document/level_scope.h"

namespace kelvin::gui {

core::ParameterScope scopeForLevel(const core::Model& model, const LevelPath& level) {
  std::vector<core::Diagnostic> ignored;
  core::ParameterScope scope = core::evaluateModelVariables(model, {}, &ignored);
  const std::vector<core::Block>* blocks = &model.blocks;
  for (const QString& id : level) {
    const core::Block* owner = nullptr;
    for (const core::Block& b : *blocks)
      if (b.id == id.toStdString()) owner = &b;
    if (!owner) break;
    for (const auto& [name, text] : owner->params) {
      try {
        scope.set(name, core::evaluateNumber(text, "", scope));
      } catch (const std::exception&) {
      }
    }
    blocks = &owner->blocks;
  }
  return scope;
}

}  // namespace kelvin::gui
