// Pause and Step as a user sees them: F5 then F6 at once pauses the run at
// its first output sample and the status bar says "Paused at t = 0 s" with no
// real-time factor; F10 advances one output step (10 µs on rc_lowpass) and
// the status bar says where it went while the scope draws one more point;
// Shift+F6 resumes to the end.

#include "e2e_fixture.h"

using kelvin::e2e::App;

class TestE2ePauseStep : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(settingsDir_.isValid());
    kelvin::e2e::useFreshSettings(settingsDir_);
    kelvin::blocks::registerAll(registry_);
  }

  void pausedAtAndStepped() {
    App app(registry_);
    kelvin::gui::MainWindow& window = app.window();
    app.openWithDialog(kelvin::e2e::example("rc_lowpass.kelvin"));
    QTRY_VERIFY(window.windowTitle().startsWith(QStringLiteral("rc_lowpass.kelvin")));
    // F6 while the model still compiles: the run halts at its first sample.
    app.press(Qt::Key_F5);
    app.press(Qt::Key_F6);
    QTRY_COMPARE_WITH_TIMEOUT(app.status(), QStringLiteral("Paused at t = 0 s of 0.005 s (F10: step, Shift+F6: resume)"),
                              kelvin::e2e::kRunTimeoutMs);
    QVERIFY(!app.status().contains(QLatin1String("real time")));
    kelvin::gui::ScopeWindow* scope = app.scope(QStringLiteral("Scope"));
    QVERIFY(scope);
    QTRY_COMPARE(kelvin::e2e::drawnPoints(scope).size(), std::size_t(1));

    // Step: one output step further, said in the status bar and drawn.
    app.press(Qt::Key_F10);
    QTRY_COMPARE(app.status(), QStringLiteral("Stepped to t = 1e-05 s of 0.005 s — paused (F10: step, Shift+F6: resume)"));
    QTRY_COMPARE(kelvin::e2e::drawnPoints(scope).size(), std::size_t(2));
    app.press(Qt::Key_F10);
    QTRY_COMPARE(app.status(), QStringLiteral("Stepped to t = 2e-05 s of 0.005 s — paused (F10: step, Shift+F6: resume)"));
    // v(2 × 10 µs) = 1 − exp(−0.02) on the plot too (rtol 1e-6 of IDA's first steps: 1e-6 V).
    QTRY_COMPARE(kelvin::e2e::drawnPoints(scope).size(), std::size_t(3));
    QVERIFY(std::abs(kelvin::e2e::drawnPoints(scope).back().second - (1 - std::exp(-0.02))) < 1e-6);

    app.press(Qt::Key_F6, Qt::ShiftModifier);
    QTRY_VERIFY_WITH_TIMEOUT(app.status().startsWith(QStringLiteral("Finished at t = 0.005 s")), kelvin::e2e::kRunTimeoutMs);
  }

 private:
  QTemporaryDir settingsDir_;
  kelvin::core::BlockRegistry registry_;
};

QTEST_MAIN(TestE2ePauseStep)
#include "tst_e2e_pause_step.moc"
