#include "canvas/commands/document_command.h"

#include "document/model_document.h"

namespace kelvin::gui {

DocumentCommand::DocumentCommand(ModelDocument* document, LevelPath level, const QString& text)
    : QUndoCommand(text), document_(document), level_(std::move(level)) {}

DiagramLevel DocumentCommand::level() const { return document_->editableLevel(level_); }

void DocumentCommand::notify() const { document_->notifyLevelChanged(level_); }

}  // namespace kelvin::gui
