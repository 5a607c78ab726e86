#include "canvas/commands/ungroup_subsystem_command.h"

#include <QCoreApplication>

#include "document/model_document.h"

namespace kelvin::gui {

UngroupSubsystemCommand::UngroupSubsystemCommand(ModelDocument* document, LevelPath level, std::string subsystemId,
                                                 double grid)
    : DocumentCommand(document, std::move(level),
                      QCoreApplication::translate("UngroupSubsystemCommand", "Ungroup %1")
                          .arg(QString::fromStdString(subsystemId))) {
  const DiagramLevel l = this->level();
  before_ = {*l.blocks, *l.connections};
  after_ = ungroupSubsystem(before_, l.ports ? *l.ports : std::vector<core::BoundaryPort>{}, subsystemId,
                            document->registry(), grid, &newIds_);
}

void UngroupSubsystemCommand::redo() {
  const DiagramLevel l = level();
  *l.blocks = after_.blocks;
  *l.connections = after_.connections;
  notify();
}

void UngroupSubsystemCommand::undo() {
  const DiagramLevel l = level();
  *l.blocks = before_.blocks;
  *l.connections = before_.connections;
  notify();
}

}  // namespace kelvin::gui
