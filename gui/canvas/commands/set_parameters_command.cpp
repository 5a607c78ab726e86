#include "canvas/commands/set_parameters_command.h"

#include <QCoreApplication>

namespace kelvin::gui {

SetParametersCommand::SetParametersCommand(ModelDocument* document, LevelPath level, std::string blockId,
                                           std::map<std::string, std::string> values)
    : DocumentCommand(document, std::move(level), QString()), blockId_(std::move(blockId)), after_(std::move(values)) {
  const core::Block* block = this->level().findBlock(blockId_);
  for (const auto& [name, value] : after_) {
    if (!block) continue;
    const auto it = block->params.find(name);
    before_[name] = it == block->params.end() ? std::nullopt : std::optional<std::string>(it->second);
  }
  const QString id = QString::fromStdString(blockId_);
  if (after_.size() == 1) {
    const auto& [name, value] = *after_.begin();
    setText(QCoreApplication::translate("SetParametersCommand", "Set %1.%2 = %3")
                .arg(id, QString::fromStdString(name), QString::fromStdString(value)));
  } else {
    setText(QCoreApplication::translate("SetParametersCommand", "Set parameters of %1").arg(id));
  }
}

bool SetParametersCommand::isNoOp() const {
  for (const auto& [name, value] : after_) {
    const auto it = before_.find(name);
    if (it == before_.end() || !it->second || *it->second != value) return false;
  }
  return true;
}

void SetParametersCommand::redo() {
  if (core::Block* block = level().findBlock(blockId_)) {
    for (const auto& [name, value] : after_) block->params[name] = value;
  }
  notify();
}

void SetParametersCommand::undo() {
  if (core::Block* block = level().findBlock(blockId_)) {
    for (const auto& [name, value] : before_) {
      if (value)
        block->params[name] = *value;
      else
        block->params.erase(name);
    }
  }
  notify();
}

}  // namespace kelvin::gui
