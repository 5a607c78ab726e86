// The main window as a user meets it: opening a model shows its blocks and
// wires on the canvas and names the file in the title; a file that cannot be
// loaded gives a message box with the diagnostics and keeps the current
// model; an edit marks the title modified and Save writes the model back and
// clears the mark; opened files go to Recent Files; Validate lists problems
// and clicking one selects its block.

#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include "canvas/wire_item.h"
#include "diagnostics/diagnostics_widget.h"
#include "document/model_document.h"
#include "gui_test_support.h"
#include "library.h"
#include "model/model_file.h"
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

// A mass on a spring with its flange b left free.
const char* const kFreeFlangeModel = R"({
  "format": "kelvin-model", "version": 1, "name": "free",
  "blocks": [{"id": "Wall", "type": "translational.Fixed", "pos": [0, 0]},
             {"id": "S", "type": "translational.Spring", "pos": [100, 0]},
             {"id": "M", "type": "translational.Mass", "pos": [200, 0]}],
  "connections": [{"from": "Wall.a", "to": "S.b"}, {"from": "S.a", "to": "M.a"}]
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
    kelvin::test::useTestSettings("tst_main_window");
    kelvin::blocks::registerAll(registry_);
    QVERIFY(dir_.isValid());
  }

  void opensAModelAndShowsIt() {
    kelvin::gui::MainWindow window(registry_);
    const QString path = writeFile(dir_, QStringLiteral("rc.kelvin"), kRcModel);
    QVERIFY(window.openFile(path));
    QCOMPARE(window.currentFile(), path);
    QVERIFY2(window.windowTitle().startsWith(QStringLiteral("rc.kelvin")), qPrintable(window.windowTitle()));

    kelvin::gui::DiagramScene* scene = window.editor()->scene();
    for (const char* id : {"V1", "R1", "C1", "G"}) QVERIFY2(scene->blockItem(id), id);
    QCOMPARE(scene->blockItem("R1")->pos(), QPointF(120, 0));
    QCOMPARE(scene->wireItems().size(), std::size_t{4});
    for (const kelvin::gui::WireItem* wire : scene->wireItems()) {
      QVERIFY(wire->isVisible());
      QVERIFY(wire->polyline().size() >= 2);
    }

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

  void editMarksModifiedAndSaveWritesTheModelBack() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString path = writeFile(dir_, QStringLiteral("saved.kelvin"), kRcModel);
    QVERIFY(window.openFile(path));
    QVERIFY(!window.isWindowModified());

    // Rotate R1 with the keyboard: the title gets its modified mark.
    kelvin::test::clickBlock(window, "R1");
    QTest::keyClick(window.editor()->view(), Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(window.model().findBlock("R1")->rotation, 90.0);
    QVERIFY(window.isWindowModified());

    QAction* save = window.action(QStringLiteral("save"));
    QVERIFY(save);
    QCOMPARE(save->shortcut(), QKeySequence(QKeySequence::Save));
    save->trigger();
    QVERIFY(!window.isWindowModified());

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string written = file.readAll().toStdString();
    QCOMPARE(written, kelvin::core::serializeModel(window.model()));
    QCOMPARE(kelvin::core::loadModel(path.toStdString()).findBlock("R1")->rotation, 90.0);

    // Undo back to the saved state clears the mark again... and redo sets it.
    window.action(QStringLiteral("undo"))->trigger();
    QVERIFY(window.isWindowModified());
    window.action(QStringLiteral("redo"))->trigger();
    QVERIFY(!window.isWindowModified());
  }

  void newModelStartsEmpty() {
    kelvin::gui::MainWindow window(registry_);
    QVERIFY(window.openFile(writeFile(dir_, QStringLiteral("n.kelvin"), kRcModel)));
    window.action(QStringLiteral("new"))->trigger();
    QVERIFY(window.model().blocks.empty());
    QVERIFY(window.currentFile().isEmpty());
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("Untitled")));
    QVERIFY(window.editor()->scene()->wireItems().empty());
  }

  void validateListsProblemsAndSelectsTheBlock() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QByteArray text(kRcModel);
    text.replace(R"("R": "1k")", R"("R": "-5")");  // out of range
    QVERIFY(window.openFile(writeFile(dir_, QStringLiteral("bad_r.kelvin"), text)));
    QSignalSpy checked(&window, &kelvin::gui::MainWindow::checked);
    window.validate();
    QTRY_COMPARE(checked.count(), 1);
    QCOMPARE(checked.at(0).at(0).toInt(), 1);
    QListWidget* list = window.diagnostics()->list();
    QCOMPARE(list->count(), 1);
    QVERIFY2(list->item(0)->text().startsWith(QStringLiteral("R1")), qPrintable(list->item(0)->text()));
    window.editor()->scene()->clearSelection();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
    QCOMPARE(window.editor()->selectedBlockId(), std::string("R1"));
  }

  // F7 (Validate) lists a free flange as information, which is not counted as a problem.
  void validateListsAFreeEndAsInformation() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(writeFile(dir_, QStringLiteral("free.kelvin"), kFreeFlangeModel)));
    QSignalSpy checked(&window, &kelvin::gui::MainWindow::checked);
    QTRY_VERIFY(checked.count() >= 1);  // the check that opening the file starts
    checked.clear();
    QTest::keyClick(&window, Qt::Key_F7);
    QTRY_COMPARE(checked.count(), 1);
    QCOMPARE(checked.at(0).at(0).toInt(), 0);  // information is listed but not counted
    QListWidget* list = window.diagnostics()->list();
    QCOMPARE(list->count(), 1);
    QVERIFY2(list->item(0)->text().startsWith(QStringLiteral("M.b: free end")), qPrintable(list->item(0)->text()));
    QCOMPARE(list->item(0)->data(kelvin::gui::DiagnosticsWidget::kSeverityRole).toInt(),
             static_cast<int>(kelvin::core::Severity::Info));
    QVERIFY(window.diagnostics()->summary().startsWith(QStringLiteral("✓ No problems found")));
  }

  void menusHaveTheStandardShortcuts() {
    kelvin::gui::MainWindow window(registry_);
    const std::pair<const char*, QKeySequence> expected[] = {
        {"new", QKeySequence::New},     {"open", QKeySequence::Open},   {"save", QKeySequence::Save},
        {"saveAs", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}, {"undo", QKeySequence::Undo}, {"redo", QKeySequence::Redo},
        {"cut", QKeySequence::Cut},     {"copy", QKeySequence::Copy},   {"paste", QKeySequence::Paste},
        {"rotate", QKeySequence(Qt::CTRL | Qt::Key_R)}, {"quickInsert", QKeySequence(Qt::CTRL | Qt::Key_K)},
        {"zoomFit", QKeySequence(Qt::CTRL | Qt::Key_0)}};
    for (const auto& [name, keys] : expected) {
      QAction* a = window.action(QString::fromLatin1(name));
      QVERIFY2(a, name);
      QVERIFY2(a->shortcuts().contains(keys), name);
    }
    QStringList menus;
    for (QAction* a : window.menuBar()->actions()) menus << a->text().remove(QLatin1Char('&'));
    QCOMPARE(menus, (QStringList{"File", "Edit", "Model", "View", "Simulation", "Help"}));
  }

 private:
  kelvin::core::BlockRegistry registry_;
  QTemporaryDir dir_;
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
