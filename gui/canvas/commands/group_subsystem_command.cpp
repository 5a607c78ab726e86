#include "canvas/commands/group_subsystem_command.h"

#include <QCoreApplication>

#include "document/model_document.h"

namespace kelvin::gui {

GroupSubsystemCommand::GroupSubsystemCommand(ModelDocument* document, LevelPath level,
                                             const std::set<std::string>& ids, std::string subsystemId, double grid)
    : DocumentCommand(document, std::move(level),
                      QCoreApplication::translate("GroupSubsystemCommand", "Group %n block(s) into %1", nullptr,
                                                  static_cast<int>(ids.size()))
                          .arg(QString::fromStdString(subsystemId))),
      subsystemId_(std::move(subsystemId)) {
  const DiagramLevel l = this->level();
  before_ = {*l.blocks, *l.connections};
  after_ = groupBlocks(before_, l.ports ? *l.ports : std::vector<core::BoundaryPort>{}, ids, subsystemId_,
                       document->registry(), grid);
}

void GroupSubsystemCommand::redo() {
  const DiagramLevel l = level();
  *l.blocks = after_.blocks;
  *l.connections = after_.connections;
  notify();
}

void GroupSubsystemCommand::undo() {
  const DiagramLevel l = level();
  *l.blocks = before_.blocks;
  *l.connections = before_.connections;
  notify();
}

}  // namespace kelvin::gui
