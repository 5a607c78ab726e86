#include "document/model_document.h"

#include <QFileInfo>
#include <QUndoStack>

#include "elaborate/block_registry.h"
#include "usercomp/user_component_library.h"

namespace kelvin::gui {

ModelDocument::ModelDocument(const core::BlockRegistry& library, QObject* parent)
    : QObject(parent),
      library_(library),
      types_(std::make_unique<core::BlockRegistry>(&library)),
      undoStack_(new QUndoStack(this)) {
  connect(undoStack_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

ModelDocument::~ModelDocument() = default;

void ModelDocument::rebuildTypes() {
  auto build = std::make_unique<core::BlockRegistry>(&library_);
  componentProblems_ = core::addUserComponents(core::componentSources(model_, filePath_.toStdString()), *build);
  types_->setBase(build.get());
  builds_.push_back(std::move(build));
}

void ModelDocument::notifyComponentsChanged() {
  rebuildTypes();
  emit componentsChanged();
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
  rebuildTypes();
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

void ModelDocument::markUnsaved() { undoStack_->resetClean(); }

DiagramLevel ModelDocument::level(const LevelPath& path) { return levelOf(model_, path); }

ConstDiagramLevel ModelDocument::level(const LevelPath& path) const { return levelOf(model_, path); }

void ModelDocument::notifyLevelChanged(const LevelPath& path) { emit levelChanged(path); }

void ModelDocument::notifyItemsMoved(const LevelPath& path, const MovedItems& moved) { emit itemsMoved(path, moved); }

void ModelDocument::notifyVariablesChanged() { emit variablesChanged(); }

void ModelDocument::notifySettingsChanged() { emit settingsChanged(); }

}  // namespace kelvin::gui
