#pragma once
// Where a model's scopes show their results: a pane below the canvas, split
// from it by a splitter, in which the scope docks sit tabbed, side by side or
// floating as the user arranges them (a QMainWindow used as a widget, with
// nested docks). The pane appears with the first scope, taking most of the
// height (the canvas keeps kCanvasShare), and hides when the last one closes.
//
// Its arrangement (the splitter and the docks) is remembered per model file
// in QSettings: saved when the model is about to be replaced and when the
// application closes (saveLayout()), restored for the next model opened from
// that file as its scopes open again. An untitled model has no memory.

#include <QList>
#include <QMainWindow>
#include <QPointer>
#include <QString>

class QDockWidget;
class QSplitter;

namespace kelvin::gui {

class ModelDocument;

class ResultsArea : public QMainWindow {
  Q_OBJECT

 public:
  /// The share of the splitter's height the canvas keeps when the results first appear.
  static constexpr double kCanvasShare = 0.36;

  /// `document` must outlive the area; `splitter` holds the canvas above and this area below
  /// (the area adds itself to it).
  ResultsArea(ModelDocument* document, QSplitter* splitter);
  /// The docks, its children, go after it without calling back.
  ~ResultsArea() override;

  /// Places a new scope dock: where this model's remembered layout has it, else in front of
  /// the others (tabbed with them); shows the pane if it was hidden.
  void addScope(QDockWidget* dock);
  /// The scope docks in the area (open ones).
  QList<QDockWidget*> scopes() const;
  /// Remembers the arrangement for the document's file (nothing for an untitled model).
  void saveLayout() const;

 private:
  /// QSettings key of the layout of the model in `filePath`; empty for an untitled model.
  static QString layoutKey(const QString& filePath);
  void loadLayout();
  void showPane();
  void hidePaneIfEmpty();

  ModelDocument* document_;
  QSplitter* splitter_;
  /// The file the layout in memory belongs to (the document's path changes on Save As).
  QString layoutFile_;
  /// The remembered splitter sizes, applied when the pane next appears; empty: the default.
  QList<int> splitterSizes_;
};

}  // namespace kelvin::gui
