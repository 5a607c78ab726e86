#include "document/model_document.h"

#include <QFileInfo>
#include <QUndoStack>

namespace kelvin::gui {

ModelDocument::ModelDocument(const core::BlockRegistry& registry, QObject* parent)
    : QObject(parent), registry_(registry), undoStack_(new QUndoStack(this)) {
  connect(undoStack_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

QString ModelDocument::displayName() const {
  return filePath_.isEmpty() ? tr("Untitled") : QFileInfo(filePath_).fileName();
}

bool ModelDocument::isModified() const { return !undoStack_->isClean(); }

void ModelDocument::reset(core::Model model, const QString& filePath) {
  const bool wasModified = isModified();
  emit aboutToReset();
  undoStack_->clear();  // commands refer to the old model by index
  model_ = std::move(model);
  filePath_ = filePath;
  emit modelReset();
  emit filePathChanged(filePath_);
  if (wasModified) emit modifiedChanged(false);
}

void ModelDocument::markSaved(const QString& filePath) {
  const bool renamed = filePath != filePath_;
  filePath_ = filePath;
  undoStack_->setClean();
  if (renamed) emit filePathChanged(filePath_);
}

DiagramLevel ModelDocument::level(const LevelPath& path) { return levelOf(model_, path); }

ConstDiagramLevel ModelDocument::level(const LevelPath& path) const { return levelOf(model_, path); }

void ModelDocument::notifyLevelChanged(const LevelPath& path) { emit levelChanged(path); }

void ModelDocument::notifyVariablesChanged() { emit variablesChanged(); }

void ModelDocument::notifySettingsChanged() { emit settingsChanged(); }

}  // namespace kelvin::gui
