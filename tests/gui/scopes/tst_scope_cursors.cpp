// The cursor readouts of a scope: with the time cursors at t1, t2 and the
// value cursors at y1, y2 the readout says Δt = t2 − t1, 1/Δt and Δy, and each
// trace's value at t1 interpolated linearly between samples (with σ for a
// signal with noise). Dragging a cursor with the mouse moves it to where the
// mouse is and updates the readout.

#include <cmath>

#include <QRegularExpression>
#include <QtTest>

#include "qcustomplot.h"
#include "scopes/run_history.h"
#include "scopes/run_result.h"
#include "scopes/scope_cursors.h"
#include "scopes/scope_widget.h"

using kelvin::gui::RunHistory;
using kelvin::gui::RunInfo;
using kelvin::gui::RunResult;
using kelvin::gui::SampleBatch;
using kelvin::gui::ScopeWidget;

namespace {

/// The number after `label` in the readout ("Δt = 0.25 s" → 0.25); NaN when absent.
double readout(const QString& text, const QString& label) {
  const QRegularExpression number(QRegularExpression::escape(label) +
                                  QStringLiteral(R"(\s*=\s*([-+0-9.eE]+))"));
  const QRegularExpressionMatch m = number.match(text);
  return m.hasMatch() ? m.captured(1).toDouble() : std::nan("");
}

/// The readout shows 5 significant digits: equal to that.
bool closeTo5Digits(double shown, double exact) { return std::abs(shown - exact) <= 5e-5 * std::abs(exact) + 1e-300; }

}  // namespace

class TestScopeCursors : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void init() {
    history_ = std::make_unique<RunHistory>();
    scope_ = std::make_unique<ScopeWidget>(history_.get());
    scope_->resize(800, 400);
    scope_->show();
    QVERIFY(QTest::qWaitForWindowExposed(scope_.get()));
    // y = 2t + 1 sampled every 0.1 s on [0, 1], with variance (0.1 t)²: exact under linear interpolation.
    RunInfo info;
    info.signalNames = {QStringLiteral("y")};
    info.stopTime = 1.0;
    info.hasVariance = true;
    RunResult* run = history_->beginRun(info);
    SampleBatch batch;
    for (int i = 0; i <= 10; ++i) {
      const double t = 0.1 * i;
      const std::vector<double> variance{0.01 * t * t};
      batch.addRow(t, {2 * t + 1}, &variance);
    }
    run->append(batch);
    scope_->refresh();
  }

  void cleanup() {
    scope_.reset();
    history_.reset();
  }

  void readsDifferencesAndValues_data() {
    QTest::addColumn<double>("t1");
    QTest::addColumn<double>("t2");
    QTest::addColumn<double>("y1");
    QTest::addColumn<double>("y2");
    QTest::newRow("t2 after t1") << 0.2 << 0.45 << -1.0 << 1.5;
    QTest::newRow("t2 before t1") << 0.75 << 0.25 << 2.0 << 0.5;
    QTest::newRow("between samples") << 0.333 << 0.9 << 0.1 << 0.35;
  }

  void readsDifferencesAndValues() {
    QFETCH(double, t1);
    QFETCH(double, t2);
    QFETCH(double, y1);
    QFETCH(double, y2);
    scope_->cursors()->setVisible(true);
    scope_->cursors()->setTimes(t1, t2);
    scope_->cursors()->setValues(y1, y2);
    const QString text = scope_->readoutText();
    QVERIFY(closeTo5Digits(readout(text, QStringLiteral("Δt")), t2 - t1));
    QVERIFY(closeTo5Digits(readout(text, QStringLiteral("1/Δt")), 1 / (t2 - t1)));
    QVERIFY(closeTo5Digits(readout(text, QStringLiteral("Δy")), y2 - y1));
    QVERIFY(closeTo5Digits(readout(text, QStringLiteral("y(t1)")), 2 * t1 + 1));
    // σ interpolates the variance linearly between samples: the closed form of that.
    const double lo = std::floor(t1 * 10) / 10, w = (t1 - lo) / 0.1;
    const double variance = (1 - w) * 0.01 * lo * lo + w * 0.01 * (lo + 0.1) * (lo + 0.1);
    QVERIFY2(closeTo5Digits(readout(text, QStringLiteral("σ")), std::sqrt(variance)), qPrintable(text));
  }

  void dragMovesACursor() {
    scope_->cursors()->setVisible(true);
    scope_->cursors()->setTimes(0.2, 0.8);
    scope_->plot()->replot();
    QCustomPlot* plot = scope_->plot();
    const int y = plot->axisRect()->center().y();
    const QPoint from(static_cast<int>(plot->xAxis->coordToPixel(0.2)), y);
    const QPoint to(static_cast<int>(plot->xAxis->coordToPixel(0.5)), y);
    QTest::mousePress(plot, Qt::LeftButton, {}, from);
    QTest::mouseMove(plot, to);
    QTest::mouseRelease(plot, Qt::LeftButton, {}, to);
    // The cursor sits where the mouse let go, to a pixel; the axes did not pan meanwhile.
    const double pixel = plot->xAxis->range().size() / plot->axisRect()->width();
    QVERIFY2(std::abs(scope_->cursors()->time(0) - 0.5) <= pixel, qPrintable(QString::number(scope_->cursors()->time(0))));
    QCOMPARE(scope_->cursors()->time(1), 0.8);
    QVERIFY(closeTo5Digits(readout(scope_->readoutText(), QStringLiteral("Δt")),
                           scope_->cursors()->time(1) - scope_->cursors()->time(0)));
  }

 private:
  std::unique_ptr<RunHistory> history_;
  std::unique_ptr<ScopeWidget> scope_;
};

QTEST_MAIN(TestScopeCursors)
#include "tst_scope_cursors.moc"
