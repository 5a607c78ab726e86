// File ▸ Import SPICE Netlist… as a user meets it: the netlist becomes a new,
// unsaved model on the canvas, with the lines left out listed in the Problems
// dock by line; a malformed netlist keeps the current model.

#include <QListWidget>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>

#include "diagnostics/diagnostics_widget.h"
#include "gui_test_support.h"
#include "library.h"

using namespace kelvin;

class TestImportSpiceWindow : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    test::useTestSettings("tst_import_spice_window");
    blocks::registerAll(registry_);
  }

  void importedNetlistOpensAsANewModel() {
    gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.action("importSpice"));
    QVERIFY(window.importSpiceFile(QStringLiteral(KELVIN_TEST_DATA_DIR "/half_wave_rectifier.cir")));
    QVERIFY(window.currentFile().isEmpty());  // Save asks for a .kelvin name
    QVERIFY(window.model().findBlock("D1"));
    QCOMPARE(window.model().findBlock("D1")->type, std::string("electrical.Diode"));
    QVERIFY(window.editor()->scene()->blockItem("Cload"));
    QCOMPARE(window.model().settings.stopTime, std::string("100m"));
    // The .control lines (set, wrdata, quit) and the ignored options are listed, none is an error.
    QVERIFY(window.diagnostics()->list()->count() >= 5);
  }

  void malformedNetlistKeepsTheModel() {
    QTemporaryDir dir;
    const QString path = dir.filePath("bad.cir");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("t\nV1 a 0 1\nR1 a 0 1x5\n");
    file.close();
    gui::MainWindow window(registry_);
    QVERIFY(window.importSpiceFile(QStringLiteral(KELVIN_TEST_DATA_DIR "/half_wave_rectifier.cir")));
    QTimer::singleShot(0, [] {
      for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* box = qobject_cast<QMessageBox*>(w)) box->accept();
    });
    QVERIFY(!window.importSpiceFile(path));
    QVERIFY(window.model().findBlock("D1"));
  }

 private:
  core::BlockRegistry registry_;
};

QTEST_MAIN(TestImportSpiceWindow)
#include "tst_import_spice_window.moc"
