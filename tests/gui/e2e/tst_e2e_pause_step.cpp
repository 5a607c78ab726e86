// Pause and Step as a user sees them. The stop time of rc_lowpass is set to
// 10 s in Simulation ▸ Simulation Settings (a million output samples, so the
// run is still going when F6 lands); F5, then F6 when the status bar shows
// progress: the status bar says "Paused at t = …" at the last sample drawn,
// with no real-time factor; each F10 advances by whole output steps (10 µs),
// which the status bar says ("Stepped to t = …") and the scope draws; Shift+F5 stops.

#include "e2e_fixture.h"

using kelvin::e2e::App;

namespace {

/// The time in "Paused at t = 0.1234 s of …" or "Stepped to t = … s of …"; NaN if none.
double statusTime(const QString& status) {
  static const QRegularExpression time(QStringLiteral("^(?:Paused at|Stepped to) t = (\\S+) s of"));
  const QRegularExpressionMatch match = time.match(status);
  return match.hasMatch() ? match.captured(1).toDouble() : NAN;
}

}  // namespace

class TestE2ePauseStep : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(suite_.isReady());
  }

  void pausedAtAndStepped() {
    App app(suite_.registry());
    kelvin::gui::MainWindow& window = app.window();
    QVERIFY(app.openExample("rc_lowpass.kelvin"));

    // Stop time 10 s, typed into the settings dialog.
    kelvin::e2e::chooseMenuItem(window, QStringLiteral("Simulation"), QStringLiteral("Simulation Settings…"));
    QTRY_VERIFY(QApplication::activeModalWidget());
    QWidget* stop = kelvin::e2e::fieldLabelled(QApplication::activeModalWidget(), QStringLiteral("Stop time (s)"));
    QVERIFY(stop);
    QTest::mouseClick(stop, Qt::LeftButton);
    QTest::keyClick(stop, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(stop, QStringLiteral("10"));
    QTest::keyClick(stop, Qt::Key_Return);
    QTRY_VERIFY(!QApplication::activeModalWidget());
    QCOMPARE(window.model().settings.stopTime, std::string("10"));

    app.press(Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(app.status().contains(QLatin1String("real time")), kelvin::e2e::kRunTimeoutMs);
    app.press(Qt::Key_F6);
    QTRY_VERIFY(app.status().startsWith(QStringLiteral("Paused at t = ")));
    kelvin::gui::ScopeWindow* scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    // The worker flushes what it has when it halts: the status bar and the plot end at the same
    // sample (the status bar shows nine significant digits).
    QTRY_VERIFY(endsAt(scope, statusTime(app.status())));
    const double paused = statusTime(app.status());
    QVERIFY2(paused > 0 && paused < 10, qPrintable(app.status()));
    QVERIFY(!app.status().contains(QLatin1String("real time")));
    QVERIFY(app.status().endsWith(QStringLiteral("of 10 s (F10: step, Shift+F6: resume)")));

    // Each step: one output step (10 µs) further, in the status bar and on the plot.
    double at = paused;
    for (int step = 1; step <= 2; ++step) {
      app.press(Qt::Key_F10);
      QTRY_VERIFY(app.status().startsWith(QStringLiteral("Stepped to t = ")) && statusTime(app.status()) > at);
      const double now = statusTime(app.status());
      // Forward by whole output steps of 10 µs (one, unless the solver's internal step spans
      // several outputs: the worker halts at the state after a solver step). Nine significant
      // digits in the status bar: each reading is within 5e-9 relative of t.
      const double steps = (now - at) / 1e-5;
      QVERIFY2(steps >= 1 - 1e-3 && std::abs(steps - std::round(steps)) <= 2e-8 * now / 1e-5,
               qPrintable(app.status()));
      QTRY_VERIFY(endsAt(scope, now));
      at = now;
    }

    app.press(Qt::Key_F5, Qt::ShiftModifier);
    QTRY_VERIFY_WITH_TIMEOUT(app.status().startsWith(QStringLiteral("Stopped at t = ")), kelvin::e2e::kRunTimeoutMs);
  }

 private:
  /// True when the plot's last point is at `t` to the status bar's nine digits, or, once the
  /// run's bounded in-memory view has grouped its samples (a long run: each group keeps its
  /// min and max), in the last group before `t`: within 1 % of t, never after it.
  static bool endsAt(kelvin::gui::ScopeWindow* scope, double t) {
    const kelvin::e2e::Points drawn = kelvin::e2e::drawnPoints(scope);
    if (drawn.empty()) return false;
    const double last = drawn.back().first;
    return std::abs(last - t) <= 1e-8 * t || (last <= t * (1 + 1e-8) && t - last <= 1e-2 * t);
  }

  kelvin::e2e::Suite suite_;
};

QTEST_MAIN(TestE2ePauseStep)
#include "tst_e2e_pause_step.moc"
