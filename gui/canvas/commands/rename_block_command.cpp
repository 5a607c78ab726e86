#include "canvas/commands/rename_block_command.h"

#include <QCoreApplication>

namespace kelvin::gui {

RenameBlockCommand::RenameBlockCommand(ModelDocument* document, LevelPath level, std::string oldId, std::string newId)
    : DocumentCommand(document, std::move(level),
                      QCoreApplication::translate("RenameBlockCommand", "Rename %1 to %2")
                          .arg(QString::fromStdString(oldId), QString::fromStdString(newId))),
      oldId_(std::move(oldId)),
      newId_(std::move(newId)) {}

void RenameBlockCommand::rename(const std::string& from, const std::string& to) {
  const DiagramLevel l = level();
  if (core::Block* block = l.findBlock(from)) block->id = to;
  const std::string prefix = from + ".";
  for (core::Connection& c : *l.connections) {
    for (std::string* endpoint : {&c.from, &c.to}) {
      if (endpoint->compare(0, prefix.size(), prefix) == 0) *endpoint = to + "." + endpoint->substr(prefix.size());
    }
  }
  notify();
}

void RenameBlockCommand::redo() { rename(oldId_, newId_); }

void RenameBlockCommand::undo() { rename(newId_, oldId_); }

}  // namespace kelvin::gui
