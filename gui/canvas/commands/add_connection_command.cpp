#include "canvas/commands/add_connection_command.h"

#include <QCoreApplication>

namespace kelvin::gui {

AddConnectionCommand::AddConnectionCommand(ModelDocument* document, LevelPath level, core::Connection connection)
    : DocumentCommand(document, std::move(level),
                      QCoreApplication::translate("AddConnectionCommand", "Connect %1 → %2")
                          .arg(QString::fromStdString(connection.from), QString::fromStdString(connection.to))),
      connection_(std::move(connection)) {}

void AddConnectionCommand::redo() {
  level().connections->push_back(connection_);
  notify();
}

void AddConnectionCommand::undo() {
  level().connections->pop_back();
  notify();
}

}  // namespace kelvin::gui
