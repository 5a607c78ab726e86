#pragma once
// The File ▸ Recent files submenu: the last opened models, newest first,
// kept in QSettings ("recentFiles"). Choosing one emits fileChosen.

#include <QMenu>
#include <QStringList>

namespace kelvin::gui {

class RecentFilesMenu : public QMenu {
  Q_OBJECT

 public:
  explicit RecentFilesMenu(QWidget* parent = nullptr);

  /// Puts `path` first (it was just opened or saved).
  void add(const QString& path);
  /// Forgets `path` (it could not be opened).
  void remove(const QString& path);
  QStringList files() const;

 signals:
  void fileChosen(const QString& path);

 private:
  void store(const QStringList& files);
  void rebuild();
};

}  // namespace kelvin::gui
