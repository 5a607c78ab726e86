// Simulation ▸ Sweep… on the real MainWindow: the dialog filled by keyboard and mouse
// runs an R grid of the RC low-pass in the background; its table matches
// v = 1 − exp(−t/RC) in every row, the runs plot shows every run with the band, the
// measure plot a scatter against R, and the scopes receive the spread as a run with
// mean ± σ; a long Monte Carlo sweep is cancelled from its window.

#include <cmath>

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>

#include "../gui_test_support.h"
#include "engine/simulation_session.h"
#include "library.h"
#include "qcustomplot.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "sweep/sweep_dialog.h"
#include "sweep/sweep_job.h"
#include "sweep/sweep_launcher.h"
#include "sweep/sweep_window.h"

using kelvin::gui::SweepDialog;
using kelvin::gui::SweepWindow;

namespace {

constexpr int kTimeoutMs = 120000;

/// Types `text` into cell (row, 1) of the dialog's parameter table and picks `parameter`.
void fillRow(SweepDialog* dialog, int row, const QString& parameter, const QString& text) {
  QTableWidget* table = dialog->parameterTable();
  auto* choice = qobject_cast<QComboBox*>(table->cellWidget(row, 0));
  QVERIFY(choice);
  choice->lineEdit()->selectAll();
  QTest::keyClicks(choice->lineEdit(), parameter);
  const QRect cell = table->visualItemRect(table->item(row, 1));
  QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
  QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
  // The item editor: a line edit straight on the viewport (the combo box's is inside the combo).
  QLineEdit* editor = nullptr;
  QTRY_VERIFY((editor = table->viewport()->findChild<QLineEdit*>(QString(), Qt::FindDirectChildrenOnly)));
  QTest::keyClicks(editor, text);
  QTest::keyClick(editor, Qt::Key_Return);
  QTRY_COMPARE(table->item(row, 1)->text(), text);
}

void clickRun(SweepDialog* dialog) {
  auto* box = dialog->findChild<QDialogButtonBox*>();
  QTest::mouseClick(box->button(QDialogButtonBox::Ok), Qt::LeftButton);
}

}  // namespace

class TestSweepWindow : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    kelvin::test::useTestSettings("tst_sweep_window");
    kelvin::blocks::registerAll(registry_);
  }

  void gridSweepFromTheMenu() {
    kelvin::gui::MainWindow window(registry_);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin")));
    window.action(QStringLiteral("sweep"))->trigger();
    auto* dialog = window.findChild<SweepDialog*>();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    fillRow(dialog, 0, QStringLiteral("R1.R"), QStringLiteral("lin(400,1.6k,5)"));
    QTest::keyClicks(dialog->measuresEdit(), QStringLiteral("v=at(C1.v, 0.5m)"));
    clickRun(dialog);

    auto* sweepWindow = window.findChild<SweepWindow*>();
    QVERIFY(sweepWindow);
    QSignalSpy ended(sweepWindow, &SweepWindow::ended);
    QVERIFY(ended.wait(kTimeoutMs));
    QTableWidget* table = sweepWindow->table();
    QCOMPARE(table->rowCount(), 5);
    QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("R1.R"));
    for (int row = 0; row < 5; ++row) {
      const double r = 400.0 + 300.0 * row;
      QCOMPARE(table->item(row, 1)->text().toDouble(), r);
      // Shown with 6 digits; the solver's error (rtol 1e-6) is far below that.
      QVERIFY(std::abs(table->item(row, 2)->text().toDouble() - (1 - std::exp(-0.5e-3 / (r * 1e-6)))) < 1e-5);
      QCOMPARE(table->item(row, 3)->text(), QStringLiteral("ok"));
    }
    QCOMPARE(sweepWindow->progress()->value(), 5);
    // The runs plot: five runs, the band's two edges and the mean.
    sweepWindow->signalChoice()->setCurrentText(QStringLiteral("C1.v"));
    QCOMPARE(sweepWindow->runsPlot()->graphCount(), 5 + 3);
    // The measure against R: one point per run.
    sweepWindow->axisChoice()->setCurrentText(QStringLiteral("R1.R"));
    QCOMPARE(sweepWindow->measurePlot()->graph(0)->dataCount(), 5);
    // The scopes' history has the spread as a run with a variance per sample.
    kelvin::gui::RunResult* spread = window.simulation()->history()->current();
    QVERIFY(spread);
    QVERIFY(spread->info().hasVariance);
    const int v = spread->signalIndex(QStringLiteral("C1.v"));
    QVERIFY(v >= 0);
    // At the end (5 ms ≥ 3 RC) the runs are within 5 % of 1 V, their mean in between.
    const double last = spread->values(v).back();
    QVERIFY(last > 0.95 && last < 1.0);
    QVERIFY(spread->variances(v)[spread->sampleCount() / 10] > 0.0);
  }

  void longMonteCarloIsCancelled() {
    kelvin::gui::MainWindow window(registry_);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin")));
    window.action(QStringLiteral("sweep"))->trigger();
    auto* dialog = window.findChild<SweepDialog*>();
    QVERIFY(dialog);
    fillRow(dialog, 0, QStringLiteral("C1.C"), QStringLiteral("normal(1u,5%)"));
    dialog->monteCarloRuns()->selectAll();
    QTest::keyClicks(dialog->monteCarloRuns(), QStringLiteral("100000"));
    dialog->threads()->selectAll();
    QTest::keyClicks(dialog->threads(), QStringLiteral("1"));
    clickRun(dialog);
    auto* sweepWindow = window.findChild<SweepWindow*>();
    QVERIFY(sweepWindow);
    QSignalSpy ended(sweepWindow, &SweepWindow::ended);
    QVERIFY(QTest::qWaitFor([&] { return sweepWindow->progress()->value() >= 2; }, kTimeoutMs));
    QTest::mouseClick(sweepWindow->cancelButton(), Qt::LeftButton);
    QVERIFY(ended.wait(kTimeoutMs));
    QVERIFY(sweepWindow->table()->rowCount() < 100000);
    QVERIFY(!sweepWindow->cancelButton()->isEnabled());
  }

  void refusedSpecIsShown() {
    kelvin::gui::MainWindow window(registry_);
    window.show();
    QVERIFY(window.openFile(QStringLiteral(KELVIN_EXAMPLES_DIR "/rc_lowpass.kelvin")));
    window.action(QStringLiteral("sweep"))->trigger();
    auto* dialog = window.findChild<SweepDialog*>();
    fillRow(dialog, 0, QStringLiteral("R1.R"), QStringLiteral("uniform(-1k,1k)"));
    clickRun(dialog);
    auto* sweepWindow = window.findChild<SweepWindow*>();
    QVERIFY(sweepWindow);
    QSignalSpy ended(sweepWindow, &SweepWindow::ended);
    QVERIFY(ended.wait(kTimeoutMs));
    QVERIFY2(sweepWindow->status()->text().contains(QStringLiteral("R1.R")), qPrintable(sweepWindow->status()->text()));
  }

 private:
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestSweepWindow)
#include "tst_sweep_window.moc"
