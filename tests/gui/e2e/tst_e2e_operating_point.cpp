// Simulation ▸ Operating Point as a user meets it (issue 17, GUI part): the real
// MainWindow at 1600×1000 with fresh settings, driven by keys and clicks.
//  - A resistor divider (10 V, 1 kΩ over 3 kΩ): F8 fills the Operating Point panel with
//    the closed form (7.5 V at the tap, 2.5 mA through both resistors) and writes them on
//    the canvas; an edit marks them stale, F8 solves again; inside a subsystem the labels
//    are those of that level; View ▸ Show Operating Point Values hides them; the CSV export
//    and the clipboard hold the rows.
//  - The BJT amplifier example, from the Simulation menu: every row kelvin-cli op writes
//    (a separate process) is in the table with its value, and the bias point matches ngspice-39's
//    .op of the same circuit (tests/data/bjt_ce_stage_op.csv) to the issue's 1e-6.
//  - A capacitor charged by a current source has no DC operating point: the panel says so,
//    naming the blocks as kelvin-cli op does, and nothing hangs.
//  - Simulation Settings ▸ Start from "DC operating point": the run starts there.

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGraphicsSimpleTextItem>
#include <QPushButton>
#include <QTableView>

#include "analysis/operating_point_launcher.h"
#include "analysis/operating_point_table.h"
#include "canvas/block_item.h"
#include "canvas/diagram_editor.h"
#include "canvas/diagram_scene.h"
#include "canvas/diagram_view.h"
#include "canvas/operating_point_annotations.h"
#include "document/quantity_format.h"
#include "e2e_fixture.h"

using kelvin::e2e::App;

namespace {

/// Newton on a linear circuit ends at the solution to rounding: a few ulps of the largest value.
constexpr double kLinearTolerance = 1e-12;
/// The issue's bound for the operating point against ngspice-39 (relative).
constexpr double kNgspiceTolerance = 1e-6;

/// 10 V over R1 = 1 kΩ (horizontal, p on the left) and R2 = 3 kΩ (vertical) to ground.
const char* kDivider = R"({"format": "kelvin-model", "version": 1, "name": "divider",
 "settings": {"stop_time": "1m"},
 "blocks": [
  {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "10"}, "pos": [0, 100], "rotation": 270},
  {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}, "pos": [140, 0]},
  {"id": "R2", "type": "electrical.Resistor", "params": {"R": "3k"}, "pos": [300, 100], "rotation": 90},
  {"id": "G", "type": "electrical.Ground", "pos": [160, 240]}],
 "connections": [{"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "R2.p"},
                 {"from": "R2.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p"}]})";

/// 1 mA into a 1 µF capacitor: dv/dt = 1000 V/s for ever, no DC solution.
const char* kCharging = R"({"format": "kelvin-model", "version": 1, "name": "charging",
 "settings": {"stop_time": "1m"},
 "blocks": [
  {"id": "I1", "type": "electrical.CurrentSource", "params": {"I": "1m"}, "pos": [0, 100], "rotation": 270},
  {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1u"}, "pos": [200, 100], "rotation": 90},
  {"id": "G", "type": "electrical.Ground", "pos": [100, 240]}],
 "connections": [{"from": "I1.p", "to": "C1.p"}, {"from": "I1.n", "to": "G.p"}, {"from": "C1.n", "to": "G.p"}]})";

QString writeModel(const QTemporaryDir& dir, const char* name, const char* text) {
  const QString path = dir.filePath(QString::fromLatin1(name));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(text) < 0) return {};
  return path;
}

/// The row of the table named `signal`: its value, or NaN.
double tableValue(const kelvin::gui::OperatingPointTable* table, const QString& signal) {
  for (int row = 0; row < table->rowCount(); ++row)
    if (table->signalAt(row) == signal) return table->valueAt(row);
  return NAN;
}

QString tableUnit(const kelvin::gui::OperatingPointTable* table, const QString& signal) {
  for (int row = 0; row < table->rowCount(); ++row)
    if (table->signalAt(row) == signal) return table->unitAt(row);
  return {};
}

/// `kelvin-cli args...`: exit code, stdout, stderr.
struct CliRun {
  int exitCode = -1;
  QByteArray out, err;
};
CliRun cli(const QStringList& args) {
  QProcess process;
  process.start(QStringLiteral(KELVIN_CLI_PATH), args);
  process.waitForFinished(kelvin::e2e::kRunTimeoutMs);
  return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

/// CSV `signal,value` lines after the header, as name → value.
std::map<QString, double> readCsv(const QByteArray& text) {
  std::map<QString, double> values;
  const QList<QByteArray> lines = text.split('\n');
  for (int i = 1; i < lines.size(); ++i) {
    const QList<QByteArray> cells = lines[i].split(',');
    if (cells.size() >= 2) values[QString::fromUtf8(cells[0])] = cells[1].toDouble();
  }
  return values;
}

bool near(double value, double expected, double relative) {
  return std::abs(value - expected) <= relative * std::max(std::abs(expected), 1e-300);
}

/// Clicks block `id` on the canvas (selecting it).
void clickBlock(kelvin::gui::MainWindow& window, const std::string& id) {
  kelvin::gui::DiagramView* view = window.editor()->view();
  kelvin::gui::BlockItem* block = window.editor()->scene()->blockItem(id);
  QVERIFY(block);
  QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(block->bodySceneRect().center()));
  QTRY_COMPARE(window.editor()->selectedBlockId(), id);
}

}  // namespace

class TestE2eOperatingPoint : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { QVERIFY(suite_.isReady() && files_.isValid()); }

  void dividerMatchesTheClosedForm() {
    const QString path = writeModel(files_, "divider.kelvin", kDivider);
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    app.openWithDialog(path);
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("divider.kelvin")));
    kelvin::gui::OperatingPointLauncher* op = window.operatingPoint();
    kelvin::gui::OperatingPointTable* table = op->table();
    kelvin::gui::OperatingPointAnnotations* labels = op->annotations();
    QVERIFY(!op->dock()->isVisible());

    app.press(Qt::Key_F8);
    QTRY_VERIFY(table->rowCount() > 0);
    QVERIFY(op->dock()->isVisible());
    const double tap = 10.0 * 3e3 / (1e3 + 3e3), current = 10.0 / (1e3 + 3e3);
    QVERIFY2(near(tableValue(table, "R1.n"), tap, kLinearTolerance), qPrintable(table->message()));
    QVERIFY(near(tableValue(table, "R2.p"), tap, kLinearTolerance));
    QVERIFY(near(tableValue(table, "R1.p"), 10.0, kLinearTolerance));
    QCOMPARE(tableUnit(table, "R1.n"), QStringLiteral("V"));
    // The through values into each element at its first port: the current p → n in both
    // resistors, and into the source at its + pin the same current, negative (it delivers it).
    QVERIFY(near(tableValue(table, "R1.p.i"), current, kLinearTolerance));
    QVERIFY(near(tableValue(table, "R2.p.i"), current, kLinearTolerance));
    QVERIFY(near(tableValue(table, "V1.p.i"), -current, kLinearTolerance));
    QCOMPARE(tableUnit(table, "R1.p.i"), QStringLiteral("A"));

    // On the canvas: the tap's potential once (one label for the node joining R1.n and R2.p),
    // the currents with their direction: R1 left to right, R2 downwards; ground left bare.
    QGraphicsSimpleTextItem* tapLabel = labels->nodeLabel("R1.n");
    QVERIFY(tapLabel);
    QCOMPARE(labels->nodeLabel("R2.p"), tapLabel);
    QCOMPARE(tapLabel->text(), QStringLiteral("7.5 V"));
    QCOMPARE(labels->nodeLabel("R1.p")->text(), QStringLiteral("10 V"));
    QVERIFY(!labels->nodeLabel("G.p"));
    QVERIFY(labels->branchLabel("R1"));
    QCOMPARE(labels->branchLabel("R1")->text(), QStringLiteral("2.5 mA →"));
    QCOMPARE(labels->branchLabel("R2")->text(), QStringLiteral("2.5 mA ↓"));
    // Readable at 100 %: 8 pt text, and no label over a block's body.
    for (QGraphicsSimpleTextItem* label : labels->labels()) {
      QVERIFY(label->font().pointSizeF() >= 8.0);
      for (const std::string id : {"V1", "R1", "R2", "G"})
        QVERIFY2(!label->sceneBoundingRect().intersects(window.editor()->scene()->blockItem(id)->bodySceneRect()),
                 qPrintable(label->text() + QStringLiteral(" over ") + QString::fromStdString(id)));
    }

    // The rows leave the panel as CSV (the clipboard: the selected row; the file: all of them).
    table->view()->selectRow(0);
    QTest::mouseClick(table->findChild<QPushButton*>(QStringLiteral("operatingPointCopy")), Qt::LeftButton);
    const QStringList copied = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(copied.size(), 2);
    QCOMPARE(copied[0], QStringLiteral("signal,value,unit"));
    QString error;
    const QString csvPath = files_.filePath(QStringLiteral("divider_op.csv"));
    QVERIFY2(table->exportCsv(csvPath, &error), qPrintable(error));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const std::map<QString, double> exported = readCsv(csv.readAll());
    QCOMPARE(static_cast<int>(exported.size()), table->rowCount());
    QCOMPARE(exported.at(QStringLiteral("R1.n")), tableValue(table, "R1.n"));  // every digit (%.17g)
    // The filter narrows the rows to the signals named so.
    auto* filter = table->findChild<QLineEdit*>(QStringLiteral("operatingPointFilter"));
    QTest::mouseClick(filter, Qt::LeftButton);
    QTest::keyClicks(filter, QStringLiteral("R2."));
    QTRY_VERIFY(table->rowCount() >= 2);
    for (int row = 0; row < table->rowCount(); ++row) QVERIFY(table->signalAt(row).startsWith(QStringLiteral("R2.")));
    QTest::keyClick(filter, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(filter, Qt::Key_Delete);

    // An edit (R1 rotated, Ctrl+R): the values are of the model before it.
    clickBlock(window, "R1");
    app.press(Qt::Key_R, Qt::ControlModifier);
    QTRY_VERIFY(labels->isStale());
    QVERIFY(labels->branchLabel("R1") && labels->branchLabel("R1")->font().italic());
    QVERIFY2(table->message().contains(QStringLiteral("changed")), qPrintable(table->message()));
    app.press(Qt::Key_Z, Qt::ControlModifier);
    app.press(Qt::Key_F8);
    QTRY_VERIFY(!labels->isStale());
    QVERIFY(!labels->branchLabel("R1")->font().italic());

    // View ▸ Show Operating Point Values: off hides the labels, on brings them back.
    kelvin::e2e::chooseMenuItem(window, QStringLiteral("View"), QStringLiteral("Show Operating Point Values"));
    QTRY_VERIFY(labels->labels().isEmpty());
    kelvin::e2e::chooseMenuItem(window, QStringLiteral("View"), QStringLiteral("Show Operating Point Values"));
    QTRY_VERIFY(!labels->labels().isEmpty());

    // R2 grouped into a subsystem (Ctrl+G), solved again, the subsystem opened (Edit ▸ Open Subsystem):
    // the labels are those of R2 inside it; the parent's R1 has none there.
    clickBlock(window, "R2");
    app.press(Qt::Key_G, Qt::ControlModifier);
    QTRY_VERIFY(labels->isStale());
    app.press(Qt::Key_F8);
    QTRY_VERIFY(!labels->isStale() && labels->hasValues());
    std::string subsystem;
    for (const kelvin::core::Block& block : window.model().blocks)
      if (block.type == "Subsystem") subsystem = block.id;
    QVERIFY(!subsystem.empty());
    clickBlock(window, subsystem);
    kelvin::e2e::chooseMenuItem(window, QStringLiteral("Edit"), QStringLiteral("Open Subsystem"));
    QTRY_VERIFY(!window.editor()->scene()->level().isEmpty());
    QTRY_VERIFY(labels->branchLabel("R2"));
    QCOMPARE(labels->branchLabel("R2")->text(), QStringLiteral("2.5 mA ↓"));
    QVERIFY(!labels->branchLabel("R1"));
    QVERIFY(near(tableValue(table, window.editor()->scene()->level().first() + QStringLiteral("/R2.p.i")), current,
                 kLinearTolerance));
  }

  void bjtAmplifierMatchesCliAndNgspice() {
    const QString path = kelvin::e2e::example("bjt_low_noise_amplifier.kelvin");
    const CliRun reference = cli({QStringLiteral("op"), path});
    QCOMPARE(reference.exitCode, 0);
    const std::map<QString, double> cliValues = readCsv(reference.out);
    QVERIFY(cliValues.size() > 10);

    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(app.openExample("bjt_low_noise_amplifier.kelvin"));
    kelvin::e2e::chooseMenuItem(window, QStringLiteral("Simulation"), QStringLiteral("Operating Point"));
    kelvin::gui::OperatingPointTable* table = window.operatingPoint()->table();
    QTRY_VERIFY_WITH_TIMEOUT(table->rowCount() > 0, kelvin::e2e::kRunTimeoutMs);
    // The same solver on the same model from the same start: the same numbers, to the digit
    // (kelvin-cli prints %.17g, which reads back exactly).
    for (const auto& [signal, value] : cliValues) QCOMPARE(tableValue(table, signal), value);

    // ngspice-39's .op of the same circuit (tests/data/README.md, "BJT common-emitter stage").
    QFile file(QStringLiteral(KELVIN_TEST_DATA_DIR "/bjt_ce_stage_op.csv"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::map<QString, double> ngspice = readCsv(file.readAll());
    const std::pair<const char*, const char*> pairs[] = {
        {"v_b", "Q1.b"}, {"v_c", "Q1.c"}, {"v_e", "Q1.e"}, {"i_vcc", "VCC.p.i"}};
    for (const auto& [spice, kelvin] : pairs) {
      const double value = tableValue(table, kelvin), expected = ngspice.at(QString::fromLatin1(spice));
      qInfo("%s: GUI %.10g, ngspice %.10g, relative difference %.1e", kelvin, value, expected,
            std::abs(value / expected - 1.0));
      QVERIFY(near(value, expected, kNgspiceTolerance));
    }
    // On the canvas, the collector's potential and the collector resistor's current, as the table has them.
    kelvin::gui::OperatingPointAnnotations* labels = window.operatingPoint()->annotations();
    QVERIFY(labels->nodeLabel("Q1.c"));
    QCOMPARE(labels->nodeLabel("Q1.c")->text(),
             kelvin::gui::formatSi(cliValues.at(QStringLiteral("Q1.c")), QStringLiteral("V")));
    QVERIFY(labels->branchLabel("RCL"));
    QVERIFY(labels->branchLabel("RCL")->text().startsWith(
        kelvin::gui::formatSi(std::abs(tableValue(table, "RCL.p.i")), QStringLiteral("A"))));
  }

  void noOperatingPointIsNamed() {
    const QString path = writeModel(files_, "charging.kelvin", kCharging);
    const CliRun reference = cli({QStringLiteral("op"), path});
    QVERIFY(reference.exitCode != 0);
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    app.openWithDialog(path);
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("charging.kelvin")));
    app.press(Qt::Key_F8);
    kelvin::gui::OperatingPointTable* table = window.operatingPoint()->table();
    QTRY_VERIFY_WITH_TIMEOUT(table->message().startsWith(QStringLiteral("No DC operating point")),
                             kelvin::e2e::kRunTimeoutMs);
    qInfo("the panel says: %s", qPrintable(table->message()));
    QCOMPARE(table->rowCount(), 0);
    QVERIFY(window.operatingPoint()->annotations()->labels().isEmpty());
    // The diagnostic kelvin-cli prints (less its file name) is the panel's.
    const QStringList lines = QString::fromUtf8(reference.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.size() >= 2);
    const QString diagnostic = lines[1].mid(lines[1].indexOf(QStringLiteral(".kelvin:")) + 8);
    QVERIFY2(table->message().contains(diagnostic), qPrintable(diagnostic));
    QVERIFY(diagnostic.contains(QStringLiteral("C1")) || diagnostic.contains(QStringLiteral("I1")));
  }

  void runStartsAtTheOperatingPointWhenChosen() {
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(app.openExample("rc_lowpass.kelvin"));
    kelvin::e2e::chooseMenuItem(window, QStringLiteral("Simulation"), QStringLiteral("Simulation Settings…"));
    QTRY_VERIFY(QApplication::activeModalWidget());
    auto* initial = qobject_cast<QComboBox*>(
        kelvin::e2e::fieldLabelled(QApplication::activeModalWidget(), QStringLiteral("Start from")));
    QVERIFY(initial);
    QCOMPARE(initial->currentData().toString(), QStringLiteral("ic"));
    initial->setFocus();
    QTest::keyClick(initial, Qt::Key_Down);
    QCOMPARE(initial->currentData().toString(), QStringLiteral("operating_point"));
    QTest::keyClick(QApplication::activeModalWidget(), Qt::Key_Return);
    QTRY_VERIFY(!QApplication::activeModalWidget());
    QCOMPARE(window.model().settings.extra.value("initial", std::string()), std::string("operating_point"));
    // At the operating point the capacitor is charged to the source's 1 V: the run stays there
    // from t = 0 instead of rising as 1 − exp(−t/RC).
    QVERIFY(app.runToTheEnd());
    kelvin::gui::ScopeWindow* scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QTRY_VERIFY(!kelvin::e2e::drawnPoints(scope).empty());
    const kelvin::e2e::Points points = kelvin::e2e::drawnPoints(scope);
    QCOMPARE(points.front().first, 0.0);
    // Every sample at 1 V to the run's tolerances (rtol 1e-6 of 1 V, with margin: 1e-5).
    for (const auto& [t, v] : points) QVERIFY2(std::abs(v - 1.0) < 1e-5, qPrintable(QString::number(v, 'g', 10)));
  }

 private:
  kelvin::e2e::Suite suite_;
  QTemporaryDir files_;
};

QTEST_MAIN(TestE2eOperatingPoint)
#include "tst_e2e_operating_point.moc"
