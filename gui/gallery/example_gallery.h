#pragma once
// The examples gallery (Help ▸ Examples… and the start page): every shipped
// example with a thumbnail of its diagram, its title and capabilities, and
// its description; Open (or a double click) emits exampleChosen with the
// file, which the main window opens ready to run. A check box "Show at
// startup" is stored in QSettings under kShowAtStartupKey.

#include <QDialog>

class QCheckBox;
class QLabel;
class QListWidget;

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

class ExampleCatalog;

class ExampleGallery : public QDialog {
  Q_OBJECT

 public:
  static constexpr const char* kShowAtStartupKey = "gallery/showAtStartup";

  /// `registry` draws the thumbnails and must outlive the dialog.
  ExampleGallery(const ExampleCatalog& catalog, const core::BlockRegistry& registry, QWidget* parent = nullptr);

  /// Whether the gallery should open when Kelvin starts without a file (default true).
  static bool showAtStartup();
  QListWidget* list() const { return list_; }

 Q_SIGNALS:
  void exampleChosen(const QString& path);

 private:
  void showDescription();
  void openCurrent();

  QListWidget* list_;
  QLabel* description_;
  QCheckBox* showAtStartup_;
};

}  // namespace kelvin::gui
