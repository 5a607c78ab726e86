#pragma once
// The model being edited in one window: the core::Model itself, its undo
// history, the file it belongs to and whether it has unsaved changes.
//
// Every edit goes through a QUndoCommand pushed on undoStack() (see
// gui/canvas/commands/): a command changes the model through
// editableModel() or editableLevel() and then calls one of the notify functions,
// whose signals the views (canvas, inspector, variables table) use to refresh.
// Views never change the model themselves, so undo restores exactly the
// previous model.
//
// A thread that reads the model while the user goes on editing (a run, the
// recovery copy) takes snapshot(): the model itself, shared, not a copy. The
// first edit while a snapshot is still held copies the model before changing
// it (copy on write), so F5 on a 20,000-block model costs the GUI thread no copy.
//
// The document's registry() is the library with the model's own components
// (model.components and its component files) compiled on as user.NAME; it is
// rebuilt when they change (componentsChanged), and the types of earlier
// builds stay alive for the document's lifetime, so that no view is left
// holding a dangling type.
//
// The hierarchy is addressed by LevelPath: the ids of the Subsystem blocks
// from the top level down ({} is the top level, {"Sub1"} the inside of Sub1).

#include <QObject>
#include <QString>
#include <QStringList>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "document/diagram_level.h"
#include "model/diagnostic.h"
#include "model/model.h"

class QUndoStack;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

/// What a move changed at one level (MoveItemsCommand): the positions of these blocks and
/// boundary ports and the routing points of these connections (by index), nothing else.
struct MovedItems {
  std::vector<std::string> blocks;
  std::vector<std::string> ports;
  std::vector<std::size_t> connections;
};

class ModelDocument : public QObject {
  Q_OBJECT

 public:
  /// `library` is the component library; it must outlive the document.
  explicit ModelDocument(const core::BlockRegistry& library, QObject* parent = nullptr);
  ~ModelDocument() override;

  const core::Model& model() const { return *model_; }
  /// The model as it is now, for another thread to read: never changed afterwards (the next
  /// edit works on a copy while this one is held), freed when the last holder lets it go.
  std::shared_ptr<const core::Model> snapshot() const { return model_; }
  /// The component library alone.
  const core::BlockRegistry& library() const { return library_; }
  /// The library and the model's user components; the same object for the document's lifetime.
  const core::BlockRegistry& registry() const { return *types_; }
  /// The problems of the model's user components at the last build (those components are left out).
  const std::vector<core::Diagnostic>& componentProblems() const { return componentProblems_; }
  QUndoStack* undoStack() const { return undoStack_; }

  /// The file the model was loaded from or last saved to; empty for a new model.
  const QString& filePath() const { return filePath_; }
  /// "rc.kelvin", or "Untitled" for a new model.
  QString displayName() const;
  /// True when the model differs from the file (the undo stack is not at its clean index).
  bool isModified() const;

  /// Replaces the model (a new or opened file) and forgets the undo history.
  void reset(core::Model model, const QString& filePath);
  /// Records that the model was saved to `filePath`: the current state becomes the clean one.
  void markSaved(const QString& filePath);
  /// Records that the model differs from its file although nothing is left to undo (a restored
  /// recovery copy, or the file changed on disk and the user kept this version).
  void markUnsaved();

  /// One level of the hierarchy, or an empty level when `path` names no subsystem. The
  /// references are valid until the next edit.
  ConstDiagramLevel level(const LevelPath& path) const;
  /// The same level for commands to change (see editableModel()).
  DiagramLevel editableLevel(const LevelPath& path);

  /// The model for commands to change. After changing it, a command calls a notify function.
  /// References to the model taken before are stale from here on.
  core::Model& editableModel();
  /// Blocks, connections or boundary ports of `path` changed (and perhaps the levels inside it).
  void notifyLevelChanged(const LevelPath& path);
  /// Only positions and routing points at `path` changed, those `moved` lists.
  void notifyItemsMoved(const LevelPath& path, const MovedItems& moved);
  void notifyVariablesChanged();
  /// model.components changed: recompiles them into registry(), then emits componentsChanged.
  void notifyComponentsChanged();
  void notifySettingsChanged();

 signals:
  /// The whole model is about to be replaced: model() and filePath() are still the old ones.
  void aboutToReset();
  /// The whole model was replaced (new, open).
  void modelReset();
  void levelChanged(const QStringList& path);
  /// A move at `path` (see MovedItems): views showing positions update just those items; the
  /// level is otherwise as it was, so levelChanged is not emitted.
  void itemsMoved(const QStringList& path, const kelvin::gui::MovedItems& moved);
  void variablesChanged();
  /// The user components were recompiled after an edit (modelReset also means new types).
  void componentsChanged();
  void settingsChanged();
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& filePath);

 private:
  void rebuildTypes();
  /// Makes model_ the document's alone (copies it while a snapshot is held), before an edit.
  void detach();

  const core::BlockRegistry& library_;
  std::unique_ptr<core::BlockRegistry> types_;               // facade whose base is the latest build
  std::vector<std::unique_ptr<core::BlockRegistry>> builds_;  // every build, kept alive
  std::vector<core::Diagnostic> componentProblems_;
  std::shared_ptr<core::Model> model_;  // never null; shared while snapshots of it are held
  QString filePath_;
  QUndoStack* undoStack_;
};

}  // namespace kelvin::gui
