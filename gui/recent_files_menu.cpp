#include "recent_files_menu.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace kelvin::gui {

namespace {
constexpr int kMaxFiles = 8;
const QString kSettingsKey = QStringLiteral("recentFiles");
}  // namespace

RecentFilesMenu::RecentFilesMenu(QWidget* parent) : QMenu(tr("&Recent Files"), parent) { rebuild(); }

void RecentFilesMenu::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = files();
  list.removeAll(absolute);
  list.prepend(absolute);
  store(list.mid(0, kMaxFiles));
}

void RecentFilesMenu::remove(const QString& path) {
  QStringList list = files();
  list.removeAll(QFileInfo(path).absoluteFilePath());
  store(list);
}

QStringList RecentFilesMenu::files() const { return QSettings().value(kSettingsKey).toStringList(); }

void RecentFilesMenu::store(const QStringList& files) {
  QSettings().setValue(kSettingsKey, files);
  rebuild();
}

void RecentFilesMenu::rebuild() {
  clear();
  const QStringList list = files();
  for (int i = 0; i < list.size(); ++i) {
    const QString& path = list[i];
    // &1 .. &8: keyboard accelerators.
    const QString text = QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName());
    QAction* action = addAction(text, this, [this, path] { emit fileChosen(path); });
    action->setToolTip(QDir::toNativeSeparators(path));
    action->setStatusTip(QDir::toNativeSeparators(path));
  }
  if (!list.isEmpty()) {
    addSeparator();
    addAction(tr("&Clear Menu"), this, [this] { store({}); });
  }
  setEnabled(!list.isEmpty());
}

}  // namespace kelvin::gui
