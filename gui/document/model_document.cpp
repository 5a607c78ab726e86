#include "document/model_document.h"

#include <atomic>

#include <QFileInfo>
#include <QUndoStack>

#include "elaborate/block_registry.h"
#include "usercomp/user_component_library.h"

namespace kelvin::gui {

ModelDocument::ModelDocument(const core::BlockRegistry& library, QObject* parent)
    : QObject(parent),
      library_(library),
      types_(std::make_unique<core::BlockRegistry>(&library)),
      model_(std::make_shared<core::Model>()),
      undoStack_(new QUndoStack(this)) {
  connect(undoStack_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

ModelDocument::~ModelDocument() = default;

void ModelDocument::rebuildTypes() {
  auto build = std::make_unique<core::BlockRegistry>(&library_);
  componentProblems_ = core::addUserComponents(core::componentSources(*model_, filePath_.toStdString()), *build);
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
  model_ = std::make_shared<core::Model>(std::move(model));  // snapshots of the old one stay theirs
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

void ModelDocument::detach() {
  if (model_.use_count() > 1) {
    model_ = std::make_shared<core::Model>(*model_);
    return;
  }
  // The last other holder let go on its own thread: its reads happen before this edit's writes.
  std::atomic_thread_fence(std::memory_order_acquire);
}

core::Model& ModelDocument::editableModel() {
  detach();
  return *model_;
}

DiagramLevel ModelDocument::editableLevel(const LevelPath& path) {
  detach();
  return levelOf(*model_, path);
}

ConstDiagramLevel ModelDocument::level(const LevelPath& path) const { return levelOf(*model_, path); }

void ModelDocument::notifyLevelChanged(const LevelPath& path) { emit levelChanged(path); }

void ModelDocument::notifyItemsMoved(const LevelPath& path, const MovedItems& moved) { emit itemsMoved(path, moved); }

void ModelDocument::notifyVariablesChanged() { emit variablesChanged(); }

void ModelDocument::notifySettingsChanged() { emit settingsChanged(); }

}  // namespace kelvin::gui
