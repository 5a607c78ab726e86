#pragma once
// Base of the editor's undo commands: each edit kind is one subclass (one
// file each in this folder). A command changes the document's core::Model at
// one level of the hierarchy and notifies the document, so every view
// refreshes from the model; undo restores the exact previous model (the same
// serializeModel text). Commands refer to connections by index: the undo
// stack replays them in order, so the model each one meets is always the one
// it was made for.

#include <QUndoCommand>

#include "document/diagram_level.h"

namespace kelvin::gui {

class ModelDocument;

class DocumentCommand : public QUndoCommand {
 public:
  /// `document` must outlive the command (it owns the undo stack that owns the command).
  DocumentCommand(ModelDocument* document, LevelPath level, const QString& text);

 protected:
  ModelDocument* document() const { return document_; }
  const LevelPath& levelPath() const { return level_; }
  /// The level the command edits (valid: the stack replays commands in order).
  DiagramLevel level() const;
  /// Tells the views that the level changed.
  void notify() const;

 private:
  ModelDocument* document_;
  LevelPath level_;
};

}  // namespace kelvin::gui
