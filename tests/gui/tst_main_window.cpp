// The main window as a user meets it: opening a model lists its blocks and
// connections and names the file in the title; a file that cannot be loaded
// gives a message box with the diagnostics and keeps the current model;
// Save writes the model back; opened files go to Recent Files.

#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QtTest>

#include "elaborate/block_registry.h"
#include "library.h"
#include "main_window.h"
#include "model/model_file.h"
#include "model_overview.h"
#include "recent_files_menu.h"

namespace {

const char* const kRcModel = R"({
  "format": "kelvin-model", "version": 1, "name": "rc",
  "settings": {"stop_time": "10u", "solver": "ida"},
  "blocks": [
    {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}, "pos": [0, 0]},
    {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}, "pos": [120, 0]},
    {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1n"}, "pos": [240, 40]},
    {"id": "G", "type": "electrical.Ground", "pos": [0, 120]}
  ],
  "connections": [
    {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "C1.p"},
    {"from": "C1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"}
  ]
})";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(text);
  return path;
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("KelvinTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_main_window"));
    kelvin::blocks::registerAll(registry_);
    QVERIFY(dir_.isValid());
  }

  void opensAModelAndListsIt() {
    kelvin::gui::MainWindow window(registry_);
    const QString path = writeFile(dir_, QStringLiteral("rc.kelvin"), kRcModel);
    QVERIFY(window.openFile(path));
    QCOMPARE(window.currentFile(), path);
    QVERIFY2(window.windowTitle().startsWith(QStringLiteral("rc.kelvin")), qPrintable(window.windowTitle()));

    auto* overview = window.findChild<kelvin::gui::ModelOverview*>();
    QVERIFY(overview);
    QTreeWidget* blocks = overview->blockTree();
    QCOMPARE(blocks->topLevelItemCount(), 4);
    QCOMPARE(blocks->topLevelItem(1)->text(0), QStringLiteral("R1"));
    QCOMPARE(blocks->topLevelItem(1)->text(1), QStringLiteral("electrical.Resistor"));
    QVERIFY(blocks->topLevelItem(1)->text(2).startsWith(QStringLiteral("R = 1k")));
    QCOMPARE(overview->connectionTree()->topLevelItemCount(), 4);

    auto* recent = window.findChild<kelvin::gui::RecentFilesMenu*>();
    QVERIFY(recent);
    QCOMPARE(recent->files().value(0), QFileInfo(path).absoluteFilePath());
  }

  void loadErrorShowsDiagnosticsAndKeepsTheModel() {
    kelvin::gui::MainWindow window(registry_);
    const QString good = writeFile(dir_, QStringLiteral("good.kelvin"), kRcModel);
    const QString bad = writeFile(dir_, QStringLiteral("bad.kelvin"), "{ \"format\": \"kelvin-model\", ");
    QVERIFY(window.openFile(good));

    QString shown;
    QTimer::singleShot(0, this, [&shown] {
      if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
        shown = box->text() + QLatin1Char('\n') + box->informativeText();
        box->accept();
      }
    });
    QVERIFY(!window.openFile(bad));
    QVERIFY2(shown.contains(QStringLiteral("bad.kelvin")), qPrintable(shown));
    QCOMPARE(window.currentFile(), good);
    QCOMPARE(window.model().blocks.size(), std::size_t{4});
  }

  void saveWritesTheModelBack() {
    kelvin::gui::MainWindow window(registry_);
    const QString path = writeFile(dir_, QStringLiteral("saved.kelvin"), kRcModel);
    QVERIFY(window.openFile(path));
    QAction* save = nullptr;
    for (QAction* action : window.findChildren<QAction*>()) {
      if (action->shortcut() == QKeySequence(QKeySequence::Save)) save = action;
    }
    QVERIFY(save);
    save->trigger();

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string written = file.readAll().toStdString();
    QCOMPARE(written, kelvin::core::serializeModel(window.model()));
    QCOMPARE(kelvin::core::loadModel(path.toStdString()).blocks.size(), std::size_t{4});
  }

 private:
  kelvin::core::BlockRegistry registry_;
  QTemporaryDir dir_;
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
