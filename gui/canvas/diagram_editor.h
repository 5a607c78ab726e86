#pragma once
// The editing area of a window: the breadcrumb of the level shown, the
// canvas (DiagramView over a DiagramScene) and the quick-insert box. Offers
// the editing operations the menus and shortcuts call (insert, delete,
// rotate, flip, copy/cut/paste, duplicate, align, group, ungroup, navigate
// into and out of subsystems); each is one undo command on the document.
// Says what it needs from the window through signals only.

#include <set>
#include <string>

#include <QWidget>

#include "document/diagram_level.h"

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class BreadcrumbBar;
class DiagramScene;
class DiagramView;
class ModelDocument;
class QuickInsertBox;

class DiagramEditor : public QWidget {
  Q_OBJECT

 public:
  enum class Alignment { Left, HorizontalCentre, Right, Top, VerticalCentre, Bottom };

  /// `document` must outlive the editor.
  explicit DiagramEditor(ModelDocument* document, QWidget* parent = nullptr);

  ModelDocument* document() const { return document_; }
  DiagramScene* scene() const { return scene_; }
  DiagramView* view() const { return view_; }
  QuickInsertBox* quickInsertBox() const { return quickInsert_; }
  const LevelPath& level() const;

  /// The one selected block's id, or empty when not exactly one block is selected.
  std::string selectedBlockId() const;
  bool hasSelection() const;

 public:
  // Navigation.
  void openLevel(const LevelPath& level);
  void openSubsystem(const std::string& id);
  void goUp();
  /// Shows the block named by a diagnostic ("Sub1/R1": opens Sub1, selects R1).
  void showBlock(const QString& path);

  // Edits (each one undo command).
  /// Adds a block of `type` centred at `scenePos` (snapped), selects it and returns its id.
  std::string insertBlock(const QString& type, QPointF scenePos);
  void deleteSelection();
  void rotateSelection(bool clockwise = true);
  void flipSelection();
  void copySelection() const;
  void cutSelection();
  /// Pastes the clipboard's fragment at the cursor (or beside the original when the cursor is elsewhere).
  void paste();
  void duplicateSelection();
  void selectAll();
  void alignSelection(Alignment alignment);
  void groupSelection();
  void ungroupSelection();

  /// Opens the quick-insert box at the cursor with `text` typed.
  void showQuickInsert(const QString& text = {});

 signals:
  void selectionChanged();
  void levelChanged(const QStringList& level);
  void statusMessage(const QString& text, int timeoutMs);
  /// A (non-subsystem, non-scope) block was double-clicked: show its parameters.
  void parametersRequested(const QString& id);
  /// A Scope block was double-clicked: show its scope. `path` is "Scope" or "Sub1/Scope".
  void scopeRequested(const QString& path);

 private:
  void updateBreadcrumb();
  void pasteText(const std::string& text, bool atCursor, QPointF offset, const QString& commandText);

  ModelDocument* document_;
  DiagramScene* scene_;
  DiagramView* view_;
  BreadcrumbBar* breadcrumb_;
  QuickInsertBox* quickInsert_;
  QPointF quickInsertPos_;
};

}  // namespace kelvin::gui
